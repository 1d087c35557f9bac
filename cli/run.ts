/**
 * `forecast-conformance run`: settings → selection → preflight → one Playwright run (the conformance
 * projects) → reports → signed bundle → exit code. The run is stopped when the target stops
 * answering (the run coordinator's abort, lib/run-coordinator.ts; cli/supervise.ts) or on SIGINT/SIGTERM; reports are written in every case.
 */
import { pricedRefusalOperations, spendPlanFor, spendPlanLines, writeSpendPlan } from './spend.ts';
import { probeCheckOrder } from './check-order.ts';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTestable, loadRules, type Rule } from '../contract/rules.ts';
import { redact } from '../lib/redact.ts';
import { startRunCoordinator, type RunCoordinator } from '../lib/run-coordinator.ts';
import { writeRunConfig, type RunConfig } from '../lib/run-config.ts';
import { REPORT_DIR_FILES, REPORT_FILES } from '../lib/run-state.ts';
import { applySelection, ruleVerdicts, type RuleVerdict } from '../reporter/rule-results.ts';
import {
  buildReport,
  readReport,
  summaryLines,
  writeReports,
  type CertificationReport,
  type RunInfo,
  type RunVerdict,
} from '../reporter/report.ts';
import { preflight } from './preflight.ts';
import { listTests, plannedTests, ruleTagPattern, selectRules, uncovered, type PlannedTest } from './selection.ts';
import { loadRequestPlan, planLabel, plannedRequests } from '../lib/request-plan.ts';
import {
  DEFAULT_WORKERS,
  readSecrets,
  registerSecrets,
  resolveSettings,
  SMOKE_WORKERS,
  UsageError,
  type Flags,
  type RunSettings,
  type Secrets,
} from './settings.ts';
import { reportToGithub, runSummary } from './ci-output.ts';
import { PLAYWRIGHT_CLI, playwrightEnv } from '../lib/playwright-cli.ts';
import { supervise, type RunEnd } from './supervise.ts';
import { ownsSourceAddresses } from '../lib/suite-phases.ts';
import { driftNotRun, driftSource, readContractFile } from '../reporter/drift.ts';
import { MANIFEST, SIGNATURE, writeBundle } from './bundle.ts';
import { DEFAULT_PROPERTY_SEED, childEnvironment, processEnvironment } from '../lib/settings.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLAYWRIGHT = PLAYWRIGHT_CLI;
/** Files of an earlier run that must not be mistaken for this run's. */
const STALE = [...Object.values(REPORT_FILES), 'results.json', MANIFEST, SIGNATURE, REPORT_DIR_FILES.servedContract];
/** A dry run lists each planned test's request count up to this many tests (then only the sum). */
const PER_TEST_LINES = 60;

export const EXIT: Record<RunVerdict, number> = { PASSED: 0, FAILED: 1, INCOMPLETE: 1, ERROR: 2 };

export interface RunFlags extends Flags {
  dryRun?: boolean;
  /** With --dry-run: list every selected rule and planned test, not only their counts. */
  list?: boolean;
  shard?: string;
  grep?: string;
  /** Print a machine-readable summary (RunSummary) on stdout; everything else goes to stderr. */
  json?: boolean;
  /** Keep Playwright's reporter: every failure with its stack trace. */
  verbose?: boolean;
}

/** Every FC_* variable removed: the child sees exactly the resolved settings. */
function baseEnv(): NodeJS.ProcessEnv {
  return childEnvironment();
}

/** Verdicts of a run that judged nothing: every selected testable rule NOT_RUN with `reason`. */
export function notRunVerdicts(catalogue: Map<string, Rule>, selected: ReadonlySet<string> | null, reason: string): RuleVerdict[] {
  const base = ruleVerdicts(catalogue, []).map((v) =>
    v.status === 'NO_TEST' && isTestable(catalogue.get(v.id)!) ? { ...v, status: 'NOT_RUN' as const, reasons: [reason] } : v,
  );
  return applySelection(base, selected ? new Set(selected) : null);
}

function runInfo(s: RunSettings, selected: ReadonlySet<string> | null, started: Date, aborted: string | null, runStatus: string): RunInfo {
  return {
    target:
      s.target ?? (s.stubVariant === 'alt' ? "embedded alternate stub (every gap rule's alternate choice)" : 'embedded reference stub'),
    tier: s.tier,
    seed: s.seed ?? DEFAULT_PROPERTY_SEED,
    commandLine: redact(['forecast-conformance', ...process.argv.slice(2)].join(' ')),
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    durationMs: Date.now() - started.getTime(),
    runStatus,
    spend: { usd: 0, calls: 0, budgetUsd: s.maxSpend ?? null },
    selection: selected ? [...selected].sort() : null,
    failOnSkip: s.failOnSkip,
    minCoverage: s.minCoverage ?? null,
    shard: null,
    aborted,
  };
}

function sign(dir: string, keyFile: string | undefined): void {
  const { manifest, publicKeyPem, ephemeral } = writeBundle(dir, keyFile);
  console.log(
    `Bundle: ${manifest.files.length} file(s) in ${join(dir, 'manifest.json')}, signed (ed25519, key ${manifest.keyFingerprint.slice(0, 16)}…)`,
  );
  if (ephemeral)
    console.log(
      `Ephemeral signing key; its public key (keep it to check the bundle with \`verify --public-key\`):\n${publicKeyPem.trim()}`,
    );
}

/** Dry run: the planned tests' request count (each test's too with `list`, or when they are few), from the request plan (lib/request-plan.ts). */
function printPlannedRequests(planned: readonly PlannedTest[], list: boolean): void {
  const plan = loadRequestPlan();
  if (!plan) {
    console.log('Planned requests: unknown (no measurements/request-plan.json; `npm run request-plan` measures one on the embedded stub)');
    return;
  }
  const p = plannedRequests(plan, planned);
  const n = (v: number) => v.toLocaleString('en-US');
  if (list || p.perTest.length <= PER_TEST_LINES)
    for (const { test, requests } of p.perTest)
      console.log(`  ${(requests === undefined ? '?' : n(requests)).padStart(6)}  ${test.location} ${test.title}`);
  console.log(
    `Requests: ${n(p.total)} ${planLabel(plan)}` +
      (p.unmeasured ? `; ${p.unmeasured} test(s) not measured there (new, or their rules changed since)` : '') +
      '. Another target may need more or fewer: the suites walk what it lists.',
  );
}

/** The run's budget, USD: nothing in the smoke tier, --max-spend, else unlimited on the embedded stub and nothing on a target. */
const budgetOf = (s: RunSettings): number => (s.tier === 'smoke' ? 0 : (s.maxSpend ?? (s.target ? 0 : Infinity)));

/** What every step of one `run` reads: its settings, catalogue and selection, and where its reports go. */
interface RunContext {
  s: RunSettings;
  secrets: Secrets;
  catalogue: Map<string, Rule>;
  /** The selected rules; null = every rule. */
  selected: ReadonlySet<string> | null;
  /** The tests that carry the selected rules; null = every test. */
  tests: PlannedTest[] | null;
  started: Date;
  reportDir: string;
}

/** `--grep` as Playwright reads it. @throws UsageError when it is no regular expression. */
function grepOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch (err) {
    throw new UsageError(`--grep: not a regular expression: ${(err as Error).message}`);
  }
}

/** Settings, secrets, catalogue and selection. @throws UsageError for a selection or baseline it refuses. */
function prepare(flags: RunFlags): RunContext {
  const started = new Date();
  const s = resolveSettings(flags);
  const secrets = readSecrets();
  registerSecrets(secrets);
  if (s.configFile) console.log(`Config: ${s.configFile} (flags, then FC_* variables, then this file, then defaults)`);
  const catalogue = loadRules();
  const grep = flags.grep ? grepOf(flags.grep) : undefined;
  const selected = selectRules(catalogue, s);
  // --grep narrows the tests as Playwright will (file and title), and so the rules the run can judge.
  const tests =
    selected || grep ? plannedTests(listTests(), selected, s.tier).filter((t) => !grep || grep.test(`${t.location} ${t.title}`)) : null;
  if (selected && !selected.size)
    throw new UsageError(`no rule selected${s.tier === 'smoke' ? ' (the smoke tier keeps only rules about free routes)' : ''}`);
  if (selected && !tests!.length) throw new UsageError(`no suite test carries the ${selected.size} selected rule(s)`);
  if (grep && !tests!.length) throw new UsageError(`--grep ${flags.grep}: no suite test${selected ? ' of the selection' : ''} matches`);
  // --grep alone selects the rules its tests carry: the rest is NOT_SELECTED, as for --rule (the dry run says the same).
  const chosen = grep && !selected ? new Set(tests!.flatMap((t) => t.rules)) : selected;
  if (s.baseline) {
    try {
      readContractFile(s.baseline);
    } catch (err) {
      throw new UsageError(`--baseline: ${(err as Error).message}`);
    }
  }
  return { s, secrets, catalogue, selected: chosen, tests, started, reportDir: resolve(s.reportDir) };
}

/** The spend plan of the run's tests within its budget (cli/spend.ts), or undefined when none was measured. */
const spendPlanOf = ({ s, secrets, catalogue, selected, tests }: RunContext, freeRefusals?: ReadonlySet<string>) =>
  spendPlanFor(tests ?? listTests(), catalogue, selected, budgetOf(s), withControlPlane(s, secrets), {
    ...(freeRefusals ? { refusals: freeRefusals } : {}),
    statuses: new Set(s.unbilledStatuses),
  });

/** Whether the run's suites spend a control plane's test accounts (the embedded stub, or a target with its token). */
const withControlPlane = (s: RunContext['s'], secrets: RunContext['secrets']): boolean => !s.target || Boolean(secrets.controlToken);

/**
 * The operations whose refusal probes the target answers free (cli/check-order.ts): probed only on a
 * target spending the configured keys, and only where the measured plan prices such probes; printed.
 */
async function freeRefusalsOf(ctx: RunContext): Promise<Set<string>> {
  const { s, secrets } = ctx;
  const ops = pricedRefusalOperations(withControlPlane(s, secrets));
  if (!s.target || withControlPlane(s, secrets) || !ops.length || budgetOf(s) === 0) return new Set();
  const probes = await probeCheckOrder(s.target, ops, { timeoutMs: Math.min(s.timeoutMs, 10_000), maxBodyBytes: s.maxBodyBytes });
  const free = probes.filter((p) => p.free);
  console.log(
    `Refusal probes: ${free.length} of ${probes.length} paid operation(s) answer an invalid request without credentials 422 (free, gap AUTH-020)` +
      (free.length
        ? `: ${free.map((p) => p.operationId).join(', ')}`
        : '; their probes are priced as billed calls on the key (gap BILL-013)'),
  );
  return new Set(free.map((p) => p.operationId));
}

/**
 * The operator's statement that the target bills no answer of some statuses (`--unbilled-status`, gap
 * BILL-013), printed before the plan: it lowers the plan and the budget's count, and nothing checks it
 * without a control plane.
 */
function printUnbilled({ s, secrets }: RunContext): void {
  if (!s.unbilledStatuses.length) return;
  console.log(
    `Status ${s.unbilledStatuses.join(', ')} counted unbilled, as the operator states (gap BILL-013): the budget gives their charge back and the plan prices them free; ` +
      (withControlPlane(s, secrets)
        ? 'the control plane checks what the target bills (BILL-013).'
        : 'without a control plane the run cannot check it, and a target that bills them may spend beyond --max-spend.'),
  );
}

/** `--dry-run`: the selection's summary and the plan (requests, spend plan, budget); with `--list` every selected rule too. Nothing is sent. */
function printDryRun(ctx: RunContext, list: boolean): void {
  const { s, catalogue, selected, tests } = ctx;
  const ids = selected ? [...selected].sort() : [...catalogue.values()].filter((r) => !r.retired).map((r) => r.id);
  const testable = ids.filter((id) => isTestable(catalogue.get(id)!));
  console.log(`Dry run (nothing is sent). Tier ${s.tier}; target ${s.target ?? 'embedded reference stub'}.`);
  const families = new Map<string, number>();
  for (const id of ids) families.set(id.replace(/-\d+$/, ''), (families.get(id.replace(/-\d+$/, '')) ?? 0) + 1);
  console.log(
    `Selected rules: ${ids.length} (${testable.length} testable) in ${families.size} famil${families.size === 1 ? 'y' : 'ies'}: ${[
      ...families,
    ]
      .map(([f, n]) => `${f} ${n}`)
      .join(', ')}`,
  );
  if (list) for (const id of ids) console.log(`  ${id.padEnd(14)} ${catalogue.get(id)!.level.padEnd(6)} ${catalogue.get(id)!.text}`);
  else console.log('  (every selected rule with its text: add --list)');
  const planned = tests ?? listTests();
  console.log(`Planned tests: ${planned.length} (${planned.filter((t) => t.clock).length} in the clock suites)`);
  if (selected) {
    const missing = uncovered(catalogue, selected, planned);
    if (missing.length) console.log(`Testable selected rules no test carries (will be NOT_RUN): ${missing.join(', ')}`);
  }
  printPlannedRequests(planned, list);
  printUnbilled(ctx);
  const plan = spendPlanOf(ctx);
  if (plan) for (const line of spendPlanLines(plan)) console.log(line);
  const refusalOps = pricedRefusalOperations(withControlPlane(s, ctx.secrets));
  if (plan && s.target && !withControlPlane(s, ctx.secrets) && refusalOps.length)
    console.log(
      `Refusal probes of ${refusalOps.length} paid operation(s) are priced as billed calls on the key (gap BILL-013); before it plans, the run asks the target with one unbilled request each whether it answers them free (gap AUTH-020), which can only lower the plan.`,
    );
  const budget = s.tier === 'smoke' ? 0 : s.maxSpend;
  console.log(
    `Maximum spend: ${budget === undefined ? (s.target ? '$0 (no --max-spend: paid calls are refused)' : 'unlimited on the embedded stub (no real money)') : `$${budget.toFixed(3)} (every paid call is charged before it is sent; a test that does not fit is SKIPPED)`}`,
  );
}

/** Writes the reports of a run that judged nothing: every selected testable rule NOT_RUN with `reason`. */
function writeNotRunReports(ctx: RunContext, reason: string, runStatus: string): CertificationReport {
  const { s, catalogue, selected, started, reportDir } = ctx;
  const report = buildReport(
    runInfo(s, selected, started, reason, runStatus),
    notRunVerdicts(catalogue, selected, `not run: ${reason}`),
    catalogue,
    new Map(),
    driftNotRun(reason, driftSource(s.target), s.failOnDrift ?? null),
  );
  writeReports(reportDir, report);
  return report;
}

/**
 * The preflight of a run against a target (cli/preflight.ts): true when the target can be judged (its
 * served contract kept for the drift section); otherwise the reports are written and signed, the reason printed.
 */
async function passesPreflight(ctx: RunContext, target: string): Promise<boolean> {
  const { s, reportDir } = ctx;
  const pre = await preflight(target, { timeoutMs: s.timeoutMs, maxBodyBytes: s.maxBodyBytes });
  if (!pre.ok) {
    const reason = `preflight: ${pre.reason}`;
    writeNotRunReports(ctx, reason, 'preflight');
    sign(reportDir, s.signingKey);
    console.error(`forecast-conformance: ${redact(reason)} (reports in ${s.reportDir}/)`);
    return false;
  }
  console.log(`Preflight: ${pre.reason}`);
  // The drift section's document when no selected test reads /openapi.json (rule reporter).
  writeFileSync(join(reportDir, REPORT_DIR_FILES.servedContract), redact(JSON.stringify(pre.doc, null, 2)));
  return true;
}

/**
 * The Playwright child's environment: the run configuration (lib/run-config.ts), written once into the
 * report folder and named by FC_RUN_CONFIG, and the secrets, which never go into a file.
 * @throws Error when the configuration does not match its schema (a bug of the CLI's own resolution)
 */
function playwrightChildEnv(ctx: RunContext, flags: RunFlags, spendPlanFile: string | undefined): NodeJS.ProcessEnv {
  const { s, secrets, selected, reportDir } = ctx;
  const budget = budgetOf(s);
  const config: RunConfig = {
    version: 1,
    target: s.target ?? '',
    siteUrl: s.siteUrl ?? '',
    control: s.control ?? '',
    // The budget in force, stated to the reporter too (a target without --max-spend has $0).
    maxSpendUsd: Number.isFinite(budget) ? budget : null,
    unbilledStatuses: [...s.unbilledStatuses],
    seed: s.seed ?? DEFAULT_PROPERTY_SEED,
    reportDir,
    requestTimeoutMs: s.timeoutMs,
    workers: s.workers ?? (s.tier === 'smoke' ? SMOKE_WORKERS : DEFAULT_WORKERS),
    abortAfter: s.abortAfter,
    maxBodyBytes: s.maxBodyBytes,
    tier: s.tier,
    commandLine: redact(['forecast-conformance', ...process.argv.slice(2)].join(' ')),
    selectedRules: selected ? [...selected].sort() : [],
    failOnSkip: s.failOnSkip,
    minCoverage: s.minCoverage ?? null,
    shard: flags.shard ?? '',
    stubVariant: s.stubVariant ?? '',
    spendPlan: spendPlanFile ?? '',
    driftBaseline: s.baseline ?? '',
    failOnDrift: s.failOnDrift ?? '',
    servedContract: s.target ? join(reportDir, REPORT_DIR_FILES.servedContract) : '',
    // The rule summary only (a live line on a TTY), nothing with --json; Playwright's reporter with --verbose.
    terminal: flags.json ? 'quiet' : flags.verbose ? 'full' : 'rules',
  };
  const file = join(reportDir, REPORT_DIR_FILES.runConfig);
  writeRunConfig(file, config);
  const env = baseEnv();
  env.FC_RUN_CONFIG = file;
  const set = (k: string, v: string | undefined) => {
    if (v) env[k] = v;
  };
  if (s.tier !== 'smoke') {
    set('FC_API_KEY', secrets.apiKey);
    set('FC_API_KEY_2', secrets.apiKey2);
  }
  set('FC_CONTROL_TOKEN', secrets.controlToken);
  return env;
}

/** `playwright test` arguments: the projects, the selected tests' locations and the filters. */
function playwrightArgs({ s, tests, selected }: RunContext, flags: RunFlags): string[] {
  // The serial project runs when a selected test is in it: a clock suite's, or a one-address suite's
  // on a target the run cannot reach from loopback addresses of its own (lib/suite-phases.ts).
  const ownAddresses = ownsSourceAddresses(s.target);
  const clock = tests?.some((t) => t.clock || (t.oneAddress && !ownAddresses)) ?? s.tier !== 'smoke';
  const args = [
    'test',
    '--project=conformance',
    ...(clock && tests ? ['--project=conformance-clock'] : []),
    // The clock suites are the conformance project's teardown, and Playwright runs a teardown whole,
    // whatever the location filters say: without a selected clock test, --no-deps keeps them out
    // (they would cost minutes and money and, in a sharded run, run once in every shard).
    ...(clock ? [] : ['--no-deps']),
    // The planned tests' files (the tier may leave whole suites out), and among them the tests tagged with a
    // selected rule (suites/support/annotations.ts ruleDetails), also matching the operator's --grep.
    ...(tests ? [...new Set(tests.map((t) => t.location.replace(/:\d+$/, '')))] : []),
  ];
  if (tests && selected) args.push('--grep', ruleTagPattern(selected, flags.grep));
  else if (flags.grep) args.push('--grep', flags.grep);
  if (flags.shard) args.push('--shard', flags.shard);
  return args;
}

/**
 * The exit code once the Playwright run ended: its report's verdict, or 2 when it wrote none (aborted,
 * stopped, crashed), in which case the reports are written here with the reason.
 */
function finish(ctx: RunContext, result: RunEnd, coordinator: RunCoordinator): { code: number; report: CertificationReport } {
  if (!existsSync(join(ctx.reportDir, REPORT_FILES.rules))) {
    const aborted = coordinator.abortReason();
    const reason = aborted
      ? `run aborted: ${aborted}`
      : result.stoppedBy
        ? `run ${result.stoppedBy}`
        : `the Playwright run ended (exit ${result.code ?? result.signal}) without writing a report`;
    const report = writeNotRunReports(ctx, reason, 'error');
    for (const line of summaryLines(report)) console.log(line);
    return { code: 2, report };
  }
  const report = readReport(ctx.reportDir);
  if (report.verdict === 'ERROR') console.error(`forecast-conformance: ${report.verdictReason}`);
  return { code: EXIT[report.verdict], report };
}

/**
 * The `run` command. Returns the process exit code (0 passed, 1 a rule failed or the run is
 * incomplete for its tier/gates, 2 configuration, harness or target error).
 * @throws UsageError for a configuration it refuses (the caller prints it, exit 2).
 */
export async function runCommand(flags: RunFlags): Promise<number> {
  // --json: stdout carries the one JSON summary; every other line the run prints goes to stderr.
  const log = console.log;
  if (flags.json) console.log = console.error;
  try {
    return await runAndReport(flags, log);
  } finally {
    console.log = log;
  }
}

/** The run itself; `out` prints on stdout (the `--json` summary). */
async function runAndReport(flags: RunFlags, out: (line: string) => void): Promise<number> {
  if (flags.list && !flags.dryRun) throw new UsageError('--list: lists the plan of a --dry-run; add --dry-run');
  const ctx = prepare(flags);
  const { s, reportDir } = ctx;
  if (flags.dryRun) {
    printDryRun(ctx, flags.list ?? false);
    return 0;
  }
  mkdirSync(reportDir, { recursive: true });
  for (const f of STALE) rmSync(join(reportDir, f), { force: true });
  let ended: { code: number; report: CertificationReport };
  if (s.target && !(await passesPreflight(ctx, s.target))) ended = { code: 2, report: readReport(reportDir) };
  else {
    // The spend plan: the paid tests the budget buys, cheapest coverage first (issue 19); the others skip before sending.
    printUnbilled(ctx);
    const plan = spendPlanOf(ctx, await freeRefusalsOf(ctx));
    const planFile = plan ? writeSpendPlan(reportDir, plan) : undefined;
    if (plan) for (const line of spendPlanLines(plan)) console.log(line);
    // The run's shared state (pacing, ledger, shared answers, health, counts) lives here, in the CLI: an abort
    // reaches it as an event (lib/run-coordinator.ts).
    const coordinator = await startRunCoordinator();
    try {
      const env = { ...playwrightChildEnv(ctx, flags, planFile), FC_RUN_COORDINATOR: coordinator.address };
      const result = await supervise([PLAYWRIGHT, ...playwrightArgs(ctx, flags)], {
        cwd: ROOT,
        env: playwrightEnv(env),
        onAbort: (stop) => coordinator.state.onAbort(stop),
      });
      ended = finish(ctx, result, coordinator.state);
    } finally {
      await coordinator.close();
    }
    sign(reportDir, s.signingKey);
  }
  // GitHub Actions reads workflow commands from the step's output: stdout, or stderr under --json (stdout is the summary's).
  reportToGithub(ended.report, ended.code, processEnvironment(), (line) => console.log(redact(line)));
  if (flags.json) out(redact(JSON.stringify(runSummary(ended.report, ended.code, reportDir), null, 2)));
  return ended.code;
}
