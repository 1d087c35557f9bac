/**
 * `forecast-conformance`: the CI gate's, the vendor's and the operator's entry point.
 * Commands: run, drift, verify, merge, replay (see `--help` of each). Exit codes: 0 every selected rule
 * passed (WARN allowed); 1 a rule failed, or the run is incomplete for its tier or gates;
 * 2 configuration, harness or target error. Secrets come only from the environment (or *_FILE).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import {
  bodyLimit,
  DEFAULT_WORKERS,
  httpUrl,
  nonNegative,
  positiveInt,
  RUN_TIERS,
  SMOKE_WORKERS,
  STUB_VARIANT_NAMES,
  UsageError,
} from './settings.ts';
import { runCommand, type RunFlags } from './run.ts';
import { verifyBundle } from './bundle.ts';
import { mergeCommand } from './merge.ts';
import { replayCommand } from './replay.ts';
import { driftCommand, type DriftFlags } from './drift.ts';
import { FAIL_ON_DRIFT } from '../reporter/drift.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Commander argument parser from a settings validator (its UsageError becomes commander's message). */
const arg =
  <T>(parse: (v: string) => T) =>
  (v: string): T => {
    try {
      return parse(v);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  };
const collect = (v: string, prev: string[] = []) => [...prev, v];

const EXIT_HELP = `
Exit codes:
  0  every selected rule passed (WARN allowed)
  1  a rule failed, or the run is incomplete for its tier (certify), --fail-on-skip or --min-coverage,
     or --fail-on-drift breaking and the served contract has a breaking difference
  2  configuration, harness or target error (unreachable, not HTTP, /openapi.json not served or over
     --max-body-bytes, stopped answering)

Settings: flags, then the environment, then ./forecast-conformance.config.json (or --config FILE; schema
cli/config.schema.json; the run names the file it loaded), then defaults. The environment: FC_TARGET, FC_SITE_URL, FC_CONTROL, FC_MAX_SPEND, FC_SEED, FC_REPORT_DIR, FC_WORKERS,
FC_TIMEOUT_MS, FC_TIER, FC_RULES, FC_FAMILIES, FC_OPERATIONS, FC_MIN_COVERAGE, FC_FAIL_ON_SKIP=1,
FC_ABORT_AFTER, FC_MAX_BODY_BYTES, FC_SIGNING_KEY_FILE, FC_STUB_VARIANT, FC_DRIFT_BASELINE, FC_FAIL_ON_DRIFT,
FC_UNBILLED_STATUS.
Secrets only from the environment, never flags: FC_API_KEY, FC_API_KEY_2, FC_CONTROL_TOKEN
(or FC_API_KEY_FILE, FC_API_KEY_2_FILE, FC_CONTROL_TOKEN_FILE naming a file that holds the value).

Examples:
  forecast-conformance run                                   # certify the embedded reference stub
  forecast-conformance run --tier smoke --target http://127.0.0.1:4010
  FC_API_KEY=... forecast-conformance run --target https://staging.example --max-spend 2 --fail-on-skip
  FC_API_KEY=... FC_API_KEY_2=... FC_CONTROL_TOKEN=... forecast-conformance run --tier certify --target https://staging.example --max-spend 20
  forecast-conformance run --family AVAIL --operation getPricing --dry-run
  forecast-conformance drift --target https://staging.example --baseline prod-openapi.json --fail-on-drift breaking
  forecast-conformance run --shard 1/2 --report-dir out/1 && forecast-conformance merge out/1 out/2 --report-dir out/all
  forecast-conformance verify reports --public-key vendor.pub.pem
  forecast-conformance replay --report-dir reports --rule BILL-002
`;

const program = new Command('forecast-conformance')
  .description('Contract conformance for the Prediction-Market Forecast Intelligence API')
  .version(VERSION, '-V, --version')
  .addHelpText('after', EXIT_HELP)
  .exitOverride()
  .configureOutput({ outputError: (str, write) => write(str.split('\n').filter(Boolean)[0] + '\n') });

program
  .command('run')
  .description('run the conformance suites, write the certification report and sign the bundle')
  .option(
    '--target <url>',
    'base URL of the API under test, http(s) (default: the embedded reference stub)',
    arg((v) => httpUrl('--target', v)),
  )
  .option(
    '--site-url <url>',
    'public site address serviceUrl is built from',
    arg((v) => httpUrl('--site-url', v)),
  )
  .option(
    '--control <url>',
    'control-plane base URL (default: the target, when FC_CONTROL_TOKEN is set)',
    arg((v) => httpUrl('--control', v)),
  )
  .option(
    '--max-spend <usd>',
    'spend budget in USD (default: unlimited on the stub, 0 elsewhere)',
    arg((v) => nonNegative('--max-spend', v)),
  )
  .option(
    '--unbilled-status <codes>',
    "HTTP statuses the target never bills, beyond the spec's (its choice on gap BILL-013, e.g. 409,422): the budget gives their charge back and the spend plan prices them free; unverified without a control plane (repeatable)",
    collect,
  )
  .option(
    '--seed <n>',
    'fast-check seed',
    arg((v) => nonNegative('--seed', v)),
  )
  .option('--report-dir <dir>', 'where reports are written (default reports)')
  .addOption(
    new Option(
      '--stub-variant <variant>',
      "the embedded stub's variant: main (the reference stub) or alt (every gap's other allowed choice); not with --target",
    ).choices(STUB_VARIANT_NAMES),
  )
  .option(
    '--workers <n>',
    `parallel workers, 1..64 (default ${DEFAULT_WORKERS}; ${SMOKE_WORKERS} for the smoke tier; \`npm test\` keeps 2)`,
    arg((v) => positiveInt('--workers', v, 64)),
  )
  .option(
    '--timeout-ms <ms>',
    'per-request timeout, ms (default 15000)',
    arg((v) => positiveInt('--timeout-ms', v, 600_000)),
  )
  .addOption(
    new Option(
      '--tier <tier>',
      'smoke: free routes only, no spend; standard: everything within the budget; certify: everything, incomplete while a testable rule is not judged',
    ).choices(RUN_TIERS),
  )
  .option('--rule <id>', 'select a rule (repeatable)', collect)
  .option('--family <prefix>', 'select a rule family, e.g. AVAIL (repeatable)', collect)
  .option('--operation <operationId>', 'select the rules of an operation (repeatable)', collect)
  .option(
    '--min-coverage <pct>',
    'exit 1 unless this percentage of selected testable rules passed',
    arg((v) => nonNegative('--min-coverage', v)),
  )
  .option('--fail-on-skip', 'exit 1 when any selected testable rule is SKIPPED')
  .option('--baseline <file>', "an earlier served contract (JSON or YAML, e.g. a previous run's served-openapi.json) to compare with too")
  .addOption(new Option('--fail-on-drift <class>', 'exit 1 when the served contract has a difference of this class').choices(FAIL_ON_DRIFT))
  .option(
    '--dry-run',
    'print the selection (every flag and --grep honoured), the planned tests, requests, spend plan and maximum spend; send nothing',
  )
  .option('--list', 'with --dry-run: list every selected rule with its text, and every planned test')
  .option('--json', 'print a machine-readable summary on stdout (verdict, counts, failing rules, spend, drift); the rest goes to stderr')
  .option('--verbose', "also print Playwright's report of every failing test, stack traces included")
  .option(
    '--shard <i/n>',
    'run one Playwright shard and write its blob (merge with `merge`)',
    arg((v) => {
      const m = /^(\d+)\/(\d+)$/.exec(v);
      if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new UsageError(`--shard: must be i/n with 1 <= i <= n, got ${v}`);
      return v;
    }),
  )
  .option('--signing-key <file>', 'PEM ed25519 private key signing the bundle (default: an ephemeral key, printed)')
  .option(
    '--abort-after <n>',
    'consecutive connection failures/timeouts that abort the run (default 5)',
    arg((v) => positiveInt('--abort-after', v, 1000)),
  )
  .option(
    '--max-body-bytes <n>',
    "per-request limit of an answer's body, bytes, as received and decompressed (default 33554432 = 32 MiB); a body over it is a target error",
    arg((v) => bodyLimit('--max-body-bytes', v)),
  )
  .option('--config <file>', 'config file (default ./forecast-conformance.config.json when present)')
  .option('--grep <re>', 'only tests whose title matches')
  .addHelpText('after', EXIT_HELP)
  .action(async (opts: RunFlags) => {
    process.exitCode = await runCommand(opts);
  });

program
  .command('drift')
  .description(
    "compare the target's served contract with the reference contract (and --baseline): every difference breaking, non-breaking or annotation-only, with its JSON pointer",
  )
  .option(
    '--target <url>',
    'base URL whose GET /openapi.json is compared (default FC_TARGET)',
    arg((v) => httpUrl('--target', v)),
  )
  .option('--against <file>', 'compare this saved served contract (JSON or YAML) instead of fetching one')
  .option('--baseline <file>', 'an earlier served contract to compare with too (deploy to deploy)')
  .addOption(new Option('--fail-on-drift <class>', 'exit 1 on a difference of this class (default: only report)').choices(FAIL_ON_DRIFT))
  .option(
    '--timeout-ms <ms>',
    'per-request timeout, ms (default 15000; the wait is capped at 10 s)',
    arg((v) => positiveInt('--timeout-ms', v, 600_000)),
  )
  .option('--json', 'print the drift section as JSON (the shape of rules.json `drift`)')
  .addHelpText(
    'after',
    `
Exit codes:
  0  compared (breaking differences are reported, not failed, without --fail-on-drift)
  1  --fail-on-drift breaking and a breaking difference
  2  no contract to compare: /openapi.json not served, unreachable, not OpenAPI, or an unreadable file
`,
  )
  .action(async (opts: DriftFlags) => {
    process.exitCode = await driftCommand(opts);
  });

program
  .command('verify')
  .description("check a report bundle: every file's SHA-256 and the ed25519 signature of its manifest")
  .argument('<dir>', 'report folder holding manifest.json and manifest.sig')
  .option('--public-key <file>', 'PEM public key the bundle must be signed by')
  .action((dir: string, opts: { publicKey?: string }) => {
    const r = verifyBundle(dir, opts.publicKey);
    if (r.ok)
      console.log(
        `verified: ${r.files} file(s), signed by key ${r.keyFingerprint}${opts.publicKey ? ' (the trusted key)' : ' (not pinned: pass --public-key to check who signed)'}`,
      );
    else console.error(`NOT verified:\n  ${r.problems.join('\n  ')}`);
    process.exitCode = r.ok ? 0 : 1;
  });

program
  .command('merge')
  .description('merge the blobs of sharded runs into one rules.json, certification report and bundle')
  .argument('<dirs...>', 'report folders of `run --shard i/n`')
  .option('--report-dir <dir>', 'where the merged reports are written', 'reports')
  .option('--signing-key <file>', 'PEM ed25519 private key signing the bundle')
  .action(async (dirs: string[], opts: { reportDir: string; signingKey?: string }) => {
    process.exitCode = await mergeCommand(dirs, opts.reportDir, opts.signingKey);
  });

program
  .command('replay')
  .description("re-send one recorded failing case from a report and give the verdict of the rule's own check")
  .option('--report-dir <dir>', 'report folder holding rules.json', 'reports')
  .option('--rule <id>', 'the rule whose exhibit to replay (default: the first with one)')
  .option(
    '--case <n>',
    'which exhibit of that rule, from 1',
    arg((v) => positiveInt('--case', v)),
    1,
  )
  .option(
    '--target <url>',
    'send to this base URL instead of the recorded one',
    arg((v) => httpUrl('--target', v)),
  )
  .option(
    '--max-body-bytes <n>',
    "the answer's body limit, bytes (default 33554432 = 32 MiB)",
    arg((v) => bodyLimit('--max-body-bytes', v)),
  )
  .option(
    '--max-spend <usd>',
    "budget of a rerun of the rule's own tests, for a rule no check judges on one answer (default: the recorded run's, else 0)",
    arg((v) => nonNegative('--max-spend', v)),
  )
  .addHelpText(
    'after',
    `
Exit codes:
  0  the rule's own check ran and finds no violation of it
  1  the recorded violation, or another violation of the rule, is still there
  2  cannot replay: no recorded request, a secret the request needs is not in the environment, the target
     is unreachable, or the rule's tests did not judge it
`,
  )
  .action(async (opts: { reportDir: string; rule?: string; case: number; target?: string; maxBodyBytes?: number; maxSpend?: number }) => {
    process.exitCode = await replayCommand(opts);
  });

try {
  await program.parseAsync();
} catch (err) {
  if (err instanceof CommanderError) {
    process.exitCode = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' ? 0 : 2;
  } else if (err instanceof UsageError || (err instanceof Error && /^FC_CONFIG/.test(err.message))) {
    console.error(`forecast-conformance: ${err.message}`);
    process.exitCode = 2;
  } else {
    console.error(`forecast-conformance: harness error: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    process.exitCode = 2;
  }
}
