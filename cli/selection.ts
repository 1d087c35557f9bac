/**
 * Rule selection: `--rule ID`, `--family PREFIX`, `--operation operationId` (every rule that applies to it,
 * contract/applicability.ts) and the tier decide
 * which catalogue rules a run judges; only the suite tests carrying a selected rule run (clock suites
 * only when one of their tests is selected); every other rule is reported NOT_SELECTED.
 */
import { isTestable, type Rule } from '../contract/rules.ts';
import { applicableOperations } from '../contract/applicability.ts';
import { PRICES } from '../contract/pricing.ts';
import { operationsNamed } from '../contract/route-match.ts';
import { suiteTests } from '../reporter/test-index.ts';
import { UsageError, type RunTier } from './settings.ts';
import { CLOCK_SUITES, ONE_ADDRESS_SUITES } from '../lib/suite-phases.ts';
import { ruleTag } from '../lib/annotation-kinds.ts';

/** Operations a smoke run may call: free, no key needed (contract/pricing.ts). */
export const FREE_OPERATIONS = Object.entries(PRICES)
  .filter(([, p]) => p.credits === 0 && !p.keyOnly)
  .map(([op]) => op)
  .sort();

export interface SelectionInput {
  rules: string[];
  families: string[];
  operations: string[];
  tier: RunTier;
}

const familyOf = (id: string) => id.replace(/-\d+$/, '');

/** Edit distance of `a` and `b`, case-insensitive (Levenshtein: insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  return row[y.length]!;
}

/** The `n` valid names nearest to `name` (fewest edits, then alphabetical): what an unknown selection names. */
export function nearest(name: string, valid: Iterable<string>, n = 3): string[] {
  return [...new Set(valid)]
    .map((v) => ({ v, d: distance(name, v) }))
    .sort((a, b) => a.d - b.d || a.v.localeCompare(b.v))
    .slice(0, n)
    .map((x) => x.v);
}

/**
 * The selected rule IDs, or null when every rule is selected (standard and certify without filters).
 * @throws UsageError for an unknown rule ID, family or operationId, naming the nearest valid ones.
 */
export function selectRules(catalogue: ReadonlyMap<string, Rule>, input: SelectionInput): Set<string> | null {
  const families = new Set([...catalogue.keys()].map(familyOf));
  const operations = new Set(Object.keys(PRICES));
  const unknown = (flag: string, what: string, name: string, valid: Iterable<string>) =>
    new UsageError(`${flag}: unknown ${what} ${name}; did you mean ${nearest(name, valid).join(', ')}?`);
  const badRule = input.rules.find((id) => !catalogue.has(id));
  if (badRule) throw unknown('--rule', 'rule ID', badRule, catalogue.keys());
  const badFamily = input.families.find((f) => !families.has(f));
  if (badFamily) throw unknown('--family', 'rule family', badFamily, families);
  const badOp = input.operations.find((o) => !operations.has(o));
  if (badOp) throw unknown('--operation', 'operationId', badOp, operations);
  const filtered = input.rules.length + input.families.length + input.operations.length > 0;
  if (!filtered && input.tier !== 'smoke') return null;
  const all = [...catalogue.values()].filter((r) => !r.retired);
  let chosen = filtered
    ? all.filter(
        (r) =>
          input.rules.includes(r.id) ||
          input.families.includes(familyOf(r.id)) ||
          applicableOperations(r).some((o) => input.operations.includes(o)),
      )
    : all;
  // Smoke: only rules about free routes (every operation they name is free, no key needed).
  if (input.tier === 'smoke')
    chosen = chosen.filter((r) => (r.operations ?? []).length > 0 && r.operations!.every((o) => FREE_OPERATIONS.includes(o)));
  return new Set(chosen.map((r) => r.id));
}

/** One suite test as listed by Playwright. */
export interface PlannedTest {
  /** `suites/<name>.spec.ts:LINE`, a Playwright location filter. */
  location: string;
  title: string;
  rules: string[];
  /** The operationIds its title names (contract/route-match.ts operationsNamed): part of its identity in the request plan. */
  operations: string[];
  /** In a suite that moves the target's clock (lib/suite-phases.ts CLOCK_SUITES): the serial project. */
  clock: boolean;
  /** In a one-address suite (lib/suite-phases.ts ONE_ADDRESS_SUITES): the serial project unless the target is loopback. */
  oneAddress: boolean;
}

/**
 * Every suite test with its location, rules and what the plan derives from them: from the static test index
 * (reporter/test-index.ts), or Playwright's listing when the sources changed since it was written.
 * @throws Error when the listing is needed and fails.
 */
export function listTests(): PlannedTest[] {
  return suiteTests().map((t) => ({
    location: `${t.file}:${t.line}`,
    title: t.title,
    rules: t.rules,
    operations: operationsNamed(t.title),
    clock: CLOCK_SUITES.test(t.file),
    oneAddress: ONE_ADDRESS_SUITES.test(t.file),
  }));
}

/** The tests carrying at least one selected rule. */
export function plannedTests(tests: readonly PlannedTest[], selected: ReadonlySet<string> | null, tier: RunTier): PlannedTest[] {
  const chosen = selected ? tests.filter((t) => t.rules.some((id) => selected.has(id))) : [...tests];
  // Smoke leaves out the clock suites and the one-address suites: seconds of clock moves and window waits.
  return tier === 'smoke' ? chosen.filter((t) => !t.clock && !t.oneAddress) : chosen;
}

/** Testable selected rules that no planned test carries (they will be NOT_RUN). */
export function uncovered(catalogue: ReadonlyMap<string, Rule>, selected: ReadonlySet<string>, tests: readonly PlannedTest[]): string[] {
  const carried = new Set(tests.flatMap((t) => t.rules));
  return [...selected].filter((id) => !carried.has(id) && isTestable(catalogue.get(id)!));
}

/**
 * The `--grep` pattern of the tests carrying any of `ids`: their rule tags (suites/support/annotations.ts
 * ruleDetails). Playwright matches it against a test's titles and tags; a tag ends at a space or the end.
 * With `also` (the operator's own `--grep`), a test must match both.
 */
export function ruleTagPattern(ids: Iterable<string>, also?: string): string {
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const tags = `${escape(ruleTag(''))}(?:${[...new Set(ids)].sort().map(escape).join('|')})(?=\\s|$)`;
  return also ? `^(?=[\\s\\S]*(?:${also}))(?=[\\s\\S]*${tags})` : tags;
}
