/**
 * fast-check properties under Playwright: a budget or precondition skip (`test.skip`, Playwright's
 * TestSkipError) raised while a property runs is the test's SKIPPED verdict, never a failed property;
 * any other failure is reported as fast-check reports it (seed, path, counterexample).
 */
import fc from 'fast-check';
import { test } from '@playwright/test';
import { ANNOTATION } from '../../lib/annotation-kinds.ts';
import { expect } from './matchers.ts';

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

/**
 * `fc.assert` for async properties, turning a skip inside the property into the test's skip.
 * @throws the property's failure (fast-check's report, with the original error as `cause`)
 */
export async function assertProperty<Ts>(
  property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>,
  params: fc.Parameters<Ts> = {},
): Promise<void> {
  const details = await fc.check(property as fc.IAsyncProperty<Ts>, params);
  if (!details.failed) return;
  const skip = skipReasonOf(details.errorInstance);
  if (skip !== undefined) test.skip(true, skip);
  const report = fc.defaultReportMessage(details as fc.RunDetails<Ts>) ?? 'property failed';
  // The original error's text (rule IDs of a failed matcher, or the harness exception) follows the report.
  const error =
    details.errorInstance instanceof Error
      ? `${details.errorInstance.name}: ${details.errorInstance.message}`
      : String(details.errorInstance);
  throw new Error(`${report}\nGot error: ${error}`, { cause: details.errorInstance });
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
  for (const kind of required) expect(executed.get(kind) ?? 0, `${kind} ran at least once (seed ${seed})`).toBeGreaterThan(0);
}
