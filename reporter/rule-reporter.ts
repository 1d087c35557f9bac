/**
 * Playwright reporter writing the per-rule certification report: `rules.json` (one verdict per
 * catalogue rule, schema reporter/rules.schema.json), `certification.md`, `certification.html`,
 * `junit.xml`, and a summary on stdout. It reads no environment: every setting arrives as a
 * reporter option from playwright.config.ts. Every string written passes through the secret redactor.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { loadRules } from '../contract/rules.ts';
import { redact } from '../lib/redact.ts';
import { HARNESS_PROJECTS, applySelection, outcomeOf, ruleVerdicts, type TestOutcome } from './rule-results.ts';
import { spendSummary } from '../lib/spend-ledger.ts';
import { EXHIBIT_ATTACHMENT, type Exhibit } from '../lib/exhibit.ts';
import { runStateAt } from '../lib/run-coordinator.ts';
import { requestSummary } from '../lib/request-counts.ts';
import { reporterOutputFiles, scrubFiles } from './scrub.ts';
import { buildReport, spendReport, summaryLines, writeReports, type ReportedRule, type RunInfo } from './report.ts';
import { spendBreakdown, spendLines, unbilledStatementLines } from './spend.ts';
import { failingRuleLines, seedOf, spendLine, type PropertySeed } from './terminal.ts';
import { floorLine, requestCountOf, type RequestCount } from './floor.ts';
import { readTestResult } from '../lib/test-result.ts';
import { SERVED_CONTRACT_ATTACHMENT } from '../checks/drift.ts';
import { driftNotRun, driftSection, driftSource, readContractFile, type DriftSection } from './drift.ts';
import { REPORT_DIR_FILES } from '../lib/run-state.ts';
import { ANNOTATION, HELD_FAILURES_HEADER } from '../lib/annotation-kinds.ts';
import { compareVariantRuns, flippedGaps, formatVariantProblems, readVariantReport } from './variant-compare.ts';

/** Options set in playwright.config.ts. */
export interface RuleReporterOptions {
  outputDir?: string;
  /** Base URL under test; '' = the embedded reference stub. */
  target?: string;
  /** The embedded stub's variant (stub/variant.ts): `alt` labels the target as the alternate stub. */
  stubVariant?: string;
  tier?: string;
  seed?: number;
  /** The command line that started the run, secrets redacted. */
  commandLine?: string;
  /** Comma-separated selected rule IDs; '' or absent = every rule. */
  selection?: string;
  failOnSkip?: boolean;
  minCoverage?: number | null;
  shard?: string;
  /** An earlier served contract (file) the served one is also compared with (`run --baseline`). */
  driftBaseline?: string;
  /** "breaking": a breaking difference of the served contract fails the run (`run --fail-on-drift`). */
  failOnDrift?: string;
  /** The served contract the CLI's preflight read (file): the drift section's document when no test attached one. */
  servedContract?: string;
  /** Statuses the operator stated the target never bills (`run --unbilled-status`; gap BILL-013). */
  unbilledStatuses?: readonly number[];
  /** The budget in force, USD; null = unlimited (the embedded stub's default). */
  budgetUsd?: number | null;
  /** Print nothing (`run --json` prints its own summary); the reports are written as always. */
  quiet?: boolean;
  /**
   * The run coordinator the CLI started ("host:port", lib/run-coordinator.ts), read at the end for the
   * ledger, the request counts and the abort; absent: the one this process's global setup started.
   */
  runCoordinator?: string;
}

/** Exhibits per rule kept at most. */
const EXHIBITS_PER_RULE = 3;

/** The reason a failed test gives: its first violation line, else its first error line. */
export function failureReason(message: string): string {
  const text = stripVTControlCharacters(message);
  // A generated case's report (suites/support/cross-field.ts): its case and the answer tell what failed.
  const caseLine = text.split('\n').find((l) => /^\s+case: /.test(l));
  const answerLine = text.split('\n').find((l) => /^\s+answer: /.test(l));
  if (caseLine && answerLine) return `${caseLine.trim()}; ${answerLine.trim()}`.slice(0, 400);
  const violation = text.split('\n').find((l) => /^\s*✗ \[/.test(l));
  const line =
    violation?.trim().replace(/^✗ /, '') ??
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ??
    'failed';
  return line.slice(0, 400);
}

export default class RuleReporter implements Reporter {
  private readonly outcomes: TestOutcome[] = [];
  private readonly exhibits = new Map<string, Exhibit[]>();
  private readonly ended = new Set<string>();
  /** Requests sent per limit scope and principal (`requests` annotations), for the wall-time floor. */
  private readonly requests: RequestCount[] = [];
  private readonly opts: RuleReporterOptions;
  private readonly outputDir: string;
  private siblingFiles: string[] = [];
  private suite: Suite | undefined;
  private startedAt = new Date();
  /** The served contract a test attached (suites/versioning.spec.ts), as JSON text. */
  private served: string | undefined;
  /** Report directories of alternate-stub runs a test ran (tests/variants), compared with this run at the end. */
  private readonly variantRuns: string[] = [];

  constructor(options: RuleReporterOptions = {}) {
    this.opts = options;
    this.outputDir = options.outputDir ?? 'reports';
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.siblingFiles = reporterOutputFiles(config);
    this.suite = suite;
    this.startedAt = new Date();
  }

  private outcomeBase(test: TestCase) {
    return { title: test.titlePath().slice(2).join(' › '), file: test.location.file, project: test.parent.project()?.name ?? '' };
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.ended.add(test.id);
    // fast-check keeps the error a property met in `cause`, not in its message.
    const causes = (e: TestError | undefined): string => (e ? `${e.message ?? e.value ?? ''}\n${causes(e.cause)}` : '');
    const texts = [
      ...new Set(
        [result.error, ...(result.errors ?? [])]
          .map(causes)
          .filter(Boolean)
          .map((t) => stripVTControlCharacters(t)),
      ),
    ];
    // Violations held to the test's end name their rules in annotations; a custom message in them may name others.
    const error = texts.filter((t) => !t.includes(HELD_FAILURES_HEADER)).join('\n');
    const data = readTestResult(result.attachments);
    const outcomes = outcomeOf({
      ...this.outcomeBase(test),
      status: result.status,
      annotations: [...test.annotations, ...result.annotations],
      ...(data ? { result: data } : {}),
      ...(error ? { error } : {}),
      ...(texts.length ? { violationText: texts.join('\n') } : {}),
    });
    // The reason of a failed test is its first violation line, not "Error: 1 violation(s):".
    const main = outcomes[0]!;
    const all = texts.join('\n');
    if (all && (result.status === 'failed' || result.status === 'timedOut') && !main.unreachable) main.reason = failureReason(all);
    this.outcomes.push(...outcomes);
    if (data?.ok) {
      this.requests.push(...data.data.requests.map(requestCountOf));
      this.variantRuns.push(...data.data.variantRuns);
    }
    for (const a of result.attachments) {
      if (a.name === SERVED_CONTRACT_ATTACHMENT && a.body) this.served = a.body.toString('utf8');
      if (a.name !== EXHIBIT_ATTACHMENT || !a.body) continue;
      try {
        const e = JSON.parse(a.body.toString('utf8')) as Exhibit;
        for (const id of new Set(e.violations.map((v) => v.ruleId))) {
          const list = this.exhibits.get(id) ?? [];
          if (list.length < EXHIBITS_PER_RULE) list.push(e);
          this.exhibits.set(id, list);
        }
      } catch {
        // A malformed attachment is no exhibit.
      }
    }
  }

  /**
   * The run's drift section, from the served contract a test attached, else the one the CLI's
   * preflight read; the document is kept as served-openapi.json (a stale one is removed).
   */
  private drift(): DriftSection {
    const failOn = this.opts.failOnDrift === 'breaking' ? 'breaking' : null;
    const source = driftSource(this.opts.target);
    const file = join(this.outputDir, REPORT_DIR_FILES.servedContract);
    let served: unknown;
    try {
      if (this.served !== undefined) served = JSON.parse(this.served);
      else if (this.opts.servedContract && existsSync(this.opts.servedContract)) served = readContractFile(this.opts.servedContract);
    } catch (err) {
      return { ...driftNotRun(`the served contract could not be read: ${(err as Error).message}`, source, failOn), status: 'error' };
    }
    if (served === undefined) {
      rmSync(file, { force: true });
      return driftNotRun('no selected test read the served contract (VER-018 was not selected or its test did not run)', source, failOn);
    }
    mkdirSync(this.outputDir, { recursive: true });
    writeFileSync(file, redact(JSON.stringify(served, null, 2)));
    return driftSection(served, { source, failOn, ...(this.opts.driftBaseline ? { baseline: this.opts.driftBaseline } : {}) });
  }

  /**
   * Issue 18: each alternate-stub run a test ran judges every documented rule as this run did (a
   * full standard run of the main stub in `npm test`). Prints the comparison.
   * @returns whether a problem was found (the run then fails)
   */
  private compareVariants(main: readonly ReportedRule[] | null): boolean {
    if (!this.variantRuns.length) return false;
    if (!main) {
      console.log(`Alternate stub (${this.variantRuns.join(', ')}): not compared, this run judged no rule of the main stub`);
      return false;
    }
    const flipped = flippedGaps();
    // Only rules a test of this run carried: a partial run (--grep) leaves the others unjudged here, not differing.
    const carried = new Set(this.outcomes.filter((o) => !HARNESS_PROJECTS.has(o.project)).flatMap((o) => o.rules));
    let failed = false;
    for (const dir of this.variantRuns) {
      const alt = readVariantReport(dir);
      const compared = new Set(alt.selection ? alt.selection.filter((id) => carried.has(id)) : carried);
      const problems = compareVariantRuns(main, alt.rules, flipped, compared);
      if (!alt.rules.length) problems.push({ ruleId: '-', problem: 'error on alt', alt: 'no rules.json', reasons: [dir] });
      if (problems.length) {
        failed = true;
        console.log(`Alternate stub (${dir}): ${problems.length} problem(s) against this run:\n${formatVariantProblems(problems)}`);
      } else
        console.log(
          `Alternate stub: no FAILED or ERROR rule, every documented verdict as in this run, all ${flipped.size} flipped gap(s) differ`,
        );
    }
    return failed;
  }

  /**
   * Per test title (as RuleVerdict.tests names them): the summed duration of its results, ms (JUnit's
   * time), and the fast-check seed of a failing property test.
   */
  private testFacts(): { durations: Map<string, number>; seeds: Map<string, PropertySeed> } {
    const durations = new Map<string, number>();
    const seeds = new Map<string, PropertySeed>();
    for (const test of this.suite?.allTests() ?? []) {
      const { title } = this.outcomeBase(test);
      // A test handed in by hand (tests/harness/variant-compare.spec.ts) may carry no results.
      const results = test.results ?? [];
      durations.set(title, (durations.get(title) ?? 0) + results.reduce((n, r) => n + r.duration, 0));
      for (const r of results) {
        const seed = seedOf(
          stripVTControlCharacters(
            r.errors
              .map(function all(e: TestError): string {
                return `${e.message ?? ''}\n${e.cause ? all(e.cause) : ''}`;
              })
              .join('\n'),
          ),
        );
        if (seed) seeds.set(title, seed);
      }
    }
    return { durations, seeds };
  }

  // Async only because Playwright reads a status override from a promise.
  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const shared = await runStateAt(this.opts.runCoordinator);
    const abort = shared?.abort;
    // Tests that never ended (run aborted or interrupted by a signal): their rules are NOT_RUN with the reason.
    const notRun = abort
      ? `not run: run aborted: ${abort}`
      : result.status === 'interrupted'
        ? 'not run: run interrupted (signal)'
        : 'not run';
    for (const test of this.suite?.allTests() ?? []) {
      if (this.ended.has(test.id)) continue;
      const ids = test.annotations.filter((a) => a.type === ANNOTATION.rule).map((a) => a.description ?? '');
      if (ids.length)
        this.outcomes.push({
          ...this.outcomeBase(test),
          status: 'interrupted',
          rules: [...new Set(ids)],
          violated: [],
          throttled: false,
          reason: notRun,
        });
    }
    // A run of the harness's own tests names no rule: it must not overwrite a certification report.
    if (!this.outcomes.some((o) => o.rules.length && !HARNESS_PROJECTS.has(o.project))) {
      scrubFiles(this.siblingFiles);
      return this.compareVariants(null) ? { status: 'failed' } : undefined;
    }
    const catalogue = loadRules();
    const selection = this.opts.selection ? this.opts.selection.split(',').filter(Boolean) : null;
    const verdicts = applySelection(ruleVerdicts(catalogue, this.outcomes), selection ? new Set(selection) : null);
    const spend = spendSummary(shared?.ledger);
    const breakdown = spendBreakdown(this.outcomes, verdicts);
    const finishedAt = new Date();
    const info: RunInfo = {
      target:
        this.opts.target ||
        (this.opts.stubVariant === 'alt' ? "embedded alternate stub (every gap rule's alternate choice)" : 'embedded reference stub'),
      tier: this.opts.tier ?? 'standard',
      seed: this.opts.seed ?? null,
      commandLine: redact(this.opts.commandLine ?? ''),
      startedAt: this.startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: Math.round(result.duration ?? finishedAt.getTime() - this.startedAt.getTime()),
      runStatus: result.status,
      spend: {
        usd: spend.spent / 1000,
        calls: spend.calls,
        // The budget in force (the ledger knows it only once a paid call was charged).
        budgetUsd: this.opts.budgetUsd !== undefined ? this.opts.budgetUsd : spend.limitCredits === null ? null : spend.limitCredits / 1000,
        ...(this.opts.unbilledStatuses?.length ? { unbilledStatuses: [...this.opts.unbilledStatuses] } : {}),
        ...(breakdown.credits > 0 ? { breakdown: spendReport(breakdown) } : {}),
      },
      selection,
      failOnSkip: this.opts.failOnSkip ?? false,
      minCoverage: this.opts.minCoverage ?? null,
      shard: this.opts.shard || null,
      aborted: abort ? `run aborted: ${abort}` : result.status === 'interrupted' ? 'run interrupted before it finished' : null,
    };
    const { durations, seeds } = this.testFacts();
    const report = buildReport(info, verdicts, catalogue, this.exhibits, this.drift(), durations);
    writeReports(this.outputDir, report);
    scrubFiles(this.siblingFiles);
    const print = (text: string) => {
      if (!this.opts.quiet) console.log(redact(text));
    };
    print(
      redact(
        [
          '',
          ...summaryLines(report),
          spendLine(info.spend.usd, info.spend.calls, info.spend.budgetUsd),
          ...spendLines(breakdown),
          ...unbilledStatementLines(verdicts, this.opts.unbilledStatuses),
          requestSummary(shared?.counts ?? {}),
          floorLine(
            info.durationMs,
            this.requests.filter((c) => c.n > 0),
          ),
          `Reports in ${this.outputDir}/`,
        ].join('\n'),
      ),
    );
    // Per failing rule one bounded block: ID, text, first violations, a property's seed, one runnable curl.
    const failing = report.rules.filter((v) => v.status === 'FAILED' || v.status === 'ERROR');
    if (failing.length) print(failing.flatMap((v) => failingRuleLines(v, seeds)).join('\n'));
    return this.compareVariants(report.rules) ? { status: 'failed' } : undefined;
  }
}
