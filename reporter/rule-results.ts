/**
 * Per-rule verdicts from per-test outcomes: the data behind the certification report.
 *
 * - PASSED: a conformance test naming the rule passed AND judged at least one instance of the case the
 *   rule describes on the target's own answers (its result's `judged`, lib/test-result.ts; by default, every answer read).
 * - WARN: a SHOULD (or MAY) rule whose check reported a violation; never breaks the exit status.
 * - FAILED: a failing assertion named the rule (a `violation` annotation or the rule ID in the error).
 * - ERROR: a harness fault (an exception in the harness, a generator that cannot be built for this
 *   target): names the fault, never fails a rule of the target.
 * - NOT_RUN: the rule was never judged (no instance of its case on the target, the test stopped before
 *   judging it, the target was unreachable). Violations are held to a test's end (issue 32), so a test
 *   that failed on one rule still judges the others on every answer it got (`ranToEnd`).
 * - GAP: a point the spec leaves open, with whether the target made the stub's choice.
 * SKIPPED and THROTTLED are never counted as passed; a catalogue rule that no test names is NO_TEST.
 * Tests of the harness itself (project `harness`) never credit a catalogue rule.
 * Levels and kinds are read from the catalogue at run time, never from the tests.
 */
import type { Rule } from '../contract/rules.ts';
import { isTestable } from '../contract/rules.ts';
import { ANNOTATION, PLAYWRIGHT_ANNOTATION } from '../lib/annotation-kinds.ts';
import { emptyTestResult, type ReadResult } from '../lib/test-result.ts';
import { applicableOperations } from '../contract/applicability.ts';
import { answerCheckedRules } from '../checks/answer-rules.ts';

export type TestStatus = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
/** Extensible: renderers must tolerate statuses they do not know (fall back to a neutral style). */
export type RuleStatus =
  | 'PASSED'
  | 'WARN'
  | 'FAILED'
  | 'ERROR'
  | 'SKIPPED'
  | 'THROTTLED'
  | 'NOT_RUN'
  | 'NO_TEST'
  | 'PENDING'
  | 'GAP'
  | 'UNOBSERVABLE'
  | 'NOT_SELECTED';

/**
 * The Playwright projects whose tests check the harness itself (tests/lanes.ts: the unit lane, the rest of the
 * harness's tests, the e2e lane): never credited to catalogue rules.
 */
export const HARNESS_PROJECTS: ReadonlySet<string> = new Set(['unit', 'harness', 'e2e']);

export interface TestOutcome {
  title: string;
  file: string;
  project: string;
  status: TestStatus;
  rules: string[];
  /** Rule IDs the test's checks reported as violated (error severity). */
  violated: string[];
  /** Rules joined by the cross-cutting checks of its answers (`crossCutting`, issue 34): judged, never its own. */
  crossCutting?: string[];
  /** Rule IDs the test's checks reported at warning severity (SHOULD/MAY rules, gaps). */
  warned?: string[];
  /**
   * Instances judged per rule (the result's `judged`), with what the instance is ("an Asset with more
   * than 50 markets"); the key `*` stands for every rule of the test without its own entry. A rule
   * without an entry is judged once per answer of the target read (`answers`).
   */
  judged?: Record<string, { n: number; what: string }>;
  /** Answers of the target the test read (undefined: not recorded, e.g. an older reporter). */
  answers?: number;
  /** Answers read per operation and status (`operationAnswers`): the operations its rules were judged on (issue 34). */
  operationAnswers?: Record<string, Record<string, number>>;
  /** Instances judged per rule and operation (`judgedOn`): where given for a rule, its only operations in this test. */
  judgedOn?: Record<string, Record<string, number>>;
  /** Component schemas the test's answers were validated against (undefined: not recorded). */
  exercised?: ReadonlySet<string>;
  /** Credits the test's billed calls spent, per operation (the result's `spend`; reporter/spend.ts). */
  spend?: Record<string, number>;
  throttled: boolean;
  /** Per violated rule, the first line its violation printed (`✗ [ID] pointer: message`), so each rule reads its own. */
  messages?: Record<string, string>;
  /**
   * The test failed only through violations held to its end (`ranToEnd`, issue 32): each rule it
   * carries was judged on every answer it got, so a rule it found no violation of keeps its own verdict.
   */
  ranToEnd?: boolean;
  /** The test's structured result did not match its schema (lib/test-result.ts): the harness's fault, each rule ERROR. */
  malformed?: string;
  /** A harness fault (exception in the harness, unbuildable generator): the rules are ERROR. */
  fault?: string;
  /** The target could not be reached or did not answer in time: the rules are NOT_RUN. */
  unreachable?: string;
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
  /** Why the rule needs the control plane or a funded wallet (the catalogue's `needs`). */
  needs?: string;
  status: RuleStatus;
  reasons: string[];
  /** Instances of the rule's case judged on the target's answers (PASSED needs at least one). */
  instances?: number;
  /** Gap rules: did the target make the stub's choice (undefined: not observed). */
  sameChoiceAsStub?: boolean;
  tests: { title: string; status: TestStatus | 'inconclusive' }[];
  /**
   * Issue 34: one cell per operation the rule applies to (contract/applicability.ts), judged or why not.
   * Absent for gaps and unobservable rules; empty for a rule that applies to no operation.
   */
  matrix?: OperationCell[];
}

/** Whether a rule was judged on one operation it applies to, and if not, why (issue 34). */
export interface OperationCell {
  operation: string;
  judged: boolean;
  /** Why it was not judged there: not selected, skipped (with its need), no instance, or no test judged it there. */
  reason?: string;
}

/** The reason of a cell no test touched: the pair the suites still have to judge. */
export const NO_TEST_ON_OPERATION = 'no test judged it on this operation';

const RANK: Record<RuleStatus, number> = {
  FAILED: 8,
  ERROR: 7,
  WARN: 6,
  PASSED: 5,
  THROTTLED: 4,
  SKIPPED: 3,
  NOT_RUN: 2,
  PENDING: 1,
  NO_TEST: 1,
  GAP: 0,
  UNOBSERVABLE: 0,
  NOT_SELECTED: 0,
};

/** Statuses, in report order. */
export const RULE_STATUSES = Object.keys(RANK) as RuleStatus[];

/**
 * Rules the contract matcher attributes itself (schema and CONTRACT rules): their violations are
 * always recorded, so a failure that records none of them did not break them.
 */
const selfAttributed = (rule: Rule): boolean => Boolean(rule.schema) || rule.id.startsWith('CONTRACT-');

/** The error texts of a harness fault rather than of a target's answer. */
const FAULT = /(?:^|\n|Got error: )\s*(?:Error: )?((?:TypeError|ReferenceError|RangeError|SyntaxError|HarnessError|FC_CONFIG)\b[^\n]*)/;
const UNREACHABLE = /\b(FC_TARGET_UNREACHABLE|FC_TARGET_TIMEOUT|FC_TARGET_GARBAGE|FC_TARGET_TOO_LARGE)\b[^\n]*/;
const RULE_IN_TEXT = /\b[A-Z][A-Z0-9]*-\d{3,}\b/g;
/**
 * The reason of a test skipped without a `skip` annotation: the runner skipped it (a serial group after
 * a failure) or a skip raised in another test reached it. The suites avoid both; this names the fault.
 */
export const NO_SKIP_REASON = 'skipped with no reason recorded by the test (a harness fault: every skip must say why)';

/**
 * A skip reason naming a need the target or the run lacks: a key, a second principal, the control plane,
 * a budget (or the spend plan), a wallet. Only those are SKIPPED (README: reports); a skip for want of a case
 * in the target's data ("no venue_b event the target resolves") is NOT_RUN with its reason, since the
 * case never occurred (issue 32).
 */
const NEED = /control plane|FC_CONTROL|API key|FC_API_KEY|second principal|second key|budget|spend plan|wallet|FC_WALLET/i;

/**
 * Whether a skip's reason names a need the target lacks (SKIPPED) rather than a case it did not show (NOT_RUN).
 * A reason that says "no instance" first is a missing case whatever it goes on to name (a wallet holding nothing).
 */
export const namesNeed = (reason: string): boolean => (!/^no instance\b/i.test(reason) && NEED.test(reason)) || reason === NO_SKIP_REASON;

/**
 * The outcome of one test from its declared rules, its structured result and its error text (the
 * reporter's input, kept pure so the harness tests can feed it directly).
 * @param annotations the test's Playwright annotations: its declared `rule` IDs and Playwright's `skip`
 *   and `fixme` reasons (nothing else is read from them)
 * @param result the test's result (lib/test-result.ts readTestResult): absent for a test that attached
 *   none (it never started, or it is not a suite test); a malformed one is the harness's fault (ERROR)
 */
export function outcomeOf(input: {
  title: string;
  file: string;
  project: string;
  status: TestStatus;
  annotations: readonly { type: string; description?: string }[];
  result?: ReadResult;
  error?: string;
  /** Every error text of the test, held violations included: where each rule's own violation line is read. */
  violationText?: string;
}): TestOutcome[] {
  const of = (type: typeof ANNOTATION.rule | (typeof PLAYWRIGHT_ANNOTATION)[keyof typeof PLAYWRIGHT_ANNOTATION]) =>
    input.annotations.filter((a) => a.type === type).map((a) => a.description ?? '');
  const declared = [...new Set(of(ANNOTATION.rule))];
  const skipReason = of(PLAYWRIGHT_ANNOTATION.skip).find(Boolean) ?? of(PLAYWRIGHT_ANNOTATION.fixme).find(Boolean);
  const malformed = input.result && !input.result.ok ? input.result.error : undefined;
  const r = input.result?.ok ? input.result.data : emptyTestResult();
  const judged: Record<string, { n: number; what: string }> = {};
  for (const j of r.judged) {
    const prev = judged[j.id];
    judged[j.id] = { n: (prev?.n ?? 0) + j.n, what: prev?.what ?? (j.what || 'its case') };
  }
  const error = input.error ?? '';
  const failed = input.status === 'failed' || input.status === 'timedOut';
  const named = failed ? [...new Set(error.match(RULE_IN_TEXT) ?? [])] : [];
  const unreachable = failed ? UNREACHABLE.exec(error)?.[0] : undefined;
  const fault = failed && !unreachable ? FAULT.exec(error)?.[1] : undefined;
  const firstLine = error.split('\n').find((l) => l.trim());
  const violated = [...new Set([...r.violations, ...named.filter((id) => declared.includes(id))])];
  const base = { title: input.title, file: input.file, project: input.project };
  const operationAnswers: Record<string, Record<string, number>> = {};
  for (const o of r.operationAnswers)
    (operationAnswers[o.operationId] ??= {})[o.status] = (operationAnswers[o.operationId]?.[o.status] ?? 0) + o.n;
  const judgedOn: Record<string, Record<string, number>> = {};
  for (const j of r.judgedOn) (judgedOn[j.id] ??= {})[j.operationId] = (judgedOn[j.id]?.[j.operationId] ?? 0) + j.n;
  const main: TestOutcome = {
    ...base,
    status: input.status,
    // A violation of a rule the test did not declare is still credited to that rule (as a failure).
    rules: [...new Set([...declared, ...r.violations, ...r.warnedRules, ...r.crossCutting])],
    violated,
    ...(r.crossCutting.length ? { crossCutting: [...new Set(r.crossCutting)] } : {}),
    warned: [...new Set(r.warnedRules)],
    judged,
    answers: r.answers,
    operationAnswers,
    judgedOn,
    exercised: new Set(r.exercised),
    throttled: r.throttled.length > 0,
    ...(failed && r.ranToEnd ? { ranToEnd: true } : {}),
    ...(input.violationText ? { messages: violationMessages(input.violationText) } : {}),
    spend: { ...r.spend },
    ...(fault ? { fault: fault.slice(0, 300) } : {}),
    ...(malformed ? { malformed: malformed.slice(0, 300) } : {}),
    ...(unreachable ? { unreachable: unreachable.slice(0, 300) } : {}),
    ...(input.status === 'skipped' ? { reason: skipReason ?? NO_SKIP_REASON } : firstLine ? { reason: firstLine.slice(0, 300) } : {}),
  };
  const out = [main];
  // Rules the test withdrew at run time (suites/support/annotations.ts withdrawRules): it could not
  // judge them, so they count as SKIPPED for this test, never PASSED.
  const withdrawn = new Map<string, string>();
  for (const u of r.unjudged) if (!withdrawn.has(u.id)) withdrawn.set(u.id, u.reason);
  for (const [id, reason] of withdrawn)
    out.push({
      ...base,
      status: 'skipped',
      rules: [id],
      violated: [],
      throttled: false,
      reason: reason ? `not judged: ${reason}` : 'not judged',
    });
  return out;
}

interface Judgement {
  status: RuleStatus;
  reason?: string;
  instances?: number;
  same?: boolean;
}

/** What one test says about one gap rule: never a pass or a failure, only whether the stub's choice was made. */
function judgeGap(t: TestOutcome, rule: Rule): Judgement {
  if (t.status === 'skipped') return { status: 'GAP', reason: `not observed: ${t.reason ?? 'skipped'}` };
  if (t.violated.includes(rule.id) || t.warned?.includes(rule.id))
    return { status: 'GAP', same: false, reason: `the target differs from the stub's choice (${t.title})` };
  if (t.status !== 'passed' && !t.ranToEnd) return { status: 'GAP', reason: `not observed: ${t.title} did not complete` };
  const j = t.judged?.[rule.id] ?? t.judged?.['*'];
  if (j ? j.n === 0 : t.answers === 0)
    return { status: 'GAP', reason: `not observed: no instance of ${j?.what ?? 'an answer'} on the target` };
  return { status: 'GAP', same: true };
}

/** The first `✗ [ID] …` line of each rule in a failure's text (suites/support/matchers.ts formatViolations). */
function violationMessages(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/✗ \[([A-Z][A-Z0-9]*-\d{3,})\] ([^\n]*)/g)) out[m[1]!] ??= `[${m[1]}] ${m[2]!.trim()}`.slice(0, 400);
  return out;
}

/** The reason a violated rule fails with: its own violation line when the test printed one, else the test's. */
const ownReason = (t: TestOutcome, id: string, fallback: string): string => t.messages?.[id] ?? t.reason ?? fallback;

/** What a test that judged its answers to the end says about one of its rules (passed, or failed only by held violations). */
function judgeJudged(t: TestOutcome, rule: Rule): Judgement {
  const id = rule.id;
  // A schema rule is exercised only by an answer whose documented schema reaches its component.
  const component = rule.schema?.split('/')[0];
  if (component && t.exercised && !t.exercised.has(component))
    return { status: 'NOT_RUN', reason: `not exercised: no answer of ${t.title} reached ${component}` };
  const j = t.judged?.[id] ?? t.judged?.['*'];
  const n = j ? j.n : t.answers;
  if (t.violated.includes(id)) {
    if (rule.level === 'MUST') return { status: 'FAILED', reason: ownReason(t, id, `${t.title}: violation recorded`), instances: n || 1 };
    return { status: 'WARN', reason: `violated (${rule.level}): see ${t.title}`, instances: n || 1 };
  }
  if (n === 0)
    return {
      status: 'NOT_RUN',
      reason: j ? `no instance of ${j.what} on the target (${t.title})` : `no answer of the target was judged (${t.title})`,
    };
  if (t.warned?.includes(id)) return { status: 'WARN', reason: `violated (${rule.level}): see ${t.title}`, instances: n ?? 1 };
  return { status: 'PASSED', instances: n ?? 1 };
}

/** What one test says about one of its rules. */
function judge(t: TestOutcome, rule: Rule): Judgement {
  const id = rule.id;
  // What the test found cannot be read: nothing it says about any rule stands.
  if (t.malformed) return { status: 'ERROR', reason: `harness fault in ${t.title}: ${t.malformed}` };
  if (rule.kind === 'gap') return judgeGap(t, rule);
  if (t.status === 'skipped') {
    // A violation seen before the test had to skip is still the target's (held violations, issue 32).
    if (t.violated.includes(id))
      return rule.level === 'MUST'
        ? { status: 'FAILED', reason: `${t.title}: violation recorded before it skipped (${t.reason ?? 'skipped'})` }
        : { status: 'WARN', reason: `violated (${rule.level}): see ${t.title}` };
    if (t.throttled) return { status: 'THROTTLED', reason: t.reason ?? 'skipped' };
    const reason = t.reason ?? 'skipped';
    return namesNeed(reason) ? { status: 'SKIPPED', reason } : { status: 'NOT_RUN', reason: `no instance: ${reason}` };
  }
  if (t.status === 'interrupted') return { status: 'NOT_RUN', reason: t.reason ?? 'run interrupted' };
  const declared = t.rules.includes(id);
  if (t.status === 'passed' || t.ranToEnd) return judgeJudged(t, rule);
  // failed or timed out before its end
  if (t.violated.includes(id))
    return rule.level === 'MUST'
      ? { status: 'FAILED', reason: ownReason(t, id, `${t.title} failed`) }
      : { status: 'WARN', reason: ownReason(t, id, `${t.title} failed`) };
  if (t.warned?.includes(id) && declared) return { status: 'WARN', reason: `violated (${rule.level}): see ${t.title}` };
  if (t.unreachable) return { status: 'NOT_RUN', reason: `target not judged: ${t.unreachable}` };
  // An exception after the target's answer broke a rule: that answer could not be read on; not a harness fault.
  if (t.fault && t.violated.length)
    return { status: 'NOT_RUN', reason: `not judged: ${t.title} could not read the target's answer on (${t.fault})` };
  if (t.fault) return { status: 'ERROR', reason: `harness fault in ${t.title}: ${t.fault}` };
  if (t.status === 'timedOut') return { status: 'NOT_RUN', reason: `not judged: ${t.title} timed out` };
  if (t.violated.length || selfAttributed(rule) || t.crossCutting?.includes(id))
    return { status: 'NOT_RUN', reason: `not judged: ${t.title} stopped before judging it (${t.reason ?? 'a failed precondition'})` };
  // A failing assertion that names no rule: it can only be about the test's single own rule.
  const own = t.rules.filter((r) => !r.startsWith('CONTRACT-') && !/^SCH-/.test(r) && !t.crossCutting?.includes(r));
  if (own.length === 1 && own[0] === id) return { status: 'FAILED', reason: t.reason ?? `${t.title} failed` };
  return { status: 'ERROR', reason: `harness fault: a failing assertion of ${t.title} names no rule (${t.reason ?? 'no message'})` };
}

/**
 * Whether a test's outcome judged `rule` (PASSED, FAILED or WARN; for a gap, whether the stub's choice
 * was observed either way): what the spend plan may count on the test for (scripts/request-plan.ts).
 */
export function judgesRule(t: TestOutcome, rule: Rule): boolean {
  const j = judge(t, rule);
  return rule.kind === 'gap' ? j.same !== undefined : j.status === 'PASSED' || j.status === 'FAILED' || j.status === 'WARN';
}

export function ruleVerdicts(catalogue: Map<string, Rule>, outcomes: TestOutcome[]): RuleVerdict[] {
  const byRule = new Map<string, TestOutcome[]>();
  for (const t of outcomes) {
    if (HARNESS_PROJECTS.has(t.project)) continue;
    for (const id of t.rules) byRule.set(id, [...(byRule.get(id) ?? []), t]);
  }
  const read = answersRead(outcomes);
  // A retired rule asks nothing of a target any more (its sentence left the spec, or another rule took its place):
  // listed, it read as a live gap in rules.json and the certification pages and swelled the gap count.
  return [...catalogue.values()]
    .filter((rule) => !rule.retired)
    .map((rule) => {
      const tests = byRule.get(rule.id) ?? [];
      const base = {
        id: rule.id,
        level: rule.level,
        section: rule.section,
        text: rule.text,
        observe: rule.observe,
        kind: rule.kind,
        ...(rule.choice ? { choice: rule.choice } : {}),
        ...(rule.needs ? { needs: rule.needs } : {}),
      };
      if (!tests.length) {
        const status: RuleStatus =
          rule.kind === 'gap'
            ? 'GAP'
            : rule.observe === 'unobservable'
              ? 'UNOBSERVABLE'
              : rule.pending
                ? 'PENDING'
                : isTestable(rule)
                  ? 'NO_TEST'
                  : 'GAP';
        return {
          ...base,
          status,
          reasons: rule.pending ? [`pending: ${rule.pending}`] : [],
          tests: [],
          ...(isTestable(rule) && matrixOf(rule, [], read) ? { matrix: matrixOf(rule, [], read)! } : {}),
        };
      }
      const judged = tests.map((t) => ({ t, ...judge(t, rule) }));
      // Black-box first (issue 32): a black-box rule one test could judge without the control plane, and did not for
      // want of a case, is NOT_RUN for that reason; another test's "needs control plane" does not hide it.
      const blackBoxTried = rule.observe === 'black-box' && judged.some((j) => j.status === 'NOT_RUN');
      const considered = blackBoxTried
        ? judged.filter((j) => !(j.status === 'SKIPPED' && /control plane|FC_CONTROL/i.test(j.reason ?? '')))
        : judged;
      const status = considered.reduce<RuleStatus>(
        (acc, j) => (RANK[j.status] > RANK[acc] ? j.status : acc),
        rule.kind === 'gap' ? 'GAP' : 'NOT_RUN',
      );
      const reasons = [...new Set(considered.filter((j) => j.status === status && j.reason).map((j) => j.reason!))];
      const instances = judged.reduce((s, j) => s + (j.instances ?? 0), 0);
      const matrix = isTestable(rule) ? matrixOf(rule, judged, read) : undefined;
      const sames = judged.map((j) => j.same).filter((s) => s !== undefined);
      const same = sames.length ? sames.every(Boolean) : undefined;
      return {
        ...base,
        status,
        reasons:
          rule.kind === 'gap' && same !== undefined
            ? [
                same ? "the target made the stub's choice" : "the target differs from the stub's choice",
                ...reasons.filter((r) => !r.startsWith('not observed') || !same),
              ]
            : reasons,
        ...(instances ? { instances } : {}),
        ...(same !== undefined ? { sameChoiceAsStub: same } : {}),
        tests: judged.map((j) => ({
          title: j.t.title,
          status: j.status === 'NOT_RUN' && j.t.status === 'failed' ? 'inconclusive' : j.t.status,
        })),
        ...(matrix ? { matrix } : {}),
      };
    });
}

const JUDGING: ReadonlySet<RuleStatus> = new Set(['PASSED', 'FAILED', 'WARN']);

/**
 * The operations one test's judgement covers: those it named for the rule (`judged(..., op)`), else every
 * applicable operation whose answers it read; for a rule about answers of given statuses (`status:NNN` in
 * each of its selectors), only answers of those statuses count. Instances named with 0 are left out.
 */
function operationsOf(t: TestOutcome, rule: Rule, applicable: ReadonlySet<string>): string[] {
  const named = t.judgedOn?.[rule.id];
  if (named)
    return Object.entries(named)
      .filter(([op, n]) => n > 0 && applicable.has(op))
      .map(([op]) => op);
  const statuses = statusesOf(rule);
  return Object.entries(t.operationAnswers ?? {})
    .filter(([op, byStatus]) => applicable.has(op) && Object.entries(byStatus).some(([st, n]) => n > 0 && (!statuses || statuses.has(st))))
    .map(([op]) => op);
}

/** The statuses a rule speaks of when every selector of its `appliesTo` names one (`status:404`), else undefined. */
function statusesOf(rule: Rule): Set<string> | undefined {
  const found = (rule.appliesTo ?? []).map((s) => /(?:^|&)\s*status:(\d{3})\s*(?:&|$)/.exec(s)?.[1]);
  return found.length && found.every(Boolean) ? new Set(found as string[]) : undefined;
}

/** The statuses of the answers the whole run read, per operation (every conformance test's `operationAnswers`). */
function answersRead(outcomes: readonly TestOutcome[]): Map<string, Set<string>> {
  const read = new Map<string, Set<string>>();
  for (const t of outcomes) {
    if (HARNESS_PROJECTS.has(t.project)) continue;
    for (const [op, byStatus] of Object.entries(t.operationAnswers ?? {}))
      for (const [status, n] of Object.entries(byStatus)) if (n > 0) read.set(op, (read.get(op) ?? new Set()).add(status));
  }
  return read;
}

/**
 * The rule × operation cells of one rule from its tests' judgements (issue 34). A cell of a rule about answers
 * of given statuses that no test judged, on an operation none of whose answers of those statuses the run read,
 * is "no instance" (the run never met the case there), not "no test"; so is a cell of a rule checked on every
 * successful answer (checks/answer-rules.ts) on an operation whose successful answers held none of its case.
 */
function matrixOf(
  rule: Rule,
  judgements: readonly (Judgement & { t: TestOutcome })[],
  read: ReadonlyMap<string, ReadonlySet<string>>,
): OperationCell[] | undefined {
  let ops: readonly string[];
  try {
    ops = applicableOperations(rule);
  } catch {
    return undefined; // an unresolvable statement: rules:check names it; the report shows no matrix for the rule
  }
  const applicable = new Set(ops);
  const judgedOn = new Set<string>();
  const why = new Map<string, string>();
  for (const j of judgements) {
    const touched = operationsOf(j.t, rule, applicable);
    if (JUDGING.has(j.status)) for (const op of touched) judgedOn.add(op);
    else
      for (const op of touched)
        if (!why.has(op)) why.set(op, `${j.status === 'SKIPPED' ? 'skipped' : 'not judged'}: ${j.reason ?? j.status}`);
    // A test that judged the rule but named 0 instances on an operation: no instance there.
    for (const [op, n] of Object.entries(j.t.judgedOn?.[rule.id] ?? {}))
      if (n === 0 && applicable.has(op) && !why.has(op)) why.set(op, `no instance on the target (${j.t.title})`);
  }
  const noTest = judgements.length === 0 ? 'no test' : NO_TEST_ON_OPERATION;
  const statuses = statusesOf(rule);
  const noInstance = (op: string): string | undefined =>
    statuses && ![...statuses].some((st) => read.get(op)?.has(st))
      ? `no instance: the run read no ${[...statuses].join(' or ')} answer of this operation`
      : undefined;
  // A rule checked on every successful answer (checks/answer-rules.ts): its case never occurred in those the run read.
  const checked = answerCheckedRules().get(rule.id);
  const noCase = (op: string): string | undefined =>
    checked && [...(read.get(op) ?? [])].some((st) => /^2\d\d$/.test(st))
      ? `no instance: none of the run's successful answers of this operation, each checked for it, held ${checked}`
      : undefined;
  return ops.map((operation) =>
    judgedOn.has(operation)
      ? { operation, judged: true }
      : { operation, judged: false, reason: why.get(operation) ?? noInstance(operation) ?? noCase(operation) ?? noTest },
  );
}

/** Applicable (rule, operation) pairs of selected testable rules, and those judged (issue 34). */
export function pairCoverage(verdicts: readonly RuleVerdict[]): { applicable: number; judged: number; percent: number } {
  let applicable = 0;
  let judged = 0;
  for (const v of verdicts) {
    if (v.status === 'NOT_SELECTED' || v.status === 'PENDING' || !v.matrix) continue;
    applicable += v.matrix.length;
    judged += v.matrix.filter((c) => c.judged).length;
  }
  return { applicable, judged, percent: applicable ? Math.round((judged / applicable) * 1000) / 10 : 0 };
}

export function summarize(verdicts: RuleVerdict[]): Record<RuleStatus, number> {
  const counts = Object.fromEntries(RULE_STATUSES.map((k) => [k, 0])) as Record<RuleStatus, number>;
  for (const v of verdicts) counts[v.status] = (counts[v.status] ?? 0) + 1;
  return counts;
}

/**
 * Rules outside a run's selection (CLI --rule/--family/--operation or tier): NOT_SELECTED, whatever
 * the tests that ran for other rules said about them. Gaps and unobservable rules keep their status.
 */
export function applySelection(verdicts: RuleVerdict[], selected: ReadonlySet<string> | null): RuleVerdict[] {
  if (!selected) return verdicts;
  return verdicts.map((v) =>
    selected.has(v.id) || v.status === 'GAP' || v.status === 'UNOBSERVABLE'
      ? v
      : {
          ...v,
          status: 'NOT_SELECTED',
          reasons: ['not selected'],
          tests: [],
          ...(v.matrix ? { matrix: v.matrix.map((c) => ({ operation: c.operation, judged: false, reason: 'not selected' })) } : {}),
        },
  );
}
