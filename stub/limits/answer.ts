/**
 * The 429 answer of every limit (spec: Errors 429; Errors envelope; gaps LIM-024, LIM-028..030):
 * envelope {error: "rate_limited", message, retry_after, limit_scope}; Retry-After equal to
 * retry_after; RateLimit-Policy listing the rejecting scope's policies and RateLimit the state of the
 * rejecting one (structured fields, contract/ratelimit-fields.ts); X-Quotient-Max-Concurrent with
 * the in-flight bound on a concurrency rejection.
 */
import { LIMIT_BOUNDS, OIL_LIMITS, WINDOW_SECONDS, policyName, type LimitScope, type LimitWindow } from '../../contract/limits.ts';
import { serializePolicies, serializeStates, type RateLimitPolicy } from '../../contract/ratelimit-fields.ts';
import { ApiError } from '../errors.ts';
import { fixedAnswer, type FixedAnswer } from '../http/reply.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';
import { serializeDictionary, serializeList } from 'structured-headers';

/** One limit a request exceeded and the whole seconds until it frees a slot (at least 1). */
export interface Exceeded {
  window: LimitWindow | 'concurrency' | 'spacing';
  retryAfter: number;
}

const WHAT: Record<Exceeded['window'], string> = {
  second: 'per-second',
  minute: 'per-minute',
  day: 'daily',
  concurrency: 'concurrency (in-flight)',
  spacing: 'start-spacing',
};

/** Every policy of a scope, in RateLimit-Policy form. */
function policiesOf(scope: LimitScope): RateLimitPolicy[] {
  if (scope === 'oil') {
    return [
      { name: policyName('oil', 'concurrency'), quota: OIL_LIMITS.inFlight },
      { name: policyName('oil', 'spacing'), quota: 1, window: OIL_LIMITS.spacingMs / 1000 },
    ];
  }
  const b = LIMIT_BOUNDS[scope];
  const rate = (['second', 'minute', 'day'] as const).map((w) => ({
    name: policyName(scope, w),
    quota: mutant('lim-policy-quota-off') && w === 'second' ? b[w] + 1 : b[w],
    window: WINDOW_SECONDS[w],
  }));
  return b.inFlight === undefined ? rate : [...rate, { name: policyName(scope, 'concurrency'), quota: b.inFlight }];
}

/**
 * RateLimit-Policy in the earlier draft syntax (gap LIM-028's alternate): a List of Integer quotas with
 * w (window, seconds) where the policy has a window, e.g. `20;w=1, 600;w=60, 20000;w=86400, 10`.
 */
const draftPolicies = (policies: readonly RateLimitPolicy[]): string =>
  serializeList(policies.map((p) => [p.quota, new Map(p.window === undefined ? [] : [['w', p.window]])]));

/** RateLimit-Policy of each scope: constant, so serialized once (a refusal should cost next to nothing). */
const POLICY_FIELD = new Map<LimitScope, string>();
const policyField = (scope: LimitScope): string => {
  let field = POLICY_FIELD.get(scope);
  if (field === undefined)
    POLICY_FIELD.set(scope, (field = alt('LIM-028') ? draftPolicies(policiesOf(scope)) : serializePolicies(policiesOf(scope))));
  return field;
};

/** The bound of the refusing policy, for the draft syntax's `limit` (gap LIM-028's alternate). */
function quotaOf(scope: LimitScope, window: Exceeded['window']): number {
  if (scope === 'oil') return window === 'concurrency' ? OIL_LIMITS.inFlight : 1;
  const b = LIMIT_BOUNDS[scope];
  return window === 'concurrency' ? (b.inFlight ?? 0) : window === 'spacing' ? 1 : b[window];
}

/** limit_scope of a 429: the scope's name, except the per-IP guard's `ip` on the alternate stub (gap LIM-029). */
const scopeName = (scope: LimitScope): string => (scope === 'ip_guard' && alt('LIM-029') ? 'ip' : scope);

/** Retry-After: delay-seconds, or on the alternate stub an HTTP-date of the wall clock (gap LIM-024). */
const retryAfterField = (seconds: number): string =>
  alt('LIM-024') ? new Date(Math.ceil(Date.now() / 1000) * 1000 + seconds * 1000).toUTCString() : String(seconds);

/**
 * The 429 for `scope`, reporting the exceeded limit with the longest wait (gap LIM-029).
 * @param exceeded at least one exceeded limit
 */
export function rateLimited(scope: LimitScope, exceeded: readonly Exceeded[]): ApiError {
  const worst = worstOf(exceeded);
  const concurrency = exceeded.find((e) => e.window === 'concurrency');
  const maxConcurrent = scope === 'oil' ? OIL_LIMITS.inFlight : LIMIT_BOUNDS[scope].inFlight;
  // A 429 is an answer, not a fault: nobody reads its stack, and capturing one was the costliest step
  // of a refusal in the profile (npm run bench, the 429 path).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return refusal(scope, worst, concurrency !== undefined && maxConcurrent !== undefined ? maxConcurrent : undefined);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** The exceeded limit with the longest wait (gap LIM-029); the alternate stub's: the first in the order second, minute, day, in flight. */
const worstOf = (exceeded: readonly Exceeded[]): Exceeded =>
  alt('LIM-029') ? exceeded[0]! : exceeded.reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a));

/** Most distinct fixed 429 answers kept (a day's waits alone could make 86,400). */
const MAX_FIXED = 512;

/**
 * The 429s of a scope without an in-flight bound as fixed answers (the fast lane's, stub/http/refusal.ts):
 * one per exceeded window and wait, built once, so a refusal on arrival costs no formatting.
 */
export class FixedRefusals {
  private readonly answers = new Map<string, FixedAnswer>();
  /**
   * The last answer and what it answered: a flood past a bound is refused with the same answer
   * request after request, so it is found without building and hashing a key.
   */
  private last: { scope: string; window: string; retryAfter: number; concurrency: boolean; answer: FixedAnswer } | undefined;

  /** The answer of `scope` for `exceeded` (at least one limit), as rateLimited would write it. */
  of(scope: Exclude<LimitScope, 'oil'>, exceeded: readonly Exceeded[]): FixedAnswer {
    // An HTTP-date Retry-After (gap LIM-024's alternate) moves with the wall clock: built each time.
    if (alt('LIM-024')) return fixedAnswer(rateLimited(scope, exceeded));
    const worst = worstOf(exceeded);
    const concurrency = exceeded.some((e) => e.window === 'concurrency');
    const last = this.last;
    if (
      last &&
      last.scope === scope &&
      last.window === worst.window &&
      last.retryAfter === worst.retryAfter &&
      last.concurrency === concurrency
    )
      return last.answer;
    const key = `${scope} ${worst.window} ${worst.retryAfter} ${concurrency}`;
    let answer = this.answers.get(key);
    if (answer === undefined) {
      if (this.answers.size >= MAX_FIXED) this.answers.clear();
      answer = fixedAnswer(rateLimited(scope, exceeded));
      this.answers.set(key, answer);
    }
    this.last = { scope, window: worst.window, retryAfter: worst.retryAfter, concurrency, answer };
    return answer;
  }
}

function refusal(scope: LimitScope, worst: Exceeded, maxConcurrent: number | undefined): ApiError {
  return new ApiError(
    429,
    'rate_limited',
    `Too many requests: the ${scope} scope's ${WHAT[worst.window]} limit is exceeded; retry after ${worst.retryAfter} s`,
    {
      retry_after: worst.retryAfter,
      // Mutant lim-guard-second-scope-standard: the guard's per-second 429 names the standard scope (round-10 bug).
      limit_scope:
        mutant('lim-guard-second-scope-standard') && scope === 'ip_guard' && worst.window === 'second' ? 'standard' : scopeName(scope),
    },
    {
      'Retry-After': retryAfterField(worst.retryAfter),
      'RateLimit-Policy': policyField(scope),
      [mutant('lim-429-no-ratelimit') ? 'X-Dropped-RateLimit' : 'RateLimit']: alt('LIM-028')
        ? serializeDictionary({ limit: quotaOf(scope, worst.window), remaining: 0, reset: worst.retryAfter })
        : serializeStates([{ name: policyName(scope, worst.window), remaining: 0, reset: worst.retryAfter }]),
      ...(maxConcurrent !== undefined ? { 'X-Quotient-Max-Concurrent': String(maxConcurrent) } : {}),
    },
  );
}
