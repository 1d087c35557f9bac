/**
 * fast-check properties under Playwright: a budget or precondition skip (`test.skip`, Playwright's
 * TestSkipError) raised while a property runs is the test's SKIPPED verdict, never a failed property;
 * any other failure is reported as fast-check reports it (seed, path, counterexample).
 */
import fc from 'fast-check';
import { test } from '@playwright/test';
import { ANNOTATION } from '../../lib/annotation-kinds.ts';
import { expect, heldFailures } from './matchers.ts';
import { addOnce, resultOf } from './annotations.ts';

const SKIP_PREFIX = 'Test is skipped: ';

/**
 * Runs of a property over a paid route when every call is the configured key's money within a finite
 * budget (no control plane to mint credits): one random case, drawn from the run's seed, so each rule is
 * still judged on an answer of its own, and a run that gates a deployment on a real target does not buy
 * 25 cases of what one judges (issue 19, "properties on paid routes sized to what the budget allows").
 * One, not more: measured on the stub without a control plane (at e0790ce, of the 312 budget-bound rules then
 * counted), a $2 plan judged 75.7% of them with three cases per property and 79.9% with one: one case
 * buys more rules elsewhere than two more cases of one. A different seed per run (`--seed`) walks other cases.
 */
export const THRIFT_RUNS = 1;

let thrift = false;

/**
 * Set once per test by the `targetOptions` fixture: whether paid calls are charged to the configured
 * key within a finite budget (no control plane, `--max-spend` finite).
 */
export function setThrift(on: boolean): void {
  thrift = on;
}

/**
 * Whether paid calls are the configured key's money within a finite budget: a test then sends one case
 * of each rule where it would send several (issue 19), as a property draws THRIFT_RUNS.
 */
export function thrifty(): boolean {
  return thrift;
}

/**
 * numRuns for a property whose every run sends paid calls: `runs`, or at most THRIFT_RUNS when the run
 * spends the configured key's money within a finite budget (see THRIFT_RUNS).
 */
export function paidRuns(runs: number): number {
  return thrift ? Math.min(runs, THRIFT_RUNS) : runs;
}

/** The reason of a Playwright skip (TestSkipError) in an error or its causes; undefined for any other error. */
export function skipReasonOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = (e as Error & { cause?: unknown }).cause, depth++) {
    if (e.constructor.name === 'TestSkipError' || e.message.startsWith(SKIP_PREFIX))
      return e.message.startsWith(SKIP_PREFIX) ? e.message.slice(SKIP_PREFIX.length) : e.message;
  }
  return undefined;
}

/** Whether an error is a failed expectation (Playwright's ExpectError carries its matcher's result), not a fault. */
const isExpectation = (error: unknown): boolean => error instanceof Error && 'matcherResult' in error;

const RULE_ID = /\b[A-Z][A-Z0-9]*-\d{3,}\b/g;

/**
 * Whether a failed expectation's rules are recorded: a violation matcher's (its `✗ [ID]` lines, recorded
 * as `violation` annotations when it failed), or a plain expectation whose message names rules the test
 * declares (recorded here). One naming no declared rule is left to the reporter (it must be the test's
 * only rule, else it is a harness fault), so it is not held.
 */
function attributed(message: string): boolean {
  if (/^\s*✗ \[/m.test(message)) return true;
  const info = test.info();
  const declared = new Set(info.annotations.filter((a) => a.type === ANNOTATION.rule).map((a) => a.description));
  const named = [...new Set(message.match(RULE_ID) ?? [])].filter((id) => declared.has(id));
  for (const id of named) addOnce(resultOf(info).violations, id);
  return named.length > 0;
}

/**
 * `fc.assert` for async properties, turning a skip inside the property into the test's skip. Inside the
 * property a violation throws, so fast-check shrinks it; a failed expectation is then held to the end of
 * the test like any other violation (issue 32), and the test's other checks still run.
 * @throws the property's failure when it is a fault of the harness or the target's answer could not be
 *   read (fast-check's report, with the original error as `cause`), or when no conformance test is running
 */
export async function assertProperty<Ts>(
  property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>,
  params: fc.Parameters<Ts> = {},
): Promise<void> {
  const holder = heldFailures();
  if (holder) holder.throwing++;
  let details: fc.RunDetails<Ts>;
  try {
    details = (await fc.check(property as fc.IAsyncProperty<Ts>, params)) as fc.RunDetails<Ts>;
  } finally {
    if (holder) holder.throwing--;
  }
  if (!details.failed) return;
  const skip = skipReasonOf(details.errorInstance);
  if (skip !== undefined) test.skip(true, skip);
  const report = fc.defaultReportMessage(details) ?? 'property failed';
  // The original error's text (rule IDs of a failed matcher, or the harness exception) follows the report.
  const error =
    details.errorInstance instanceof Error
      ? `${details.errorInstance.name}: ${details.errorInstance.message}`
      : String(details.errorInstance);
  const message = `${report}\nGot error: ${error}`;
  if (holder && isExpectation(details.errorInstance) && attributed(message)) {
    holder.messages.push(message);
    return;
  }
  throw new Error(message, { cause: details.errorInstance });
}

/**
 * The end of a model-based run (fast-check commands): at least one run happened, a `note` annotation
 * says how often each command ran, and every command kind in `required` ran at least once (a model run
 * that never took a transition proved nothing about it).
 * @param executed runs per command kind, counted by the commands
 */
export function expectCommandsRan(runs: number, executed: ReadonlyMap<string, number>, required: readonly string[], seed: number): void {
  expect(runs).toBeGreaterThan(0);
  test.info().annotations.push({
    type: ANNOTATION.note,
    description: `commands run: ${[...executed.entries()].map(([k, n]) => `${k}×${n}`).join(', ')}`,
  });
  // A property that failed (its violation held, issue 32) ended its run early: fewer commands ran, and that is its report.
  if (heldFailures()?.messages.length) return;
  for (const kind of required) expect(executed.get(kind) ?? 0, `${kind} ran at least once (seed ${seed})`).toBeGreaterThan(0);
}
