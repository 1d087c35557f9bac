/**
 * Playwright reporter writing the per-rule certification report: `rules.json` (one verdict per
 * catalogue rule, schema reporter/rules.schema.json), `certification.md`, `certification.html`,
 * `junit.xml`, and a summary on stdout. It reads no environment: every setting arrives as a
 * reporter option from playwright.config.ts. Every string written passes through the secret redactor.
 */
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { loadRules } from '../contract/rules.ts';
import { redact } from '../suites/support/redact.ts';
import { EVIDENCE_ATTACHMENT, type Evidence } from '../suites/support/evidence.ts';
import { readAbort } from '../suites/support/health.ts';
import { applySelection, ruleVerdicts, type TestOutcome } from './rule-results.ts';
import { spendSummary } from '../suites/support/budget.ts';
import { reporterOutputFiles, scrubFiles } from './scrub.ts';
import { buildReport, summaryLines, writeReports, type RunInfo } from './report.ts';

/** Options set in playwright.config.ts. */
export interface RuleReporterOptions {
  outputDir?: string;
  /** Base URL under test; '' = the embedded reference stub. */
  target?: string;
  tier?: string;
  seed?: number;
  /** The command line that started the run, secrets redacted. */
  commandLine?: string;
  /** Comma-separated selected rule IDs; '' or absent = every rule. */
  selection?: string;
  failOnSkip?: boolean;
  minCoverage?: number | null;
  shard?: string;
}

/** Evidence per rule kept at most. */
const EVIDENCE_PER_RULE = 3;
/** Errors that mean the target, not a rule, stopped the test (suites/support/errors.ts). */
const TARGET_ERROR = /FC_TARGET_(UNREACHABLE|TIMEOUT)[^\n]*/;

/** The reason a failed test gives: its first violation line, else its first error line. */
export function failureReason(message: string): string {
  const text = stripVTControlCharacters(message);
  const violation = text.split('\n').find((l) => /^\s*✗ \[/.test(l));
  const line = violation?.trim().replace(/^✗ /, '') ?? text.split('\n').find((l) => l.trim())?.trim() ?? 'failed';
  return line.slice(0, 400);
}

export default class RuleReporter implements Reporter {
  private readonly outcomes: TestOutcome[] = [];
  private readonly evidence = new Map<string, Evidence[]>();
  private readonly ended = new Set<string>();
  private readonly opts: RuleReporterOptions;
  private readonly outputDir: string;
  private projectDirs: string[] = [];
  private siblingFiles: string[] = [];
  private suite: Suite | undefined;
  private startedAt = new Date();

  constructor(options: RuleReporterOptions = {}) {
    this.opts = options;
    this.outputDir = options.outputDir ?? 'reports';
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.projectDirs = config.projects.map((p) => p.outputDir);
    this.siblingFiles = reporterOutputFiles(config);
    this.suite = suite;
    this.startedAt = new Date();
  }

  private outcomeBase(test: TestCase) {
    return { title: test.titlePath().slice(2).join(' › '), file: test.location.file, project: test.parent.project()?.name ?? '' };
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.ended.add(test.id);
    const all = [...test.annotations, ...result.annotations];
    const of = (type: string) => all.filter((a) => a.type === type).map((a) => a.description ?? '');
    const skipReason = of('skip').find(Boolean) ?? of('fixme').find(Boolean);
    const message = result.error?.message ?? result.errors.map((e) => e.message ?? '').join('\n');
    // fast-check keeps the error a property met in `cause`, not in its message.
    const causes = (e: TestError | undefined): string => (e ? `${e.message ?? ''}\n${causes(e.cause)}` : '');
    const everything = stripVTControlCharacters(result.errors.map(causes).join('\n'));
    const targetError = TARGET_ERROR.exec(everything)?.[0];
    // A test stopped by the target (unreachable, no answer) judged none of its rules: NOT_RUN with that reason.
    const status = (result.status === 'failed' || result.status === 'timedOut') && targetError ? 'interrupted' : result.status;
    this.outcomes.push({
      ...this.outcomeBase(test),
      status,
      rules: [...new Set(of('rule'))],
      violated: [...new Set(of('violation'))],
      exercised: new Set(of('exercised').flatMap((d) => d.split(',')).filter(Boolean)),
      throttled: of('throttled').length > 0,
      ...(result.status === 'skipped' ? { reason: skipReason ?? 'skipped' } : targetError ? { reason: `target error: ${targetError}` } : message ? { reason: failureReason(everything || message) } : {}),
    });
    for (const a of result.attachments) {
      if (a.name !== EVIDENCE_ATTACHMENT || !a.body) continue;
      try {
        const e = JSON.parse(a.body.toString('utf8')) as Evidence;
        for (const id of new Set(e.violations.map((v) => v.ruleId))) {
          const list = this.evidence.get(id) ?? [];
          if (list.length < EVIDENCE_PER_RULE) list.push(e);
          this.evidence.set(id, list);
        }
      } catch {
        // A malformed attachment is no evidence.
      }
    }
    // Rules the test withdrew at run time (suites/support/annotations.ts withdrawRules): it could not
    // judge them, so they count as SKIPPED for this test, never PASSED.
    for (const u of new Set(of('unjudged'))) {
      const at = u.indexOf(': ');
      const id = at < 0 ? u : u.slice(0, at);
      this.outcomes.push({ ...this.outcomeBase(test), status: 'skipped', rules: [id], violated: [], throttled: false, reason: at < 0 ? 'not judged' : `not judged: ${u.slice(at + 2)}` });
    }
  }

  onEnd(result: FullResult): void {
    const abort = this.projectDirs.map((d) => readAbort(d)).find(Boolean);
    // Tests that never ended (run aborted or interrupted by a signal): their rules are NOT_RUN with the reason.
    const notRun = abort ? `not run: run aborted: ${abort.reason}` : result.status === 'interrupted' ? 'not run: run interrupted (signal)' : 'not run';
    for (const test of this.suite?.allTests() ?? []) {
      if (this.ended.has(test.id)) continue;
      const ids = test.annotations.filter((a) => a.type === 'rule').map((a) => a.description ?? '');
      if (ids.length) this.outcomes.push({ ...this.outcomeBase(test), status: 'interrupted', rules: [...new Set(ids)], violated: [], throttled: false, reason: notRun });
    }
    // A run of the harness's own tests names no rule: it must not overwrite a certification report.
    if (!this.outcomes.some((o) => o.rules.length)) {
      scrubFiles(this.siblingFiles);
      return;
    }
    const catalogue = loadRules();
    const selection = this.opts.selection ? this.opts.selection.split(',').filter(Boolean) : null;
    const verdicts = applySelection(ruleVerdicts(catalogue, this.outcomes), selection ? new Set(selection) : null);
    const spend = spendSummary(this.projectDirs);
    const finishedAt = new Date();
    const info: RunInfo = {
      target: this.opts.target || 'embedded reference stub',
      tier: this.opts.tier ?? 'standard',
      seed: this.opts.seed ?? null,
      commandLine: redact(this.opts.commandLine ?? ''),
      startedAt: this.startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: Math.round(result.duration ?? finishedAt.getTime() - this.startedAt.getTime()),
      runStatus: result.status,
      spend: { usd: spend.spent / 1000, calls: spend.calls, budgetUsd: spend.limitCredits === null ? null : spend.limitCredits / 1000 },
      selection,
      failOnSkip: this.opts.failOnSkip ?? false,
      minCoverage: this.opts.minCoverage ?? null,
      shard: this.opts.shard || null,
      aborted: abort ? `run aborted: ${abort.reason}` : result.status === 'interrupted' ? 'run interrupted before it finished' : null,
    };
    const report = buildReport(info, verdicts, catalogue, this.evidence);
    writeReports(this.outputDir, report);
    scrubFiles(this.siblingFiles);
    console.log(redact(['', ...summaryLines(report), spend.line, `Reports in ${this.outputDir}/`].join('\n')));
    const failed = report.rules.filter((v) => v.status === 'FAILED');
    if (failed.length) console.log(redact(failed.map((v) => `  FAILED ${v.id}: ${v.text}\n    ${v.reasons.join('\n    ')}${v.evidence?.[0]?.curl ? `\n    reproduce: ${v.evidence[0].curl}` : ''}`).join('\n')));
  }
}
