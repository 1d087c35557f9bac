/**
 * `npm run load -- --profile standard [--target http://127.0.0.1:4010] [--rate N --duration S]
 *   [--engine scheduler|artillery [--workers N | --processes N]] [--principals N] [--max-rate R] [--max-in-flight N]`
 *
 * Runs one limit-scope load profile (load/profiles.ts) against a LOOPBACK target (another only with the
 * explicit --allow-remote), or, without --target, against the embedded stub started in-process. Writes
 * reports/load/<profile>.json and .html. The API key comes from FC_API_KEY only (never a flag, never
 * printed; a comma-separated list of keys spreads the load over several principals); the spend budget
 * from --max-spend or FC_MAX_SPEND (default: unlimited on the embedded stub, 0 elsewhere). The stated
 * ceilings (--max-rate, --max-in-flight, or the config file, load/config.ts) are printed before the run.
 * Exit codes (k6 style, the thresholds set them): 0 every threshold of the profile met, 1 a threshold crossed
 * (or no answer at all), 2 configuration refused. One answer in --sample-every (10) is validated against the contract.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { HarnessError } from '../lib/errors.ts';
import { readSettings } from '../lib/settings.ts';
import { artilleryScript, perMachine } from './artillery.ts';
import { readLoadConfig } from './config.ts';
import { buildProfiles, PROFILE_NAMES, type LoadProfile } from './profiles.ts';
import { plannedRequestOf, SYNTHETIC_IDENTITIES } from './requests.ts';
import { planCount } from './scheduler.ts';
import { ceilingLine, engineLine } from './report.ts';
import { runProfile } from './run.ts';
import type { Ceilings } from './safety.ts';
import { summaryLines } from './thresholds.ts';

const positive = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`not a positive number: ${value}`);
  return n;
};
const nonNegative = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`not a non-negative number: ${value}`);
  return n;
};
/** FC_REPORT_DIR, FC_MAX_SPEND, FC_API_KEY: read by lib/settings.ts, where a Playwright run and the load CLI read the environment. */
const settings = readSettings();
const f = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '–');

interface Flags {
  profile?: string;
  list?: boolean;
  target?: string;
  rate?: number;
  burst?: boolean;
  duration?: number;
  maxInFlight?: number;
  maxRequests?: number;
  whenFull: 'drop' | 'wait';
  timeoutMs?: number;
  maxSpend?: number;
  skewMs?: number;
  outDir: string;
  allowRemote?: boolean;
  sampleEvery?: number;
  maxRate?: number;
  engine?: 'scheduler' | 'artillery';
  workers?: number;
  processes?: number;
  principals?: number;
  config?: string;
  export?: string;
  perMachine?: number;
}

const program = new Command('load')
  .description('Run a limit-scope load profile against a loopback target (or the embedded stub)')
  .addOption(new Option('--profile <name>', 'load profile').choices(PROFILE_NAMES))
  .option('--list', 'list the profiles and exit')
  .option('--target <url>', 'loopback base URL (127.0.0.0/8, ::1, localhost); default: embedded stub')
  .option('--rate <n>', "target rate, requests/s (default: the profile's, under the scope's bound)", positive)
  .option('--burst', "use the profile's burst rate (above the scope's bound)")
  .option('--duration <s>', "seconds (default: the profile's)", positive)
  .option('--max-in-flight <n>', "client in-flight cap and its stated ceiling (default: the scope's bound)", positive)
  .option(
    '--max-rate <n>',
    'stated ceiling, requests/s: a run asking for more is refused; with --allow-remote it replaces the remote cap of 20/s',
    positive,
  )
  .addOption(new Option('--engine <name>', 'what sends the load').choices(['scheduler', 'artillery']))
  .option('--workers <n>', "Artillery's local runner with n worker threads (default 1)", positive)
  .option(
    '--processes <n>',
    "n separate Artillery processes on the parts of Artillery's own splitter, merged with its own tooling",
    positive,
  )
  .option(
    '--principals <n>',
    'spread the load over n principals: the keys of FC_API_KEY (a comma-separated list), or accounts of the embedded stub',
    positive,
  )
  .option('--export <file>', 'write the profile as an Artillery script (JSON) and exit, sending nothing: for run-fargate / run-lambda')
  .option(
    '--per-machine <n>',
    'with --export: divide the rates and the in-flight cap for n machines that each run the script whole (--count n)',
    positive,
  )
  .option(
    '--config <file>',
    'load config file (default ./forecast-conformance.load.json when it exists): maxRate, maxInFlight, engine, workers, processes, principals',
  )
  .option('--max-requests <n>', 'total request bound (hard cap 100,000)', positive)
  .addOption(
    new Option('--when-full <mode>', 'at the in-flight cap: drop the start or wait for a slot').choices(['drop', 'wait']).default('drop'),
  )
  .option('--timeout-ms <n>', 'per-request timeout, ms', positive)
  .option('--max-spend <usd>', 'spend budget, USD (default: FC_MAX_SPEND; unlimited on the embedded stub, else 0)', nonNegative)
  .option('--skew-ms <n>', 'client/target clock tolerance of the evaluation, ms', nonNegative)
  .option(
    '--allow-remote',
    'allow a non-loopback https (staging) target, under the remote caps (≤ 20/s and ≤ 8 in flight unless --max-rate / --max-in-flight state more, ≤ 120 s, an explicit --max-spend; aborts on a 5xx spike)',
  )
  .option('--sample-every <n>', 'validate one answer in n against the contract (and the first of each operation and status)', positive)
  .option('--out-dir <dir>', 'report directory', join(settings.reportDir, 'load'))
  .action(async (flags: Flags) => {
    const profiles = buildProfiles();
    if (flags.list || !flags.profile) {
      for (const p of Object.values(profiles)) {
        console.log(
          `${p.name.padEnd(9)} ${p.scope.title}: ${p.rate}/s (burst ${p.burstRate}/s) for ${p.durationS} s, ≤ ${p.maxInFlight} in flight — ${p.operations.map((o) => o.operationId).join(', ')}`,
        );
      }
      if (!flags.list) process.exitCode = 2;
      return;
    }
    const profile = profiles[flags.profile]!;
    if (flags.export) {
      exportScript(profile, flags);
      return;
    }
    const maxSpendUsd = flags.maxSpend ?? settings.maxSpendUsd;
    const { config, file } = readLoadConfig(flags.config);
    const maxRate = flags.maxRate ?? config.maxRate;
    const maxInFlight = flags.maxInFlight ?? config.maxInFlight;
    const fromFlags = flags.maxRate !== undefined || flags.maxInFlight !== undefined;
    const ceilings: Ceilings = {
      ...(maxRate === undefined ? {} : { maxRate }),
      ...(maxInFlight === undefined ? {} : { maxInFlight }),
      ...(maxRate !== undefined || maxInFlight !== undefined ? { source: fromFlags ? 'flags' : file! } : {}),
    };
    const engine = flags.engine ?? config.engine ?? 'scheduler';
    const processes = flags.processes ?? (flags.workers === undefined ? config.processes : undefined);
    const workers = flags.workers ?? config.workers;
    const principals = flags.principals ?? config.principals;
    // A comma-separated FC_API_KEY is a list of principals' keys (load runs only).
    const apiKeys = (settings.apiKey ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    // Printed before anything is sent: what the operator stated, and what the run will do.
    console.log(
      `profile ${profile.name}: engine ${engine}${engine === 'artillery' ? (processes ? `, ${processes} processes` : `, ${workers ?? 1} workers`) : ''}; stated ceilings: ${ceilingLine(ceilings)}; principals: ${principals ?? (flags.target ? Math.max(1, apiKeys.length) : 1)}`,
    );
    const { report, paths } = await runProfile({
      profile,
      ...(flags.target ? { target: flags.target, apiKeys } : {}),
      ...(principals === undefined ? {} : { principals }),
      ceilings,
      engine,
      ...(engine === 'artillery' ? { scale: processes ? { processes } : { workers: workers ?? 1 } } : {}),
      ...(flags.rate !== undefined ? { rate: flags.rate } : flags.burst ? { rate: profile.burstRate } : {}),
      ...(flags.duration !== undefined ? { durationS: flags.duration } : {}),
      ...(maxInFlight !== undefined ? { maxInFlight } : {}),
      ...(flags.maxRequests !== undefined ? { maxRequests: flags.maxRequests } : {}),
      ...(flags.timeoutMs !== undefined ? { timeoutMs: flags.timeoutMs } : {}),
      ...(maxSpendUsd !== undefined ? { maxSpendUsd } : {}),
      ...(flags.skewMs !== undefined ? { skewMs: flags.skewMs } : {}),
      whenFull: flags.whenFull,
      ...(flags.allowRemote ? { allowRemote: true } : {}),
      ...(flags.sampleEvery !== undefined ? { sampleEvery: Math.max(1, Math.round(flags.sampleEvery)) } : {}),
      outDir: flags.outDir,
    });
    const s = report.summary;
    console.log(`profile ${profile.name} → ${report.run.target}${report.run.embedded ? ' (embedded stub)' : ''}`);
    console.log(`  engine: ${engineLine(report.run.engine)}`);
    console.log(
      `  principals: ${report.run.principals.count} (${report.run.principals.source}), ${f(report.run.principals.perPrincipalRate)} req/s each; stated ceilings: ${ceilingLine(report.run.ceilings)}`,
    );
    console.log(
      `  target ${report.run.rate}/s for ${report.run.durationS} s; sent ${s.sent}/${s.planned} (dropped ${s.dropped}); achieved ${f(s.achievedRate)}/s`,
    );
    // Artillery keeps its own schedule: its records have starts, not planned starts, so no jitter.
    const jitter =
      report.run.engine.name === 'scheduler'
        ? `start jitter p50 ${f(s.jitterMs.p50, 3)} ms, p99 ${f(s.jitterMs.p99, 3)} ms`
        : 'start jitter not measured (Artillery schedules its own arrivals)';
    console.log(`  ${jitter}; latency p50 ${f(s.latencyMs.p50)} ms, p99 ${f(s.latencyMs.p99)} ms`);
    console.log(`  statuses ${JSON.stringify(s.statuses)}${Object.keys(s.errors).length ? `; errors ${JSON.stringify(s.errors)}` : ''}`);
    for (const e of report.evaluation.results) console.log(`  ${e.outcome.padEnd(14)} ${e.id} [${e.ruleIds.join(', ')}] ${e.detail}`);
    for (const v of [...report.evaluation.violations, ...report.sample.violations])
      console.log(`  ${v.severity.toUpperCase()} ${v.ruleId} ${v.path}: ${v.message}`);
    console.log(
      `  window: most admitted by start ${report.window.maxByStart}, surely in one window ${report.window.maxSurelyInWindow}; false rejections ${report.window.falseRejections}, false admissions ${report.window.falseAdmissions}; contract sample ${report.sample.sampled} answers, ${report.sample.violating} violating`,
    );
    for (const line of summaryLines(report.thresholds)) console.log(`  ${line}`);
    if (paths) console.log(`  report ${paths.json}\n         ${paths.html}`);
    const answered = report.records.filter((r) => r.status > 0).length;
    if (answered === 0) console.log('  no request was answered: the run judges nothing');
    // k6 style: the thresholds set the exit code (limit_rule_violations carries the evaluation's errors).
    process.exitCode = report.thresholds.some((t) => !t.ok) || answered === 0 ? 1 : 0;
  });

/**
 * `--export FILE`: the profile's Artillery script, for a target given by name (run-fargate and run-lambda
 * resolve it on their own machines), identities synthetic (no request is sent to discover them), the rates
 * divided by `--per-machine`. Sends nothing.
 */
function exportScript(profile: LoadProfile, flags: Flags): void {
  const rate = flags.rate ?? (flags.burst ? profile.burstRate : profile.rate);
  const durationS = flags.duration ?? profile.durationS;
  const count = planCount(rate, durationS, flags.maxRequests);
  const script = artilleryScript(profile, {
    target: flags.target ?? 'https://staging.example',
    rate,
    durationS,
    count,
    maxInFlight: flags.maxInFlight ?? profile.maxInFlight,
    timeoutS: (flags.timeoutMs ?? 10_000) / 1000,
    requests: profile.operations.map((o) => plannedRequestOf(o, SYNTHETIC_IDENTITIES, undefined)),
    withKey: profile.operations.some((o) => o.withKey),
  });
  const n = flags.perMachine ?? 1;
  // Remote machines merge through Artillery's own launcher; the sketches plugin is for local processes only.
  delete script.config.plugins?.['fc-sketches'];
  writeFileSync(flags.export!, JSON.stringify(n > 1 ? perMachine(script, n) : script, null, 2));
  console.log(
    `wrote ${flags.export}: ${profile.name} at ${rate}/s for ${durationS} s${n > 1 ? `, cut for ${n} machines (run it with --count ${n})` : ''}; keys come from FC_API_KEY on each machine, records stay there (see docs/load-artillery.md)`,
  );
}

try {
  await program.parseAsync();
} catch (e) {
  if (!(e instanceof HarnessError)) throw e;
  console.error(e.message);
  process.exitCode = 2;
}
