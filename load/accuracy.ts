/**
 * Rate accuracy of the limit scopes (spec: Limits table; Limits rule 3; rules LIM-001/005/009,
 * OIL-012): each scope's per-second bound is offered at 0.5×, 0.9×, 1.0×, 1.1×, 2× and 5× with
 * evenly spaced starts (the open-model scheduler), and the answers are judged against the sliding
 * window (gap LIM-025) by interval arithmetic (load/window-judge.ts): admitted vs offered, the most
 * admitted in any window, false admissions and false rejections, each proven for every placement of
 * the target's decisions between a request's start and its answer. A sample of the answers is
 * validated against the contract (load/contract-sample.ts), and the profile's k6-style thresholds
 * (load/thresholds.ts) decide each run. Settings come as arguments only.
 */
import { violation, type Violation } from '../lib/violation.ts';
import { summarize, type Percentiles, type RequestRecord } from './analysis.ts';
import { judgeSample, type SampleJudgement } from './contract-sample.ts';
import { runMetrics } from './metrics.ts';
import type { SampledAnswer } from './scheduler.ts';
import { evaluateThresholds, type ThresholdResult, type Thresholds } from './thresholds.ts';
import { judgeWindow, type JudgedAnswers } from './window-judge.ts';

/** The multiples of the bound every accuracy run offers (issue: rate-limit tiers). */
export const ACCURACY_MULTIPLES = [0.5, 0.9, 1.0, 1.1, 2, 5] as const;

export interface AccuracyResult {
  multiple: number;
  /** Requests answered (sent and answered; dropped starts excluded). */
  offered: number;
  /** Requests the judged limit passed (2xx, or for the IP guard everything but its own 429s). */
  admitted: number;
  /** 429s naming the judged limit. */
  rejected: number;
  /** Answers neither admitted nor refused by the judged limit (another scope's 429, an error). */
  other: number;
  /** Most admitted starts in any window (the client's start times). */
  maxAdmittedInWindow: number;
  /** Most admitted requests surely decided within one window (interval arithmetic; ≤ bound on a correct target). */
  maxSurelyInWindow: number;
  bound: number;
  falseAdmissions: number;
  falseRejections: number;
  latencyMs: Percentiles;
  /** Contract validation of the sampled answers. */
  sample: Omit<SampleJudgement, 'violations'>;
  thresholds: ThresholdResult[];
  /** Limit-rule violations and the sample's contract violations. */
  violations: Violation[];
}

/** What one accuracy run judges: the bound, its window, the rule it enforces and how answers divide. */
export interface AccuracyTarget {
  bound: number;
  windowMs: number;
  ruleId: string;
  split: JudgedAnswers;
  thresholds: Thresholds;
}

/**
 * Judges one run of `records` (and its sampled answers) against a scope's window bound.
 * A false admission or rejection, no 429 at all at 1.1× or more, or an answer neither admitted nor
 * refused, is a violation of `ruleId`; the thresholds are evaluated on the run's metrics.
 */
export function judgeAccuracy(
  records: readonly RequestRecord[],
  samples: readonly SampledAnswer[],
  multiple: number,
  t: AccuracyTarget,
): AccuracyResult {
  const answered = records.filter((r) => r.startMs !== null && r.status > 0);
  const w = judgeWindow(answered, t.bound, t.split, t.windowMs);
  const per = t.windowMs === 1000 ? '1 s' : `${t.windowMs} ms`;
  const violations: Violation[] = [];
  const at = (xs: number[]) => `/records/${xs[0]}`;
  if (w.falseAdmissions)
    violations.push(
      violation(
        t.ruleId,
        at(w.falseAdmissionAt),
        `${multiple}× the bound: ${w.falseAdmissions} admission(s) surely made more than ${t.bound} in a ${per} window (requests ${w.falseAdmissionAt.slice(0, 5).join(', ')}…)`,
      ),
    );
  if (w.falseRejections)
    violations.push(
      violation(
        t.ruleId,
        at(w.falseRejectionAt),
        `${multiple}× the bound: ${w.falseRejections} 429(s) with surely fewer than ${t.bound} admitted in their ${per} window (requests ${w.falseRejectionAt.slice(0, 5).join(', ')}…)`,
      ),
    );
  if (multiple >= 1.1 && w.refused === 0) violations.push(violation(t.ruleId, 'status', `${multiple}× the bound: no 429 at all`));
  // Another scope's 429 (the IP guard refusing a standard request first) is no answer of this limit: counted in `other`, not held against it.
  const others = answered.filter((r) => !t.split.passed(r) && !t.split.refused(r) && r.status !== 429);
  if (others.length)
    violations.push(
      violation(
        t.ruleId,
        'status',
        `${multiple}× the bound: ${others.length} answer(s) neither 2xx nor 429 (${[...new Set(others.map((o) => o.status))].join(', ')})`,
      ),
    );
  const sample = judgeSample(samples);
  const limitErrors = violations.length;
  violations.push(...sample.violations);
  const thresholds = evaluateThresholds(t.thresholds, runMetrics(answered, w, limitErrors, sample));
  return {
    multiple,
    offered: answered.length,
    admitted: w.passed,
    rejected: w.refused,
    other: w.other,
    maxAdmittedInWindow: w.maxByStart,
    maxSurelyInWindow: w.surelyInWindow.reduce((a, b) => Math.max(a, b), 0),
    bound: t.bound,
    falseAdmissions: w.falseAdmissions,
    falseRejections: w.falseRejections,
    latencyMs: summarize(answered.filter((r) => r.latencyMs !== null).map((r) => r.latencyMs!)),
    sample: { sampled: sample.sampled, violating: sample.violating },
    thresholds,
    violations,
  };
}
