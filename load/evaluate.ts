/**
 * Evaluates a profile's expectations over a schedule's records into violations as data
 * ({ruleId, severity, path, message}; lib/violation.ts). Paths point into the run report:
 * `/records/<i>` for one request, `/windows/<W>ms/<ISO start>` for a clock-aligned window.
 *
 * Client and target clocks differ by the network delay, so every time comparison leaves a skew
 * tolerance: starts within `skewMs` of a window edge or of the spacing bound are never held against
 * the target.
 */
import { LIMIT_SCOPES } from '../contract/limits.ts';
import { loadRules } from '../contract/rules.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { maxOf, type RequestRecord } from './analysis.ts';
import type { Expectation, LoadProfile, ScopeLimits } from './profiles.ts';

/** Answers that are no request start (gap OIL-013): refused before admission. */
const NOT_ADMITTED = new Set([401, 402, 422, 429]);

export interface EvaluateOptions {
  /** Client/target clock tolerance, ms (default 50). */
  skewMs?: number;
}

/** What one expectation concluded. */
export interface ExpectationResult {
  id: string;
  when: Expectation['when'];
  text: string;
  ruleIds: string[];
  /** not-applicable: the run never reached the situation (no window over the limit, no 429...). */
  outcome: 'pass' | 'fail' | 'warn' | 'not-applicable';
  detail: string;
  violations: Violation[];
}

export interface Evaluation {
  results: ExpectationResult[];
  violations: Violation[];
  errors: number;
  warnings: number;
}

/**
 * Severity of a violation of a rule: `error` for a live MUST rule; `warning` for SHOULD/MAY, gaps
 * (suites never fail a target over a gap) and rules still `pending` a later issue. Unknown IDs are errors.
 */
export function severityOf(ruleId: string): Violation['severity'] {
  const rule = loadRules().get(ruleId);
  if (!rule) return 'error';
  return rule.level === 'MUST' && rule.kind === 'rule' && !rule.pending ? 'error' : 'warning';
}

/** A violation with the rule's severity; pending rules say so in the message. */
function v(ruleId: string, path: string, message: string): Violation {
  const pending = loadRules().get(ruleId)?.pending;
  return violation(ruleId, path, pending ? `[pending: ${pending}] ${message}` : message, severityOf(ruleId));
}

interface Timed {
  rec: RequestRecord;
  /** Start, epoch ms. */
  at: number;
  /** End (start + latency), epoch ms; start when unknown. */
  end: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const fmt = (ms: number) => `${Math.round(ms)} ms`;

/** Answered records (status > 0) with epoch start/end, sorted by start. */
function timeline(records: readonly RequestRecord[], t0EpochMs: number): Timed[] {
  return records
    .filter((r) => r.startMs !== null && r.status > 0)
    .map((rec) => ({ rec, at: t0EpochMs + rec.startMs!, end: t0EpochMs + rec.startMs! + (rec.latencyMs ?? 0) }))
    .sort((a, b) => a.at - b.at);
}

/** Index of the first element with at ≥ t (binary search over a start-sorted timeline). */
function lowerBound(tl: readonly Timed[], t: number): number {
  let lo = 0;
  let hi = tl.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tl[mid]!.at < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Starts in [from, to). */
const countIn = (tl: readonly Timed[], from: number, to: number) => lowerBound(tl, to) - lowerBound(tl, from);

/** One violation per rule summarising every offending request (the first one's path). */
function aggregate(ruleId: string, hits: { i: number; msg: string }[], total: number, what: string): Violation[] {
  if (!hits.length) return [];
  const first = hits[0]!;
  const more = hits.length > 1 ? ` (${hits.length} of ${total} ${what}; first shown)` : '';
  return [v(ruleId, `/records/${first.i}`, `${first.msg}${more}`)];
}

/** window-429: every clock-aligned window with n > limit starts holds ≥ n − limit 429s (boundary starts excepted). */
function checkWindows(e: Expectation, tl: readonly Timed[], windowMs: number, limit: number, skew: number): ExpectationResult {
  const groups = new Map<number, Timed[]>();
  for (const t of tl) {
    const k = Math.floor(t.at / windowMs);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  const out: Violation[] = [];
  let over = 0;
  for (const [k, group] of [...groups].sort((a, b) => a[0] - b[0])) {
    const from = k * windowMs;
    // A start near an edge, or one answered after the window's end (the target may have decided it in the
    // next window), is not held against the target.
    const boundary = group.filter((t) => t.at - from < skew || from + windowMs - t.at <= skew || t.end > from + windowMs + skew).length;
    const expected = group.length - limit - boundary;
    if (expected <= 0) continue;
    over++;
    const rejected = group.filter((t) => t.rec.status === 429).length;
    if (rejected < expected) {
      out.push(
        v(
          e.ruleIds[0]!,
          `/windows/${windowMs}ms/${iso(from)}`,
          `${group.length} starts in the ${windowMs / 1000} s window from ${iso(from)} (limit ${limit}): expected at least ${expected} answers 429 (n − limit − ${boundary} starts within ${skew} ms of an edge or answered after it), got ${rejected}`,
        ),
      );
    }
  }
  return result(
    e,
    out,
    over ? `${over} window(s) clearly over ${limit} per ${windowMs / 1000} s` : `no ${windowMs / 1000} s window clearly over ${limit}`,
    over === 0,
  );
}

/** no-spurious-429: a start that every bound of the scope admits, even with skew, is never 429. */
function checkSpurious(e: Expectation, scope: ScopeLimits, tl: readonly Timed[], skew: number): ExpectationResult {
  const l = scope.limits;
  const rejected = tl.filter((t) => t.rec.status === 429);
  const hits: { i: number; msg: string }[] = [];
  for (const t of rejected) {
    const bounds: string[] = [];
    let within = true;
    for (const [w, limit, name] of [
      [1000, l.perSecond, 'second'],
      [60_000, l.perMinute, 'minute'],
    ] as const) {
      if (limit === undefined) continue;
      // Gap LIM-025 leaves the window open: clock-aligned, or sliding (the stub's). And the target decided
      // somewhere between the start and the answer (a busy target decides late). A 429 is spurious only
      // when no window it may have been decided in holds more than the limit: neither a clock-aligned one
      // from its start's to its answer's, nor a sliding one ending in between (each widened by the skew).
      let most = countIn(tl, t.at - w - skew, t.end + skew + 1);
      for (let from = Math.floor(t.at / w) * w; from <= t.end; from += w) most = Math.max(most, countIn(tl, from - skew, from + w + skew));
      bounds.push(`≤ ${most} starts in a ${name} it may have been decided in, clock-aligned or sliding (limit ${limit})`);
      if (most > limit) within = false;
    }
    if (l.inFlight !== undefined) {
      bounds.push(`${t.rec.inFlightAtStart} in flight (limit ${l.inFlight})`);
      if (t.rec.inFlightAtStart > l.inFlight) within = false;
    }
    if (within) {
      const named = t.rec.errorBody?.limit_scope;
      hits.push({
        i: t.rec.i,
        msg: `429${named !== undefined ? ` (limit_scope ${String(named)})` : ''} for a start every ${scope.title} bound admits: ${bounds.join(', ')}; a daily quota spent elsewhere also answers 429, see limit_scope`,
      });
    }
  }
  const out = aggregate(e.ruleIds[0]!, hits, rejected.length, '429 answers');
  return result(e, out, `${rejected.length} answer(s) 429, ${hits.length} of them under every bound`, rejected.length === 0);
}

/** in-flight: no start admitted while `limit` other admitted requests surely (beyond skew) are in flight. */
function checkInFlight(e: Expectation, tl: readonly Timed[], limit: number, skew: number): ExpectationResult {
  const admitted = tl.filter((t) => !NOT_ADMITTED.has(t.rec.status));
  const maxLatency = maxOf(
    admitted.map((t) => t.end - t.at),
    0,
  );
  const candidates = admitted.filter((t) => t.rec.inFlightAtStart > limit);
  const hits: { i: number; msg: string }[] = [];
  for (const t of candidates) {
    let busy = 0;
    // Only requests started within the longest latency before this start can still be in flight.
    for (let k = lowerBound(admitted, t.at - maxLatency); k < admitted.length && admitted[k]!.at <= t.at - skew; k++) {
      if (admitted[k]!.end - skew >= t.at) busy++;
    }
    if (busy >= limit)
      hits.push({ i: t.rec.i, msg: `admitted (${t.rec.status}) while ${busy} admitted requests were surely in flight (limit ${limit})` });
  }
  const out = aggregate(e.ruleIds[0]!, hits, admitted.length, 'admitted requests');
  return result(
    e,
    out,
    candidates.length
      ? `${candidates.length} start(s) with more than ${limit} in flight on the client`
      : `the client never had more than ${limit} in flight`,
    candidates.length === 0,
  );
}

/** spacing: admitted starts ≥ spacingMs apart; a start later than that after the last admitted one is not 429. */
function checkSpacing(e: Expectation, tl: readonly Timed[], spacingMs: number, skew: number): ExpectationResult {
  let last: Timed | undefined;
  const early: { i: number; msg: string }[] = [];
  const spurious: { i: number; msg: string }[] = [];
  let close = 0;
  for (const t of tl) {
    const admitted = !NOT_ADMITTED.has(t.rec.status);
    if (last) {
      const gap = t.at - last.at;
      if (gap < spacingMs) close++;
      if (admitted && gap < spacingMs - skew)
        early.push({
          i: t.rec.i,
          msg: `admitted (${t.rec.status}) ${fmt(gap)} after the previous admitted start (#${last.rec.i}); starts must be ≥ ${spacingMs} ms apart`,
        });
      const concurrency = t.rec.headers['x-quotient-max-concurrent'] !== undefined || t.rec.inFlightAtStart > 1;
      if (t.rec.status === 429 && !concurrency && gap > spacingMs + skew)
        spurious.push({ i: t.rec.i, msg: `429 ${fmt(gap)} after the last admitted start (#${last.rec.i}), more than ${spacingMs} ms` });
    }
    if (admitted) last = t;
  }
  const out = [...aggregate(e.ruleIds[0]!, early, tl.length, 'answers'), ...aggregate(e.ruleIds[0]!, spurious, tl.length, 'answers')];
  return result(
    e,
    out,
    `${close} start(s) closer than ${spacingMs} ms to the previous one; ${early.length} admitted too early; ${spurious.length} rejected though spaced`,
    tl.length < 2,
  );
}

/** 429-anatomy: headers and body of every 429, for the rules the expectation names. */
function checkAnatomy(e: Expectation, scope: ScopeLimits, tl: readonly Timed[]): ExpectationResult {
  const rejected = tl.filter((t) => t.rec.status === 429).map((t) => t.rec);
  const named = new Set(e.ruleIds);
  const checks: [string, (r: RequestRecord) => string | undefined][] = [
    ['CONTRACT-003', (r) => (r.headers['retry-after'] === undefined ? '429 without a Retry-After header' : undefined)],
    [
      'ERR-009',
      (r) => (r.errorBody?.error !== 'rate_limited' ? `429 error is ${JSON.stringify(r.errorBody?.error)}, not rate_limited` : undefined),
    ],
    [
      'LIM-019',
      (r) =>
        !Number.isInteger(r.errorBody?.retry_after)
          ? `429 body retry_after is ${JSON.stringify(r.errorBody?.retry_after)}, not an integer`
          : undefined,
    ],
    ['LIM-021', (r) => (r.headers['ratelimit-policy'] === undefined ? '429 without a RateLimit-Policy header' : undefined)],
    ['LIM-022', (r) => (r.headers.ratelimit === undefined ? '429 without a RateLimit header' : undefined)],
    [
      'LIM-023',
      (r) =>
        scope.limits.inFlight !== undefined &&
        r.inFlightAtStart > scope.limits.inFlight &&
        r.headers['x-quotient-max-concurrent'] === undefined
          ? `429 with ${r.inFlightAtStart} in flight (limit ${scope.limits.inFlight}) without X-Quotient-Max-Concurrent`
          : undefined,
    ],
    [
      'LIM-024',
      (r) => {
        const h = r.headers['retry-after'];
        const b = r.errorBody?.retry_after;
        return h !== undefined && Number.isInteger(b) && String(b) !== h.trim()
          ? `retry_after ${String(b)} differs from Retry-After ${h}`
          : undefined;
      },
    ],
    [
      'LIM-029',
      (r) => {
        const s = r.errorBody?.limit_scope;
        return s !== undefined && !(LIMIT_SCOPES as readonly unknown[]).includes(s)
          ? `limit_scope ${JSON.stringify(s)} is none of ${LIMIT_SCOPES.join(', ')}`
          : undefined;
      },
    ],
    [
      'OIL-014',
      (r) =>
        r.errorBody?.limit_scope !== scope.name
          ? `oil 429 limit_scope is ${JSON.stringify(r.errorBody?.limit_scope)}, not ${scope.name}`
          : undefined,
    ],
  ];
  const out: Violation[] = [];
  for (const [ruleId, check] of checks) {
    if (!named.has(ruleId)) continue;
    const hits = rejected.flatMap((r) => {
      const msg = check(r);
      return msg ? [{ i: r.i, msg }] : [];
    });
    out.push(...aggregate(ruleId, hits, rejected.length, '429 answers'));
  }
  return result(e, out, `${rejected.length} answer(s) 429 checked`, rejected.length === 0);
}

function result(e: Expectation, violations: Violation[], detail: string, notApplicable: boolean): ExpectationResult {
  const outcome = violations.some((x) => x.severity === 'error')
    ? 'fail'
    : violations.length
      ? 'warn'
      : notApplicable
        ? 'not-applicable'
        : 'pass';
  return { id: e.id, when: e.when, text: e.text, ruleIds: e.ruleIds, outcome, detail, violations };
}

/**
 * Evaluates every expectation of a profile over a run's records. `t0EpochMs` aligns the records
 * with clock-aligned limit windows (gap LIM-025). Pure: no I/O besides the cached rule catalogue.
 */
export function evaluateRun(
  profile: LoadProfile,
  run: { t0EpochMs: number; records: readonly RequestRecord[] },
  opts: EvaluateOptions = {},
): Evaluation {
  const skew = opts.skewMs ?? 50;
  const tl = timeline(run.records, run.t0EpochMs);
  const results = profile.expects.map((e): ExpectationResult => {
    const c = e.check;
    switch (c.kind) {
      case 'window-429':
        return checkWindows(e, tl, c.windowMs, c.limit, skew);
      case 'no-spurious-429':
        return checkSpurious(e, profile.scope, tl, skew);
      case 'in-flight':
        return checkInFlight(e, tl, c.limit, skew);
      case 'spacing':
        return checkSpacing(e, tl, c.spacingMs, skew);
      case '429-anatomy':
        return checkAnatomy(e, profile.scope, tl);
    }
  });
  const violations = results.flatMap((r) => r.violations);
  return {
    results,
    violations,
    errors: violations.filter((x) => x.severity === 'error').length,
    warnings: violations.filter((x) => x.severity === 'warning').length,
  };
}
