/**
 * The alternate stub's wallet choices written into its served document (stub/alt/document.ts): the
 * link-token issuing operation answers 201 with its own member names (gap WAL-016), and the link's
 * unpaid 422 carries the PAYMENT-REQUIRED challenge (gap WAL-022).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { alt } from '../variant.ts';
import type { DocumentEdit } from './document.ts';

export const editWallets: DocumentEdit = (doc: OpenAPIV3_1.Document) => {
  const issue = doc.paths?.['/api/auth/wallets/x402-token']?.post;
  if (issue?.responses && alt('WAL-016')) {
    const { '200': _ok, ...rest } = issue.responses;
    issue.responses = {
      '201': {
        description: 'The link token: {link_token, link_url, expires_in_seconds}.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['link_token', 'link_url', 'expires_in_seconds'],
              properties: {
                link_token: { type: 'string', pattern: '^svc_[A-Za-z0-9_-]{43}$' },
                link_url: { type: 'string', format: 'uri' },
                expires_in_seconds: { type: 'integer' },
              },
            },
          },
        },
      },
      ...rest,
    };
  }
  const link = doc.paths?.['/api/v1/wallets/link']?.get?.responses?.['422'] as OpenAPIV3_1.ResponseObject | undefined;
  if (link && alt('WAL-022'))
    link.headers = {
      ...link.headers,
      'PAYMENT-REQUIRED': { $ref: '#/components/headers/PaymentRequired' } as unknown as OpenAPIV3_1.HeaderObject,
    };
};
