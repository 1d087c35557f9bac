/**
 * The spec, not the stub (issue 18): two runs' verdicts compared, one against the main stub and one
 * against the alternate stub, which makes every gap rule's `alternate` instead of its `choice`
 * (stub/variant.ts). The alternate stub keeps every documented rule, so a harness that judges only
 * what the spec states gives it:
 *
 * - no FAILED and no ERROR rule;
 * - every documented (non-gap) rule the same verdict as on the main stub;
 * - every gap rule it flips reported GAP "differs" (sameChoiceAsStub false), where the main run saw
 *   the stub's own choice (sameChoiceAsStub true).
 *
 * Used by the rule reporter, which compares its own run with the alternate-stub run a test of
 * tests/variants ran in `npm test` (a result's `variantRuns`), and by `npx tsx scripts/alt-compare.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRules, type Rule } from '../contract/rules.ts';

/** What the comparison reads of one rule of a `rules.json` (reporter/report.ts ReportedRule). */
export interface ComparedRule {
  id: string;
  status: string;
  kind: Rule['kind'];
  reasons?: string[];
  sameChoiceAsStub?: boolean;
}

/** What the comparison reads of one run's `rules.json`: its rules (empty when none was written) and its selection. */
export interface VariantReport {
  rules: ComparedRule[];
  selection: string[] | null;
}

/** Reads `<dir>/rules.json`; a missing or unreadable file gives no rules. */
export function readVariantReport(dir: string): VariantReport {
  try {
    const report = JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')) as VariantReport;
    return { rules: report.rules, selection: report.selection };
  } catch {
    return { rules: [], selection: null };
  }
}

/** The gap rules the alternate stub flips: the catalogue's live gaps with an `alternate`. */
export function flippedGaps(): Set<string> {
  return new Set([...loadRules().values()].filter((r) => r.kind === 'gap' && !r.retired && r.alternate).map((r) => r.id));
}

/** One way the alternate run falls short, with the rule and both verdicts. */
export interface VariantProblem {
  ruleId: string;
  problem: 'failed on alt' | 'error on alt' | 'verdict differs' | 'flip not seen' | 'choice not seen on main';
  main?: string;
  alt: string;
  reasons: string[];
}

const show = (r: ComparedRule | undefined): string =>
  r ? `${r.status}${r.sameChoiceAsStub === undefined ? '' : r.sameChoiceAsStub ? ' (same)' : ' (differs)'}` : 'absent';

/**
 * Compares the main run with the alternate run.
 * @param flipped IDs of the gap rules the alternate stub flips (the catalogue's gaps with an `alternate`)
 * @param selected rule IDs the runs selected (undefined: all); rules outside it are not compared
 */
export function compareVariantRuns(
  main: readonly ComparedRule[],
  alt: readonly ComparedRule[],
  flipped: ReadonlySet<string>,
  selected?: ReadonlySet<string>,
): VariantProblem[] {
  const onMain = new Map(main.map((r) => [r.id, r]));
  const out: VariantProblem[] = [];
  for (const a of alt) {
    if (selected && !selected.has(a.id)) continue;
    const m = onMain.get(a.id);
    const reasons = a.reasons ?? [];
    if (a.status === 'FAILED') out.push({ ruleId: a.id, problem: 'failed on alt', main: show(m), alt: show(a), reasons });
    else if (a.status === 'ERROR') out.push({ ruleId: a.id, problem: 'error on alt', main: show(m), alt: show(a), reasons });
    else if (a.kind === 'rule' && m && m.status !== a.status)
      out.push({ ruleId: a.id, problem: 'verdict differs', main: show(m), alt: show(a), reasons });
    else if (a.kind === 'gap' && flipped.has(a.id)) {
      if (a.sameChoiceAsStub !== false) out.push({ ruleId: a.id, problem: 'flip not seen', main: show(m), alt: show(a), reasons });
      if (m && m.sameChoiceAsStub !== true)
        out.push({ ruleId: a.id, problem: 'choice not seen on main', main: show(m), alt: show(a), reasons: m.reasons ?? [] });
    }
  }
  return out;
}

/** One line per problem, for a failure message or the script's output. */
export function formatVariantProblems(problems: readonly VariantProblem[]): string {
  return problems
    .map(
      (p) =>
        `  ${p.ruleId}: ${p.problem} (main ${p.main ?? '-'}, alt ${p.alt})${p.reasons.length ? `: ${p.reasons.join('; ').slice(0, 300)}` : ''}`,
    )
    .join('\n');
}
