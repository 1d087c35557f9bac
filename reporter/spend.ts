/**
 * Spend per operation, family, rule and test (issue 19): what the run's billed calls cost, from the
 * `spend` of each test's result (lib/test-result.ts; credits per operationId: its configured principals' billed
 * calls, net of refunds; suites/support/fixtures.ts `budget`). A test's spend is shared equally by the
 * rules it judged (at least one instance), so a rule's spend is the share of the answers it was judged
 * on, and a family's the sum of its rules'. Units: credits (1 credit = $0.001).
 */
import type { RuleVerdict, TestOutcome } from './rule-results.ts';

/** One test's spend. */
export interface TestSpend {
  title: string;
  credits: number;
  byOperation: Record<string, number>;
}

/** The run's spend, broken down (credits). */
export interface SpendBreakdown {
  credits: number;
  byOperation: Record<string, number>;
  byFamily: Record<string, number>;
  /** Rule ID → its share of the spend of the tests that judged it (rounded to whole credits). */
  byRule: Record<string, number>;
  /** The costliest tests, most expensive first (at most TOP_TESTS). */
  topTests: TestSpend[];
}

/** Tests listed in `topTests`. */
const TOP_TESTS = 15;

const add = (to: Record<string, number>, key: string, n: number) => (to[key] = (to[key] ?? 0) + n);
const family = (id: string) => id.replace(/-\d+$/, '');

/**
 * The breakdown of a run: per operation from every test's spend, per rule from the rules each test
 * judged (verdict PASSED, WARN or FAILED with that test among its tests), per family from the rules.
 */
export function spendBreakdown(outcomes: readonly TestOutcome[], verdicts: readonly RuleVerdict[]): SpendBreakdown {
  const byOperation: Record<string, number> = {};
  const byRule: Record<string, number> = {};
  const tests: TestSpend[] = [];
  const judgedBy = new Map<string, string[]>();
  for (const v of verdicts) {
    if (v.status !== 'PASSED' && v.status !== 'WARN' && v.status !== 'FAILED') continue;
    for (const t of v.tests)
      if (t.status === 'passed' || t.status === 'failed') judgedBy.set(t.title, [...(judgedBy.get(t.title) ?? []), v.id]);
  }
  for (const t of outcomes) {
    const spend = t.spend ?? {};
    const credits = Object.values(spend).reduce((a, b) => a + b, 0);
    if (credits <= 0) continue;
    for (const [op, c] of Object.entries(spend)) add(byOperation, op, c);
    // The title already starts with the test's file, as the reporter names a test (issue 33: it was repeated).
    tests.push({ title: t.title, credits, byOperation: spend });
    const rules = judgedBy.get(t.title) ?? [];
    for (const id of rules) add(byRule, id, credits / rules.length);
  }
  const byFamily: Record<string, number> = {};
  for (const [id, c] of Object.entries(byRule)) {
    byRule[id] = Math.round(c);
    add(byFamily, family(id), c);
  }
  for (const k of Object.keys(byFamily)) byFamily[k] = Math.round(byFamily[k]!);
  return {
    credits: tests.reduce((s, t) => s + t.credits, 0),
    byOperation,
    byFamily,
    byRule,
    topTests: tests.sort((a, b) => b.credits - a.credits).slice(0, TOP_TESTS),
  };
}

const dollars = (credits: number) => `$${(credits / 1000).toFixed(3)}`;

/** Terminal lines: spend per operation (costliest first) and the three costliest tests. */
export function spendLines(s: SpendBreakdown): string[] {
  if (s.credits <= 0) return [];
  const ops = Object.entries(s.byOperation)
    .sort((a, b) => b[1] - a[1])
    .map(([op, c]) => `${op} ${dollars(c)}`);
  return [
    `Spend per operation: ${ops.join(', ')}`,
    ...s.topTests.slice(0, 3).map((t, i) => `  costliest test ${i + 1}: ${dollars(t.credits)} ${t.title}`),
  ];
}

/**
 * A warning when the operator stated some statuses unbilled (`--unbilled-status`) and the run saw the
 * target bill answers other than 2xx: BILL-013 reported "differs" from the choice that only 2xx answers
 * are billed (judged with a control plane). The budget then gave back charges the target may have kept.
 */
export function unbilledStatementLines(
  verdicts: readonly Pick<RuleVerdict, 'id' | 'sameChoiceAsStub'>[],
  stated: readonly number[] = [],
): string[] {
  if (!stated.length) return [];
  const bill = verdicts.find((v) => v.id === 'BILL-013');
  if (bill?.sameChoiceAsStub !== false) return [];
  return [
    `Warning: status ${stated.join(', ')} counted unbilled as the operator stated, but BILL-013 saw the target bill an answer other than 2xx; the spend counted may be short of what was billed.`,
  ];
}

/** What the certification report shows of the spend: rules.json's breakdown (USD). */
interface ShownSpend {
  usd: number;
  breakdown?: {
    byOperation: Record<string, number>;
    byFamily: Record<string, number>;
    topTests: { title: string; usd: number }[];
  };
}

const usd3 = (n: number) => `$${n.toFixed(3)}`;
const sorted = (r: Record<string, number>) => Object.entries(r).sort((a, b) => b[1] - a[1]);

/** The markdown "Spend" section (empty when nothing was spent). */
export function spendMarkdown(spend: ShownSpend): string[] {
  const b = spend.breakdown;
  if (!b) return [];
  const out = [`## Spend (${usd3(spend.usd)})`, '', '| operation | USD |', '|---|---|'];
  for (const [op, v] of sorted(b.byOperation)) out.push(`| ${op} | ${usd3(v)} |`);
  out.push('', "| family | USD (its rules' share of the answers they were judged on) |", '|---|---|');
  for (const [f, v] of sorted(b.byFamily)) out.push(`| ${f} | ${usd3(v)} |`);
  out.push('', 'Costliest tests:', '');
  for (const t of b.topTests) out.push(`- ${usd3(t.usd)} ${t.title}`);
  out.push('');
  return out;
}

/** The "Spend" section of the certification page as data: three tables of [name, USD] (undefined when nothing was spent). */
export function spendView(spend: ShownSpend): { usd: string; tables: { head: string; rows: [string, string][] }[] } | undefined {
  const b = spend.breakdown;
  if (!b) return undefined;
  const rows = (r: [string, number][]): [string, string][] => r.map(([k, v]) => [k, usd3(v)]);
  return {
    usd: usd3(spend.usd),
    tables: [
      { head: 'operation', rows: rows(sorted(b.byOperation)) },
      { head: "family (its rules' share)", rows: rows(sorted(b.byFamily)) },
      { head: 'costliest test', rows: rows(b.topTests.map((t) => [t.title, t.usd])) },
    ],
  };
}
