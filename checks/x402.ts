/**
 * The x402 v2 challenge and settlement headers as violations (spec: Authentication rules 5 and 6;
 * the README's x402 protocol version 2 notes): the decoded PAYMENT-REQUIRED object, its accepts
 * list and amounts, and the decoded PAYMENT-RESPONSE of a settled payment.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

/** Rule IDs of this module (contract/rules/x402.yaml). */
export const X402_RULES = {
  header: 'X402-002',
  version: 'X402-003',
  base: 'X402-004',
  second: 'X402-005',
  caip2: 'X402-006',
  increment: 'X402-007',
  price: 'X402-009',
  settlementHeader: 'X402-014',
  settlementBody: 'X402-015',
  resource: 'X402-022',
  secondDecimals: 'X402-032',
} as const;

/** The networks the spec names (Authentication, rule 6). */
export const BASE_NETWORK = 'eip155:8453';
export const SECOND_NETWORK = 'eip155:4663';
/** The decimals of the eip155:4663 token (spec: Authentication, rule 6, "a second dollar token with 6 decimals"). */
export const SECOND_DECIMALS = 6;
/** $0.005 in the atomic units of a 6-decimal dollar token. */
export const INCREMENT_ATOMIC = 5000n;

/** One accepts entry (x402 v2 PaymentRequirements). */
export interface PaymentRequirements {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

/** The decoded PAYMENT-REQUIRED object (x402 v2 PaymentRequired). */
export interface PaymentRequired {
  x402Version: number;
  error?: string;
  resource: { url: string; description?: string; mimeType?: string };
  accepts: PaymentRequirements[];
  extensions?: Record<string, unknown>;
}

/** The decoded PAYMENT-RESPONSE object (x402 v2 SettleResponse). */
export interface SettleResponse {
  success: boolean;
  transaction: string;
  network: string;
  payer?: string;
  errorReason?: string;
}

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

/**
 * Decodes a base64 JSON header value (PAYMENT-REQUIRED, PAYMENT-RESPONSE). Strict: standard
 * base64 alphabet with padding, as x402 v2 specifies.
 * @returns the parsed value, or an error text.
 */
export function decodeBase64Json(value: string | undefined): { value?: unknown; error?: string } {
  if (value === undefined || value === '') return { error: 'header is missing' };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) return { error: 'header is not standard base64' };
  try {
    return { value: JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown };
  } catch {
    return { error: 'header does not decode to JSON' };
  }
}

/** The entries offering `scheme` on `network`. */
export const entriesOn = (challenge: PaymentRequired, network: string, scheme = 'exact'): PaymentRequirements[] =>
  (challenge.accepts ?? []).filter((e) => e.scheme === scheme && e.network === network);

/** What a challenge is checked against: the route's price and the requested URL. */
export interface ChallengeContext {
  /**
   * The route's price, atomic units of a 6-decimal token: its reference price (contract/pricing.ts
   * creditsToAtomic), or, for a route the reference table does not price, the challenge's own price
   * (the live challenge is authoritative).
   */
  priceAtomic: string;
  /** false when `priceAtomic` is not a reference price of the spec: X402-009 has nothing to compare then. */
  reference?: boolean;
  /** The URL the unpaid call was sent to. */
  url: string;
}

/**
 * The behavioural rules of one decoded challenge (the shape itself is the PaymentRequired schema):
 * x402Version 2, both spec networks offered with the exact scheme, CAIP-2 network ids, amounts in
 * $0.005 increments, the amount equal to the reference price (SHOULD: a warning) and resource.url
 * naming the requested URL (SHOULD).
 */
export function checkChallenge(challenge: PaymentRequired, ctx: ChallengeContext, base = 'header:PAYMENT-REQUIRED'): Violation[] {
  const out: Violation[] = [];
  if (challenge.x402Version !== 2)
    out.push(
      violation(X402_RULES.version, `${base}${ptr('x402Version')}`, `x402Version is ${JSON.stringify(challenge.x402Version)}, expected 2`),
    );
  const accepts = Array.isArray(challenge.accepts) ? challenge.accepts : [];
  if (!entriesOn(challenge, BASE_NETWORK).length)
    out.push(
      violation(
        X402_RULES.base,
        `${base}${ptr('accepts')}`,
        `no exact entry on ${BASE_NETWORK} (networks offered: ${accepts.map((e) => `${e.scheme}@${e.network}`).join(', ') || 'none'})`,
      ),
    );
  if (!entriesOn(challenge, SECOND_NETWORK).length)
    out.push(
      violation(
        X402_RULES.second,
        `${base}${ptr('accepts')}`,
        `no exact entry on ${SECOND_NETWORK} (networks offered: ${accepts.map((e) => `${e.scheme}@${e.network}`).join(', ') || 'none'})`,
      ),
    );
  accepts.forEach((e, i) => {
    const at = `${base}${ptr('accepts', i)}`;
    if (typeof e.network !== 'string' || !CAIP2.test(e.network))
      out.push(violation(X402_RULES.caip2, `${at}/network`, `network ${JSON.stringify(e.network)} is not a CAIP-2 id`));
    const amount = typeof e.amount === 'string' && /^\d+$/.test(e.amount) ? BigInt(e.amount) : undefined;
    if (amount === undefined || amount % INCREMENT_ATOMIC !== 0n) {
      out.push(
        violation(
          X402_RULES.increment,
          `${at}/amount`,
          `amount ${JSON.stringify(e.amount)} is not a whole multiple of $0.005 (${INCREMENT_ATOMIC} atomic units)`,
        ),
      );
    }
    if (e.scheme === 'exact' && e.network === SECOND_NETWORK && e.amount !== ctx.priceAtomic) {
      // The second token has 6 decimals by the spec: its amount is the USD price x 10^6.
      out.push(
        violation(
          X402_RULES.second,
          `${at}/amount`,
          `amount ${JSON.stringify(e.amount)} on ${SECOND_NETWORK} is not the price in 6-decimal units (${ctx.priceAtomic})`,
          'warning',
        ),
      );
    }
    if (ctx.reference !== false && e.amount !== ctx.priceAtomic)
      out.push(
        violation(
          X402_RULES.price,
          `${at}/amount`,
          `amount ${JSON.stringify(e.amount)} differs from the reference price ${ctx.priceAtomic} (the challenge is authoritative)`,
          'warning',
        ),
      );
  });
  const want = new URL(ctx.url);
  let got: URL | undefined;
  try {
    got = new URL(String(challenge.resource?.url), want);
  } catch {
    got = undefined;
  }
  if (!got || got.pathname !== want.pathname || got.search !== want.search) {
    out.push(
      violation(
        X402_RULES.resource,
        `${base}${ptr('resource', 'url')}`,
        `resource.url ${JSON.stringify(challenge.resource?.url)} does not name the requested URL ${want.pathname}${want.search}`,
        'warning',
      ),
    );
  }
  return out;
}

/**
 * The PAYMENT-RESPONSE of a settled x402 call: present (X402-014), base64 JSON with success true, a
 * transaction and the paid network, and a payer it names is the paying wallet (X402-015).
 */
export function checkSettlement(header: string | undefined, expected: { network: string; payer: string }): Violation[] {
  if (header === undefined)
    return [
      violation(X402_RULES.settlementHeader, 'header:PAYMENT-RESPONSE', 'a 2xx answer to an x402 payment carries no PAYMENT-RESPONSE'),
    ];
  const decoded = decodeBase64Json(header);
  if (decoded.error) return [violation(X402_RULES.settlementBody, 'header:PAYMENT-RESPONSE', decoded.error)];
  const s = decoded.value as Partial<SettleResponse> | null;
  const out: Violation[] = [];
  const at = (f: string) => `header:PAYMENT-RESPONSE${ptr(f)}`;
  if (!s || typeof s !== 'object') return [violation(X402_RULES.settlementBody, 'header:PAYMENT-RESPONSE', 'not a JSON object')];
  if (s.success !== true)
    out.push(violation(X402_RULES.settlementBody, at('success'), `success is ${JSON.stringify(s.success)}, expected true`));
  if (typeof s.transaction !== 'string' || !s.transaction)
    out.push(violation(X402_RULES.settlementBody, at('transaction'), `transaction is ${JSON.stringify(s.transaction)}`));
  if (s.network !== expected.network)
    out.push(violation(X402_RULES.settlementBody, at('network'), `network is ${JSON.stringify(s.network)}, paid on ${expected.network}`));
  // payer is optional in x402 v2's SettleResponse (whether it is named is gap X402-029); one it names is the payer.
  if (s.payer !== undefined && (typeof s.payer !== 'string' || s.payer.toLowerCase() !== expected.payer.toLowerCase()))
    out.push(violation(X402_RULES.settlementBody, at('payer'), `payer is ${JSON.stringify(s.payer)}, expected ${expected.payer}`));
  return out;
}

/** A decimals figure a target advertises for the token of a network, and where (a header or body pointer). */
export interface AdvertisedDecimals {
  network: string;
  decimals: unknown;
  at: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A member naming a token's decimals: `decimals` or `token_decimals` / `tokenDecimals`. */
const DECIMALS_KEY = /^(token_?)?decimals$/i;

/** The decimals figures of a challenge: each accepts entry's `extra` member naming them (x402 leaves extra to the scheme). */
export function decimalsInChallenge(challenge: PaymentRequired, base = 'header:PAYMENT-REQUIRED'): AdvertisedDecimals[] {
  return (Array.isArray(challenge.accepts) ? challenge.accepts : []).flatMap((e, i) => {
    const extra = isRecord(e?.extra) ? e.extra : {};
    return Object.keys(extra)
      .filter((k) => DECIMALS_KEY.test(k))
      .map((k) => ({ network: String(e.network), decimals: extra[k], at: `${base}${ptr('accepts', i, 'extra', k)}` }));
  });
}

/**
 * The decimals figures of a body whose shape is a choice (the pricing metadata: gap on its shape): every
 * object anywhere in it naming a `network` and a decimals member.
 */
export function decimalsInBody(body: unknown, at = ''): AdvertisedDecimals[] {
  if (Array.isArray(body)) return body.flatMap((v, i) => decimalsInBody(v, `${at}/${i}`));
  if (!isRecord(body)) return [];
  const own = typeof body.network === 'string' ? Object.keys(body).filter((k) => DECIMALS_KEY.test(k)) : [];
  return [
    ...own.map((k) => ({ network: body.network as string, decimals: body[k], at: `${at}${ptr(k)}` })),
    ...Object.entries(body).flatMap(([k, v]) => (typeof v === 'object' ? decimalsInBody(v, `${at}${ptr(k)}`) : [])),
  ];
}

/**
 * X402-032 (spec: Authentication, rule 6): a decimals figure advertised for the eip155:4663 token is 6,
 * wherever the target states it (a challenge entry's extra, the pricing metadata). The eip155:8453 token's
 * decimals are not shown (gap X402-033): the suites observe them as a choice.
 */
export function checkAdvertisedDecimals(figures: readonly AdvertisedDecimals[]): Violation[] {
  return figures
    .filter((f) => f.network === SECOND_NETWORK && Number(f.decimals) !== SECOND_DECIMALS)
    .map((f) =>
      violation(
        X402_RULES.secondDecimals,
        f.at,
        `the ${SECOND_NETWORK} token is advertised with ${JSON.stringify(f.decimals)} decimals; the spec gives it ${SECOND_DECIMALS}`,
      ),
    );
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The x402 checks, by name (the name of the function each wraps). */
export const X402_CHECKS = {
  checkChallenge: defineCheck(
    'checkChallenge',
    ['X402-003', 'X402-004', 'X402-005', 'X402-006', 'X402-007', 'X402-009', 'X402-022'],
    checkChallenge,
  ),
  checkSettlement: defineCheck('checkSettlement', ['X402-014', 'X402-015'], checkSettlement),
  checkAdvertisedDecimals: defineCheck('checkAdvertisedDecimals', ['X402-032'], checkAdvertisedDecimals, undefined, {
    'X402-032': {
      what: `a decimals figure advertised for the ${SECOND_NETWORK} token`,
      count: ([figures]) => figures.filter((f) => f.network === SECOND_NETWORK).length,
    },
  }),
};
