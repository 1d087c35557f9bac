/**
 * Per-rule verdicts from per-test outcomes: the data behind the certification report.
 * A rule PASSES only when a test naming it passed and none failed; SKIPPED and THROTTLED are never
 * counted as passed; a catalogue rule that no test names is NO_TEST.
 */
import type { Rule } from '../contract/rules.ts';
import { isTestable } from '../contract/rules.ts';

export type TestStatus = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
export type RuleStatus = 'PASSED' | 'FAILED' | 'SKIPPED' | 'THROTTLED' | 'NOT_RUN' | 'NO_TEST' | 'PENDING' | 'GAP' | 'UNOBSERVABLE' | 'NOT_SELECTED';

export interface TestOutcome {
  title: string;
  file: string;
  project: string;
  status: TestStatus;
  rules: string[];
  /** Rule IDs the test's checks reported as violated. */
  violated: string[];
  /** Component schemas the test's answers were validated against (undefined: not recorded). */
  exercised?: ReadonlySet<string>;
  throttled: boolean;
  reason?: string;
}

export interface RuleVerdict {
  id: string;
  level: Rule['level'];
  section: string;
  text: string;
  observe: Rule['observe'];
  kind: Rule['kind'];
  choice?: string;
  status: RuleStatus;
  reasons: string[];
  tests: { title: string; status: TestStatus | 'inconclusive' }[];
}

const RANK: Record<RuleStatus, number> = { FAILED: 6, PASSED: 5, THROTTLED: 4, SKIPPED: 3, NOT_RUN: 2, PENDING: 1, NO_TEST: 1, GAP: 0, UNOBSERVABLE: 0, NOT_SELECTED: 0 };

/** What one test says about one of its rules. */
/**
 * Rules the contract matcher attributes itself (schema and CONTRACT rules): their violations are
 * always recorded, so a failure that records none of them did not break them.
 */
const selfAttributed = (rule: Rule): boolean => Boolean(rule.schema) || rule.id.startsWith('CONTRACT-');

function judge(t: TestOutcome, rule: Rule): { status: RuleStatus; reason?: string } {
  const id = rule.id;
  if (t.status === 'skipped') return { status: t.throttled ? 'THROTTLED' : 'SKIPPED', reason: t.reason ?? 'skipped' };
  if (t.status === 'passed') {
    // A schema rule is exercised only by an answer whose documented schema reaches its component.
    const component = rule.schema?.split('/')[0];
    if (component && t.exercised && !t.exercised.has(component)) return { status: 'NOT_RUN', reason: `not exercised: no answer of ${t.title} reached ${component}` };
    return { status: 'PASSED' };
  }
  if (t.status === 'interrupted') return { status: 'NOT_RUN', reason: t.reason ?? 'run interrupted' };
  // A failure with attributed violations fails only those rules; the test's other rules were not judged.
  if (t.violated.length && !t.violated.includes(id)) return { status: 'NOT_RUN', reason: `not judged: ${t.title} failed on other rules` };
  if (!t.violated.includes(id) && selfAttributed(rule)) return { status: 'NOT_RUN', reason: `not judged: ${t.title} failed on another assertion` };
  return { status: 'FAILED', reason: t.reason ?? `${t.title} failed` };
}

export function ruleVerdicts(catalogue: Map<string, Rule>, outcomes: TestOutcome[]): RuleVerdict[] {
  const byRule = new Map<string, TestOutcome[]>();
  for (const t of outcomes) for (const id of t.rules) byRule.set(id, [...(byRule.get(id) ?? []), t]);
  return [...catalogue.values()].map((rule) => {
    const tests = byRule.get(rule.id) ?? [];
    const base = { id: rule.id, level: rule.level, section: rule.section, text: rule.text, observe: rule.observe, kind: rule.kind, ...(rule.choice ? { choice: rule.choice } : {}) };
    if (!tests.length) {
      const status: RuleStatus = rule.kind === 'gap' ? 'GAP' : rule.observe === 'unobservable' ? 'UNOBSERVABLE' : rule.pending ? 'PENDING' : isTestable(rule) ? 'NO_TEST' : 'GAP';
      return { ...base, status, reasons: rule.pending ? [`pending: ${rule.pending}`] : [], tests: [] };
    }
    const judged = tests.map((t) => ({ t, ...judge(t, rule) }));
    const status = judged.reduce<RuleStatus>((acc, j) => (RANK[j.status] > RANK[acc] ? j.status : acc), 'NOT_RUN');
    const reasons = [...new Set(judged.filter((j) => j.status === status && j.reason).map((j) => j.reason!))];
    return { ...base, status, reasons, tests: judged.map((j) => ({ title: j.t.title, status: j.status === 'NOT_RUN' && j.t.status === 'failed' ? 'inconclusive' : j.t.status })) };
  });
}

export function summarize(verdicts: RuleVerdict[]): Record<RuleStatus, number> {
  const counts = Object.fromEntries(Object.keys(RANK).map((k) => [k, 0])) as Record<RuleStatus, number>;
  for (const v of verdicts) counts[v.status]++;
  return counts;
}

/**
 * Rules outside a run's selection (CLI --rule/--family/--operation or tier): NOT_SELECTED, whatever
 * the tests that ran for other rules said about them. Gaps and unobservable rules keep their status.
 */
export function applySelection(verdicts: RuleVerdict[], selected: ReadonlySet<string> | null): RuleVerdict[] {
  if (!selected) return verdicts;
  return verdicts.map((v) => (selected.has(v.id) || v.status === 'GAP' || v.status === 'UNOBSERVABLE' ? v : { ...v, status: 'NOT_SELECTED', reasons: ['not selected'], tests: [] }));
}
