/**
 * What a run hands CI besides its exit code (issue 33): under GitHub Actions (GITHUB_ACTIONS=true) one
 * `::error` annotation per failing rule, titled with its ID, and a Markdown summary appended to
 * $GITHUB_STEP_SUMMARY; and for `run --json` a machine-readable summary of the run. Built from the
 * report as written (rules.json), so all three say what the reports say.
 */
import { appendFileSync } from 'node:fs';
import type { CertificationReport, ReportedRule } from '../reporter/report.ts';
import { breakingCount } from '../reporter/drift.ts';

/** The summary `run --json` prints on stdout (one JSON document). */
export interface RunSummary {
  verdict: CertificationReport['verdict'];
  verdictReason: string;
  /** The process's exit code. */
  exitCode: number;
  counts: Record<string, number>;
  coverage: number;
  /** Each FAILED or ERROR rule: its ID, status, level, text, first violation (or reason), one curl and the control-plane calls to make before it (`setup`). */
  failing: { id: string; status: string; level: string; text: string; first: string; curl?: string; setup?: string[] }[];
  spend: { usd: number; calls: number; budgetUsd: number | null };
  /** null when the served contract was not compared. */
  drift: { status: string; breaking: number; nonBreaking: number; annotation: number } | null;
  reportDir: string;
}

const failingRules = (report: CertificationReport) => report.rules.filter((r) => r.status === 'FAILED' || r.status === 'ERROR');

/** The first violation of the rule (its own first), else its first reason. */
function firstOf(rule: ReportedRule): string {
  const vs = (rule.exhibits ?? []).flatMap((e) => e.violations);
  const v = vs.find((x) => x.ruleId === rule.id) ?? vs[0];
  return v ? `[${v.ruleId}] ${v.path}: ${v.message}` : (rule.reasons[0] ?? rule.status);
}

/** The `run --json` summary of a written report. */
export function runSummary(report: CertificationReport, exitCode: number, reportDir: string): RunSummary {
  const sum = (k: 'breaking' | 'non-breaking' | 'annotation') => (report.drift?.comparisons ?? []).reduce((n, c) => n + c.counts[k], 0);
  return {
    verdict: report.verdict,
    verdictReason: report.verdictReason,
    exitCode,
    counts: report.counts,
    coverage: report.coverage,
    failing: failingRules(report).map((r) => {
      const shown = r.exhibits?.find((e) => e.curl);
      return {
        id: r.id,
        status: r.status,
        level: r.level,
        text: r.text,
        first: firstOf(r),
        ...(shown?.curl ? { curl: shown.curl } : {}),
        ...(shown?.setup?.length ? { setup: shown.setup } : {}),
      };
    }),
    spend: { usd: report.spend.usd, calls: report.spend.calls, budgetUsd: report.spend.budgetUsd },
    drift: report.drift
      ? {
          status: report.drift.status,
          breaking: breakingCount(report.drift),
          nonBreaking: sum('non-breaking'),
          annotation: sum('annotation'),
        }
      : null,
    reportDir,
  };
}

/** A workflow command's data: `%`, CR and LF escaped (GitHub's rules for the message). */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** A workflow command's property value: also `:` and `,` escaped. */
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One `::error` line per failing rule, titled with its ID; the message its text, first violation and curl. */
export function githubAnnotations(report: CertificationReport): string[] {
  return failingRules(report).map((r) => {
    const shown = r.exhibits?.find((e) => e.curl);
    const message = [
      `${r.status} ${r.id} (${r.level}): ${r.text}`,
      firstOf(r),
      ...(shown?.setup ?? []).map((call) => `set up first: ${call}`),
      ...(shown?.curl ? [`reproduce: ${shown.curl}`] : []),
    ].join('\n');
    return `::error title=${property(`${r.id} ${r.status}`)}::${data(message)}`;
  });
}

/** A Markdown table cell: pipes escaped, one line. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
/** A code fence longer than any backtick run in `text`. */
const fence = (text: string) => '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));

/** The job summary: verdict, counts, spend, and each failing rule with its first violation and curl. */
export function stepSummary(report: CertificationReport, exitCode: number): string {
  const c = (s: string) => report.counts[s] ?? 0;
  const out = [
    `## forecast-conformance: ${report.verdict} (exit ${exitCode})`,
    '',
    cell(report.verdictReason),
    '',
    '| passed | warned | failed | error | skipped | not run | coverage | spend |',
    '|---|---|---|---|---|---|---|---|',
    `| ${c('PASSED')} | ${c('WARN')} | ${c('FAILED')} | ${c('ERROR')} | ${c('SKIPPED') + c('THROTTLED')} | ${c('NOT_RUN')} | ${report.coverage}% | $${report.spend.usd.toFixed(3)}${report.spend.budgetUsd === null ? '' : ` of $${report.spend.budgetUsd.toFixed(3)}`} |`,
    '',
  ];
  const failing = failingRules(report);
  if (failing.length) out.push(`### Failing rules (${failing.length})`, '');
  for (const r of failing) {
    out.push(`- **${r.id}** ${r.status} (${r.level}): ${cell(r.text)}`, `  - ${cell(firstOf(r))}`);
    const shown = r.exhibits?.find((e) => e.curl);
    // The control-plane calls that set up the case come first, in the same block: the block runs as it stands.
    const script = [...(shown?.setup ?? []), ...(shown?.curl ? [shown.curl] : [])];
    const text = script.join('\n');
    if (script.length) out.push('', `  ${fence(text)}sh`, ...script.map((l) => `  ${l}`), `  ${fence(text)}`, '');
  }
  out.push('', 'Reports: `certification.html`, `rules.json`, `junit.xml` in the uploaded bundle.', '');
  return out.join('\n');
}

/**
 * Under GitHub Actions (`GITHUB_ACTIONS=true`): prints the annotations and appends the summary to
 * $GITHUB_STEP_SUMMARY (when set). Elsewhere does nothing.
 * @param print where annotations go (stdout, which the runner reads)
 */
export function reportToGithub(report: CertificationReport, exitCode: number, env: NodeJS.ProcessEnv, print: (line: string) => void): void {
  if (env.GITHUB_ACTIONS !== 'true') return;
  for (const line of githubAnnotations(report)) print(line);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, stepSummary(report, exitCode));
}
