/**
 * The run-state files: the names of every file the processes of one run share through its report
 * folder (`--report-dir`, FC_REPORT_DIR, default `reports/`; docs/ARCHITECTURE.md "Channels of one run"):
 * the CLI writes the spend plan and the preflight's served contract there, the rule reporter the
 * reports. What the workers share while the run goes on (pacing, the spend ledger, shared answers, the
 * target's health and abort, request counts) is the run coordinator's (lib/run-coordinator.ts), never a
 * file. Playwright's own output (traces, attachments) goes to `<report folder>/test-results`.
 *
 * Every module that reads or writes one of these files takes its name from here, so a writer and a
 * reader cannot drift apart.
 */
/** Playwright's output folder inside the report folder (playwright.config.ts `outputDir`): left out of the bundle. */
export const TEST_RESULTS_DIR = 'test-results';

/** Run-state files in the report folder: the CLI writes them for the runner to read. */
export const REPORT_DIR_FILES = {
  /** The run configuration (lib/run-config.ts): what the CLI decided, read by every process of the run; FC_RUN_CONFIG names it. */
  runConfig: 'run-config.json',
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
