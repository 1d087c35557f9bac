/**
 * The request plan (cli `--dry-run`): how many requests each suite test sent when it last ran against the embedded
 * stub (`measurements/request-plan.json`, written by `npm run request-plan` from a run's results.json).
 * `--dry-run` sums it over the selected tests. It is a measurement, not a promise: another target
 * may answer with more or fewer items to walk, and property tests draw their cases from the seed.
 *
 * A test is known to the plan by a stable identity (issue 35), not by its title: its file, the rule IDs it declares
 * (its tags) but the schema rules (CONTRACT, SCH: they follow from the operations whose answers it validates), and
 * the operationIds its title names (one test per operation). Rewording a title keeps its measurement; only where
 * several tests of a file still share an identity does the title tell them apart (`measurementKeys`, `measuredKey`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StatusSpend } from './test-result.ts';
import { ruleTag } from './annotation-kinds.ts';

export const REQUEST_PLAN_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'measurements', 'request-plan.json');

export interface RequestPlan {
  /** Where and when the counts were measured. */
  measured: { commit: string; date: string; target: string; seed: number; stubSeed: number };
  /** Measurement key (`measurementKeys`) → requests the test sent (every scope: its result's ip_guard count). */
  tests: Record<string, number>;
  /**
   * measurement key → credits its configured principals' billed calls cost (the result's `spend`;
   * issue 19's spend plan, lib/spend-plan.ts): on the embedded stub with its control plane (`control`),
   * and served without one (`noControl`), where the suites cannot spread their calls over test accounts.
   * A test absent from a map spent nothing there.
   */
  spend?: {
    control: Record<string, number>;
    noControl?: Record<string, number>;
    /**
     * measurement key → the shared answers the test reads (suites/support/shared-answers.ts): case →
     * credits of its one fetch, bought once per run by the plan. The maps above hold each test's own
     * calls only (a shared answer a test fetched is here, not there).
     */
    shared?: { control: Record<string, Record<string, number>>; noControl?: Record<string, Record<string, number>> };
    /**
     * measurement key → operation → the credits of the test's spend that its refusal probes cost on
     * the key (the result's `refusalSpend`; suites/support/refusals.ts): on a target that answers them
     * free (it checks parameters before credentials, gap AUTH-020), the plan prices them out.
     */
    refusals?: { control: Record<string, Record<string, number>>; noControl?: Record<string, Record<string, number>> };
    /**
     * measurement key → status (400..599) → the credits of the test's spend charged on answers of that
     * status, and the dearest such call (the result's `statusSpend`; suites/support/budget.ts): refusals
     * the embedded stub does not bill but a target may (gap BILL-013). For statuses the operator declares
     * unbilled (`--unbilled-status`), the plan prices them out.
     */
    statuses?: { control: Record<string, Record<string, StatusSpend>>; noControl?: Record<string, Record<string, StatusSpend>> };
    /**
     * measurement key → the rules it carries but did not judge in that measurement (all of them when
     * it skipped: a control plane, wallet or second key the target lacked; else those withdrawn or met
     * with no instance). The plan does not count on a test for these: on the stub served without a
     * control plane, a test that needs one judges nothing, and a paid test may be a rule's only judge.
     */
    unjudged?: { control: Record<string, string[]>; noControl?: Record<string, string[]> };
    /**
     * measurement key → credits its budget held beyond what it spent (the result's `spendHeadroom`:
     * an unused reservation, a worst-case charge refunded as unbilled): room the plan keeps free for it.
     */
    headroom?: { control: Record<string, number>; noControl?: Record<string, number> };
  };
}

/** The run's key of a test (`file › title`): unique among one run's tests (the spend plan's `left`, its workers' skip). */
export const planKey = (file: string, title: string): string => `${file} › ${title}`;

/** A suite test as the plan knows it. */
export interface PlanTest {
  /** The suite file, relative to the project root (`suites/pricing.spec.ts`). */
  file: string;
  title: string;
  /** The rule IDs it declares (its tags). */
  rules: readonly string[];
  /** The operationIds its title names (contract/route-match.ts operationsNamed). */
  operations: readonly string[];
}

/** Schema rules: they follow from the operations whose answers a test validates (suites/support/annotations.ts contractRules). */
const SCHEMA_RULE = /^(?:CONTRACT|SCH)-\d+$/;

/**
 * A test's stable identity: `file @ID … operationId …`, its declared rules but the schema rules as tags
 * (lib/annotation-kinds.ts ruleTag), then the operations its title names, each sorted.
 */
export const planIdentity = (t: PlanTest): string =>
  [
    t.file,
    ...[...new Set(t.rules)]
      .filter((id) => !SCHEMA_RULE.test(id))
      .sort()
      .map(ruleTag),
    ...[...new Set(t.operations)].sort(),
  ].join(' ');

/**
 * The measurement key of each test (`tests` in one run's order): its identity, or `identity › title` where
 * several tests share the identity.
 * @throws Error when two tests share both identity and title (their figures would pool).
 */
export function measurementKeys<T extends PlanTest>(tests: readonly T[]): Map<T, string> {
  const shared = new Map<string, number>();
  for (const t of tests) shared.set(planIdentity(t), (shared.get(planIdentity(t)) ?? 0) + 1);
  const keys = new Map<T, string>();
  const seen = new Set<string>();
  for (const t of tests) {
    const id = planIdentity(t);
    const key = shared.get(id)! > 1 ? `${id} › ${t.title}` : id;
    if (seen.has(key))
      throw new Error(
        `${t.file} › ${t.title}: two tests of one file share this title and these rules; the request plan cannot tell them apart`,
      );
    seen.add(key);
    keys.set(t, key);
  }
  return keys;
}

/**
 * The key `t` was measured under in `plan` (its identity, else `identity › title`), or undefined when it was not
 * measured (new, or its declared rules changed since). A new test declaring the same rules as a measured one of
 * its file reads that test's figures: the plan errs towards spending more.
 */
export function measuredKey(plan: RequestPlan, t: PlanTest): string | undefined {
  const id = planIdentity(t);
  if (id in plan.tests) return id;
  const titled = `${id} › ${t.title}`;
  return titled in plan.tests ? titled : undefined;
}

/** The test a measurement key names (`measurementKeys`): its file, non-schema rules, operations and, where shared, title. */
export function parseMeasurementKey(key: string): PlanTest {
  const [identity = '', ...title] = key.split(' › ');
  const [file = '', ...words] = identity.split(' ');
  return {
    file,
    title: title.join(' › '),
    rules: words.filter((w) => w.startsWith('@')).map((w) => w.slice(1)),
    operations: words.filter((w) => !w.startsWith('@')),
  };
}

/** `file` of a listed test's `file:LINE` location. */
export const fileOf = (location: string): string => location.replace(/:\d+$/, '');

/** The stored plan, or undefined when the file is absent. @throws SyntaxError on a corrupt file. */
export function loadRequestPlan(file = REQUEST_PLAN_FILE): RequestPlan | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RequestPlan) : undefined;
}

/** A planned test as the dry run lists it (cli/selection.ts PlannedTest): `file:LINE`, its title, declared rules and named operations. */
interface ListedTest {
  location: string;
  title: string;
  rules: readonly string[];
  operations: readonly string[];
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
    const key = planKey(fileOf(test.location), test.title);
    if (seen.has(key)) continue;
    seen.add(key);
    const measured = measuredKey(plan, { file: fileOf(test.location), title: test.title, rules: test.rules, operations: test.operations });
    perTest.push({ test, requests: measured === undefined ? undefined : plan.tests[measured] });
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
