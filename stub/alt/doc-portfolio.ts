/**
 * The alternate stub's served contract for GET /api/v1/portfolio: the wallet parameter under its
 * alternate name (gap PORT-005) and the alternate response shape (gap PORT-007).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { alt } from '../variant.ts';

type Schema = OpenAPIV3_1.SchemaObject;

export function editPortfolio(doc: OpenAPIV3_1.Document): void {
  const op = doc.paths?.['/api/v1/portfolio']?.get;
  if (alt('PORT-005'))
    for (const p of (op?.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
      if (p.name === 'wallet')
        Object.assign(p, { name: 'address', description: 'The wallet whose positions are read: a 0x-prefixed 20-byte address.' });
  const response = doc.components?.schemas?.PortfolioResponse;
  if (alt('PORT-007') && response) {
    const text = { type: 'string' } as Schema;
    const num = { type: ['number', 'null'] } as unknown as Schema;
    Object.assign(response, {
      description: 'The positions of one wallet.',
      required: ['address', 'holdings', 'generated_at'],
      properties: {
        address: text,
        generated_at: { type: 'string', format: 'date-time' },
        holdings: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              owner: text,
              platform: text,
              market_key: text,
              native_id: text,
              title: text,
              side: { type: 'string', enum: ['yes', 'no'] },
              quantity: { type: 'number' },
              entry_price: { type: 'number' },
              price: num,
              value_usd: num,
              pnl_usd: num,
            },
          },
        },
      },
    });
  }
}
