/**
 * Checks of the reference prices as GET /api/public/pricing shows them (spec: What the service does /
 * Reference prices; rules PRICE-*). The route's shape is a gap (SCH gap on PricingResponse), so the
 * table is located leniently: any array of entries naming method and path with a USD price or credits.
 */
import { ptr, violation, type Violation } from './violation.ts';
import { defineCheck, ruleRange } from './define.ts';

type Row = Record<string, unknown>;

/** The reference price table: rule → operation and price in credits (10 credits = $0.01). */
export const REFERENCE_PRICES: readonly { rule: string; method: string; path: string; credits: number }[] = [
  { rule: 'PRICE-001', method: 'GET', path: '/api/public/forecast-availability', credits: 0 },
  { rule: 'PRICE-002', method: 'GET', path: '/api/public/forecast-targets', credits: 0 },
  { rule: 'PRICE-003', method: 'GET', path: '/api/auth/forecast-requests/{jobId}', credits: 0 },
  { rule: 'PRICE-004', method: 'GET', path: '/api/v1/markets/{slug}/forecast', credits: 10 },
  { rule: 'PRICE-005', method: 'POST', path: '/api/auth/forecast-requests', credits: 1000 },
  { rule: 'PRICE-006', method: 'GET', path: '/api/v1/markets/{slug}/signals', credits: 10 },
  { rule: 'PRICE-007', method: 'GET', path: '/api/v1/sources', credits: 5 },
  { rule: 'PRICE-008', method: 'GET', path: '/api/v1/latest', credits: 20 },
  { rule: 'PRICE-009', method: 'POST', path: '/api/v1/x/profile', credits: 1000 },
  { rule: 'PRICE-010', method: 'GET', path: '/api/v1/assets/search', credits: 10 },
  { rule: 'PRICE-011', method: 'GET', path: '/api/v1/assets', credits: 5 },
  { rule: 'PRICE-012', method: 'GET', path: '/api/v1/markets/search', credits: 10 },
  { rule: 'PRICE-013', method: 'POST', path: '/api/v1/x/search', credits: 500 },
];

export interface PriceEntry {
  /** JSON pointer of the entry in the body. */
  path: string;
  usd?: number;
  credits?: number;
}

/** `GET /api/v1/markets/{slug}/signals` with path parameters normalised to `{}`. */
export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\$?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim().replace(/^\$/, ''));
  return undefined;
};

/**
 * The price entries of a pricing body, keyed by routeKey, or undefined when no array of
 * {method, path, usd|price_usd|price|credits} entries is found.
 */
export function priceTable(body: unknown): Map<string, PriceEntry> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  for (const [key, value] of Object.entries(body as Row)) {
    if (!Array.isArray(value)) continue;
    const table = new Map<string, PriceEntry>();
    value.forEach((e: Row, i) => {
      if (!e || typeof e !== 'object' || typeof e.method !== 'string' || typeof e.path !== 'string') return;
      const usd = num(e.usd ?? e.price_usd ?? e.price);
      const credits = num(e.credits);
      if (usd === undefined && credits === undefined) return;
      table.set(routeKey(e.method, e.path), {
        path: ptr(key, i),
        ...(usd !== undefined ? { usd } : {}),
        ...(credits !== undefined ? { credits } : {}),
      });
    });
    if (table.size) return table;
  }
  return undefined;
}

/** Credits of an entry: its credits, else its USD price x 1000. */
const creditsOf = (e: PriceEntry): number => e.credits ?? Math.round((e.usd ?? NaN) * 1000 * 1e6) / 1e6;

/**
 * Each reference price (PRICE-001..013, SHOULD: the live challenge is authoritative) as listed by the
 * pricing route: a different price is a warning; a route the metadata does not list is not judged.
 */
export function checkReferencePrices(table: ReadonlyMap<string, PriceEntry>): Violation[] {
  const out: Violation[] = [];
  for (const p of REFERENCE_PRICES) {
    const e = table.get(routeKey(p.method, p.path));
    // the metadata's shape is a gap and it is supplemental: a route it does not list is not judged
    if (!e) continue;
    const got = creditsOf(e);
    if (got !== p.credits)
      out.push(
        violation(
          p.rule,
          e.path,
          `${p.method} ${p.path} is priced ${got / 1000} USD (${got} credits); the reference price is ${p.credits / 1000} USD`,
          'warning',
        ),
      );
  }
  return out;
}

/** Every paid price is a whole multiple of $0.005 (PRICE-014), and credits = USD x 1000 (PRICE-015). */
export function checkPriceUnits(table: ReadonlyMap<string, PriceEntry>): Violation[] {
  const out: Violation[] = [];
  for (const [route, e] of table) {
    const c = creditsOf(e);
    if (c > 0 && (!Number.isInteger(c) || c % 5 !== 0))
      out.push(violation('PRICE-014', e.path, `${route} costs ${c / 1000} USD, not a multiple of $0.005`));
    if (e.usd !== undefined && e.credits !== undefined && Math.abs(e.usd * 1000 - e.credits) > 1e-6) {
      out.push(violation('PRICE-015', e.path, `${route}: ${e.credits} credits for ${e.usd} USD (10 credits = $0.01)`));
    }
  }
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The pricing checks, by name (the name of the function each wraps). */
export const PRICING_CHECKS = {
  checkReferencePrices: defineCheck('checkReferencePrices', ruleRange('PRICE', 1, 13), checkReferencePrices),
  checkPriceUnits: defineCheck('checkPriceUnits', ['PRICE-014', 'PRICE-015'], checkPriceUnits),
};
