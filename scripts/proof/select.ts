/**
 * Which conformance tests a mutant's run needs: every test annotated with the mutant's rule, plus
 * every test annotated with a rule of the same family (the rule-ID prefix), addressed as
 * `<file>:<line>` so Playwright runs exactly those tests. The cross-cutting families
 * (CONTRACT, SCH: every test validates its answers) are not expanded, or every mutant would run
 * the whole suite.
 */
import { suiteTests, type IndexedTest } from '../../reporter/test-index.ts';

const NOT_EXPANDED = new Set(['CONTRACT', 'SCH']);

export type ListedTest = IndexedTest;

/** Every conformance test with its rule IDs (no target contacted; the static test index when fresh). */
export const listTests = (): ListedTest[] => suiteTests();

export const familyOf = (ruleId: string): string => ruleId.replace(/-\d+$/, '');

/**
 * The tests for one rule: those carrying it (and every test of the `via` files, whose answers on a mutant's
 * operation judge the rule as a cross-cutting one), then those carrying its family.
 */
export function testsFor(
  rule: string,
  tests: readonly ListedTest[],
  via: readonly string[] = [],
): { carrying: ListedTest[]; family: ListedTest[] } {
  const fam = familyOf(rule);
  const inVia = (t: ListedTest): boolean =>
    via.some((file) => t.file === file || t.file.endsWith(`/${file}`) || `suites/${t.file}` === file);
  const carrying = tests.filter((t) => t.rules.includes(rule) || inVia(t));
  const family = NOT_EXPANDED.has(fam) ? [] : tests.filter((t) => !carrying.includes(t) && t.rules.some((r) => familyOf(r) === fam));
  return { carrying, family };
}

/** Playwright location arguments (`suites/<name>.spec.ts:42`, file as listed), deduplicated. */
export const locations = (tests: readonly ListedTest[]): string[] => [...new Set(tests.map((t) => `${t.file}:${t.line}`))];
