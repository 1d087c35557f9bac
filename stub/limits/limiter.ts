/**
 * The stub's rate limiter (spec: Limits table; Limits rules 1 and 2; Errors 429; rules LIM-001..030).
 *
 * Every scope of the table keeps, per key (a principal's account id, `x402:<payer>` for a signed
 * x402 retry, or a client address for the IP guard):
 * - per-second and per-minute windows that SLIDE (gap LIM-025): a request is admitted when fewer than
 *   the bound were admitted in the preceding 1 s / 60 s, so "exactly the bound is admitted, the next
 *   is refused" holds however a burst falls on the clock;
 * - a per-day counter of the UTC calendar day, reset at 00:00 UTC;
 * - an in-flight count, where the table has one.
 * Only admitted requests consume quota (gap LIM-031). Checks and updates run synchronously, so
 * parallel requests on Node's single thread can never both take the last slot.
 * The alternate stub (stub/variant.ts) keeps FIXED windows aligned to the clock's second and minute
 * instead (gap LIM-025's alternate), and counts refused requests against them (LIM-031's).
 * Time comes from the stub's clock (ms), so the control plane's clock advance moves the windows.
 */
import { alt } from '../variant.ts';
import { LIMIT_BOUNDS, type LimitScope, type LimitWindow } from '../../contract/limits.ts';
import { FixedRefusals, rateLimited, type Exceeded } from './answer.ts';
import type { FixedAnswer } from '../http/reply.ts';
import { mutant } from '../mutants.ts';

type TableScope = Exclude<LimitScope, 'oil'>;

interface Usage {
  /** Admission times (ms) within the last second / minute, oldest first. */
  second: number[];
  minute: number[];
  /** UTC day number (ms / 86,400,000) the `day` count belongs to. */
  dayNumber: number;
  day: number;
  inFlight: number;
}

/** An admitted request's hold on its scope's in-flight count; `release` is idempotent. */
export interface Ticket {
  release(): void;
}

const DAY_MS = 86_400_000;

/** Mutant lim-guard-day-local: the per-IP guard's day rolls over at 01:00 UTC, its 429 waiting until then (round-28 bug). */
const guardDayLag = (scope: TableScope): number => (mutant('lim-guard-day-local') && scope === 'ip_guard' ? 3_600_000 : 0);

/**
 * How far a scope's day is shifted from the UTC day, ms: 0 but under a mutant. lim-day-reset-early: every day rolls
 * over at 23:00 UTC (a server-local day an hour ahead, its wait still stated to 00:00 UTC); lim-guard-day-local above.
 */
const dayShift = (scope: TableScope): number => (mutant('lim-day-reset-early') ? 3_600_000 : -guardDayLag(scope));
const NO_TICKET: Ticket = { release: () => undefined };

/**
 * Drops admission times outside the window (ms) from the front of a sorted log: older than `windowMs`
 * for a sliding window, or before the current clock-aligned window for a fixed one.
 */
function prune(log: number[], now: number, windowMs: number, fixed: boolean): void {
  const from = fixed ? Math.floor(now / windowMs) * windowMs : now - windowMs + 1;
  let drop = 0;
  while (drop < log.length && log[drop]! < from) drop++;
  if (drop > 0) log.splice(0, drop);
}

export class RateLimiter {
  private readonly usage: Record<TableScope, Map<string, Usage>> = { standard: new Map(), x_research: new Map(), ip_guard: new Map() };
  private lifted: boolean;
  /** Fixed, clock-aligned second and minute windows (gap LIM-025's alternate) instead of sliding ones. */
  private readonly fixed = alt('LIM-025');
  /** Refused requests count against the second and minute windows too (gap LIM-031's alternate). */
  private readonly refusedCount = alt('LIM-031');
  private readonly refusals = new FixedRefusals();
  /** Mutant lim-social-minute-lockout's lockouts: key to the window-clock instant (ms) its lockout ends. */
  private readonly lockouts = new Map<string, number>();

  /**
   * @param nowMs the stub clock (ms since the epoch)
   * @param liftedByDefault start with the limits lifted (throughput runs only; config `limitsLifted`)
   * @param windowNowMs the clock fixed second and minute windows align to (ms): a real service's
   *   wall clock; the stub's is the wall clock plus the control plane's advances (its own clock starts
   *   from a minute-aligned anchor, so its seconds do not fall on the wall's)
   */
  constructor(
    private readonly nowMs: () => number,
    private readonly liftedByDefault = false,
    private readonly windowNowMs: () => number = nowMs,
  ) {
    this.lifted = liftedByDefault;
  }

  /** True while the limits are lifted (control plane PUT /__control/limits). */
  get isLifted(): boolean {
    return this.lifted;
  }

  setLifted(lifted: boolean): void {
    this.lifted = lifted;
  }

  /** Forgets all usage and restores the configured lift (control-plane reset). */
  reset(): void {
    for (const m of Object.values(this.usage)) m.clear();
    this.lockouts.clear();
    this.lifted = this.liftedByDefault;
  }

  /** The instant the second and minute windows are read at: the stub clock, or the aligned clock of fixed windows. */
  private windowNow(now: number): number {
    return this.fixed ? this.windowNowMs() : now;
  }

  private state(scope: TableScope, key: string, now: number): Usage {
    const map = this.usage[scope];
    let u = map.get(key);
    const dayNumber = Math.floor((now + dayShift(scope)) / DAY_MS);
    const t = this.windowNow(now);
    if (!u) {
      u = { second: [], minute: [], dayNumber, day: 0, inFlight: 0 };
      map.set(key, u);
    }
    prune(u.second, t, 1000, this.fixed);
    prune(u.minute, t, 60_000, this.fixed);
    if (u.dayNumber !== dayNumber) {
      u.dayNumber = dayNumber;
      u.day = 0;
    }
    return u;
  }

  /**
   * Whole seconds (at least 1) until a slot of a window frees: the oldest counted request leaves a
   * sliding window; a fixed window ends.
   */
  private waitS(oldest: number, windowMs: number, t: number): number {
    const frees = this.fixed ? (Math.floor(t / windowMs) + 1) * windowMs : oldest + windowMs;
    return Math.max(1, Math.ceil((frees - t) / 1000));
  }

  /**
   * The limits of `key` in `scope` that a request at `t` (the window clock) would exceed (none:
   * undefined). No closures here: this runs on every request of the fast lane, and each closure
   * would cost an allocation and, under tsx, a property definition (its `name`).
   */
  private exceeded(scope: TableScope, u: Usage, now: number, t: number): Exceeded[] | undefined {
    const b = LIMIT_BOUNDS[scope];
    let exceeded: Exceeded[] | undefined;
    if (u.second.length >= b.second + (mutant('lim-admit-21') && scope === 'standard' ? 1 : 0))
      // Mutants lim-social-second-wait-floored, lim-guard-second-wait-floored: the social (the per-IP guard's) second's
      // wait floored to whole seconds, so 0 (round-32, round-33 bugs).
      (exceeded ??= []).push({
        window: 'second',
        retryAfter:
          (mutant('lim-social-second-wait-floored') && scope === 'x_research') ||
          (mutant('lim-guard-second-wait-floored') && scope === 'ip_guard')
            ? 0
            : this.waitS(u.second[u.second.length - b.second]!, 1000, t),
      });
    if (u.minute.length >= b.minute)
      // Mutant lim-guard-minute-wait-clock: the guard's minute 429 waits to the end of the clock minute (round-14 bug).
      (exceeded ??= []).push({
        window: 'minute',
        retryAfter:
          mutant('lim-guard-minute-wait-clock') && scope === 'ip_guard'
            ? Math.max(1, Math.ceil((60_000 - (t % 60_000)) / 1000))
            : this.waitS(u.minute[u.minute.length - b.minute]!, 60_000, t),
      });
    if (u.day >= b.day)
      // Mutant lim-day-wait-minute: the daily 429 waits to the end of the minute (round-13 bug).
      (exceeded ??= []).push({
        window: 'day',
        retryAfter: mutant('lim-day-wait-minute')
          ? Math.max(1, Math.ceil((60_000 - (now % 60_000)) / 1000))
          : Math.max(1, Math.ceil(((u.dayNumber + 1) * DAY_MS + guardDayLag(scope) - now) / 1000)),
      });
    if (b.inFlight !== undefined && u.inFlight >= b.inFlight) (exceeded ??= []).push({ window: 'concurrency', retryAfter: 1 });
    return exceeded;
  }

  /** Counts a request of `u` at `t` (the window clock): an admission, or a refusal on the alternate stub (LIM-031). */
  private count(u: Usage, t: number, admitted: boolean): void {
    if (!admitted && !this.refusedCount) return;
    u.second.push(t);
    u.minute.push(t);
    if (admitted) u.day++;
  }

  /**
   * Admits one request of `key` in `scope`, or refuses it without consuming anything (gap LIM-031;
   * the alternate stub counts it against the second and minute windows).
   * @returns the in-flight ticket to release when the answer is sent
   * @throws ApiError 429 rate_limited naming the exceeded limit with the longest wait (gap LIM-029)
   */
  admit(scope: TableScope, key: string): Ticket {
    if (this.lifted) return NO_TICKET;
    const now = this.nowMs();
    const u = this.state(scope, key, now);
    const t = this.windowNow(now);
    // Mutant lim-social-minute-lockout: a social-research minute refusal locks the key out for 60 s from the refusal.
    const lockedUntil = mutant('lim-social-minute-lockout') && scope === 'x_research' ? (this.lockouts.get(key) ?? 0) : 0;
    if (t < lockedUntil) throw rateLimited(scope, [{ window: 'minute', retryAfter: Math.max(1, Math.ceil((lockedUntil - t) / 1000)) }]);
    let exceeded = this.exceeded(scope, u, now, t);
    // Mutant lim-social-in-flight-shared: the social in-flight bound counts the key's standard calls in flight too
    // (round-15 bug: one in-flight counter per key).
    if (!exceeded && mutant('lim-social-in-flight-shared') && scope === 'x_research') {
      const standard = this.usage.standard.get(key)?.inFlight ?? 0;
      if (u.inFlight + standard >= LIMIT_BOUNDS.x_research.inFlight!) exceeded = [{ window: 'concurrency', retryAfter: 1 }];
    }
    this.count(u, t, exceeded === undefined);
    if (exceeded && mutant('lim-social-minute-lockout') && scope === 'x_research' && exceeded.some((e) => e.window === 'minute'))
      this.lockouts.set(key, t + 60_000);
    if (exceeded) throw rateLimited(scope, exceeded);
    if (LIMIT_BOUNDS[scope].inFlight === undefined) return NO_TICKET;
    u.inFlight++;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        u.inFlight--;
      },
    };
  }

  /**
   * The per-IP guard's decision on arrival (Limits rule 1; the fast lane, stub/http/front-door.ts):
   * admits one request of `address` (counted, nothing to release: the guard has no in-flight bound),
   * or returns its 429 as a fixed answer, counted as admit counts a refusal.
   */
  admitOnArrival(address: string): FixedAnswer | undefined {
    if (this.lifted) return undefined;
    const now = this.nowMs();
    const u = this.state('ip_guard', address, now);
    const t = this.windowNow(now);
    const exceeded = this.exceeded('ip_guard', u, now, t);
    this.count(u, t, exceeded === undefined);
    return exceeded ? this.refusals.of('ip_guard', exceeded) : undefined;
  }

  /**
   * Sets the usage of one window of `key` in `scope` to `count` admissions made now (control plane
   * POST /__control/limits/usage), so the minute and day bounds are reachable in seconds.
   * @throws RangeError when `count` is negative or above the window's bound.
   */
  preload(scope: TableScope, key: string, window: LimitWindow, count: number): { count: number; bound: number } {
    const bound = LIMIT_BOUNDS[scope][window];
    if (!Number.isInteger(count) || count < 0 || count > bound) throw new RangeError(`count must be an integer in 0..${bound}`);
    const now = this.nowMs();
    const u = this.state(scope, key, now);
    if (window === 'day') u.day = count;
    else {
      const t = this.windowNow(now);
      u[window] = Array.from({ length: count }, () => t);
    }
    return { count, bound };
  }

  /** Current usage of a key (control plane GET /__control/limits/usage). */
  snapshot(scope: TableScope, key: string): Record<LimitWindow | 'inFlight', number> {
    const u = this.state(scope, key, this.nowMs());
    return { second: u.second.length, minute: u.minute.length, day: u.day, inFlight: u.inFlight };
  }
}
