/**
 * The lower bound of a conformance run's wall time set by the target's limits (spec: Limits): the
 * requests sent per principal and scope, and per source address, each through its per-second rate
 * and per-minute quota (secondsFor). Scopes of one principal and
 * different principals run side by side, so the run's floor is the largest of these. Pure.
 */
import { LIMIT_BOUNDS, LIMIT_SCOPES, OIL_LIMITS, type LimitScope } from '../contract/limits.ts';

/** Requests per second and per minute of one limit scope (spec: Limits table). */
export interface ScopeRate {
  perSecond: number;
  perMinute: number;
}

/** The spec's Limits table as contract/limits.ts holds it (the stub's limiter and the suites' pacing read it too): the rates that bind a run. */
export const LIMIT_RATES: Readonly<Record<LimitScope, ScopeRate>> = {
  standard: { perSecond: LIMIT_BOUNDS.standard.second, perMinute: LIMIT_BOUNDS.standard.minute },
  x_research: { perSecond: LIMIT_BOUNDS.x_research.second, perMinute: LIMIT_BOUNDS.x_research.minute },
  ip_guard: { perSecond: LIMIT_BOUNDS.ip_guard.second, perMinute: LIMIT_BOUNDS.ip_guard.minute },
  // Limits rule 3: the oil route's starts at least one second apart, whoever sends them.
  oil: { perSecond: 1000 / OIL_LIMITS.spacingMs, perMinute: 60_000 / OIL_LIMITS.spacingMs },
};

/** Requests counted by the client: `principal` a key's fingerprint (never the key), a source address, or "route" for oil; `scope` its limit scope. */
export interface RequestCount {
  principal: string;
  scope: LimitScope;
  n: number;
}

/**
 * Seconds `n` requests need at least under `rate`: n / perSecond while they fit one per-minute quota
 * (a quota's worth may go at once at a window's start, so a short run is bound by the per-second
 * rate only); beyond it, a full minute per exhausted quota, and then the requests left over still go
 * at the per-second rate: 60 × floor((n - 1) / perMinute) + (requests after the last full quota) /
 * perSecond. Each quota's first request starts at least 60 s after the previous quota's first (the
 * sliding minute holds at most perMinute starts), and the last quota's requests cannot start faster
 * than the per-second rate allows. E.g. 952 standard requests: 60 s + 352 / 20 = 77.6 s.
 */
export function secondsFor(n: number, rate: ScopeRate): number {
  if (n <= 0) return 0;
  const fullQuotas = Math.floor((n - 1) / rate.perMinute);
  return Math.max(n / rate.perSecond, fullQuotas * 60 + (n - fullQuotas * rate.perMinute) / rate.perSecond);
}

/**
 * The run's floor, seconds, and the principal/scope (or source address) that sets it. IP-guard
 * counts are per source address (`principal` = the address); standard and social research (x_research) per principal;
 * oil per route (its spacing binds every caller).
 */
export function runFloor(counts: readonly RequestCount[], rates = LIMIT_RATES): { seconds: number; by: string } {
  const sums = new Map<string, { scope: RequestCount['scope']; n: number }>();
  for (const c of counts) {
    const key = `${c.scope} ${c.principal}`;
    sums.set(key, { scope: c.scope, n: (sums.get(key)?.n ?? 0) + c.n });
  }
  let best = { seconds: 0, by: 'no request' };
  for (const [key, { scope, n }] of sums) {
    const seconds = secondsFor(n, rates[scope]);
    if (seconds > best.seconds) best = { seconds, by: `${key}: ${n} request(s)` };
  }
  return best;
}

/** A test result's request count (lib/test-result.ts `requests`; suites/support/annotations.ts countRequest); unknown scopes count 0. */
export function requestCountOf(c: { scope: string; principal: string; n: number }): RequestCount {
  const known = (LIMIT_SCOPES as readonly string[]).includes(c.scope);
  return { scope: known ? (c.scope as LimitScope) : 'ip_guard', principal: c.principal, n: known ? c.n : 0 };
}

/** "3 min 10 s" style duration. */
export function formatSeconds(s: number): string {
  const whole = Math.round(s);
  const min = Math.floor(whole / 60);
  return min ? `${min} min ${whole % 60} s` : `${whole} s`;
}

/** The end-of-run line: `Wall time 3 min 10 s; floor 1 min 40 s (1.9×), set by …`. */
export function floorLine(wallMs: number, counts: readonly RequestCount[]): string {
  const floor = runFloor(counts);
  const ratio = floor.seconds > 0 ? ` (${(wallMs / 1000 / floor.seconds).toFixed(1)}×)` : '';
  return `Wall time ${formatSeconds(wallMs / 1000)}; floor ${formatSeconds(floor.seconds)}${ratio}, set by ${floor.by}`;
}
