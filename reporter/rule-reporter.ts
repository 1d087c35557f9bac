/**
 * Playwright reporter writing the per-rule certification report: `rules.json` (one verdict per
 * catalogue rule), `certification.md` and `certification.html`, and a summary on stdout.
 * Every string written passes through the secret redactor.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { loadRules } from '../contract/rules.ts';
import { redact, registerSecret } from '../suites/support/redact.ts';
import { ruleVerdicts, summarize, type TestOutcome } from './rule-results.ts';
import { renderHtml, renderMarkdown } from './render.ts';
import { spendSummary } from '../suites/support/budget.ts';
import { requestSummary } from '../suites/support/pacing.ts';
import { reporterOutputFiles, scrubFiles } from './scrub.ts';

export default class RuleReporter implements Reporter {
  private readonly outcomes: TestOutcome[] = [];
  private readonly outputDir: string;
  /** Every project's output directory: the workers' spend ledger lives there (suites/support/budget.ts). */
  private projectDirs: string[] = [];
  /** Files the other reporters write (results.json, junit.xml): scrubbed of secrets at the end. */
  private siblingFiles: string[] = [];

  constructor(options: { outputDir?: string } = {}) {
    this.outputDir = options.outputDir ?? 'reports';
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig): void {
    this.projectDirs = config.projects.map((p) => p.outputDir);
    this.siblingFiles = reporterOutputFiles(config);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const all = [...test.annotations, ...result.annotations];
    const of = (type: string) => all.filter((a) => a.type === type).map((a) => a.description ?? '');
    const skipReason = of('skip').find(Boolean) ?? of('fixme').find(Boolean);
    const error = result.error?.message?.split('\n').find((l) => l.trim()) ?? undefined;
    this.outcomes.push({
      title: test.titlePath().slice(2).join(' › '),
      file: test.location.file,
      project: test.parent.project()?.name ?? '',
      status: result.status,
      rules: [...new Set(of('rule'))],
      violated: [...new Set(of('violation'))],
      exercised: new Set(of('exercised').flatMap((d) => d.split(',')).filter(Boolean)),
      throttled: of('throttled').length > 0,
      ...(result.status === 'skipped' ? { reason: skipReason ?? 'skipped' } : error ? { reason: stripVTControlCharacters(error).slice(0, 300) } : {}),
    });
    // Rules the test withdrew at run time (suites/support/annotations.ts withdrawRules): it could not
    // judge them, so they count as SKIPPED for this test, never PASSED.
    for (const u of new Set(of('unjudged'))) {
      const at = u.indexOf(': ');
      const id = at < 0 ? u : u.slice(0, at);
      this.outcomes.push({
        title: test.titlePath().slice(2).join(' › '),
        file: test.location.file,
        project: test.parent.project()?.name ?? '',
        status: 'skipped',
        rules: [id],
        violated: [],
        throttled: false,
        reason: at < 0 ? 'not judged' : `not judged: ${u.slice(at + 2)}`,
      });
    }
  }

  onEnd(result: FullResult): void {
    for (const k of [process.env.FC_API_KEY, process.env.FC_API_KEY_2, process.env.FC_CONTROL_TOKEN]) registerSecret(k);
    // A run of the harness's own tests names no rule: it must not overwrite a certification report.
    if (!this.outcomes.some((o) => o.rules.length)) {
      scrubFiles(this.siblingFiles);
      return;
    }
    const verdicts = ruleVerdicts(loadRules(), this.outcomes);
    const counts = summarize(verdicts);
    const meta = {
      target: process.env.FC_EMBEDDED === '1' ? 'embedded reference stub' : process.env.FC_TARGET ?? '',
      finishedAt: new Date().toISOString(),
      runStatus: result.status,
      counts,
    };
    mkdirSync(this.outputDir, { recursive: true });
    const safe = (s: string) => redact(s);
    writeFileSync(join(this.outputDir, 'rules.json'), safe(JSON.stringify({ ...meta, rules: verdicts }, null, 2)));
    writeFileSync(join(this.outputDir, 'certification.md'), safe(renderMarkdown(meta, verdicts)));
    writeFileSync(join(this.outputDir, 'certification.html'), safe(renderHtml(meta, verdicts)));
    scrubFiles(this.siblingFiles);
    const checked = counts.PASSED + counts.FAILED + counts.SKIPPED + counts.THROTTLED + counts.NOT_RUN;
    console.log(
      `\nRules: ${checked} checked, ${counts.PASSED} passed, ${counts.FAILED} failed, ${counts.SKIPPED} skipped, ` +
        `${counts.THROTTLED} throttled, ${counts.NOT_RUN} not run; ${counts.NO_TEST} with no test, ${counts.PENDING} pending, ` +
        `${counts.GAP} gaps, ${counts.UNOBSERVABLE} unobservable (reports in ${this.outputDir}/)`,
    );
    console.log(spendSummary(this.projectDirs).line);
    console.log(requestSummary(this.projectDirs));
    const failed = verdicts.filter((v) => v.status === 'FAILED');
    if (failed.length) console.log(safe(failed.map((v) => `  FAILED ${v.id}: ${v.text}\n    ${v.reasons.join('\n    ')}`).join('\n')));
  }
}
