/**
 * Judges a load run's records, whichever engine sent them (the scheduler, Artillery's workers or
 * processes): the profile's expectations (load/evaluate.ts), the window judge (load/window-judge.ts),
 * the contract sample (load/contract-sample.ts) and the k6-style thresholds (load/thresholds.ts).
 * A limit scope counted per principal is judged per principal when the run spread over several (each key has
 * its own bounds), and the figures are added up: false rejections and admissions summed, every
 * principal's admitted-per-window samples in one trend, an expectation failed when any principal's is.
 * Pure but for the cached rule catalogue.
 */
import type { RequestRecord } from './analysis.ts';
import { judgeSample, type SampleJudgement } from './contract-sample.ts';
import { evaluateRun, type Evaluation, type ExpectationResult } from './evaluate.ts';
import { runMetrics } from './metrics.ts';
import { windowOf, type LoadProfile } from './profiles.ts';
import type { SampledAnswer } from './scheduler.ts';
import { evaluateThresholds, type Metric, type ThresholdResult } from './thresholds.ts';
import { judgeWindow, scopeAnswers, type WindowJudgement } from './window-judge.ts';

export interface RunJudgement {
  evaluation: Evaluation;
  window: WindowJudgement;
  sample: SampleJudgement;
  thresholds: ThresholdResult[];
}

export interface JudgeOptions {
  /** Client/target clock tolerance of the evaluation, ms (default 50). */
  skewMs?: number;
  /**
   * Metrics the engine measured itself, used instead of the ones computed from the records (Artillery's
   * http_req_duration and http_req_failed, from its merged sketches and counters: load/artillery-results.ts).
   */
  engineMetrics?: Readonly<Record<string, Metric>>;
}

const RANK: Record<ExpectationResult['outcome'], number> = { fail: 3, warn: 2, pass: 1, 'not-applicable': 0 };

/** The records of each principal, in principal order; one group when the scope counts per IP or the run used one principal. */
function byPrincipal(profile: LoadProfile, records: readonly RequestRecord[]): { principal?: number; records: RequestRecord[] }[] {
  if (profile.scope.countsPer !== 'principal' || !records.some((r) => r.principal !== undefined)) return [{ records: [...records] }];
  const groups = new Map<number, RequestRecord[]>();
  for (const r of records) {
    const p = r.principal ?? 0;
    groups.set(p, [...(groups.get(p) ?? []), r]);
  }
  return [...groups].sort((a, b) => a[0] - b[0]).map(([principal, rs]) => ({ principal, records: rs }));
}

/** One evaluation of several principals' (an expectation's outcome is its worst principal's). */
function mergeEvaluations(parts: { principal?: number; evaluation: Evaluation }[]): Evaluation {
  if (parts.length === 1) return parts[0]!.evaluation;
  const tag = (p: number | undefined, text: string) => `principal ${p}: ${text}`;
  const results = parts[0]!.evaluation.results.map((first, k) => {
    const all = parts.map((x) => ({ principal: x.principal, r: x.evaluation.results[k]! }));
    const worst = all.reduce((a, b) => (RANK[b.r.outcome] > RANK[a.r.outcome] ? b : a));
    return {
      ...first,
      outcome: worst.r.outcome,
      detail: all.map((x) => tag(x.principal, x.r.detail)).join('; '),
      violations: all.flatMap((x) => x.r.violations.map((v) => ({ ...v, message: tag(x.principal, v.message) }))),
    };
  });
  const violations = results.flatMap((r) => r.violations);
  return {
    results,
    violations,
    errors: violations.filter((v) => v.severity === 'error').length,
    warnings: violations.filter((v) => v.severity === 'warning').length,
  };
}

/** One window judgement of several principals' (counts summed, the per-request figures side by side). */
function mergeWindows(parts: WindowJudgement[]): WindowJudgement {
  if (parts.length === 1) return parts[0]!;
  const sum = (f: (w: WindowJudgement) => number) => parts.reduce((a, w) => a + f(w), 0);
  return {
    passed: sum((w) => w.passed),
    refused: sum((w) => w.refused),
    other: sum((w) => w.other),
    maxByStart: Math.max(...parts.map((w) => w.maxByStart)),
    surelyInWindow: parts.flatMap((w) => w.surelyInWindow),
    falseAdmissions: sum((w) => w.falseAdmissions),
    falseRejections: sum((w) => w.falseRejections),
    falseAdmissionAt: parts.flatMap((w) => w.falseAdmissionAt),
    falseRejectionAt: parts.flatMap((w) => w.falseRejectionAt),
  };
}

/**
 * Judges a run: `t0EpochMs` aligns the records (ms after t0) with the target's clock-aligned windows.
 * @throws ThresholdSyntaxError on a profile threshold that does not parse (a harness error).
 */
export function judgeRun(
  profile: LoadProfile,
  run: { t0EpochMs: number; records: readonly RequestRecord[]; samples: readonly SampledAnswer[] },
  opts: JudgeOptions = {},
): RunJudgement {
  const { bound, windowMs } = windowOf(profile.scope);
  const split = scopeAnswers(profile.scope.name, profile.scope.name === 'ip_guard');
  const groups = byPrincipal(profile, run.records);
  const evaluation = mergeEvaluations(
    groups.map((g) => ({
      principal: g.principal,
      evaluation: evaluateRun(
        profile,
        { t0EpochMs: run.t0EpochMs, records: g.records },
        opts.skewMs === undefined ? {} : { skewMs: opts.skewMs },
      ),
    })),
  );
  const window = mergeWindows(groups.map((g) => judgeWindow(g.records, bound, split, windowMs)));
  const sample = judgeSample(run.samples);
  const metrics = { ...runMetrics(run.records, window, evaluation.errors, sample), ...opts.engineMetrics };
  return { evaluation, window, sample, thresholds: evaluateThresholds(profile.thresholds, metrics) };
}
