/**
 * `forecast-conformance`: the operator's and vendor's entry point.
 *
 *   forecast-conformance run [--target URL] [--site-url URL] [--control URL] [--max-spend USD]
 *                            [--seed N] [--report-dir DIR] [--grep RE] [--workers N]
 *
 * Without --target it certifies the embedded reference stub. API keys and the control token are
 * taken from the environment only (FC_API_KEY, FC_API_KEY_2, FC_CONTROL_TOKEN), never from flags,
 * so they stay out of process listings and shell history. Exits non-zero when a rule fails.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const url = (value: string): string => {
  try {
    return new URL(value).toString().replace(/\/+$/, '');
  } catch {
    throw new InvalidArgumentError(`not a URL: ${value}`);
  }
};
const number = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`not a non-negative number: ${value}`);
  return n;
};

const program = new Command('forecast-conformance').description('Contract conformance for the Prediction-Market Forecast Intelligence API');

program
  .command('run')
  .description('run the conformance suites and write the certification report')
  .option('--target <url>', 'base URL of the API under test (default: the embedded reference stub)', url)
  .option('--site-url <url>', 'public site address serviceUrl is built from', url)
  .option('--control <url>', 'control-plane base URL (default: the target, when FC_CONTROL_TOKEN is set)', url)
  .option('--max-spend <usd>', 'spend budget in USD (default: unlimited on the stub, 0 elsewhere)', number)
  .option('--seed <n>', 'fast-check seed', number)
  .option('--report-dir <dir>', 'where reports are written', 'reports')
  .option('--grep <re>', 'only tests whose title matches')
  .option('--workers <n>', 'parallel workers', number)
  .action((opts: { target?: string; siteUrl?: string; control?: string; maxSpend?: number; seed?: number; reportDir: string; grep?: string; workers?: number }) => {
    const env: NodeJS.ProcessEnv = { ...process.env, FC_REPORT_DIR: opts.reportDir };
    if (opts.target) env.FC_TARGET = opts.target;
    else delete env.FC_TARGET;
    if (opts.siteUrl) env.FC_SITE_URL = opts.siteUrl;
    if (opts.control) env.FC_CONTROL = opts.control;
    if (opts.maxSpend !== undefined) env.FC_MAX_SPEND = String(opts.maxSpend);
    if (opts.seed !== undefined) env.FC_SEED = String(opts.seed);
    if (opts.workers !== undefined) env.FC_WORKERS = String(opts.workers);
    const args = [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--project=conformance', ...(opts.grep ? ['--grep', opts.grep] : [])];
    const run = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
    process.exitCode = run.status ?? 1;
  });

await program.parseAsync();
