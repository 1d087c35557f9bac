/**
 * The request plan (cli `--dry-run`): how many requests each suite test sent when it last ran against the embedded
 * stub (`measurements/request-plan.json`, written by `npm run request-plan` from a run's results.json).
 * `--dry-run` sums it over the selected tests. It is a measurement, not a promise: another target
 * may answer with more or fewer items to walk, and property tests draw their cases from the seed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StatusSpend } from './test-result.ts';

export const REQUEST_PLAN_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'measurements', 'request-plan.json');

export interface RequestPlan {
  /** Where and when the counts were measured. */
  measured: { commit: string; date: string; target: string; seed: number; stubSeed: number };
  /** `file › test title` → requests the test sent (every scope; the `ip` request annotations). */
  tests: Record<string, number>;
  /**
   * `file › test title` → credits its configured principals' billed calls cost (the result's `spend`;
   * issue 19's spend plan, lib/spend-plan.ts): on the embedded stub with its control plane (`control`),
   * and served without one (`noControl`), where the suites cannot spread their calls over test accounts.
   * A test absent from a map spent nothing there.
   */
  spend?: {
    control: Record<string, number>;
    noControl?: Record<string, number>;
    /**
     * `file › test title` → the shared answers the test reads (suites/support/shared-answers.ts): case →
     * credits of its one fetch, bought once per run by the plan. The maps above hold each test's own
     * calls only (a shared answer a test fetched is here, not there).
     */
    shared?: { control: Record<string, Record<string, number>>; noControl?: Record<string, Record<string, number>> };
    /**
     * `file › test title` → operation → the credits of the test's spend that its refusal probes cost on
     * the key (the result's `refusalSpend`; suites/support/refusals.ts): on a target that answers them
     * free (it checks parameters before credentials, gap AUTH-020), the plan prices them out.
     */
    refusals?: { control: Record<string, Record<string, number>>; noControl?: Record<string, Record<string, number>> };
    /**
     * `file › test title` → status (400..599) → the credits of the test's spend charged on answers of that
     * status, and the dearest such call (the result's `statusSpend`; suites/support/budget.ts): refusals
     * the embedded stub does not bill but a target may (gap BILL-013). For statuses the operator declares
     * unbilled (`--unbilled-status`), the plan prices them out.
     */
    statuses?: { control: Record<string, Record<string, StatusSpend>>; noControl?: Record<string, Record<string, StatusSpend>> };
    /**
     * `file › test title` → the rules it carries but did not judge in that measurement (all of them when
     * it skipped: a control plane, wallet or second key the target lacked; else those withdrawn or met
     * with no instance). The plan does not count on a test for these: on the stub served without a
     * control plane, a test that needs one judges nothing, and a paid test may be a rule's only judge.
     */
    unjudged?: { control: Record<string, string[]>; noControl?: Record<string, string[]> };
    /**
     * `file › test title` → credits its budget held beyond what it spent (the result's `spendHeadroom`:
     * an unused reservation, a worst-case charge refunded as unbilled): room the plan keeps free for it.
     */
    headroom?: { control: Record<string, number>; noControl?: Record<string, number> };
  };
}

/** The plan's key of a listed test. */
export const planKey = (file: string, title: string): string => `${file} › ${title}`;

/** The stored plan, or undefined when the file is absent. @throws SyntaxError on a corrupt file. */
export function loadRequestPlan(file = REQUEST_PLAN_FILE): RequestPlan | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RequestPlan) : undefined;
}

/** A planned test as the dry run lists it (cli/selection.ts PlannedTest): `file:LINE` and its title. */
interface ListedTest {
  location: string;
  title: string;
}

export interface PlannedRequests<T extends ListedTest> {
  total: number;
  /** Requests per planned test (undefined: the test was not measured). */
  perTest: { test: T; requests: number | undefined }[];
  unmeasured: number;
}

/** Sums the plan over `tests` (each test once). */
export function plannedRequests<T extends ListedTest>(plan: RequestPlan, tests: readonly T[]): PlannedRequests<T> {
  const seen = new Set<string>();
  const perTest: PlannedRequests<T>['perTest'] = [];
  for (const test of tests) {
    const key = planKey(test.location.replace(/:\d+$/, ''), test.title);
    if (seen.has(key)) continue;
    seen.add(key);
    perTest.push({ test, requests: plan.tests[key] });
  }
  return {
    total: perTest.reduce((s, t) => s + (t.requests ?? 0), 0),
    perTest,
    unmeasured: perTest.filter((t) => t.requests === undefined).length,
  };
}

/** "planned (measured on the embedded stub at 1a2b3c4 on 2026-11-24)". */
export const planLabel = (plan: RequestPlan): string =>
  `planned (measured on the ${plan.measured.target} at ${plan.measured.commit.slice(0, 7)} on ${plan.measured.date.slice(0, 10)}, seed ${plan.measured.seed})`;
