/**
 * `npm run differential`: the harness against implementations it has never seen (issue 32). Each target
 * is an implementation of the API written from the spec alone (`cleanroom/<name>/`, its author given
 * only the spec and the brief kept beside it) or the alternate stub, run as a separate server on
 * loopback, in two modes:
 *
 * - conforming: the implementation as its author meant it. Expected: 0 FAILED, 0 ERROR.
 * - deviating: with its planted deviations switched on (`cleanroom/<name>/cleanroom.json` `deviations`, each
 *   citing the rules of the sentence it breaks). Expected: every deviation FAILED under one of its rules,
 *   no other rule FAILED, 0 ERROR.
 *
 * Each run is a standard `forecast-conformance run` with two API keys and a $100 budget (plus the control
 * token for a target serving the control plane, whose run is the certify tier), its reports in
 * `reports/differential/<target>-<mode>/`. Prints one table (target × mode × PASSED / FAILED / ERROR /
 * NOT_RUN / caught deviations) and writes `reports/differential/summary.json` and `summary.md`.
 *
 * Options: --only a,b (target names) --mode conforming|deviating|both (default both)
 *          --max-spend USD (default 100) --timeout-min N per run (default 20)
 *          --grep RE (only the tests whose title matches, as `run --grep`: for a look at one failure)
 * Exit: 0 every expectation met, 1 one was not, 2 a target could not be started.
 * Loopback only: every target is started here, on 127.0.0.1.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './proof/playwright-run.ts';
import { DIFFERENTIAL_TARGETS, type DifferentialTarget } from './differential/targets.ts';
import { judgeRun, renderTable, type ModeName, type RunResult } from './differential/judge.ts';
import { runHarness, startTarget } from './differential/launch.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    mode: { type: 'string', default: 'both' },
    'max-spend': { type: 'string', default: '100' },
    'timeout-min': { type: 'string', default: '20' },
    grep: { type: 'string' },
  },
});
const modes: ModeName[] = values.mode === 'both' ? ['conforming', 'deviating'] : [values.mode as ModeName];
if (!modes.every((m) => m === 'conforming' || m === 'deviating')) {
  console.error(`--mode: conforming, deviating or both (got ${values.mode})`);
  process.exit(2);
}
const targets = DIFFERENTIAL_TARGETS();
const only = values.only
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only?.filter((n) => !targets.some((t) => t.name === n)) ?? [];
if (unknown.length) {
  console.error(`unknown target(s): ${unknown.join(', ')}; known: ${targets.map((t) => t.name).join(', ')}`);
  process.exit(2);
}
const chosen: DifferentialTarget[] = only ? targets.filter((t) => only.includes(t.name)) : targets;
const outDir = join(ROOT, 'reports', 'differential');
mkdirSync(outDir, { recursive: true });

const results: RunResult[] = [];
let startFailure = false;
for (const target of chosen) {
  for (const mode of modes) {
    if (mode === 'deviating' && !target.deviations.length) continue;
    const reportDir = join(outDir, `${target.name}-${mode}`);
    rmSync(reportDir, { recursive: true, force: true });
    const started = Date.now();
    console.log(`\n== ${target.name} (${mode}) ==`);
    let server;
    try {
      server = await startTarget(target, mode === 'deviating');
    } catch (err) {
      console.error(`${target.name}: could not start: ${(err as Error).message}`);
      startFailure = true;
      continue;
    }
    try {
      const exit = await runHarness(target, server, reportDir, {
        maxSpendUsd: Number(values['max-spend']),
        timeoutMs: Number(values['timeout-min']) * 60_000,
        ...(values.grep ? { grep: values.grep } : {}),
      });
      results.push(judgeRun(target, mode, reportDir, exit, Date.now() - started));
    } finally {
      await server.stop();
    }
    const last = results.at(-1);
    if (last) console.log(`${target.name} (${mode}): ${last.problems.length ? last.problems.join('; ') : 'as expected'}`);
  }
}

const table = renderTable(results);
console.log(`\n${table}`);
writeFileSync(join(outDir, 'summary.json'), `${JSON.stringify({ results }, null, 2)}\n`);
writeFileSync(join(outDir, 'summary.md'), `# Differential run\n\n${table}\n`);
const failed = results.filter((r) => r.problems.length);
for (const r of failed) console.log(`✗ ${r.target} (${r.mode}):\n    ${r.problems.join('\n    ')}`);
console.log(
  failed.length || startFailure
    ? `Differential: ${failed.length} run(s) not as expected${startFailure ? ', a target did not start' : ''}`
    : `Differential: all ${results.length} run(s) as expected`,
);
process.exit(startFailure ? 2 : failed.length ? 1 : 0);
