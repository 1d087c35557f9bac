/**
 * Rule annotations and the test's result: every suite test declares the catalogue rules it checks, as
 * Playwright annotations of type `rule` (an ID each). Unknown IDs fail at collection time, so a test can
 * never name a rule the catalogue lacks. What the test then finds (instances judged, answers read,
 * violations, spend, requests) goes into its structured result (lib/test-result.ts), attached when it
 * ends (the `testResult` fixture, suites/support/fixtures.ts): data, never an encoded string.
 */
import { test } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import type { LimitScope } from '../../contract/limits.ts';
import { loadRules, schemaRulesFor } from '../../contract/rules.ts';
import type { TestInfo } from '@playwright/test';
import { ANNOTATION, ruleTag, SLOW_TAG } from '../../lib/annotation-kinds.ts';
import { emptyTestResult, TEST_RESULT_ATTACHMENT, type TestResultData } from '../../lib/test-result.ts';

export interface RuleAnnotation {
  type: typeof ANNOTATION.rule;
  description: string;
}

/** Annotations for the given rule IDs. @throws Error for an ID not in the catalogue. */
export function rules(...ids: string[]): RuleAnnotation[] {
  const catalogue = loadRules();
  const unknown = ids.filter((id) => !catalogue.has(id));
  if (unknown.length) throw new Error(`unknown rule id(s): ${unknown.join(', ')}`);
  return [...new Set(ids)].map((description) => ({ type: ANNOTATION.rule, description }));
}

/**
 * A suite test's details for the given rule IDs: their `rule` annotations and the same IDs as Playwright tags
 * (`@ERR-001`), so a run selects the tests of its rules with `--grep` over tags (cli/selection.ts ruleTagPattern).
 * @throws Error for an ID not in the catalogue.
 */
export function ruleDetails(...ids: string[]): { annotation: RuleAnnotation[]; tag: string[] } {
  const annotation = rules(...ids);
  return { annotation, tag: annotation.map((a) => ruleTag(a.description)) };
}

/**
 * `details` with the slow lane's tag (lib/annotation-kinds.ts SLOW_TAG): a per-operation repeat of a windowed limit
 * whose rule a faster test also judges on a representative operation, left out of `npm test`'s conformance run.
 */
export function slow<T extends { tag: string[] }>(details: T): T {
  return { ...details, tag: [...details.tag, SLOW_TAG] };
}

/**
 * The rules among `ids` whose catalogue entry names `operationId` in its `operations` (so a suite
 * that applies a rule to some operations reads which ones from the catalogue, not from its own table).
 */
export function rulesNaming(operationId: string, ids: readonly string[]): string[] {
  const catalogue = loadRules();
  return ids.filter((id) => catalogue.get(id)?.operations?.includes(operationId));
}

/**
 * The schema (SCH) rules enforced by `toMatchContract` for the given operations' responses: every
 * component schema reachable from those responses. Use with `rules(...)` in a test that validates
 * every answer of those operations.
 */
export function contractRules(...operationIds: string[]): string[] {
  const names = new Set<string>();
  for (const op of operationIds) for (const n of contract().componentsOf(op)) names.add(n);
  return ['CONTRACT-001', 'CONTRACT-002', 'CONTRACT-003', 'CONTRACT-004', ...schemaRulesFor(names)];
}

/** Each running test's result, filled while it runs and attached when it ends. */
const RESULTS = new WeakMap<TestInfo, TestResultData>();

/** The result of the test `info` describes (created empty on first use). */
export function resultOf(info: TestInfo): TestResultData {
  let r = RESULTS.get(info);
  if (!r) RESULTS.set(info, (r = emptyTestResult()));
  return r;
}

/** The running test's result, or undefined outside a test (load scripts, the stub's self-check). */
export function currentResult(): TestResultData | undefined {
  const info = currentTest();
  return info ? resultOf(info) : undefined;
}

/** Attaches the result of the test `info` describes (once, at its end: suites/support/fixtures.ts `testResult`). */
export async function attachResult(info: TestInfo): Promise<void> {
  const r = RESULTS.get(info) ?? emptyTestResult();
  await info.attach(TEST_RESULT_ATTACHMENT.name, { body: JSON.stringify(r), contentType: TEST_RESULT_ATTACHMENT.contentType });
}

/** Adds `id` to `list` unless it is there. */
export const addOnce = (list: string[], id: string): void => {
  if (!list.includes(id)) list.push(id);
};

/** Adds `n` to the entry of `list` that `same` finds, or appends `make()` with `n`. */
function addUp<T extends { n: number }>(list: T[], same: (e: T) => boolean, make: () => Omit<T, 'n'>, n: number): void {
  const e = list.find(same);
  if (e) e.n += n;
  else list.push({ ...make(), n } as T);
}

/**
 * Withdraws rule annotations from the running test when the test could not judge them (a step
 * skipped for lack of a key or budget, no answer of the kind the rule speaks about): a passing test
 * must never report them PASSED. Each is recorded in the result's `unjudged` with the reason, which
 * the rule reporter counts as SKIPPED for that rule.
 */
export function withdrawRules(ids: readonly string[], reason: string): void {
  const info = test.info();
  const drop = new Set(ids.filter((id) => info.annotations.some((a) => a.type === ANNOTATION.rule && a.description === id)));
  if (!drop.size) return;
  const kept = info.annotations.filter((a) => !(a.type === ANNOTATION.rule && a.description !== undefined && drop.has(a.description)));
  info.annotations.splice(0, info.annotations.length, ...kept);
  for (const id of drop) resultOf(info).unjudged.push({ id, reason });
}

/**
 * Records how many instances of a rule's case the running test judged on the target's answers (the
 * result's `judged`; counts add up over calls). A rule the test declares but never
 * records is judged once per answer read, unless a registered check declares its case (checks/define.ts
 * `cases`): the fixtures record such a rule with 0 instances up front (suites/support/judging.ts). A PASSED verdict needs at least one instance: with 0, the
 * rule is NOT_RUN "no instance of <what> on the target" (reporter/rule-results.ts).
 * @param ruleIds the rules judged; `'*'` = every rule of the test without its own count
 * @param what the case, as a noun phrase ("an Asset with more than 50 markets")
 * @param operationId the operation whose answers held the instances (issue 34's rule × operation matrix): given
 *   once for a rule in a test, the test credits that rule on the operations it names only; else on every
 *   applicable operation whose answers the test read
 * @returns whether any instance was judged (a test with none can end there: its rules are NOT_RUN)
 */
export function judged(ruleIds: string | readonly string[], n: number, what: string, operationId?: string): boolean {
  const r = currentResult();
  if (!r) return n > 0;
  const add = Math.max(0, Math.floor(n));
  for (const id of typeof ruleIds === 'string' ? [ruleIds] : ruleIds) {
    if (operationId)
      addUp(
        r.judgedOn,
        (e) => e.id === id && e.operationId === operationId,
        () => ({ id, operationId }),
        add,
      );
    // One entry per rule and case, added up in place (a fuzzed test judges hundreds of answers).
    addUp(
      r.judged,
      (e) => e.id === id && e.what === what,
      () => ({ id, what }),
      add,
    );
  }
  return n > 0;
}

/** Whether the running test declares `ruleId` (a `rule` annotation); false outside a test. */
export function declares(ruleId: string): boolean {
  return currentTest()?.annotations.some((a) => a.type === ANNOTATION.rule && a.description === ruleId) ?? false;
}

/**
 * Counts one answer of the target read by the running test, and of its operation and status when known
 * (suites/support/client.ts, shared-answers.ts): the operations the test's rules were judged on (issue 34).
 */
export function countAnswer(operationId?: string, status?: number): void {
  const r = currentResult();
  if (!r) return;
  r.answers++;
  if (operationId && status)
    addUp(
      r.operationAnswers,
      (e) => e.operationId === operationId && e.status === status,
      () => ({ operationId, status }),
      1,
    );
}

/**
 * Counts one request sent by the running test against a limit scope (the result's `requests`, added up
 * per pair): the reporter's wall-time floor (reporter/floor.ts).
 * `principal` is a key fingerprint, a source address or 'route' (the oil route's), never a key.
 */
export function countRequest(scope: LimitScope, principal: string): void {
  const r = currentResult();
  if (!r) return;
  addUp(
    r.requests,
    (e) => e.scope === scope && e.principal === principal,
    () => ({ scope, principal }),
    1,
  );
}

/** The running test's info, or undefined outside a test. */
export function currentTest(): ReturnType<typeof test.info> | undefined {
  try {
    return test.info();
  } catch {
    return undefined; // outside a test (load scripts, the stub's self-check)
  }
}
