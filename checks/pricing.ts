/**
 * Checks of the reference prices as GET /api/public/pricing shows them (spec: What the service does /
 * Reference prices; rules PRICE-*). The route's shape is a gap (SCH gap on PricingResponse), so the
 * table is located leniently: any array of entries naming method and path with a USD price or credits.
 */
import { contract } from '../contract/index.ts';
import { loadRules } from '../contract/rules.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

type Row = Record<string, unknown>;

/** One row of the spec's reference price table: its rule, the operation's method and path, its price in credits. */
export interface ReferencePrice {
  rule: string;
  operationId: string;
  method: string;
  path: string;
  /** Credits (10 credits = $0.01). */
  credits: number;
}

/** The section of the spec's reference price table, as the catalogue cites it. */
const REFERENCE_SECTION = 'What the service does / Reference prices';
let references: readonly ReferencePrice[] | undefined;

/**
 * The reference price table (PRICE-001..013 today), derived, never retyped: every live PRICE rule of
 * the reference-price section that names one operation, with that operation's method and path and its
 * `x-fc-price` credits from contract/openapi.yaml (the oracle). The rule's own text states the price
 * too, and tests/harness/operation-facts.spec.ts holds the two equal, so a wrong `x-fc-price` fails there.
 */
export function referencePrices(): readonly ReferencePrice[] {
  references ??= [...loadRules().values()]
    .filter((r) => r.id.startsWith('PRICE-') && r.section === REFERENCE_SECTION && !r.retired && r.operations?.length === 1)
    .map((r) => {
      const op = contract().operation(r.operations![0]!);
      return { rule: r.id, operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, credits: op.facts.price.credits };
    });
  return references;
}

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
 * Each reference price (referencePrices(), SHOULD: the live challenge is authoritative) as listed by the
 * pricing route: a different price is a warning; a route the metadata does not list is not judged.
 */
export function checkReferencePrices(table: ReadonlyMap<string, PriceEntry>): Violation[] {
  const out: Violation[] = [];
  for (const p of referencePrices()) {
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

/** A conversion figure the pricing metadata advertises: the rule stating it, its value, the spec's, where. */
export interface UnitFigure {
  rule: 'PRICE-014' | 'PRICE-015';
  what: string;
  value: unknown;
  expected: number;
  at: string;
}

/**
 * Member names of the conversion figures a pricing body may state (its shape is a gap), with the
 * spec's figure: 10 credits equal $0.01 (PRICE-015) and paid prices in $0.005 increments (PRICE-014).
 */
const UNIT_MEMBERS: readonly { key: RegExp; rule: UnitFigure['rule']; what: string; expected: number }[] = [
  { key: /^credits?_?per_?(usd|dollar)$/i, rule: 'PRICE-015', what: 'credits per USD', expected: 1000 },
  { key: /^(usd|dollars?)_?per_?credit$/i, rule: 'PRICE-015', what: 'USD per credit', expected: 0.001 },
  { key: /^credits?_?per_?cent$/i, rule: 'PRICE-015', what: 'credits per cent', expected: 10 },
  { key: /^(price_?)?increment(_?usd)?$/i, rule: 'PRICE-014', what: 'the price increment in USD', expected: 0.005 },
];

/** The conversion figures a pricing body states, at its top level or one object down (UNIT_MEMBERS). */
export function unitFigures(body: unknown): UnitFigure[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const levels: [Row, string][] = [[body as Row, '']];
  for (const [k, v] of Object.entries(body as Row)) if (v && typeof v === 'object' && !Array.isArray(v)) levels.push([v as Row, ptr(k)]);
  return levels.flatMap(([row, at]) =>
    Object.entries(row).flatMap(([k, value]) => {
      const m = UNIT_MEMBERS.find((u) => u.key.test(k));
      // A value that reads as no number is no figure: the body's shape and forms are the target's choice.
      return m && num(value) !== undefined ? [{ rule: m.rule, what: m.what, value, expected: m.expected, at: `${at}${ptr(k)}` }] : [];
    }),
  );
}

/**
 * The conversion figures the pricing metadata advertises (unitFigures) against the spec's: 1,000
 * credits per USD (PRICE-015, "10 credits equal $0.01") and a $0.005 increment (PRICE-014).
 */
export function checkAdvertisedUnits(figures: readonly UnitFigure[]): Violation[] {
  return figures
    .filter((f) => {
      const n = num(f.value);
      return n !== undefined && Math.abs(n - f.expected) > 1e-9;
    })
    .map((f) =>
      violation(f.rule, f.at, `the pricing metadata states ${f.what} as ${JSON.stringify(f.value)}; the spec's figure is ${f.expected}`),
    );
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The pricing checks, by name (the name of the function each wraps). */
export const PRICING_CHECKS = {
  checkReferencePrices: defineCheck(
    'checkReferencePrices',
    referencePrices().map((p) => p.rule),
    checkReferencePrices,
  ),
  checkPriceUnits: defineCheck('checkPriceUnits', ['PRICE-014', 'PRICE-015'], checkPriceUnits),
  checkAdvertisedUnits: defineCheck('checkAdvertisedUnits', ['PRICE-014', 'PRICE-015'], checkAdvertisedUnits),
};
