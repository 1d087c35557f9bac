/**
 * What a run prints at its end (issue 33): short and complete. Per failing rule a bounded block: its
 * ID and text, its first violations, the seed of a failing property test, and one runnable `curl`
 * (secrets as `$FC_*` placeholders, which the reader's shell fills from its environment). Stack traces
 * are not printed here: `run --verbose` keeps Playwright's own reporter, which prints them.
 */
import type { ReportedRule } from './report.ts';

/** Violations shown per failing rule; the rest are counted and left to rules.json. */
const SHOWN_VIOLATIONS = 3;
/** Longest violation line printed, characters (a line of a huge body is cut, never the curl). */
const LINE = 240;
/** Longest rule text printed, characters. */
const TEXT = 200;

/** A failing property test's fast-check seed and shrink path, printed so the reader can rerun it. */
export interface PropertySeed {
  seed: number;
  path?: string;
}

/** The seed and path fast-check prints in a failing property's message, or undefined. */
export function seedOf(errorText: string): PropertySeed | undefined {
  const m = /\bseed: (-?\d+)(?:, path: "([^"]*)")?/.exec(errorText);
  return m ? { seed: Number(m[1]), ...(m[2] ? { path: m[2] } : {}) } : undefined;
}

const cut = (s: string, n: number) => {
  const one = s.replace(/\s*\n\s*/g, ' ');
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/**
 * The block of one FAILED or ERROR rule: at most 3 + SHOWN_VIOLATIONS lines plus one for the seed and one naming the
 * control-plane calls to make before the curl.
 * @param seeds the seed of each failing property test, by test title (RuleVerdict.tests titles)
 */
export function failingRuleLines(rule: ReportedRule, seeds: ReadonlyMap<string, PropertySeed> = new Map()): string[] {
  const head =
    rule.status === 'ERROR'
      ? `  ERROR ${rule.id} (a harness fault, not the target's): ${cut(rule.text, TEXT)}`
      : `  FAILED ${rule.id} (${rule.level}): ${cut(rule.text, TEXT)}`;
  const exhibits = rule.exhibits ?? [];
  const violations = exhibits.flatMap((e) => e.violations);
  const own = violations.filter((v) => v.ruleId === rule.id);
  const lines = (own.length ? own : violations).map((v) => `[${v.ruleId}] ${v.path}: ${v.message}`);
  // The verdict's own reason first when the exhibits do not say it (a target error, a failed assertion's text).
  const first = rule.reasons[0];
  const reasons = [...new Set([...(first && !lines.some((l) => first.includes(l) || l.includes(first)) ? [first] : []), ...lines])];
  const out = [head, ...reasons.slice(0, SHOWN_VIOLATIONS).map((l) => `    ${cut(l, LINE)}`)];
  if (reasons.length > SHOWN_VIOLATIONS) out.push(`    … ${reasons.length - SHOWN_VIOLATIONS} more (rules.json, certification.html)`);
  const seed = rule.tests.map((t) => seeds.get(t.title)).find(Boolean);
  if (seed) out.push(`    property seed ${seed.seed}${seed.path ? ` (path ${seed.path})` : ''}: rerun with --seed ${seed.seed}`);
  const shown = exhibits.find((e) => e.curl);
  // A control-plane case (a fault, the oil state, the clock) is reproduced only after the calls that set it up.
  if (shown?.setup?.length)
    out.push(`    set up first: ${shown.setup.length} control-plane call(s) of the test, in rules.json and certification.html`);
  if (shown?.curl) out.push(`    reproduce: ${shown.curl}`);
  return out;
}

/**
 * The spend line with the budget in force: what was spent, in how many paid calls, of which budget
 * (`budgetUsd` null: unlimited, the embedded stub's default).
 */
export function spendLine(spentUsd: number, calls: number, budgetUsd: number | null): string {
  const budget =
    budgetUsd === null
      ? 'budget unlimited (the embedded stub: no real money)'
      : budgetUsd === 0
        ? 'budget $0: paid calls are refused (--max-spend USD)'
        : `budget $${budgetUsd.toFixed(3)}`;
  return `Spend: $${spentUsd.toFixed(3)} in ${calls} paid call(s); ${budget}`;
}
