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
 *                   parameters relate (exclusive, needs, drops, examples, noLengthEdges, noEdges, unknownEdges),
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
 * loads (no silent default). Shapes and value sets are checked against contract/facts.schema.json; what a
 * schema cannot say (usd = credits / 1000, the principal scope first, a recipe for a paid black-box
 * route, a 2xx response) is checked here.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { isRecord } from '../lib/guards.ts';
import { factsProblems } from './json-schemas.ts';
import type { LimitScope } from './limits.ts';

/** What it takes to observe a success answer of the operation. */
export type OperationObserve = 'black-box' | 'spend-budget' | 'wallet';

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
export type OperationLimit = Exclude<LimitScope, 'ip_guard'>;

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
  unknownEdges?: string[];
}

/** Data sources of a discovery recipe (filled in by suites/support/paid-requests.ts). */
export type DiscoverSource = 'none' | 'identities' | 'asset' | 'feed-market' | 'feed-handle' | 'generation';

/** `x-fc-discover`: a recipe for a success request, or why none exists. */
export type DiscoverRecipe =
  | {
      from: DiscoverSource;
      /** feed-market: the event type the market must have had in the feed (forecast, article, x_post); any when absent. */
      kind?: string;
      /** feed-market: the market must have a slug. */
      slug?: boolean;
      request: RequestTemplate;
      /**
       * Other documented request forms (a mutually exclusive input beside the main one: the sources route's slug form),
       * by name, filled from the same data; a feed market then needs a slug when a form names `$slug`.
       */
      forms?: Record<string, RequestTemplate>;
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
  const fail = (what: string): never => {
    throw new Error(`contract/openapi.yaml: operation ${operationId}: ${what}`);
  };
  const problems = factsProblems(op);
  if (problems.length) return fail(problems.join('; '));
  // Shapes and enums hold from here on (contract/facts.schema.json).
  const ext = op as unknown as FactExtensions;
  const auth = (op.security ?? docSecurity ?? []).flatMap((alt) => Object.keys(alt));

  const p = ext['x-fc-price'];
  if (Math.round(p.usd * 1e6) !== p.credits * 1000)
    return fail(`x-fc-price.usd ${String(p.usd)} does not equal credits / 1000 (${p.credits / 1000})`);
  const price: Price = {
    credits: p.credits,
    usd: p.usd,
    x402: auth.includes('x402'),
    keyOnly: auth.length > 0 && auth.every((a) => a === 'apiKey'),
    ...(p.gap === true ? { gap: true } : {}),
  };

  const e = ext['x-fc-entitlement'];
  if (e.required && !auth.includes('apiKey')) return fail('x-fc-entitlement.required needs the apiKey security alternative');
  const entitlement: Entitlement = { required: e.required, ...(e.gap === true ? { gap: true } : {}) };

  const limits = ext['x-fc-limits'];
  const principal = limits.filter((x) => x !== 'oil');
  // Spec: Limits table, the standard and social scopes count the payable routes; a free route counts only against the IP guard.
  if (principal.length !== (price.credits > 0 ? 1 : 0) || (principal.length === 1 && limits[0] !== principal[0]))
    return fail('x-fc-limits must name first exactly one of standard, x_research for a paid route, neither for a free one');

  const d = ext['x-fc-discover'];
  const discover: DiscoverRecipe =
    'unavailable' in d
      ? { unavailable: d.unavailable }
      : {
          from: d.from ?? 'none',
          request: d.request,
          ...(d.kind !== undefined ? { kind: d.kind } : {}),
          ...(d.slug ? { slug: true } : {}),
          ...(d.forms ? { forms: d.forms } : {}),
        };
  const observe = ext['x-fc-observe'];
  if (price.credits > 0 && 'unavailable' in discover && observe === 'black-box')
    return fail('a paid black-box operation needs a discovery recipe');

  const success = Object.keys(op.responses ?? {})
    .filter((k) => /^2\d\d$/.test(k))
    .map(Number)
    .sort((a, b) => a - b)[0];
  if (success === undefined) return fail('documents no 2xx response');

  return {
    price,
    observe,
    entitlement,
    limits,
    section: ext['x-fc-section'],
    baseline: ext['x-fc-baseline'],
    discover,
    auth,
    successStatus: success,
  };
}

/** The `x-fc-*` extensions of one operation as contract/facts.schema.json admits them. */
interface FactExtensions {
  'x-fc-price': { usd: number; credits: number; gap?: boolean };
  'x-fc-observe': OperationObserve;
  'x-fc-entitlement': Entitlement;
  'x-fc-limits': OperationLimit[];
  'x-fc-section': string;
  'x-fc-baseline': BaselineTemplate;
  'x-fc-discover':
    | { unavailable: string }
    | { from?: DiscoverSource; kind?: string; slug?: boolean; request: RequestTemplate; forms?: Record<string, RequestTemplate> };
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
