/**
 * Operation-level helpers for the cross-cutting suites (parameters, errors, auth): one otherwise
 * valid baseline request per operation, built from identities discovered through the API itself;
 * a probe telling whether a route exists on the target; and request sending by operationId.
 * Nothing here knows the reference stub: every value comes from the target or the contract.
 */
import { randomUUID } from 'node:crypto';
import { test, type APIResponse } from '@playwright/test';
import { contract, fillTemplate } from '../../contract/index.ts';
import { creditsToUsd } from '../../contract/pricing.ts';
import { OIL_LIMITS, hasOilLimits } from '../../contract/limits.ts';
import { ABSENT, wellFormed, type ParamSpec, type ParamValue } from './param-cases.ts';
import { asServedQuery, inServedNames } from './served-contract.ts';
import type { Params, TargetClient } from './client.ts';
import type { TargetOptions } from './fixtures.ts';
import { inTargetHeaderNames } from './served-headers.ts';
import { caseKeyOf, sharedOrFetched } from './shared-answers.ts';

/** Market identities found on the target (GET /api/v1/markets), or synthetic well-formed ones. */
export interface Identities {
  marketKey: string;
  /** A slug with the venue it lives in (slugs are venue-scoped; venue_a is the default namespace). */
  slug: string;
  slugVenue: string;
  venue: string;
  nativeMarketId: string;
  /** A ref the forecast-targets route resolves: a venue_b marketKey when there is one. */
  targetRef: string;
  /** True when discovery failed and the values are made up (lookups will answer "not found"). */
  synthetic: boolean;
}

/** A request of one operation: query, path values, JSON body, headers. */
export interface RequestParts {
  params: Params;
  path: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An otherwise valid request of an operation, and how its parameters relate. */
export interface Baseline extends RequestParts {
  /** Groups of mutually exclusive parameters: testing one leaves its siblings out. */
  exclusive?: string[][];
  /** Parameters a tested parameter needs alongside (market_id needs venue). */
  needs?: Record<string, Params>;
  /** Baseline parameters that conflict with a tested parameter (venue with market_key). */
  drops?: Record<string, string[]>;
  /** A valid value per parameter: edge values are built from it so a structured identity keeps its form. */
  examples: Record<string, string>;
  /**
   * Parameters whose valid forms are all shorter than their length bound (a ticker or marketKey
   * ref is far below 2048 characters; a URL needs the venue's host): no exact-length edge values.
   */
  noLengthEdges?: string[];
  /**
   * Parameters with no in-bounds edge values at all. A generation's venue and market_id name one
   * market together: another value names a market that does not exist, an answer the contract does
   * not show; and the one valid body is a $1.00 job counted against the per-market daily quota.
   */
  noEdges?: string[];
  /**
   * Parameters whose in-bounds length edges name nothing, on a route whose answer for an unknown value the contract
   * does not show (a generation's market_id): each edge is held against the answer to an unknown value of ordinary
   * length (checkAcceptedBeside), not against "anything but 422".
   */
  unknownEdges?: string[];
}

const SYNTHETIC: Identities = {
  marketKey: 'venue_a:100000001',
  slug: 'fc-conformance-probe-market',
  slugVenue: 'venue_a',
  venue: 'venue_a',
  nativeMarketId: '100000001',
  targetRef: 'venue_b:FCPROBE-26JAN01-T1',
  synthetic: true,
};

interface MarketRow {
  marketKey?: unknown;
  slug?: unknown;
  venue?: unknown;
  nativeMarketId?: unknown;
}

/** The identities a catalog answer offers (SYNTHETIC when it offers none). */
async function identitiesIn(res: APIResponse): Promise<Identities> {
  if (res.status() !== 200) return SYNTHETIC;
  const rows = ((await res.json()) as { markets?: MarketRow[] }).markets ?? [];
  const ok = rows.filter((r) => typeof r.marketKey === 'string' && typeof r.venue === 'string' && typeof r.nativeMarketId === 'string');
  const withSlug =
    ok.find((r) => r.venue === 'venue_a' && typeof r.slug === 'string' && r.slug) ?? ok.find((r) => typeof r.slug === 'string' && r.slug);
  const main = withSlug ?? ok[0];
  if (!main) return SYNTHETIC;
  const venueB = ok.find((r) => r.venue === 'venue_b');
  return {
    marketKey: main.marketKey as string,
    slug: (withSlug?.slug as string | undefined) ?? SYNTHETIC.slug,
    slugVenue: (withSlug?.venue as string | undefined) ?? 'venue_a',
    venue: main.venue as string,
    nativeMarketId: main.nativeMarketId as string,
    targetRef: (venueB?.marketKey as string | undefined) ?? (main.marketKey as string),
    synthetic: false,
  };
}

/**
 * Market identities of the target, discovered from GET /api/v1/markets (a venue_a row with a slug
 * preferred; a venue_b row for forecast-targets), through `paid.forDiscovery()` (a control-plane
 * account when the target offers one, so no budget is spent): the run's shared answer (bought once per
 * run, issue 19; a failed call is not stored). Falls back to synthetic values when the route is absent or
 * no key is configured. Throws only a budget skip of the running test.
 */
export function discoverIdentities(paid: TargetClient | undefined): Promise<Identities> {
  if (!paid) return Promise.resolve(SYNTHETIC);
  // Each test reads the shared answer itself, so each is annotated as needing it.
  return (async () =>
    identitiesIn(
      await sharedOrFetched(paid.sharedAnswers, caseKeyOf('GET', '/api/v1/markets'), async () =>
        (await paid.forDiscovery()).get('/api/v1/markets'),
      ),
    ))().catch((err: unknown) => {
    // A thrown call (unreachable target, a budget skip) is not an answer. A budget skip already marked
    // the running test skipped: it must end so, not pass on synthetic values.
    if (skippedTest()) throw err;
    return SYNTHETIC;
  });
}

/** Whether the running test was marked skipped (false outside a test). */
function skippedTest(): boolean {
  try {
    return test.info().expectedStatus === 'skipped';
  } catch {
    return false;
  }
}

/**
 * The `$name` placeholders a contract request template may use (x-fc-baseline, x-fc-discover with
 * `from: identities`), filled from the identities of the target. `slugVenueParam` is the venue query
 * value a slug needs: undefined (parameter left out) in the default venue_a namespace (ROUTE-007).
 */
export function identityVars(ids: Identities): Record<string, unknown> {
  return {
    marketKey: ids.marketKey,
    slug: ids.slug,
    slugVenueParam: ids.slugVenue === 'venue_a' ? undefined : ids.slugVenue,
    venue: ids.venue,
    nativeMarketId: ids.nativeMarketId,
    targetRef: ids.targetRef,
    uuid: randomUUID(),
  };
}

/**
 * The baseline of `operationId` as an unpaid call sends it (auth and x402 challenge tests): a placeholder
 * of the right form for a required parameter without a discovered value (`wellFormed`), and the chosen
 * inputs under the target's served names. A target that checks parameters before credentials (gap
 * AUTH-020) refuses a request lacking one, or naming ours, 422 before it asks for a key or payment.
 */
export async function unpaidBaseline(client: TargetClient, target: string, operationId: string, ids: Identities): Promise<Baseline> {
  const named = await inServedNames(client, target, operationId, wellFormed(operationId, baselineFor(operationId, ids)));
  // Shaped as the target's served contract takes the query: its required parameters, its list style (issue 32).
  return { ...named, params: await asServedQuery(client, target, operationId, named.params) };
}

/**
 * The otherwise-valid baseline request of an operation, from its `x-fc-baseline` in the contract
 * (documented defaults are left to the target; required and identity parameters come from `ids`).
 * @throws Error for an unknown operationId (every contract operation declares a baseline).
 */
export function baselineFor(operationId: string, ids: Identities): Baseline {
  const { params, path, headers, needs, examples, ...relations } = fillTemplate(
    contract().operation(operationId).facts.baseline,
    identityVars(ids),
  );
  const strings = (r: Record<string, unknown> | undefined): Record<string, string> =>
    Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    ...relations,
    params: (params ?? {}) as Params,
    path: strings(path),
    ...(headers ? { headers: strings(headers) } : {}),
    ...(needs ? { needs: needs as Record<string, Params> } : {}),
    examples: strings(examples),
  };
}

/**
 * The baseline with one parameter set to `value` (or left out for ABSENT): exclusive siblings and
 * conflicting parameters dropped, needed companions added. A fresh idempotency key on every call.
 */
export function requestFor(base: Baseline, spec: ParamSpec, value: ParamValue): RequestParts {
  const params: Params = { ...base.params };
  const path = { ...base.path };
  const headers = { ...base.headers };
  let body: unknown = base.body === undefined ? undefined : structuredClone(base.body);
  for (const group of base.exclusive ?? [])
    if (group.includes(spec.name)) for (const sib of group) if (sib !== spec.name) delete params[sib];
  for (const name of base.drops?.[spec.name] ?? []) delete params[name];
  Object.assign(params, base.needs?.[spec.name] ?? {});
  if ('Idempotency-Key' in headers) headers['Idempotency-Key'] = randomUUID();
  const wire = value === ABSENT ? undefined : value;
  switch (spec.in) {
    case 'query':
      if (wire === undefined) delete params[spec.field];
      else params[spec.field] = wire as Params[string];
      break;
    case 'path':
      path[spec.field] = wire === undefined ? '' : String(wire);
      break;
    case 'header':
      if (wire === undefined) delete headers[spec.field];
      else headers[spec.field] = String(wire);
      break;
    case 'body':
      if (spec.name === 'body') body = wire;
      else {
        const obj = { ...(body as Record<string, unknown> | undefined) };
        if (wire === undefined) delete obj[spec.field];
        else obj[spec.field] = wire;
        body = obj;
      }
      break;
  }
  return { params, path, headers, ...(body === undefined ? {} : { body }) };
}

/** The operation's path with `{name}` segments filled in (URL-encoded). */
export function pathOf(operationId: string, values: Record<string, string>): string {
  return contract()
    .operation(operationId)
    .path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Sends one request of an operation; a body, when present, is sent as JSON. */
export async function send(client: TargetClient, operationId: string, parts: RequestParts): Promise<APIResponse> {
  const op = contract().operation(operationId);
  // A header whose name the spec does not show goes under the target's name (gap JOB-035).
  const headers: Record<string, string> = await inTargetHeaderNames(client, operationId, { ...parts.headers });
  if (parts.body !== undefined) headers['content-type'] = 'application/json';
  return client.call(op.method.toUpperCase(), pathOf(operationId, parts.path), {
    params: parts.params,
    headers,
    ...(parts.body === undefined ? {} : { data: JSON.stringify(parts.body) }),
  });
}

/** The parsed JSON body, or null when it is not JSON. */
export async function jsonOrNull(res: APIResponse): Promise<unknown> {
  try {
    return JSON.parse(await res.text()) as unknown;
  } catch {
    return null;
  }
}

/** One call of a free route: [operationId, path, query]. */
export type FreeCall = [string, string, Params];

/**
 * A valid call of every route that needs no credentials (security `[]`), from the operations'
 * `x-fc-discover` recipes (`from: identities`).
 */
export function freeCalls(ids: Identities): FreeCall[] {
  const out: FreeCall[] = [];
  for (const op of contract().operations.values()) {
    const recipe = op.facts.discover;
    if (op.facts.auth.length > 0 || 'unavailable' in recipe) continue;
    const req = fillTemplate(recipe.request, identityVars(ids));
    out.push([op.operationId, pathOf(op.operationId, (req.path ?? {}) as Record<string, string>), (req.params ?? {}) as Params]);
  }
  return out;
}

/** The `error` code of an error answer (undefined when the body is not the envelope). */
export async function errorOf(res: APIResponse): Promise<string | undefined> {
  const body = await jsonOrNull(res);
  const e = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof e === 'string' ? e : undefined;
}

/** True when the operation needs an API key or a payment (anything but a free route). */
export const needsCredentials = (operationId: string): boolean => contract().operation(operationId).facts.auth.length > 0;

/**
 * Tells whether the operation exists on the target. A route the target lacks answers the generic
 * 404 not_found before any authentication, so a credential-needing route is probed without
 * credentials (free of charge); a free route is probed with its baseline.
 * @returns a skip reason when the route is absent, else undefined.
 */
export async function probeImplemented(api: TargetClient, operationId: string, base: RequestParts): Promise<string | undefined> {
  const op = contract().operation(operationId);
  const res = await send(api.withKey(undefined), operationId, base);
  if (res.status() !== 404) return undefined;
  const code = ((await jsonOrNull(res)) as { error?: unknown } | null)?.error;
  // A specific 404 code (link_token_not_found...) comes from the operation itself.
  if (code !== undefined && code !== 'not_found') return undefined;
  return `${op.method.toUpperCase()} ${op.path} answers 404 ${String(code ?? '')} for its baseline request: not implemented on this target`;
}

/** Minimum spacing between request starts of an operation, ms (the oil route's own limits: one start per second, plus a margin). */
export function pacingMs(operationId: string): number {
  return hasOilLimits(operationId) ? OIL_LIMITS.spacingMs + 100 : 0;
}

/** Waits out an operation's pacing after a request. */
export async function pace(operationId: string): Promise<void> {
  const ms = pacingMs(operationId);
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}

/**
 * True when `calls` billed calls of the operation fit the run's spend budget (USD), by price alone.
 * Prefer the `budget` fixture (`(await budget.fits(costOf(...)))`), which also counts what the run spent.
 */
export function affordable(targetOptions: Pick<TargetOptions, 'maxSpendUsd'>, operationId: string, calls: number): boolean {
  const credits = contract().operation(operationId).facts.price.credits;
  return credits === 0 || creditsToUsd(credits) * calls <= targetOptions.maxSpendUsd;
}
