/**
 * Playwright configuration. The environment is read by lib/settings.ts (every FC_* variable is
 * documented there); options flow to the fixtures (suites/support/fixtures.ts) and to the rule
 * reporter (reporter/rule-reporter.ts).
 */
import { defineConfig } from '@playwright/test';
import type { TargetOptions } from './suites/support/fixtures.ts';
import type { RuleReporterOptions } from './reporter/rule-reporter.ts';
import { readSettings } from './lib/settings.ts';
import { registerSecret } from './lib/redact.ts';
import { ownsSourceAddresses, serialSuites } from './lib/suite-phases.ts';
import { E2E_TESTS, UNIT_TESTS } from './tests/lanes.ts';

const settings = readSettings();
const { reportDir, embedded, shard } = settings;
// On a loopback target each worker sends from loopback addresses of its own (suites/support/transport.ts),
// so the one-address suites run beside the others; elsewhere they join the serial project.
const SERIAL_SUITES = serialSuites(ownsSourceAddresses(settings.target));
// Secrets are masked in every report this process writes (the embedded stub's keys: global-setup.ts).
registerSecret(settings.apiKey, 'FC_API_KEY');
registerSecret(settings.apiKey2, 'FC_API_KEY_2');
registerSecret(settings.controlToken, 'FC_CONTROL_TOKEN');
// Unlimited on the embedded stub: no target yet (the runner, before the global setup starts it) or the one it started (workers).
const maxSpend = settings.maxSpendUsd ?? (embedded || !settings.target ? Infinity : 0);
const ruleReporter: RuleReporterOptions = {
  outputDir: reportDir,
  target: embedded ? '' : settings.target,
  ...(settings.stubVariant ? { stubVariant: settings.stubVariant } : {}),
  tier: settings.tier,
  ...(settings.unbilledStatuses.length ? { unbilledStatuses: settings.unbilledStatuses } : {}),
  seed: settings.seed,
  commandLine: settings.commandLine,
  selection: settings.selectedRules,
  failOnSkip: settings.failOnSkip,
  minCoverage: settings.minCoverage,
  shard,
  driftBaseline: settings.driftBaseline,
  failOnDrift: settings.failOnDrift,
  servedContract: settings.servedContract,
  budgetUsd: Number.isFinite(maxSpend) ? maxSpend : null,
  ...(settings.runCoordinator ? { runCoordinator: settings.runCoordinator } : {}),
  quiet: settings.terminal === 'quiet',
};

export default defineConfig<TargetOptions>({
  globalSetup: './suites/support/global-setup.ts',
  metadata: {
    stubSeed: settings.stubSeed,
    ...(settings.stubMutant ? { stubMutant: settings.stubMutant } : {}),
    ...(settings.stubVariant ? { stubVariant: settings.stubVariant } : {}),
  },
  timeout: 60_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  forbidOnly: settings.ci,
  retries: 0,
  workers: settings.workers,
  outputDir: `${reportDir}/test-results`,
  reporter: [
    // `forecast-conformance run` prints the rule summary only (and a live line on a TTY); --verbose keeps
    // Playwright's reporter too, with every failure's stack trace (lib/settings.ts `terminal`).
    ...(settings.terminal === 'full' ? ([[settings.ci ? 'dot' : 'list']] as const) : []),
    ...(settings.terminal === 'rules' ? ([['./reporter/live-line.ts']] as const) : []),
    ['json', { outputFile: `${reportDir}/results.json` }],
    ['html', { outputFolder: `${reportDir}/html`, open: 'never' }],
    ...(shard ? ([['blob', { outputDir: `${reportDir}/blob`, fileName: `shard-${shard.replace('/', '-of-')}.zip` }]] as const) : []),
    // Last: it scrubs the files the reporters above wrote. It writes junit.xml (one testcase per rule).
    ['./reporter/rule-reporter.ts', ruleReporter],
  ],
  use: {
    target: settings.target,
    siteUrl: settings.siteUrl,
    apiKey: settings.apiKey,
    apiKey2: settings.apiKey2,
    control: settings.control,
    controlToken: settings.controlToken,
    maxSpendUsd: maxSpend,
    unbilledStatuses: settings.unbilledStatuses,
    seed: settings.seed,
    requestTimeoutMs: settings.requestTimeoutMs,
    walletSeed: settings.walletSeed,
    abortAfter: settings.abortAfter,
    maxBodyBytes: settings.maxBodyBytes,
    runCoordinator: settings.runCoordinator,
    spendPlan: settings.spendPlan,
    trace: 'off',
  },
  projects: [
    // Suites that move the target's clock (forward only, contract/control.yaml) run after every other suite,
    // as the conformance project's teardown, so no other test sees the moved clock.
    // Its workers send from loopback source addresses of their own (suites/support/fixtures.ts spreadSources).
    {
      name: 'conformance',
      testDir: './suites',
      testMatch: /.*\.spec\.ts$/,
      testIgnore: SERIAL_SUITES,
      teardown: 'conformance-clock',
      use: { spreadSources: true },
    },
    // One worker: each clock suite's expectations hold only while no other test moves the clock at the same time.
    // It runs alone against the target, so it paces the whole of each bound (suites/support/fixtures.ts soleWorker).
    // It spreads its calls over source addresses too, except the one-address suites' (`oneSource` there).
    {
      name: 'conformance-clock',
      testDir: './suites',
      testMatch: SERIAL_SUITES,
      workers: 1,
      use: { soleWorker: true, spreadSources: true },
    },
    // The unit lane (tests/lanes.ts UNIT_TESTS; alone: `npm run test:unit`): the checks' fixture tests and the pure
    // units of the catalogue, the harness and the stub. They credit no catalogue rule and contact no target.
    { name: 'unit', testDir: '.', testMatch: UNIT_TESTS },
    // The rest of the harness's own tests (tests/): CLI runs, stub processes, reports opened in Chromium. They credit
    // no catalogue rule. The e2e lane (tests/lanes.ts E2E_TESTS, `npm run test:e2e`) is not part of this run.
    // At most two at a time: its CLI runs and stub processes load the CPU, where the suites mostly wait.
    { name: 'harness', testDir: '.', testMatch: 'tests/**/*.spec.ts', testIgnore: [...UNIT_TESTS, ...E2E_TESTS], workers: 2 },
  ],
});
