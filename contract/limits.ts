/**
 * The spec's Limits table as data (spec: Limits; Limits rules 1 and 3; Errors 429), shared by the
 * stub's limiter, the suites' client-side pacing and the load profiles, so the three never disagree
 * on a bound. Units: requests per window; windows in seconds.
 */
import { contract } from './index.ts';

/**
 * A limit scope: a row of the Limits table (`standard`, social research `x_research`, the per-IP guard `ip_guard`)
 * or the oil route's own limits (`oil`). The one name of each scope everywhere: `x-fc-limits`, a 429's
 * `limit_scope` (gap LIM-029), the load profiles' scope limits, the suites' request counts.
 */
export type LimitScope = 'standard' | 'x_research' | 'ip_guard' | 'oil';
/** Every limit scope, in the order of the Limits table, then the oil route's. */
export const LIMIT_SCOPES: readonly LimitScope[] = ['standard', 'x_research', 'ip_guard', 'oil'];
/** The scope of a principal (an API key's account or an x402 payer): standard or social research. */
export type PrincipalScope = Extract<LimitScope, 'standard' | 'x_research'>;

/** The rate windows of the Limits table. `day` is the UTC calendar day. */
export type LimitWindow = 'second' | 'minute' | 'day';

export interface ScopeBounds {
  second: number;
  minute: number;
  day: number;
  /** Requests in flight at once; undefined = no such bound ("n/a" in the table). */
  inFlight?: number;
}

/** Bounds per scope (spec: Limits table). The oil route's own limits are `OIL_LIMITS`. */
export const LIMIT_BOUNDS: Readonly<Record<Exclude<LimitScope, 'oil'>, ScopeBounds>> = {
  standard: { second: 20, minute: 600, day: 20_000, inFlight: 10 },
  x_research: { second: 5, minute: 60, day: 500, inFlight: 5 },
  ip_guard: { second: 50, minute: 1_200, day: 50_000 },
};

/** The oil route (spec: Limits rule 3): one request in flight, starts at least 1 s apart. */
export const OIL_LIMITS = { inFlight: 1, spacingMs: 1000 } as const;

/** Window lengths, seconds (the day is clock-aligned to 00:00 UTC; the others slide, gap LIM-025). */
export const WINDOW_SECONDS: Readonly<Record<LimitWindow, number>> = { second: 1, minute: 60, day: 86_400 };

/**
 * The principal scope an operation's calls count against, from its `x-fc-limits` in contract/openapi.yaml:
 * social research for /x/search and /x/profile, standard for every other payable route, none for free
 * routes and the job read (gap LIM-027: those count only against the per-IP guard) or an unknown operation.
 */
export function principalScopeOf(operationId: string): PrincipalScope | undefined {
  const first = contract().operations.get(operationId)?.facts.limits[0];
  return first === 'oil' ? undefined : first;
}

/** Whether the operation has the oil route's own limits (`oil` in its `x-fc-limits`; spec: Limits rule 3). */
export const hasOilLimits = (operationId: string): boolean => contract().operations.get(operationId)?.facts.limits.includes('oil') === true;

/** Policy name of a scope's window in RateLimit-Policy / RateLimit (gap LIM-028), e.g. "standard-second". */
export const policyName = (scope: LimitScope, window: LimitWindow | 'concurrency' | 'spacing'): string => `${scope}-${window}`;
