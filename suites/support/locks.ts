/**
 * Playwright test locks (the `lock` test detail) for the target's bounds that whole tests queue on.
 *
 * Every call is paced (suites/support/pacing.ts), so two tests sharing a tight bound never break it;
 * but each then waits for the other, and a worker waiting on a bound runs nothing else. Tests that
 * share a lock never run at the same time: Playwright hands a free worker the next test that holds no
 * taken lock, so the other workers run other suites while one test uses the bound. Locks change when
 * tests run, never what they send or how they are judged.
 */
import { hasOilLimits } from '../../contract/limits.ts';

/** The oil route: one request in flight, starts at least a second apart (spec Limits rule 3). */
export const OIL_ROUTE_LOCK = 'oil route (Limits rule 3)';

/**
 * The configured API key's standard bound (spec Limits table: 20 a second, 600 a minute), for the suites
 * that spend most of it: one such test at a time keeps the bound busy while the other workers go on.
 */
export const KEY_BOUND_LOCK = 'FC_API_KEY standard bound';

/** The locks of a test that calls `operationId` many times: the oil route's, or none. */
export const routeLocks = (operationId: string): string[] => (hasOilLimits(operationId) ? [OIL_ROUTE_LOCK] : []);
