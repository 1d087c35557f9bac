/**
 * The one place that reads the environment. Options flow to the fixtures (suites/support/fixtures.ts).
 *
 * FC_TARGET        base URL of the API under test; unset = start the embedded reference stub
 * FC_SITE_URL      public site address serviceUrl is built from
 * FC_API_KEY(_2)   first and second principal's API keys
 * FC_CONTROL       control-plane base URL (defaults to the target); FC_CONTROL_TOKEN its bearer token
 * FC_MAX_SPEND     spend budget, USD (default: unlimited against the embedded stub, 0 otherwise)
 * FC_SEED          fast-check seed (fixed in CI)
 * FC_REPORT_DIR    where reports are written (default reports/)
 * FC_TIMEOUT_MS    per-request timeout (default 15000)
 * FC_STUB_SEED     dataset seed of the embedded stub (default 42)
 * FC_WALLET_SEED   derive test wallets' private keys from this seed (harness/secrets.spec.ts only)
 */
import { defineConfig } from '@playwright/test';
import type { TargetOptions } from './suites/support/fixtures.ts';

const env = process.env;
const reportDir = env.FC_REPORT_DIR ?? 'reports';
const embedded = env.FC_EMBEDDED === '1';
/**
 * Suites that advance the target's clock through the control plane, and the limit rules' suite, whose
 * bursts must own the per-IP guard and whose day reset moves the clock to 00:00 UTC.
 */
const CLOCK_SUITES = /(wallet-link|forecast-jobs-model|x-social-clock|limits)\.spec\.ts$/;
const maxSpend = env.FC_MAX_SPEND !== undefined && env.FC_MAX_SPEND !== '' ? Number(env.FC_MAX_SPEND) : embedded ? Infinity : 0;

export default defineConfig<TargetOptions>({
  globalSetup: './suites/support/global-setup.ts',
  metadata: { stubSeed: Number(env.FC_STUB_SEED ?? 42) },
  timeout: 60_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  forbidOnly: Boolean(env.CI),
  retries: 0,
  workers: env.FC_WORKERS ? Number(env.FC_WORKERS) : 2,
  outputDir: `${reportDir}/test-results`,
  reporter: [
    [env.CI ? 'dot' : 'list'],
    ['junit', { outputFile: `${reportDir}/junit.xml` }],
    ['json', { outputFile: `${reportDir}/results.json` }],
    ['html', { outputFolder: `${reportDir}/html`, open: 'never' }],
    ['./reporter/rule-reporter.ts', { outputDir: reportDir }],
  ],
  use: {
    target: env.FC_TARGET ?? '',
    siteUrl: env.FC_SITE_URL ?? '',
    apiKey: env.FC_API_KEY || undefined,
    apiKey2: env.FC_API_KEY_2 || undefined,
    control: env.FC_CONTROL_TOKEN ? env.FC_CONTROL || env.FC_TARGET : undefined,
    controlToken: env.FC_CONTROL_TOKEN || undefined,
    maxSpendUsd: maxSpend,
    seed: Number(env.FC_SEED ?? 20261122),
    requestTimeoutMs: Number(env.FC_TIMEOUT_MS ?? 15_000),
    walletSeed: env.FC_WALLET_SEED || undefined,
    trace: 'off',
  },
  projects: [
    // Suites that move the target's clock (forward only, contract/control.yaml) run after every other suite,
    // as the conformance project's teardown, so no other test sees the moved clock.
    { name: 'conformance', testDir: './suites', testMatch: /.*\.spec\.ts$/, testIgnore: CLOCK_SUITES, teardown: 'conformance-clock' },
    // One worker: each clock suite's expectations hold only while no other test moves the clock at the same time.
    { name: 'conformance-clock', testDir: './suites', testMatch: CLOCK_SUITES, workers: 1 },
    { name: 'harness', testDir: './harness', testMatch: /.*\.spec\.ts$/ },
  ],
});
