/**
 * Per-operation facts the harness needs beyond the OpenAPI shapes, declared once per operation as
 * `x-fc-*` extensions in contract/openapi.yaml and parsed here when the contract loads:
 *
 * - `x-fc-price`    `{usd, credits, gap?}`: the reference price (spec: What the service does /
 *                   reference prices; 1 credit = $0.001). `gap: true` when the spec shows no price
 *                   and the value is the stub's choice (a PRICE gap rule).
 * - `x-fc-observe`  `black-box | spend-budget | wallet`: what it takes to obtain a success answer
 *                   (the SCH/PARAM generator derives each generated rule's `observe` from it).
 * - `x-fc-entitlement` `{required, gap?}`: whether a key whose account lacks an active API entitlement
 *                   is refused (403; spec: Errors 403, documented on the job read only). `gap: true`
 *                   when the spec is silent and `required` is the stub's choice (gap rule AUTH-017).
 * - `x-fc-limits`   the limit scopes of the Limits table a call counts against besides the per-IP guard
 *                   (which counts every call): `standard` (non-social payable routes), `x_research` (social
 *                   research), `oil` (the oil route's own limits, Limits rule 3); `[]` for free routes (gap LIM-027).
 * - `x-fc-section`  the spec section that describes the operation: `Endpoints / <METHOD> <path>` when it has
 *                   its own, else `Endpoints / Other operations referenced` (the generated SCH/PARAM rules cite it).
 * - `x-fc-baseline` an otherwise valid request (params, path, body, headers) plus how its
 *                   parameters relate (exclusive, needs, drops, examples, noLengthEdges, noEdges),
 *                   with `$name` placeholders filled from the identities discovered on the target.
 * - `x-fc-discover` how to build a request the target answers with success: `from` names the data
 *                   source (identities, asset, feed-market, feed-handle, generation; none = static),
 *                   `request` the request with `$name` placeholders from that source; or
 *                   `unavailable: reason` when no black-box recipe exists.
 *
 * The auth modes are the operation's `security` alternatives (`[]` = none, `apiKey`, `x402`): already
 * the contract's own declaration, so they are read from there, not restated.
 *
 * Every operation must declare every fact: a missing or malformed entry throws when the contract
 * loads (no silent default).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { isRecord } from '../lib/guards.ts';

/** What it takes to observe a success answer of the operation. */
export type OperationObserve = 'black-box' | 'spend-budget' | 'wallet';
const OBSERVES: readonly OperationObserve[] = ['black-box', 'spend-budget', 'wallet'];

/** The reference price of one operation. */
export interface Price {
  /** Credits debited per billed call; 0 for free operations (1 credit = $0.001). */
  credits: number;
  /** USD per billed call (= credits / 1000). */
  usd: number;
  /** Accepts an x402 payment (security alternative `x402`). */
  x402: boolean;
  /** Requires an API key and accepts nothing else (security is only `apiKey`). */
  keyOnly: boolean;
  /** The spec shows no price: the value is the stub's choice (PRICE gap rule). */
  gap?: boolean;
}

/** `x-fc-entitlement`: does the operation refuse a key whose account lacks an active API entitlement (403)? */
export interface Entitlement {
  required: boolean;
  /** The spec does not say: `required` is the stub's choice (gap rule AUTH-017). */
  gap?: boolean;
}

/** A limit scope an operation's calls count against besides the per-IP guard (`x-fc-limits`; contract/limits.ts). */
export type OperationLimit = 'standard' | 'x_research' | 'oil';
const LIMITS: readonly OperationLimit[] = ['standard', 'x_research', 'oil'];

/** A request template; string values `$name` are placeholders (a placeholder filled with undefined drops its key). */
export interface RequestTemplate {
  params?: Record<string, unknown>;
  path?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, unknown>;
}

/** `x-fc-baseline`: the request plus how its parameters relate (see suites/support/operations.ts Baseline). */
export interface BaselineTemplate extends RequestTemplate {
  exclusive?: string[][];
  needs?: Record<string, Record<string, unknown>>;
  drops?: Record<string, string[]>;
  examples?: Record<string, unknown>;
  noLengthEdges?: string[];
  noEdges?: string[];
}

/** Data sources of a discovery recipe (filled in by suites/support/paid-requests.ts). */
export type DiscoverSource = 'none' | 'identities' | 'asset' | 'feed-market' | 'feed-handle' | 'generation';
const SOURCES: readonly DiscoverSource[] = ['none', 'identities', 'asset', 'feed-market', 'feed-handle', 'generation'];

/** `x-fc-discover`: a recipe for a success request, or why none exists. */
export type DiscoverRecipe =
  | {
      from: DiscoverSource;
      /** feed-market: the event type the market must have had in the feed (forecast, article, x_post); any when absent. */
      kind?: string;
      /** feed-market: the market must have a slug. */
      slug?: boolean;
      request: RequestTemplate;
    }
  | { unavailable: string };

/** Every fact of one operation. */
export interface OperationFacts {
  price: Price;
  observe: OperationObserve;
  entitlement: Entitlement;
  /** Limit scopes counted besides the per-IP guard; the principal scope (standard or x_research) comes first. */
  limits: readonly OperationLimit[];
  /** The spec section of the operation (`x-fc-section`), e.g. "Endpoints / GET /api/v1/markets". */
  section: string;
  baseline: BaselineTemplate;
  discover: DiscoverRecipe;
  /** Security alternatives, e.g. ['apiKey', 'x402']; empty = no credentials needed. */
  auth: string[];
  /** The first documented 2xx status (the status a success request gets). */
  successStatus: number;
}

/**
 * Parses and validates the x-fc-* extensions of one operation.
 * @throws Error naming the operation and the missing or malformed extension.
 */
export function parseFacts(
  operationId: string,
  op: OpenAPIV3_1.OperationObject,
  docSecurity: OpenAPIV3_1.SecurityRequirementObject[] | undefined,
): OperationFacts {
  const ext = op as unknown as Record<string, unknown>;
  const fail = (what: string): never => {
    throw new Error(`contract/openapi.yaml: operation ${operationId}: ${what}`);
  };
  const auth = (op.security ?? docSecurity ?? []).flatMap((alt) => Object.keys(alt));

  const p = ext['x-fc-price'];
  if (!isRecord(p)) return fail('missing x-fc-price {usd, credits}');
  if (typeof p.credits !== 'number' || !Number.isInteger(p.credits) || p.credits < 0)
    return fail('x-fc-price.credits must be a whole number >= 0');
  if (typeof p.usd !== 'number' || Math.round(p.usd * 1e6) !== p.credits * 1000)
    return fail(`x-fc-price.usd ${String(p.usd)} does not equal credits / 1000 (${p.credits / 1000})`);
  const price: Price = {
    credits: p.credits,
    usd: p.usd,
    x402: auth.includes('x402'),
    keyOnly: auth.length > 0 && auth.every((a) => a === 'apiKey'),
    ...(p.gap === true ? { gap: true } : {}),
  };

  const observe = ext['x-fc-observe'];
  if (!OBSERVES.includes(observe as OperationObserve)) return fail(`x-fc-observe must be one of ${OBSERVES.join(', ')}`);

  const e = ext['x-fc-entitlement'];
  if (!isRecord(e) || typeof e.required !== 'boolean') return fail('missing x-fc-entitlement {required: true|false, gap?}');
  if (e.required && !auth.includes('apiKey')) return fail('x-fc-entitlement.required needs the apiKey security alternative');
  const entitlement: Entitlement = { required: e.required, ...(e.gap === true ? { gap: true } : {}) };

  const l = ext['x-fc-limits'];
  if (!Array.isArray(l) || !l.every((x) => LIMITS.includes(x as OperationLimit)))
    return fail(`missing x-fc-limits (a list of ${LIMITS.join(', ')}; [] for free routes)`);
  const limits = l as OperationLimit[];
  const principal = limits.filter((x) => x !== 'oil');
  // Spec: Limits table, the standard and social scopes count the payable routes; a free route counts only against the IP guard.
  if (principal.length !== (price.credits > 0 ? 1 : 0) || (principal.length === 1 && limits[0] !== principal[0]))
    return fail('x-fc-limits must name first exactly one of standard, x_research for a paid route, neither for a free one');

  const section = ext['x-fc-section'];
  if (typeof section !== 'string' || !section.startsWith('Endpoints / '))
    return fail("missing x-fc-section ('Endpoints / <METHOD> <path>' or 'Endpoints / Other operations referenced')");

  const baseline = ext['x-fc-baseline'];
  if (!isRecord(baseline)) return fail('missing x-fc-baseline (an otherwise valid request; {} when it needs nothing)');

  const d = ext['x-fc-discover'];
  if (!isRecord(d)) return fail('missing x-fc-discover ({from, request} or {unavailable: reason})');
  let discover: DiscoverRecipe;
  if (typeof d.unavailable === 'string') discover = { unavailable: d.unavailable };
  else {
    const from = (d.from ?? 'none') as DiscoverSource;
    if (!SOURCES.includes(from)) return fail(`x-fc-discover.from must be one of ${SOURCES.join(', ')}`);
    if (!isRecord(d.request)) return fail('x-fc-discover.request is missing');
    discover = {
      from,
      request: d.request as RequestTemplate,
      ...(typeof d.kind === 'string' ? { kind: d.kind } : {}),
      ...(d.slug === true ? { slug: true } : {}),
    };
  }
  if (price.credits > 0 && 'unavailable' in discover && observe === 'black-box')
    return fail('a paid black-box operation needs a discovery recipe');

  const success = Object.keys(op.responses ?? {})
    .filter((k) => /^2\d\d$/.test(k))
    .map(Number)
    .sort((a, b) => a - b)[0];
  if (success === undefined) return fail('documents no 2xx response');

  return {
    price,
    observe: observe as OperationObserve,
    entitlement,
    limits,
    section,
    baseline: baseline as BaselineTemplate,
    discover,
    auth,
    successStatus: success,
  };
}

/**
 * Fills `$name` placeholders of a template (deeply) from `vars`. A string exactly `$name` becomes the
 * variable's value (any type); an object key whose value fills to undefined is dropped.
 * @throws Error for a placeholder with no variable of that name (a typo in the contract).
 */
export function fillTemplate<T>(template: T, vars: Readonly<Record<string, unknown>>): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const m = /^\$([A-Za-z]\w*)$/.exec(v);
      if (!m) return v;
      if (!(m[1]! in vars)) throw new Error(`unknown placeholder ${v} (known: ${Object.keys(vars).join(', ')})`);
      return vars[m[1]!];
    }
    if (Array.isArray(v)) return v.map(fill);
    if (isRecord(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const y = fill(x);
        if (y !== undefined) out[k] = y;
      }
      return out;
    }
    return v;
  };
  return fill(template) as T;
}
