/**
 * The run-state files: the names of every file the processes of one run share through its folders
 * (docs/ARCHITECTURE.md "Channels of one run"). Two folders hold them:
 *
 * - the report folder (`--report-dir`, FC_REPORT_DIR, default `reports/`): the CLI writes the spend plan
 *   and the preflight's served contract there, the rule reporter the reports;
 * - each Playwright project's output folder, `<report folder>/test-results` (playwright.config.ts
 *   `outputDir`; Playwright empties it when a run starts): the workers' spend ledger and its lock, the
 *   target-failure log, the abort marker, each worker's request counts and the shared answers.
 *
 * Every module that reads or writes one of these files takes its name from here, so a writer and a
 * reader cannot drift apart.
 */
import { join } from 'node:path';

/** The project output folder inside the report folder (playwright.config.ts `outputDir`). */
export const TEST_RESULTS_DIR = 'test-results';

/** The project output folder of a run whose report folder is `reportDir`. */
export const projectOutputDir = (reportDir: string): string => join(reportDir, TEST_RESULTS_DIR);

/** Files in a project's output folder, shared by the workers (separate processes) and the runner. */
export const PROJECT_FILES = {
  /** The spend ledger (lib/spend-ledger.ts): credits committed and spent, written under `<ledger>.lock`. */
  spendLedger: 'spend-ledger.json',
  /** Consecutive connection failures and timeouts, one line each (lib/run-health.ts). */
  targetFailures: 'target-failures.log',
  /** The abort marker (lib/run-health.ts): once written, every call fails at once and the CLI stops the run. */
  abortMarker: 'run-aborted.json',
  /** Prefix of each worker's request counts, `request-counts-<worker>.json` (lib/request-counts.ts). */
  requestCountsPrefix: 'request-counts-',
  /** Folder of the paid answers shared by every test of a case, with their locks (suites/support/shared-answers.ts). */
  sharedAnswers: 'shared-answers',
} as const;

/** Run-state files in the report folder: the CLI writes them for the runner to read. */
export const REPORT_DIR_FILES = {
  /** The spend plan (cli/spend.ts): the paid tests the budget buys; FC_SPEND_PLAN names it. */
  spendPlan: 'spend-plan.json',
  /**
   * The served contract, redacted: the preflight's (cli/preflight.ts; FC_SERVED_CONTRACT names it), replaced by the
   * one a test read when one did (reporter/rule-reporter.ts); kept as the next drift comparison's baseline.
   */
  servedContract: 'served-openapi.json',
} as const;

/**
 * The reports the rule reporter writes into the report folder (reporter/report.ts `writeReports`);
 * `rules` is written last, so `run` takes its presence as a complete set (cli/run.ts).
 */
export const REPORT_FILES = {
  rules: 'rules.json',
  markdown: 'certification.md',
  html: 'certification.html',
  junit: 'junit.xml',
} as const;

/** The lock file of a file shared under an exclusive lock (the spend ledger's). */
export const lockFileOf = (path: string): string => `${path}.lock`;

/** One worker's request counts file name. */
export const requestCountsFile = (worker: string): string => `${PROJECT_FILES.requestCountsPrefix}${worker}.json`;
