/**
 * The metrics a load run's thresholds (load/thresholds.ts) are judged on, named after k6's where k6
 * has one: http_req_duration (trend, ms), http_req_failed (rate: no answer, 5xx, or a 4xx other than
 * 429), and the limit figures of this harness: false_rejections / false_admissions (counters, from the
 * interval judge of load/window-judge.ts), admitted_per_window (trend: per admitted request, how many
 * admitted requests surely fell in one window with it), limit_rule_violations (counter: error-severity
 * violations of load/evaluate.ts) and contract_violations (counter: sampled answers breaking a MUST
 * rule, load/contract-sample.ts). Pure.
 */
import type { RequestRecord } from './analysis.ts';
import type { SampleJudgement } from './contract-sample.ts';
import type { Metric } from './thresholds.ts';
import type { WindowJudgement } from './window-judge.ts';

/** Metric names, one place (profiles declare thresholds on these). */
export const METRIC = {
  duration: 'http_req_duration',
  failed: 'http_req_failed',
  falseRejections: 'false_rejections',
  falseAdmissions: 'false_admissions',
  admittedPerWindow: 'admitted_per_window',
  limitRuleViolations: 'limit_rule_violations',
  contractViolations: 'contract_violations',
} as const;

/** An answer that is a failure whatever the limits: no answer, a 5xx, or a 4xx other than 429. */
export const isFailed = (r: RequestRecord): boolean => r.status === 0 || r.status >= 500 || (r.status >= 400 && r.status !== 429);

/** The run's metrics: records (sent ones), the window judgement, the evaluation's error count and the sample. */
export function runMetrics(
  records: readonly RequestRecord[],
  window: WindowJudgement,
  limitRuleErrors: number,
  sample: SampleJudgement,
): Record<string, Metric> {
  const sent = records.filter((r) => r.startMs !== null);
  return {
    [METRIC.duration]: {
      kind: 'trend',
      unit: 'ms',
      samples: sent.filter((r) => r.latencyMs !== null && r.status > 0).map((r) => r.latencyMs!),
    },
    [METRIC.failed]: { kind: 'rate', passes: sent.filter(isFailed).length, total: sent.length },
    [METRIC.falseRejections]: { kind: 'counter', unit: 'requests', count: window.falseRejections },
    [METRIC.falseAdmissions]: { kind: 'counter', unit: 'requests', count: window.falseAdmissions },
    [METRIC.admittedPerWindow]: { kind: 'trend', unit: 'requests', samples: window.surelyInWindow },
    [METRIC.limitRuleViolations]: { kind: 'counter', unit: 'violations', count: limitRuleErrors },
    [METRIC.contractViolations]: { kind: 'counter', unit: 'answers', count: sample.violating },
  };
}
