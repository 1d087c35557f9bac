/**
 * Checks of a 429 answer's anatomy (spec: Errors 429; Errors envelope; Limits): ERR-009, LIM-019,
 * CONTRACT-003 (Retry-After), the headers LIM-021..023 (MUST: the 429 row names them with Retry-After), and the stub's choices of the gaps
 * LIM-024 (retry_after equals Retry-After), LIM-028 (structured-field syntax, parsed with a library),
 * LIM-029 (limit_scope value) and LIM-030 (X-Quotient-Max-Concurrent value) as warnings.
 * Pure functions: answers in, violations out.
 */
import { LIMIT_BOUNDS, LIMIT_SCOPES, OIL_LIMITS, WINDOW_SECONDS, type LimitScope, type LimitWindow } from '../contract/limits.ts';
import { parsePolicies, parseStates, readQuotaPolicies, type RateLimitPolicy } from '../contract/ratelimit-fields.ts';
import { defineCheck } from './define.ts';
import { parseRetryAfter } from '../lib/retry-after.ts';
import { violation, type Violation } from '../lib/violation.ts';

/** An observed answer: status, lower-case headers, parsed JSON body (or undefined). */
export interface LimitAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: unknown;
}

/** What the test provoked, so the answer can be held to it. */
export interface Provoked {
  /** The limit_scope the stub's choice names for it (gap LIM-029); undefined = do not check. */
  scope?: string;
  /** An in-flight bound was exceeded: X-Quotient-Max-Concurrent is due (LIM-023) with this value (gap LIM-030). */
  maxConcurrent?: number;
}

/**
 * Whether two statements of one wait (s) agree up to rounding and the time between stating them: within 2 s, or
 * within a quarter of the longer (a long daily wait may be rounded to the minute).
 */
export function sameWait(aS: number, bS: number): boolean {
  return Math.abs(aS - bS) <= Math.max(2, Math.max(aS, bS) / 4);
}

/**
 * A 429 the per-IP guard gave a caller whose own scopes were far from their bounds (LIM-034, round-10 bug: the guard's
 * per-second refusal of a keyed call stamped with the key's customer scope): limit_scope names neither customer scope.
 * Which name the guard's own scope carries is open (gap LIM-029); only standard and x_research, scopes that did not
 * reject, are wrong.
 */
export function checkGuardScope(body: unknown, what: string): Violation[] {
  const scope = (typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}).limit_scope;
  return scope === 'standard' || scope === 'x_research'
    ? [
        violation(
          'LIM-034',
          '/limit_scope',
          `${what}: the per-IP guard refused, but limit_scope names ${scope}, a scope far from its bounds`,
        ),
      ]
    : [];
}

/** One UTC day, ms. */
const DAY_MS = 86_400_000;

/**
 * LIM-036 (round-13 bug: a daily 429 said to wait to the end of the minute): a 429 refused under a per-UTC-day limit
 * states the wait to the next 00:00 UTC of the target's clock (`nowMs`, read right after the answer), when its count
 * resets; Retry-After and retry_after each agree with it up to rounding (sameWait). Within 5 s of midnight nothing is
 * judged (the reset may already have come).
 */
export function checkDayWait(a: LimitAnswer, nowMs: number): Violation[] {
  const toMidnightS = ((Math.floor(nowMs / DAY_MS) + 1) * DAY_MS - nowMs) / 1000;
  if (a.status !== 429 || toMidnightS < 5) return [];
  const body = (typeof a.body === 'object' && a.body !== null ? a.body : {}) as Record<string, unknown>;
  const dateMs = a.headers.date === undefined ? Number.NaN : Date.parse(a.headers.date);
  const waits: [string, number | undefined][] = [
    ['header:Retry-After', parseRetryAfter(a.headers['retry-after'], Number.isNaN(dateMs) ? undefined : dateMs)],
    ['/retry_after', typeof body.retry_after === 'number' ? body.retry_after : undefined],
  ];
  return waits
    .filter((w): w is [string, number] => w[1] !== undefined && !sameWait(w[1], toMidnightS))
    .map(([where, wait]) =>
      violation(
        'LIM-036',
        where,
        `a daily limit's 429 states a wait of ${wait} s; the UTC day's count resets at 00:00 UTC, ${Math.round(toMidnightS)} s away`,
      ),
    );
}

/** The quotas a 429's RateLimit-Policy states, by window (s; in-flight bounds under -1); empty when unread. */
function quotasByWindow(a: LimitAnswer): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const p of readQuotaPolicies(a.headers['ratelimit-policy'] ?? ''))
      out.set(p.window ?? -1, Math.min(out.get(p.window ?? -1) ?? Infinity, p.quota));
  } catch {
    // A header in no syntax read (gap LIM-028): no quota is compared.
  }
  return out;
}

/**
 * LIM-020 (round-14 bugs: a guard minute's wait to the end of the clock minute, a generation quota counted on another
 * day than its stated wait): `retried` was sent once the wait `refused` stated had passed, the caller sending nothing
 * else meanwhile; a 429 again from the same limit breaks the stated wait. Not the same limit: another limit_scope or
 * quotaScope, or a policy stating a lower quota over one of the refusal's windows than the refusal stated (a per-IP
 * guard tightened during abuse, which the Limits table allows).
 */
export function checkRetryAdmitted(refused: LimitAnswer, retried: LimitAnswer, what: string): Violation[] {
  if (refused.status !== 429 || retried.status !== 429) return [];
  const member = (a: LimitAnswer, k: string) =>
    typeof a.body === 'object' && a.body !== null ? (a.body as Record<string, unknown>)[k] : undefined;
  for (const k of ['limit_scope', 'quotaScope'])
    if (member(refused, k) !== undefined && member(retried, k) !== undefined && member(refused, k) !== member(retried, k)) return [];
  const before = quotasByWindow(refused);
  for (const [w, q] of quotasByWindow(retried)) if (q < (before.get(w) ?? -Infinity)) return [];
  const scope = member(retried, 'quotaScope') ?? member(retried, 'limit_scope');
  return [
    violation(
      'LIM-020',
      'status',
      `${what}: retried once its stated wait (Retry-After ${refused.headers['retry-after'] ?? 'absent'}) had passed, it was refused 429 again by the same limit${scope === undefined ? '' : ` (${String(scope)})`}, now saying Retry-After ${retried.headers['retry-after'] ?? 'absent'}`,
    ),
  ];
}

/** Violations of a 429 answer's anatomy. A status other than 429 is reported against `statusRule`. */
export function checkRateLimited(a: LimitAnswer, provoked: Provoked = {}, statusRule = 'ERR-009'): Violation[] {
  if (a.status !== 429) return [violation(statusRule, 'status', `expected 429 rate_limited, got ${a.status}`)];
  const out: Violation[] = [];
  const body = (typeof a.body === 'object' && a.body !== null ? a.body : {}) as Record<string, unknown>;
  if (body.error !== 'rate_limited')
    out.push(violation('ERR-009', '/error', `a 429's error is ${JSON.stringify(body.error)}, not "rate_limited"`));
  const retryAfter = body.retry_after;
  if (typeof retryAfter !== 'number' || !Number.isInteger(retryAfter) || retryAfter < 0)
    out.push(violation('LIM-019', '/retry_after', `retry_after must be the integer seconds to wait, got ${JSON.stringify(retryAfter)}`));
  const header = a.headers['retry-after'];
  if (header === undefined) out.push(violation('CONTRACT-003', 'header:Retry-After', 'a 429 carries no Retry-After'));
  else if (typeof retryAfter === 'number' && String(retryAfter) !== header.trim()) {
    // The form of Retry-After and its relation to retry_after are open (gap LIM-024), but both state the wait for this
    // one refusal in seconds (324d8a2ff7f0; RFC 9110 10.2.3): beyond rounding they cannot differ. An HTTP-date is read
    // against the answer's own Date, so the harness's clock plays no part.
    const dateMs = a.headers.date === undefined ? Number.NaN : Date.parse(a.headers.date);
    const headerWait = parseRetryAfter(header, Number.isNaN(dateMs) ? undefined : dateMs);
    if (headerWait !== undefined && !sameWait(retryAfter, headerWait))
      out.push(
        violation(
          'LIM-019',
          '/retry_after',
          `retry_after says ${retryAfter} s to wait where the same 429's Retry-After says ${headerWait} s: one of them is not the seconds to wait`,
        ),
      );
    else
      out.push(
        violation(
          'LIM-024',
          'header:Retry-After',
          `Retry-After ${header} differs from retry_after ${retryAfter} (stub choice: equal)`,
          'warning',
        ),
      );
  }
  if (typeof body.limit_scope !== 'string' || !(LIMIT_SCOPES as readonly string[]).includes(body.limit_scope)) {
    out.push(
      violation(
        'LIM-029',
        '/limit_scope',
        `limit_scope ${JSON.stringify(body.limit_scope)} is not one of ${LIMIT_SCOPES.join(', ')} (stub choice)`,
        'warning',
      ),
    );
  } else if (provoked.scope !== undefined && body.limit_scope !== provoked.scope) {
    out.push(
      violation(
        'LIM-029',
        '/limit_scope',
        `limit_scope is ${body.limit_scope}; the exceeded limit is ${provoked.scope}'s (stub choice)`,
        'warning',
      ),
    );
  }
  const policy = a.headers['ratelimit-policy'];
  if (policy === undefined) out.push(violation('LIM-021', 'header:RateLimit-Policy', 'a 429 carries no RateLimit-Policy'));
  else {
    try {
      if (parsePolicies(policy).length === 0) throw new Error('an empty list');
    } catch (err) {
      out.push(
        violation(
          'LIM-028',
          'header:RateLimit-Policy',
          `RateLimit-Policy "${policy}" is not a structured-field list of policies with q (and w): ${(err as Error).message}`,
          'warning',
        ),
      );
    }
  }
  const state = a.headers.ratelimit;
  if (state === undefined) out.push(violation('LIM-022', 'header:RateLimit', 'a 429 carries no RateLimit'));
  else {
    try {
      const states = parseStates(state);
      if (states.length === 0) throw new Error('an empty list');
      if (!states.some((s) => s.remaining === 0)) throw new Error('no policy with r=0 on a rejection');
    } catch (err) {
      out.push(
        violation(
          'LIM-028',
          'header:RateLimit',
          `RateLimit "${state}" is not a structured-field list of states with r (and t): ${(err as Error).message}`,
          'warning',
        ),
      );
    }
  }
  if (provoked.maxConcurrent !== undefined) {
    const mc = a.headers['x-quotient-max-concurrent'];
    if (mc === undefined)
      out.push(violation('LIM-023', 'header:X-Quotient-Max-Concurrent', 'a concurrency 429 carries no X-Quotient-Max-Concurrent'));
    else if (mc.trim() !== String(provoked.maxConcurrent))
      out.push(
        violation(
          'LIM-030',
          'header:X-Quotient-Max-Concurrent',
          `X-Quotient-Max-Concurrent is ${mc}, not the in-flight bound ${provoked.maxConcurrent} (stub choice)`,
          'warning',
        ),
      );
  }
  return out;
}

/** One answer of a burst from one client address, in send order; `limitScope` is the 429 body's when read. */
export interface GuardAnswer {
  status: number;
  limitScope?: unknown;
}

/**
 * LIM-014 (MAY, spec: Limits table, the per-IP guard's row "may tighten during abuse"): judges a burst
 * of `answers` sent from one address within one window that had room for `bound` more admissions.
 * A refusal before `bound` were admitted is the guard tightening, which the row allows only
 * (a) during abuse: the client had exceeded a bound just before (`abusing`), not on a fresh window of
 * ordinary traffic; and (b) as the guard's own refusal: a 429 (naming `ip_guard` when its scope was
 * read, gap LIM-029), not another status. A guard that admits up to its bound never tightened and
 * conforms. Admitting MORE than the bound is LIM-009's violation (checkBurst), not this rule's.
 * The rule is a MAY: the catalogue makes its violation a warning.
 */
export function checkGuardTightening(answers: readonly GuardAnswer[], bound: number, abusing: boolean): Violation[] {
  let admitted = 0;
  for (const [i, a] of answers.entries()) {
    if (admitted >= bound) break;
    if (a.status >= 200 && a.status < 300) {
      admitted++;
      continue;
    }
    const where = `request ${i + 1} of the burst, after ${admitted} admitted (room for ${bound})`;
    if (a.status !== 429)
      return [violation('LIM-014', 'status', `${where} answered ${a.status}: a tightened IP guard refuses with 429 rate_limited`)];
    if (a.limitScope !== undefined && a.limitScope !== 'ip_guard')
      return [
        violation(
          'LIM-014',
          '/limit_scope',
          `${where} was refused for ${JSON.stringify(a.limitScope)}, not by the IP guard: that is no tightening of the guard`,
        ),
      ];
    if (!abusing)
      return [
        violation(
          'LIM-014',
          'status',
          `${where} answered 429 on a window of ordinary traffic: the guard may tighten only during abuse (the client exceeded no bound before)`,
        ),
      ];
    return [];
  }
  return [];
}

/** A limit of the Limits table (or the oil route's own): its scope and which bound of it. */
export interface TableLimit {
  scope: LimitScope;
  limit: LimitWindow | 'concurrency' | 'spacing';
}

/**
 * The figure of a limit as RateLimit-Policy states it (spec: Limits table and rule 3): a quota over a
 * window in seconds, or an in-flight bound with no window; undefined for a limit the table lacks.
 */
function figureOf({ scope, limit }: TableLimit): { quota: number; window?: number } | undefined {
  if (scope === 'oil')
    return limit === 'concurrency'
      ? { quota: OIL_LIMITS.inFlight }
      : limit === 'spacing'
        ? { quota: 1, window: OIL_LIMITS.spacingMs / 1000 }
        : undefined;
  const b = LIMIT_BOUNDS[scope];
  if (limit === 'concurrency') return b.inFlight === undefined ? undefined : { quota: b.inFlight };
  return limit === 'spacing' ? undefined : { quota: b[limit], window: WINDOW_SECONDS[limit] };
}

const figure = (p: { quota: number; window?: number }): string => (p.window === undefined ? `q=${p.quota}` : `q=${p.quota};w=${p.window}`);

/**
 * The quota policies an answer advertises (RateLimit-Policy) in a syntax read (gap LIM-028), or
 * undefined when it carries none or one that does not parse (then LIM-033 has nothing to judge).
 */
function advertisedPolicies(header: string | undefined): RateLimitPolicy[] | undefined {
  if (header === undefined) return undefined;
  try {
    const policies = readQuotaPolicies(header);
    return policies.length ? policies : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The policies of a 429's RateLimit-Policy over the refusing limit's window (no window for an in-flight
 * bound): what the answer states of that limit. The spec names the header but not what it must list, so a
 * 429 that does not state its refusing limit (a concurrency refusal listing the scope's rate policies, whose
 * figure has a header of its own) states nothing to judge (issue 32 triage).
 */
function statedPolicies(header: string | undefined, refused: TableLimit): RateLimitPolicy[] {
  const want = figureOf(refused);
  return want ? (advertisedPolicies(header) ?? []).filter((p) => p.window === want.window) : [];
}

/**
 * LIM-033 (spec: Limits table and rule 3; Errors 429): a 429 refused under a limit of the table
 * (`refused`) states that limit's figure in RateLimit-Policy: one of its policies has the table's quota
 * over the table's window (no window for an in-flight bound; the per-IP guard's quota may be lower,
 * since it tightens during abuse). Other policies it lists (another scope's, a forecast-request quota's)
 * are not judged here. A header absent or in no syntax read is not judged (LIM-021, gap LIM-028).
 */
export function checkQuotaPolicies(header: string | undefined, refused: TableLimit): Violation[] {
  const stated = statedPolicies(header, refused);
  const want = figureOf(refused);
  if (!stated.length || !want) return [];
  const mayTighten = refused.scope === 'ip_guard';
  const states = (p: RateLimitPolicy): boolean => p.quota === want.quota || (mayTighten && p.quota <= want.quota);
  if (stated.some(states)) return [];
  const policies = stated;
  return [
    violation(
      'LIM-033',
      'header:RateLimit-Policy',
      `refused under the ${refused.scope} ${refused.limit} limit (${figure(want)} in the Limits table${mayTighten ? ', or a lower quota' : ''}), RateLimit-Policy states ${policies.map((p) => `${JSON.stringify(p.name)} ${figure(p)}`).join(', ')}`,
    ),
  ];
}

/** Registered entries of this module (checks/define.ts), spread into checks/registry.ts's CHECKS. */
export const LIMIT_CHECKS = {
  checkRateLimited: defineCheck(
    'checkRateLimited',
    ['CONTRACT-003', 'ERR-009', 'LIM-019', 'LIM-021', 'LIM-022', 'LIM-023', 'LIM-024', 'LIM-028', 'LIM-029', 'LIM-030'],
    checkRateLimited,
    ([, , statusRule]) => statusRule,
  ),
  checkBurst: defineCheck('checkBurst', [], checkBurst, ([ruleId]) => ruleId),
  checkGuardTightening: defineCheck('checkGuardTightening', ['LIM-014'], checkGuardTightening),
  checkRetryAdmitted: defineCheck('checkRetryAdmitted', ['LIM-020'], checkRetryAdmitted),
  checkQuotaPolicies: defineCheck('checkQuotaPolicies', ['LIM-033'], checkQuotaPolicies, undefined, {
    'LIM-033': {
      what: "a 429's RateLimit-Policy stating a policy over its refusing limit's window",
      count: ([header, refused]) => (statedPolicies(header, refused).length ? 1 : 0),
    },
  }),
} as const;

/**
 * Violations of a burst against one bound: `statuses` in send order, all sent within one window.
 * Exactly `bound` admitted (2xx) and the next refused 429 passes; more admitted breaks `ruleId`;
 * fewer admitted breaks it too unless `mayTighten` (the per-IP guard, LIM-014).
 */
export function checkBurst(ruleId: string, what: string, statuses: readonly number[], bound: number, mayTighten = false): Violation[] {
  const admitted = statuses.filter((s) => s >= 200 && s < 300).length;
  const firstRefused = statuses.indexOf(429);
  const others = statuses.filter((s) => s !== 429 && !(s >= 200 && s < 300));
  if (others.length)
    return [
      violation(
        ruleId,
        'status',
        `${what}: answers other than 2xx and 429 (${[...new Set(others)].join(', ')}) in the burst ${statuses.join(',')}`,
      ),
    ];
  if (firstRefused === -1)
    return [
      violation(
        ruleId,
        'status',
        `${what}: all ${statuses.length} requests admitted in one window; the bound is ${bound}, so request ${bound + 1} must answer 429`,
      ),
    ];
  if (admitted > bound)
    return [
      violation(ruleId, 'status', `${what}: ${admitted} admitted in one window, more than the bound ${bound} (${statuses.join(',')})`),
    ];
  if (admitted < bound && !mayTighten)
    return [
      violation(ruleId, 'status', `${what}: only ${admitted} admitted before the first 429; the bound is ${bound} (${statuses.join(',')})`),
    ];
  return [];
}
