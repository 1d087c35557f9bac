/**
 * Free metadata routes: the machine-readable contract (spec: Versioning, rule 2) at /openapi.json
 * and /api/v1/openapi.json, and the pricing metadata at /api/public/pricing (shape not shown: gap).
 */
import { contract } from '../../contract/index.ts';
import { PRICES, creditsToUsdString } from '../../contract/pricing.ts';
import { BASE_USDC, SECOND_TOKEN } from '../money/billing/challenge.ts';
import type { RouteModule } from '../server.ts';
import { mutant } from '../mutants.ts';
import { servedDocument } from '../alt/document.ts';
import { servedPrice } from '../money/billing/prices.ts';
import { alt } from '../variant.ts';

/** Mutants price-usd-cent-off and price-usd-cent-off-oil: the operation whose listed USD price is one cent off. */
const centOff = (operationId: string): boolean =>
  (mutant('price-usd-cent-off') && operationId === 'getMarketSignals') ||
  (mutant('price-usd-cent-off-oil') && operationId === 'getOilSignal');

export const register: RouteModule = (route, ctx) => {
  // The x-fc-* extensions are the harness's per-operation facts (contract/operation-facts.ts), not part of the API.
  // The alternate stub serves its own choices written into the document (stub/alt/document.ts). Built
  // once: the document does not change while the stub serves.
  let served: object | undefined;
  // VER-008: the stub names the server '/'; the alternate stub leaves servers out (OpenAPI's default is '/').
  const document = () => {
    if (served) return served;
    const { servers: _template, ...doc } = withoutHarnessFacts(servedDocument(contract().doc));
    if (mutant('ver-doc-hours-max-12')) documentHoursMax12(doc);
    return (served = alt('VER-008') ? doc : { ...doc, servers: [{ url: '/' }] });
  };
  route('getOpenApi', () => ({ body: document() }));
  route('getOpenApiV1', () => ({ body: mutant('ver-v1-openapi-stale') ? { ...contract().doc, paths: {} } : document() }));

  route('getPricing', () => ({
    body: {
      currency: 'USD',
      credits_per_usd: mutant('price-credits-per-usd-100') ? 100 : 1000,
      increment_usd: '0.005',
      // Shape: the SCH gap choice on PricingResponse ({routes: [{operationId, method, path, usd, credits}], networks}).
      routes: [...contract().operations.values()].map((op) => {
        const price = servedPrice(op.operationId, PRICES[op.operationId]!);
        return {
          operationId: op.operationId,
          method: op.method.toUpperCase(),
          path: op.path,
          // mutants price-usd-cent-off(-oil): one route's USD price typed one cent above its credits.
          usd: creditsToUsdString(price.credits + (centOff(op.operationId) ? 10 : 0)),
          credits: price.credits,
          // Accepted authentication, as the operation's security alternatives ([] = none needed).
          auth: (op.spec.security ?? contract().doc.security ?? []).flatMap((scheme) => Object.keys(scheme)),
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

/**
 * The document without the harness's `x-fc-*` extensions (per-operation facts, `x-fc-choice` marks),
 * anywhere in it: a deep copy, the contract is not mutated.
 */
function withoutHarnessFacts<T>(doc: T): T {
  const strip = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(strip)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node)
              .filter(([k]) => !k.startsWith('x-fc-'))
              .map(([k, v]) => [k, strip(v)]),
          )
        : node;
  return strip(doc) as T;
}

/** Mutant ver-doc-hours-max-12: the served document says GET /api/v1/latest's hours may reach 12 (the spec: 6). */
function documentHoursMax12(doc: { paths?: unknown }): void {
  const params = (doc.paths as Record<string, { get?: { parameters?: { name?: string; schema?: Record<string, unknown> }[] } }>)?.[
    '/api/v1/latest'
  ]?.get?.parameters;
  const hours = params?.find((p) => p.name === 'hours');
  if (hours?.schema) hours.schema.maximum = 12;
}
