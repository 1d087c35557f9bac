/**
 * Judges a run's answers against one sliding-window bound (gap LIM-025: the stub's windows slide)
 * from the client's side, by interval arithmetic: the target decided request i at some instant of
 * [start_i, end_i] (it cannot decide before the request leaves, nor after the answer arrives), so a
 * verdict is given only when it holds for EVERY placement of the decisions in their intervals.
 *
 * - A false admission is proven when more than `bound` admitted requests were surely decided within
 *   less than one window of each other: for an admitted j, those admitted i with
 *   start_i > end_j − window and end_i ≤ end_j all fell in (end_j − window, end_j].
 * - A false rejection is proven when a refusal r had fewer than `bound` admitted requests that could
 *   possibly share its window: admitted i with end_i > start_r − window and start_i ≤ end_r.
 * The target's clock has whole-millisecond granularity, so windows are shortened / widened by
 * `granularityMs` (1). Pure: records in, figures out; no global tolerance, no wall-clock reads.
 */
import type { RequestRecord } from './analysis.ts';

/** How the run's answers divide for the judged scope. */
export interface JudgedAnswers {
  /** Answers that passed the judged limit (they consumed its quota). */
  passed(r: RequestRecord): boolean;
  /** Answers the judged limit refused (a 429 naming it). */
  refused(r: RequestRecord): boolean;
}

export interface WindowJudgement {
  /** Requests that passed / were refused by the judged limit, and answered requests it never saw. */
  passed: number;
  refused: number;
  other: number;
  /** Most passed starts in any window by the client's start times (raw, what a chart shows). */
  maxByStart: number;
  /** Per passed request j: how many passed requests were surely decided in one window ending with j (≤ bound on a correct target). */
  surelyInWindow: number[];
  /** Passed requests that surely made more than `bound` in one window. */
  falseAdmissions: number;
  /** Refusals with surely fewer than `bound` passed requests in their window. */
  falseRejections: number;
  /** Record indices (`i`) of the false admissions and false rejections, named in the violations. */
  falseAdmissionAt: number[];
  falseRejectionAt: number[];
}

interface Interval {
  r: RequestRecord;
  s: number;
  e: number;
}

/** Index of the first interval with s > t, in a start-sorted array. */
function upperBound(xs: readonly Interval[], t: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]!.s <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Default split: 2xx passed, any 429 refused. */
export const ANY_429: JudgedAnswers = {
  passed: (r) => r.status >= 200 && r.status < 300,
  refused: (r) => r.status === 429,
};

/** Split for one limit_scope: a 429 naming `scope` is a refusal; with `checkedFirst` (the IP guard, decided before any other limit) every other answer passed it. */
export function scopeAnswers(scope: string, checkedFirst = false): JudgedAnswers {
  const refused = (r: RequestRecord) => r.status === 429 && r.errorBody?.limit_scope === scope;
  return {
    refused,
    passed: checkedFirst ? (r) => r.status > 0 && !refused(r) : (r) => r.status >= 200 && r.status < 300,
  };
}

/**
 * Judges answered records (status > 0 with a start and a latency) against `bound` per `windowMs`.
 * @param bound requests admitted per window (e.g. 20 for the standard scope's second)
 */
export function judgeWindow(
  records: readonly RequestRecord[],
  bound: number,
  split: JudgedAnswers = ANY_429,
  windowMs = 1000,
  granularityMs = 1,
): WindowJudgement {
  const answered = records
    .filter((r) => r.status > 0 && r.startMs !== null)
    .map((r) => ({ r, s: r.startMs!, e: r.startMs! + (r.latencyMs ?? 0) }))
    .sort((a, b) => a.s - b.s);
  const passed = answered.filter((x) => split.passed(x.r));
  const refused = answered.filter((x) => split.refused(x.r));
  let maxByStart = 0;
  for (let k = 0, from = 0; k < passed.length; k++) {
    while (passed[from]!.s <= passed[k]!.s - windowMs) from++;
    maxByStart = Math.max(maxByStart, k - from + 1);
  }
  const surelyInWindow: number[] = [];
  const falseAdmissionAt: number[] = [];
  const sure = windowMs - granularityMs;
  for (const j of passed) {
    // Passed i with s_i > e_j − window (and s_i ≤ e_j, so the start-sorted scan can stop there) and e_i ≤ e_j.
    let n = 0;
    for (let k = upperBound(passed, j.e - sure); k < passed.length && passed[k]!.s <= j.e; k++) if (passed[k]!.e <= j.e) n++;
    surelyInWindow.push(n);
    if (n > bound) falseAdmissionAt.push(j.r.i);
  }
  const falseRejectionAt: number[] = [];
  const wide = windowMs + granularityMs;
  for (const r of refused) {
    let possible = 0;
    for (const i of passed) {
      if (i.s > r.e) break;
      if (i.e > r.s - wide) possible++;
    }
    if (possible < bound) falseRejectionAt.push(r.r.i);
  }
  return {
    passed: passed.length,
    refused: refused.length,
    other: answered.length - passed.length - refused.length,
    maxByStart,
    surelyInWindow,
    falseAdmissions: falseAdmissionAt.length,
    falseRejections: falseRejectionAt.length,
    falseAdmissionAt,
    falseRejectionAt,
  };
}
