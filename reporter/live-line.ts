/**
 * The live line of a `forecast-conformance run` on a terminal (issue 33): tests done of the total,
 * failed so far and spend so far, rewritten in place as tests end; cleared before the end-of-run
 * summary. Off the terminal (CI logs, a pipe) it prints only the opening `Running N tests` line. Listed in
 * playwright.config.ts when the CLI asks for the rule summary only (FC_TERMINAL=rules).
 */
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { readTestResult } from '../lib/test-result.ts';

/** Where the line goes: a TTY stream (process.stdout), or a stand-in in tests. */
export interface LineOut {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** The words of the live line. */
export function liveLine(done: number, total: number, failed: number, spentUsd: number): string {
  return `${done}/${total} tests, ${failed} failed, $${spentUsd.toFixed(3)} spent`;
}

export default class LiveLine implements Reporter {
  private total = 0;
  private done = 0;
  private failed = 0;
  /** Credits the ended tests' billed calls spent (their results' `spend`, lib/test-result.ts). */
  private spent = 0;
  private shown = false;

  /**
   * @param _options reporter options (none)
   * @param out the terminal (default process.stdout); nothing is written unless it is a TTY
   */
  constructor(
    _options: unknown = {},
    private readonly out: LineOut = process.stdout,
  ) {}

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.total = suite.allTests().length;
    // Said once, on a terminal or not (as Playwright's own reporters say it).
    this.out.write(`Running ${this.total} tests using ${config.workers} workers\n`);
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    this.done++;
    if (result.status === 'failed' || result.status === 'timedOut') this.failed++;
    const read = readTestResult(result.attachments);
    if (read?.ok) for (const credits of Object.values(read.data.spend)) this.spent += credits;
    if (!this.out.isTTY) return;
    this.out.write(`\r\x1b[2K${liveLine(this.done, this.total, this.failed, this.spent / 1000)}`);
    this.shown = true;
  }

  /** An error outside any test (a global setup that failed, a config error): no other reporter of the CLI's run prints it. */
  onError(error: TestError): void {
    if (this.shown) this.out.write('\r\x1b[2K');
    this.shown = false;
    process.stderr.write(`${stripVTControlCharacters(error.message ?? error.value ?? 'error')}\n`);
  }

  onEnd(): void {
    if (this.shown) this.out.write('\r\x1b[2K');
  }
}
