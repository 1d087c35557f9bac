/**
 * `npm run load:accuracy -- [--profile standard|social|ip-guard|oil]... [--seconds 2] [--sample-every 10] [--out-dir reports]`:
 * accuracy runs of the window bound of each profile's limit scope at 0.5×..5× (load/accuracy.ts) against a fresh
 * embedded stub per scope (limits on; worker thread; loopback), the runs 1.1 s apart so no run's second leaks
 * into the next (each scope's minute bound holds every run's admissions). Prints one table per scope
 * and the k6-style end-of-test summary of every crossed threshold; writes reports/load.json and
 * reports/load.html. Exit codes: 0 every threshold met, 1 a threshold crossed. Bounded: at most
 * 6 runs × 4 scopes × `--seconds` (≤ 5) of traffic.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { readSettings } from '../lib/settings.ts';
import { ACCURACY_MULTIPLES, judgeAccuracy, type AccuracyResult } from './accuracy.ts';
import { writeAccuracyReport, type ScopeAccuracy } from './accuracy-report.ts';
import { loadCharts } from './charts.ts';
import { DEFAULT_SAMPLE_EVERY, everyNth } from './contract-sample.ts';
import { startEmbeddedStub } from './embedded.ts';
import { buildProfiles, windowOf } from './profiles.ts';
import { discoverIdentities, plannedRequestOf } from './requests.ts';
import { assertLoopbackTarget } from './safety.ts';
import { runSchedule } from './scheduler.ts';
import { summaryLines } from './thresholds.ts';
import { scopeAnswers } from './window-judge.ts';
import { PRICES } from '../contract/pricing.ts';

/** The rule the window of each profile's limit scope enforces (spec: Limits table; Limits rule 3). */
const RULE = {
  standard: 'LIM-001',
  social: 'LIM-005',
  'ip-guard': 'LIM-009',
  oil: 'OIL-012',
} as const;
type ProfileName = keyof typeof RULE;

const positiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`not a positive integer: ${value}`);
  return n;
};
const settings = readSettings();
const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

const program = new Command('load:accuracy')
  .addOption(new Option('--profile <name...>', 'profiles whose limit scope to judge (default: all)').choices(Object.keys(RULE)))
  .addOption(new Option('--seconds <s>', 'seconds per run (1..5)').default('2'))
  .option('--sample-every <n>', 'validate one answer in n against the contract (and the first of each operation and status)', positiveInt)
  .option('--out-dir <dir>', 'where load.json and load.html go', settings.reportDir)
  .action(async (flags: { profile?: ProfileName[]; seconds: string; sampleEvery?: number; outDir: string }) => {
    const seconds = Math.min(5, Math.max(1, Number(flags.seconds) || 2));
    const sampleEvery = flags.sampleEvery ?? DEFAULT_SAMPLE_EVERY;
    const profiles = buildProfiles();
    const startedAt = new Date().toISOString();
    const scopes: ScopeAccuracy[] = [];
    let target = '';
    for (const name of flags.profile ?? (Object.keys(RULE) as ProfileName[])) {
      const profile = profiles[name]!;
      const { bound, windowMs } = windowOf(profile.scope);
      const ruleId = RULE[name];
      const split = scopeAnswers(profile.scope.name, profile.scope.name === 'ip_guard');
      const rows: AccuracyResult[] = [];
      const stub = await startEmbeddedStub({ credits: 1_000_000_000 });
      target = stub.url.replace(/:\d+$/, '');
      try {
        const vetted = await assertLoopbackTarget(stub.url);
        const { ids } = await discoverIdentities(vetted, stub.apiKey);
        const keyed = profile.operations.some((o) => o.withKey);
        // The profile's cheapest operation: the judged quantity is the limiter, not the route.
        const operation = [...profile.operations].sort(
          (a, b) => (PRICES[a.operationId]?.credits ?? 0) - (PRICES[b.operationId]?.credits ?? 0),
        )[0]!;
        const request = plannedRequestOf(operation, ids, keyed ? stub.apiKey : undefined);
        for (const multiple of ACCURACY_MULTIPLES) {
          // Each run starts with the previous run's window (and the discovery) out of the window.
          await new Promise((r) => setTimeout(r, windowMs + 100));
          const run = await runSchedule({
            target: stub.url,
            rate: (bound * multiple * 1000) / windowMs,
            durationS: seconds,
            maxInFlight: profile.maxInFlight,
            requestFor: () => request,
            sample: everyNth(sampleEvery),
          });
          rows.push(judgeAccuracy(run.records, run.samples, multiple, { bound, windowMs, ruleId, split, thresholds: profile.thresholds }));
        }
      } finally {
        await stub.close();
      }
      scopes.push({
        profile: name,
        title: profile.scope.title,
        limitScope: profile.scope.name,
        ruleId,
        bound,
        windowMs,
        seconds,
        runs: rows,
      });
      console.log(`\n${name}: ${bound} per ${windowMs} ms (${ruleId}), ${seconds} s per run`);
      console.log(
        'multiple  offered  admitted  429s  other  max/window  surely/window  bound  false rej  false adm  p50 ms  p99 ms  sampled  violating  thresholds',
      );
      for (const r of rows) {
        const crossed = r.thresholds.filter((x) => !x.ok).length;
        console.log(
          [
            `${r.multiple}×`.padEnd(8),
            String(r.offered).padStart(7),
            String(r.admitted).padStart(8),
            String(r.rejected).padStart(4),
            String(r.other).padStart(5),
            String(r.maxAdmittedInWindow).padStart(10),
            String(r.maxSurelyInWindow).padStart(13),
            String(r.bound).padStart(5),
            String(r.falseRejections).padStart(9),
            String(r.falseAdmissions).padStart(9),
            f(r.latencyMs.p50).padStart(6),
            f(r.latencyMs.p99).padStart(6),
            String(r.sample.sampled).padStart(7),
            String(r.sample.violating).padStart(9),
            (crossed ? `✗ ${crossed}/${r.thresholds.length}` : `✓ ${r.thresholds.length}`).padStart(10),
          ].join('  '),
        );
        for (const v of r.violations) console.log(`    ${v.severity === 'error' ? '✗' : '!'} [${v.ruleId}] ${v.path}: ${v.message}`);
      }
    }
    const crossed = scopes.flatMap((t) =>
      t.runs.flatMap((r) => r.thresholds.filter((x) => !x.ok).map((x) => ({ ...x, metric: `${t.profile} ${r.multiple}× ${x.metric}` }))),
    );
    const all = scopes.flatMap((t) => t.runs.flatMap((r) => r.violations));
    await loadCharts();
    const paths = writeAccuracyReport(
      {
        startedAt,
        finishedAt: new Date().toISOString(),
        target: `${target} (embedded stub, one per scope)`,
        sampleEvery,
        scopes,
        thresholdsCrossed: crossed.length,
        violations: {
          errors: all.filter((v) => v.severity === 'error').length,
          warnings: all.filter((v) => v.severity === 'warning').length,
        },
      },
      flags.outDir,
    );
    const total = scopes.reduce((n, t) => n + t.runs.reduce((m, r) => m + r.thresholds.length, 0), 0);
    console.log('');
    if (crossed.length) for (const line of summaryLines(crossed, 'crossed thresholds')) console.log(line);
    console.log(crossed.length ? `accuracy: ${crossed.length} of ${total} threshold(s) crossed` : `accuracy: all ${total} thresholds met`);
    console.log(`report ${paths.json}\n       ${paths.html}`);
    process.exitCode = crossed.length ? 1 : 0;
  });

await program.parseAsync();
