/**
 * `npm run load:accuracy -- [--tier standard|social|ip-guard|oil]... [--seconds 2]`: accuracy runs of
 * each tier's per-second bound at 0.5×..5× (load/accuracy.ts) against a fresh embedded stub per tier
 * (tiers on; worker thread; loopback), the runs 1.1 s apart so no run's second leaks into the next
 * (each tier's minute bound holds every run's admissions). Prints one table per
 * tier; exits 1 on any violation (k6 style: the thresholds set the exit code). Bounded: at most
 * 6 runs × 4 tiers × `--seconds` (≤ 5) of traffic.
 */
import { Command, Option } from 'commander';
import { ACCURACY_MULTIPLES, judgeAccuracy, type AccuracyResult } from './accuracy.ts';
import { startEmbeddedStub } from './embedded.ts';
import { buildProfiles } from './profiles.ts';
import { discoverIdentities, plannedRequestOf } from './requests.ts';
import { assertLoopbackTarget } from './safety.ts';
import { runSchedule } from './scheduler.ts';
import { PRICES } from '../contract/pricing.ts';

const TIERS = {
  standard: { bound: 20, rule: 'LIM-001' },
  social: { bound: 5, rule: 'LIM-005' },
  'ip-guard': { bound: 50, rule: 'LIM-009' },
  oil: { bound: 1, rule: 'OIL-012' },
} as const;
type TierName = keyof typeof TIERS;

const program = new Command('load:accuracy')
  .addOption(new Option('--tier <name...>', 'tiers to judge (default: all)').choices(Object.keys(TIERS)))
  .addOption(new Option('--seconds <s>', 'seconds per run (1..5)').default('2'))
  .action(async (flags: { tier?: TierName[]; seconds: string }) => {
    const seconds = Math.min(5, Math.max(1, Number(flags.seconds) || 2));
    const profiles = buildProfiles();
    let failed = 0;
    for (const tier of flags.tier ?? (Object.keys(TIERS) as TierName[])) {
      const { bound, rule } = TIERS[tier];
      const profile = profiles[tier]!;
      const rows: AccuracyResult[] = [];
      const stub = await startEmbeddedStub({ credits: 1_000_000_000 });
      try {
        const target = await assertLoopbackTarget(stub.url);
        const { ids } = await discoverIdentities(target, stub.apiKey);
        const keyed = tier !== 'ip-guard';
        // The tier's cheapest operation: the judged quantity is the limiter, not the route.
        const operation = [...profile.operations].sort(
          (a, b) => (PRICES[a.operationId]?.credits ?? 0) - (PRICES[b.operationId]?.credits ?? 0),
        )[0]!;
        const request = plannedRequestOf(operation, ids, keyed ? stub.apiKey : undefined);
        for (const multiple of ACCURACY_MULTIPLES) {
          // Each run starts with the previous run's second (and the discovery) out of the window.
          await new Promise((r) => setTimeout(r, 1100));
          const run = await runSchedule({
            target: stub.url,
            rate: bound * multiple,
            durationS: seconds,
            maxInFlight: profile.maxInFlight,
            requestFor: () => request,
          });
          rows.push(judgeAccuracy(run.records, bound, multiple, rule));
        }
      } finally {
        await stub.close();
      }
      console.log(`\n${tier}: ${bound}/s (${rule}), ${seconds} s per run`);
      console.log('multiple  offered  admitted  429s  most admitted in 1 s  false admissions  false rejections  violations');
      for (const r of rows) {
        console.log(
          `${`${r.multiple}×`.padEnd(8)}  ${String(r.offered).padStart(7)}  ${String(r.admitted).padStart(8)}  ${String(r.rejected).padStart(4)}  ${String(r.maxAdmittedInWindow).padStart(20)}  ${String(r.falseAdmissions).padStart(16)}  ${String(r.falseRejections).padStart(16)}  ${r.violations.length}`,
        );
        for (const v of r.violations) console.log(`    ✗ [${v.ruleId}] ${v.message}`);
        failed += r.violations.filter((v) => v.severity === 'error').length;
      }
    }
    console.log(
      failed ? `\naccuracy: ${failed} violation(s)` : '\naccuracy: every tier admitted at most its bound and refused nothing under it',
    );
    process.exitCode = failed ? 1 : 0;
  });

await program.parseAsync();
