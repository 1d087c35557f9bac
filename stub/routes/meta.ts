/**
 * Free metadata routes: the machine-readable contract (spec: Versioning, rule 2) at /openapi.json
 * and /api/v1/openapi.json, and the pricing metadata at /api/public/pricing (shape not shown: gap).
 */
import { contract } from '../../contract/index.ts';
import { PRICES, creditsToUsdString } from '../../contract/pricing.ts';
import { BASE_USDC, SECOND_TOKEN } from '../billing/challenge.ts';
import type { RouteModule } from '../server.ts';

export const register: RouteModule = (route, ctx) => {
  const document = () => ({ ...contract().doc, servers: [{ url: '/' }] });
  route('getOpenApi', () => ({ body: document() }));
  route('getOpenApiV1', () => ({ body: document() }));

  route('getPricing', () => ({
    body: {
      currency: 'USD',
      credits_per_usd: 1000,
      increment_usd: '0.005',
      operations: [...contract().operations.values()].map((op) => {
        const price = PRICES[op.operationId]!;
        return {
          operationId: op.operationId,
          method: op.method.toUpperCase(),
          path: op.path,
          price_usd: creditsToUsdString(price.credits),
          credits: price.credits,
          payment: price.credits === 0 ? 'free' : price.keyOnly ? 'api_key' : 'api_key_or_x402',
        };
      }),
      networks: [
        { scheme: 'exact', network: 'eip155:8453', asset: BASE_USDC, decimals: 6 },
        { scheme: 'exact', network: 'eip155:4663', asset: SECOND_TOKEN, decimals: 6 },
      ],
      site_url: ctx.config.siteUrl,
    },
  }));
};
