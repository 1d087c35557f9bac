/**
 * Rate accuracy of the Limits tiers (spec: Limits table; Limits rule 3; rules LIM-001/005/009,
 * OIL-012): each tier's per-second bound is offered at 0.5×, 0.9×, 1.0×, 1.1×, 2× and 5× with
 * evenly spaced starts (the open-model scheduler), and the answers are judged against an ideal
 * sliding window (gap LIM-025): admitted vs offered, the most admitted in any 1 s window, false
 * admissions (more than the bound admitted in a window) and false rejections (a 429 although fewer
 * than the bound were admitted in the second before it). A sample of 429 answers is checked for its
 * anatomy (checks/limits.ts). Settings come as arguments only.
 */
import { checkRateLimited } from '../checks/limits.ts';
import { violation, type Violation } from '../checks/violation.ts';
import type { RequestRecord } from './analysis.ts';

/** The multiples of the bound every accuracy run offers (issue: rate-limit tiers). */
export const ACCURACY_MULTIPLES = [0.5, 0.9, 1.0, 1.1, 2, 5] as const;

export interface AccuracyResult {
  multiple: number;
  offered: number;
  admitted: number;
  rejected: number;
  /** Most 2xx answers whose starts fall in any 1 s window. */
  maxAdmittedInWindow: number;
  falseAdmissions: number;
  falseRejections: number;
  /** 429 answers whose anatomy was checked (at most SAMPLE). */
  sampled: number;
  violations: Violation[];
}

/** 429 answers checked per run. */
const SAMPLE = 5;

/**
 * Judges one run of `records` against a per-second `bound`.
 * @param toleranceMs client-side start vs server-side arrival tolerance: a 429 within this of a window
 *   edge, or an extra admission within it, is not counted as false. Default: the run's p99 latency
 *   (at least 25 ms), since a request reaches the server somewhere between its start and its answer.
 */
export function judgeAccuracy(
  records: readonly RequestRecord[],
  bound: number,
  multiple: number,
  ruleId: string,
  toleranceMs?: number,
): AccuracyResult {
  const sent = records.filter((r) => r.startMs !== null && r.status > 0).sort((a, b) => a.startMs! - b.startMs!);
  const latencies = sent.map((r) => r.latencyMs ?? 0).sort((a, b) => a - b);
  const tolerance = toleranceMs ?? Math.max(25, latencies[Math.floor(latencies.length * 0.99)] ?? 0);
  const admittedAt = sent.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.startMs!);
  const windowCount = (times: readonly number[], from: number, to: number) => times.filter((t) => t > from && t <= to).length;
  let maxAdmittedInWindow = 0;
  let falseAdmissions = 0;
  for (const t of admittedAt) {
    const n = windowCount(admittedAt, t - 1000, t);
    maxAdmittedInWindow = Math.max(maxAdmittedInWindow, n);
    // More than the bound even with the window shortened by the tolerance: a real over-admission.
    if (windowCount(admittedAt, t - 1000 + tolerance, t) > bound) falseAdmissions++;
  }
  let falseRejections = 0;
  for (const r of sent.filter((x) => x.status === 429)) {
    // Fewer than the bound admitted even in the window widened by the tolerance: the 429 had no reason.
    if (windowCount(admittedAt, r.startMs! - 1000 - tolerance, r.startMs! + tolerance) < bound) falseRejections++;
  }
  const violations: Violation[] = [];
  const rejected = sent.filter((r) => r.status === 429).length;
  const others = sent.filter((r) => r.status !== 429 && !(r.status >= 200 && r.status < 300));
  if (falseAdmissions)
    violations.push(
      violation(
        ruleId,
        'status',
        `${multiple}× the bound: ${falseAdmissions} admission(s) made more than ${bound} in a 1 s window (most ${maxAdmittedInWindow})`,
      ),
    );
  if (falseRejections)
    violations.push(
      violation(
        ruleId,
        'status',
        `${multiple}× the bound: ${falseRejections} 429(s) with fewer than ${bound} admitted in the second before`,
      ),
    );
  if (multiple >= 1.1 && rejected === 0) violations.push(violation(ruleId, 'status', `${multiple}× the bound: no 429 at all`));
  if (others.length)
    violations.push(
      violation(
        ruleId,
        'status',
        `${multiple}× the bound: ${others.length} answer(s) neither 2xx nor 429 (${[...new Set(others.map((o) => o.status))].join(', ')})`,
      ),
    );
  const sample = sent.filter((r) => r.status === 429).slice(0, SAMPLE);
  for (const r of sample) {
    const headers = Object.fromEntries(Object.entries(r.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
    violations.push(...checkRateLimited({ status: 429, headers, body: r.errorBody }).filter((v) => v.severity === 'error'));
  }
  return {
    multiple,
    offered: sent.length,
    admitted: admittedAt.length,
    rejected,
    maxAdmittedInWindow,
    falseAdmissions,
    falseRejections,
    sampled: sample.length,
    violations,
  };
}
