/**
 * The run's spend plan (issue 19; lib/spend-plan.ts), from the measured spend of each selected test
 * (measurements/request-plan.json `spend`): printed by `--dry-run`, written to `<report dir>/spend-plan.json`
 * for the run (its workers skip the tests left out, suites/support/fixtures.ts), and printed again
 * beside what the run spent.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isTestable, type Rule } from '../contract/rules.ts';
import { fileOf, loadRequestPlan, measuredKey, planKey } from '../lib/request-plan.ts';
import { planLines, planSpend, type SpendPlan } from '../lib/spend-plan.ts';
import { budgetCredits } from '../lib/spend-ledger.ts';
import { REPORT_DIR_FILES } from '../lib/run-state.ts';
import type { PlannedTest } from './selection.ts';

/** A plan as written for the run: the plan and what it was made for. */
export interface RunSpendPlan extends SpendPlan {
  /** With a control plane the suites spend test accounts' credits; without one, the configured keys'. */
  mode: 'control' | 'noControl';
  budgetLabel: string;
}

/** What the target answers free beyond the measured plan's pricing. */
export interface AnsweredFree {
  /** Operations whose refusal probes it answers without credentials (cli/check-order.ts; gap AUTH-020). */
  refusals?: ReadonlySet<string>;
  /** Statuses (400..599) the operator states it never bills (`--unbilled-status`; gap BILL-013). */
  statuses?: ReadonlySet<number>;
}

/**
 * Plans the spend of `tests` within `budgetUsd` (Infinity: unlimited), or undefined when no spend was
 * measured (then only the budget guard of each call applies). What `free` names is left out of each
 * test's measured cost: the refusal probes of its operations, and what answers of its statuses were charged.
 */
export function spendPlanFor(
  tests: readonly PlannedTest[],
  catalogue: ReadonlyMap<string, Rule>,
  selected: ReadonlySet<string> | null,
  budgetUsd: number,
  withControl: boolean,
  free: AnsweredFree = {},
): RunSpendPlan | undefined {
  const freeRefusals = free.refusals ?? new Set<string>();
  const unbilled = free.statuses ?? new Set<number>();
  const plan = loadRequestPlan();
  const measured = plan?.spend;
  if (!plan || !measured) return undefined;
  const mode = withControl || !measured.noControl ? 'control' : 'noControl';
  const credits = mode === 'control' ? measured.control : measured.noControl!;
  const shared = (mode === 'control' ? measured.shared?.control : measured.shared?.noControl) ?? {};
  const refusals = (mode === 'control' ? measured.refusals?.control : measured.refusals?.noControl) ?? {};
  const statuses = (mode === 'control' ? measured.statuses?.control : measured.statuses?.noControl) ?? {};
  const unjudged = (mode === 'control' ? measured.unjudged?.control : measured.unjudged?.noControl) ?? {};
  const headroom = (mode === 'control' ? measured.headroom?.control : measured.headroom?.noControl) ?? {};
  // What a test's refusal probes cost on the key, on operations the target answers them free for (gap AUTH-020).
  const freed = (key: string): number =>
    Object.entries(refusals[key] ?? {})
      .filter(([op]) => freeRefusals.has(op))
      .reduce((a, [, c]) => a + c, 0);
  // What its answers of the statuses declared unbilled were charged, and the dearest of those calls.
  // Refusal probes are answered 422: with 422 declared, that already holds the probes the target answers free.
  const declaredOf = (key: string) => Object.entries(statuses[key] ?? {}).filter(([status]) => unbilled.has(Number(status)));
  const declared = (key: string): number => declaredOf(key).reduce((a, [, s]) => a + s.credits, 0);
  const declaredRoom = (key: string): number => Math.max(0, ...declaredOf(key).map(([, s]) => s.dearest));
  const priced = (key: string): number => (unbilled.has(422) ? Math.max(freed(key), declared(key)) : freed(key) + declared(key));
  const testable = new Set([...catalogue.values()].filter((r) => isTestable(r) && (!selected || selected.has(r.id))).map((r) => r.id));
  // An unmeasured test (new, or its declared rules changed) is priced as the dearest measured test of its file
  // (of the whole plan when its file has none): a conservative estimate, so a budget that buys its file's dearest
  // test runs it and a $0 budget leaves it out, and the plan says so.
  const dearest = new Map<string, number>();
  for (const [key, c] of Object.entries(credits)) {
    const file = key.split(' ')[0]!;
    dearest.set(file, Math.max(dearest.get(file) ?? 0, c));
  }
  const overall = Math.max(0, ...dearest.values());
  const candidates = tests.map((t) => {
    // Its figures under its stable identity (lib/request-plan.ts); an unmeasured test's, estimated (above).
    const m = measuredKey(plan, { file: fileOf(t.location), title: t.title, rules: t.rules, operations: t.operations }) ?? '';
    // The rules it judged when measured: a test that skipped there (it needs a control plane, say) judges nothing here.
    const missed = new Set(unjudged[m] ?? []);
    const rules = t.rules.filter((id) => !missed.has(id));
    return {
      // The run's own key of the test: what the workers look up to skip a test left out.
      key: planKey(fileOf(t.location), t.title),
      credits: m ? Math.max(0, (credits[m] ?? 0) - priced(m)) : (dearest.get(fileOf(t.location)) ?? overall),
      ...(m ? {} : { estimated: true as const }),
      ...(shared[m] ? { shared: shared[m] } : {}),
      ...(headroom[m] ? { headroom: headroom[m] } : {}),
      // A charge given back still needs room while its call is out: the dearest such call's, never priced as
      // spend (a refusal of an invalid request, unlike a 404 on a discovered value, is a refusal on any day).
      ...(declaredRoom(m) ? { givenBack: declaredRoom(m) } : {}),
      rules,
    };
  });
  const budgetLabel = Number.isFinite(budgetUsd) ? `$${budgetUsd.toFixed(3)}` : 'an unlimited budget';
  return { ...planSpend(candidates, budgetCredits(budgetUsd), testable), mode, budgetLabel };
}

/** The plan's lines, naming what its figures were measured on. */
export function spendPlanLines(plan: RunSpendPlan): string[] {
  const [first, ...rest] = planLines(plan, plan.budgetLabel);
  const where = plan.mode === 'control' ? 'with a control plane' : 'without a control plane';
  return [`${first} (measured on the embedded stub ${where})`, ...rest];
}

/** Writes the plan where the run's workers read it; returns its path. */
export function writeSpendPlan(reportDir: string, plan: RunSpendPlan): string {
  const path = join(reportDir, REPORT_DIR_FILES.spendPlan);
  writeFileSync(path, `${JSON.stringify(plan, null, 2)}\n`);
  return path;
}

/** The operations whose refusal probes cost money in the measured plan of `mode` (what cli/check-order.ts probes). */
export function pricedRefusalOperations(withControl: boolean): string[] {
  const measured = loadRequestPlan()?.spend;
  if (!measured) return [];
  const map = (withControl || !measured.noControl ? measured.refusals?.control : measured.refusals?.noControl) ?? {};
  return [...new Set(Object.values(map).flatMap((ops) => Object.keys(ops)))].sort();
}
