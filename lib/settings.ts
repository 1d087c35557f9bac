/**
 * The one place a Playwright run and the load CLI read the harness's environment variables (FC_*):
 * playwright.config.ts and load/main.ts call `readSettings()` and hand the values on as options; no
 * fixture, suite, reporter or load module reads process.env for them. This module is the only one of the
 * run's layers that touches process.env (a lint rule, eslint.config.js, holds every other module of lib,
 * contract, checks, suites, load, reporter and cli to it): the `forecast-conformance` CLI validates its own
 * settings from `processEnvironment()` (cli/settings.ts) and hands them to its Playwright child as one run
 * configuration file (lib/run-config.ts, FC_RUN_CONFIG) with the secrets beside it, children
 * start from `childEnvironment()`, contract/spec-text.ts reads FC_SPEC through `specPathSetting()`, and the
 * embedded stub reads its own STUB_* variables in its entry point (stub/main.ts). The global setup still
 * hands the embedded stub's coordinates, and a run coordinator it started itself, to the workers through the
 * environment (suites/support/global-setup.ts).
 *
 * FC_RUN_CONFIG    the run configuration the CLI wrote (lib/run-config.ts): when set, every setting below but the
 *                  secrets, the embedded stub's coordinates and the run coordinator comes from it, not the environment
 * FC_TARGET        base URL of the API under test; unset = start the embedded reference stub
 * FC_EMBEDDED      "1" when the global setup started the embedded stub (set by the harness itself)
 * FC_RUN_COORDINATOR  "host:port" of the run coordinator (lib/run-coordinator.ts): set by `forecast-conformance
 *                  run`, which starts it, or by the global setup of a plain `playwright test`
 * FC_SITE_URL      public site address serviceUrl is built from
 * FC_API_KEY(_2)   first and second principal's API keys
 * FC_CONTROL       control-plane base URL (defaults to the target); FC_CONTROL_TOKEN its bearer token
 * FC_MAX_SPEND     spend budget, USD (unset: the caller's default)
 * FC_UNBILLED_STATUS  comma-separated statuses (400..599) the operator states the target never bills (gap
 *                  BILL-013): the budget gives their charge back (suites/support/budget.ts)
 * FC_SEED          fast-check seed (fixed in CI)
 * FC_REPORT_DIR    where reports are written (default reports/)
 * FC_TIMEOUT_MS    per-request timeout, ms (default 15000)
 * FC_STUB_SEED     dataset seed of the embedded stub (default 42)
 * FC_STUB_VARIANT  main (default) or alt: the embedded stub's variant (stub/variant.ts; alt makes every gap's
 *                  other allowed choice)
 * FC_MUTANT        switch on one mutant of the embedded stub (stub/mutants.ts; `npm run mutation`, `playwright test`;
 *                  `forecast-conformance run` does not pass it on)
 * FC_WORKERS       Playwright workers (default 4; `forecast-conformance run` sets 6, 2 for smoke)
 * FC_WALLET_SEED   derive test wallets' private keys from this seed (tests/harness/secrets.spec.ts only)
 * FC_ABORT_AFTER   consecutive connection failures/timeouts that abort the run (default 5)
 * FC_SPEND_PLAN    the run's spend plan file (set by `forecast-conformance run`, cli/spend.ts): paid tests it left out skip
 * FC_MAX_BODY_BYTES  per-request limit of an answer's body, bytes, as received and decompressed
 *                  (default DEFAULT_MAX_BODY_BYTES, 32 MiB, lib/http-client.ts); a body over it is FC_TARGET_TOO_LARGE
 * Set by the CLI (cli/main.ts) for the reports: FC_TIER, FC_SELECTED_RULES (comma-separated IDs),
 * FC_COMMAND_LINE, FC_FAIL_ON_SKIP ("1"), FC_MIN_COVERAGE (percent), FC_SHARD (i/n: also write a blob for `merge`),
 * FC_DRIFT_BASELINE (an earlier served contract, file), FC_FAIL_ON_DRIFT ("breaking"), FC_TERMINAL (full, rules, quiet), FC_SERVED_CONTRACT
 * (the served contract the preflight read, file): the drift section (reporter/drift.ts).
 * CI               set on CI (forbids test.only, dot reporter)
 */
import { DEFAULT_MAX_BODY_BYTES } from './http-client.ts';
import { readRunConfig, type RunConfig } from './run-config.ts';

export interface Settings {
  target: string;
  embedded: boolean;
  /** The run coordinator, "host:port" (lib/run-coordinator.ts); empty when none was started. */
  runCoordinator: string;
  siteUrl: string;
  apiKey: string | undefined;
  apiKey2: string | undefined;
  /** Control-plane base URL: FC_CONTROL, else the target; undefined without a control token. */
  control: string | undefined;
  controlToken: string | undefined;
  /** USD; undefined when FC_MAX_SPEND is unset or empty (NaN when it is not a number). */
  maxSpendUsd: number | undefined;
  /** Statuses the operator states the target never bills (FC_UNBILLED_STATUS; gap BILL-013); entries that are not numbers are dropped. */
  unbilledStatuses: number[];
  seed: number;
  reportDir: string;
  requestTimeoutMs: number;
  stubSeed: number;
  /** Name of one stub mutant to switch on (stub/mutants.ts); undefined = none. */
  stubMutant: string | undefined;
  /** The embedded stub's variant: `main` or `alt` (stub/variant.ts); undefined = main. */
  stubVariant: string | undefined;
  workers: number;
  walletSeed: string | undefined;
  ci: boolean;
  /** Consecutive connection failures or timeouts after which the run aborts (NOT_RUN for the rest, exit 2). */
  abortAfter: number;
  /** Per-request limit of an answer's body, bytes, as received and decompressed (lib/http-client.ts). */
  maxBodyBytes: number;
  /** Run tier: smoke, standard or certify (cli/settings.ts RUN_TIERS). */
  tier: string;
  /** The redacted command line, shown in the certification report. */
  commandLine: string;
  /** Comma-separated selected rule IDs; empty = every rule. */
  selectedRules: string;
  failOnSkip: boolean;
  /** Percent of testable rules that must be PASSED; null = no gate. */
  minCoverage: number | null;
  /** "i/n" when this run is one shard of several; empty otherwise. */
  shard: string;
  /** Path of the run's spend plan (cli/spend.ts); empty = no plan, every paid test may run within the budget. */
  spendPlan: string;
  /** An earlier served contract (file) to compare the served one with; empty = none. */
  driftBaseline: string;
  /** "breaking" = a breaking difference of the served contract fails the run; empty = report only. */
  failOnDrift: string;
  /** The served contract the CLI's preflight read (file); empty = none. */
  servedContract: string;
  /**
   * What the run prints (FC_TERMINAL, set by `forecast-conformance run`): `full` Playwright's reporter
   * and the rule summary (the default, and `run --verbose`); `rules` the rule summary and, on a TTY, a
   * live line; `quiet` nothing (`run --json` prints its own summary).
   */
  terminal: 'full' | 'rules' | 'quiet';
}

/** The fast-check seed of a run's properties when FC_SEED (`--seed`) sets none. */
export const DEFAULT_PROPERTY_SEED = 20261122;

/** The embedded stub's dataset seed when FC_STUB_SEED (the stub: STUB_SEED) sets none. */
export const DEFAULT_STUB_SEED = 42;

/**
 * This process's environment, for the resolvers that validate it (cli/settings.ts, cli/drift.ts) and for
 * annotations written for GitHub (cli/run.ts). The object itself, so a later write is seen.
 */
export function processEnvironment(): NodeJS.ProcessEnv {
  return process.env;
}

/**
 * What a child run of the harness starts from: this process's environment without any FC_* variable (the
 * child sees exactly the settings handed to it), plus `extra` (an undefined value removes a variable).
 */
export function childEnvironment(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('FC_')) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Hands settings to the workers the runner starts after this call (Playwright's global setup: the embedded stub's
 * address and secrets, the run coordinator it started for a plain `playwright test`), through this process's
 * environment, which they inherit and `readSettings()` reads: secrets never go into the run configuration file.
 */
export function handToWorkers(vars: Record<string, string>): void {
  Object.assign(process.env, vars);
}

/** The named variables of this process's environment that are set (a tool's child gets these and nothing else). */
export function pickEnvironment(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((k) => (process.env[k] === undefined ? [] : [[k, process.env[k]!]])));
}

/** FC_SPEC: the path of the spec to read instead of ../shared/spec/api-contract.md; undefined when unset or empty. */
export function specPathSetting(): string | undefined {
  return process.env.FC_SPEC || undefined;
}

/** The variables that carry what the runner itself started, or a secret: always the environment's. */
function runtimeSettings(env: NodeJS.ProcessEnv) {
  return {
    embedded: env.FC_EMBEDDED === '1',
    runCoordinator: env.FC_RUN_COORDINATOR ?? '',
    apiKey: env.FC_API_KEY || undefined,
    apiKey2: env.FC_API_KEY_2 || undefined,
    controlToken: env.FC_CONTROL_TOKEN || undefined,
    stubSeed: Number(env.FC_STUB_SEED ?? DEFAULT_STUB_SEED),
    stubMutant: env.FC_MUTANT || undefined,
    walletSeed: env.FC_WALLET_SEED || undefined,
    ci: Boolean(env.CI),
  };
}

/** A run configuration's settings (lib/run-config.ts): what the CLI decided, the same in every process. */
function settingsOfConfig(c: RunConfig, env: NodeJS.ProcessEnv): Settings {
  const runtime = runtimeSettings(env);
  // The embedded stub's coordinates are the global setup's (its workers read them from the environment).
  const target = runtime.embedded ? (env.FC_TARGET ?? '') : c.target;
  return {
    ...runtime,
    target,
    siteUrl: runtime.embedded ? (env.FC_SITE_URL ?? '') : c.siteUrl,
    control: runtime.controlToken ? (runtime.embedded ? env.FC_CONTROL || target : c.control || target) : undefined,
    maxSpendUsd: c.maxSpendUsd ?? Infinity,
    unbilledStatuses: c.unbilledStatuses,
    seed: c.seed,
    reportDir: c.reportDir,
    requestTimeoutMs: c.requestTimeoutMs,
    stubVariant: c.stubVariant || undefined,
    workers: c.workers,
    abortAfter: c.abortAfter,
    maxBodyBytes: c.maxBodyBytes,
    tier: c.tier,
    commandLine: c.commandLine,
    selectedRules: c.selectedRules.join(','),
    failOnSkip: c.failOnSkip,
    minCoverage: c.minCoverage,
    shard: c.shard,
    spendPlan: c.spendPlan,
    driftBaseline: c.driftBaseline,
    failOnDrift: c.failOnDrift,
    servedContract: c.servedContract,
    terminal: c.terminal,
  };
}

/**
 * The settings of this run: from the run configuration FC_RUN_CONFIG names (written by the CLI, checked
 * against its schema), else from the FC_* variables (a plain `playwright test`); secrets and what the runner
 * started come from the environment either way.
 * @throws Error when FC_RUN_CONFIG names a file that is not a valid run configuration
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  if (env.FC_RUN_CONFIG) return settingsOfConfig(readRunConfig(env.FC_RUN_CONFIG), env);
  const runtime = runtimeSettings(env);
  return {
    ...runtime,
    target: env.FC_TARGET ?? '',
    siteUrl: env.FC_SITE_URL ?? '',
    control: runtime.controlToken ? env.FC_CONTROL || env.FC_TARGET : undefined,
    maxSpendUsd: env.FC_MAX_SPEND !== undefined && env.FC_MAX_SPEND !== '' ? Number(env.FC_MAX_SPEND) : undefined,
    unbilledStatuses: (env.FC_UNBILLED_STATUS ?? '')
      .split(',')
      .map((v) => Number(v.trim()))
      .filter((n) => Number.isInteger(n) && n >= 400 && n <= 599),
    seed: Number(env.FC_SEED ?? DEFAULT_PROPERTY_SEED),
    reportDir: env.FC_REPORT_DIR ?? 'reports',
    requestTimeoutMs: Number(env.FC_TIMEOUT_MS ?? 15_000),
    stubVariant: env.FC_STUB_VARIANT || undefined,
    // Four: the conformance suites mostly wait on the target (the harness project caps its own CLI runs at two).
    workers: env.FC_WORKERS ? Number(env.FC_WORKERS) : 4,
    abortAfter: Number(env.FC_ABORT_AFTER ?? 5),
    maxBodyBytes: env.FC_MAX_BODY_BYTES ? Number(env.FC_MAX_BODY_BYTES) : DEFAULT_MAX_BODY_BYTES,
    tier: env.FC_TIER || 'standard',
    commandLine: env.FC_COMMAND_LINE ?? 'playwright test',
    selectedRules: env.FC_SELECTED_RULES ?? '',
    failOnSkip: env.FC_FAIL_ON_SKIP === '1',
    minCoverage: env.FC_MIN_COVERAGE ? Number(env.FC_MIN_COVERAGE) : null,
    shard: env.FC_SHARD || '',
    spendPlan: env.FC_SPEND_PLAN || '',
    driftBaseline: env.FC_DRIFT_BASELINE || '',
    failOnDrift: env.FC_FAIL_ON_DRIFT || '',
    servedContract: env.FC_SERVED_CONTRACT || '',
    terminal: env.FC_TERMINAL === 'rules' || env.FC_TERMINAL === 'quiet' ? env.FC_TERMINAL : 'full',
  };
}
