/**
 * The alternate stub's served contract for POST /api/v1/x/search: the body fields under their
 * alternate names (gap XSRCH-010) and the alternate response shape (gap XSRCH-011).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { alt } from '../variant.ts';

const RENAMED: Record<string, string> = { query: 'q', range_days: 'days', limit: 'max_results' };

export function editSocial(doc: OpenAPIV3_1.Document): void {
  const schemas = doc.components?.schemas ?? {};
  const request = schemas.SocialSearchRequest;
  if (alt('XSRCH-010') && request?.properties) {
    request.properties = Object.fromEntries(Object.entries(request.properties).map(([k, v]) => [RENAMED[k] ?? k, v]));
    request.required = (request.required ?? []).map((k) => RENAMED[k] ?? k);
    request.description =
      'Body of POST /api/v1/x/search: q (the search text), days (the range, 30 by default, 180 at most), max_results (15 by default, 30 at most).';
  }
  const response = schemas.SocialSearchResponse;
  if (alt('XSRCH-011') && response) {
    Object.assign(response, {
      description: 'The matching posts, not stored.',
      required: ['matches', 'as_of'],
      properties: {
        as_of: { type: 'string', format: 'date-time' },
        matches: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              link: { type: 'string' },
              handle: { type: 'string' },
              posted_at: { type: 'string', format: 'date-time' },
              content: { type: 'string' },
            },
          },
        },
      },
    });
  }
}
