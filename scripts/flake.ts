/**
 * `npm run flake`: the full conformance suite against a fresh embedded stub N times in a row
 * (default 5); prints every rule whose verdict differed between runs (0 is the bar) and every test
 * whose outcome differed. A rule's verdict per run: FAILED when a test carrying it failed, PASSED
 * when a test carrying it passed, else NOT_JUDGED. Bounded: --runs N (≤ 10), --run-timeout-s S
 * (default 900 per run). Exit 1 when a verdict differed or a run did not complete.
 */
import { parseArgs } from 'node:util';
import { runConformance, type TestOutcome } from './proof/playwright-run.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'run-timeout-s': { type: 'string', default: '900' },
    workers: { type: 'string', default: '2' },
  },
});
const runs = Math.min(Math.max(1, Number(values.runs)), 10);
const timeoutMs = Number(values['run-timeout-s']) * 1000;

type Verdict = 'PASSED' | 'FAILED' | 'NOT_JUDGED';
function verdicts(tests: readonly TestOutcome[]): Map<string, Verdict> {
  const out = new Map<string, Verdict>();
  for (const t of tests) {
    for (const rule of t.rules) {
      const v: Verdict = !t.ok ? 'FAILED' : t.status === 'passed' ? 'PASSED' : 'NOT_JUDGED';
      const prev = out.get(rule);
      if (prev === 'FAILED' || (prev === 'PASSED' && v === 'NOT_JUDGED')) continue;
      out.set(rule, v);
    }
  }
  return out;
}

const started = Date.now();
const perRun: Map<string, Verdict>[] = [];
const perTest: Map<string, string>[] = [];
let incomplete = 0;
for (let i = 1; i <= runs; i++) {
  const run = await runConformance({ targets: [], timeoutMs, workers: Number(values.workers) });
  const failed = run.tests.filter((t) => !t.ok).length;
  console.log(
    `run ${i}/${runs}: ${run.tests.length} tests, ${failed} failed, ${(run.ms / 1000).toFixed(0)} s${run.timedOut ? ' (timed out)' : ''}${run.errors.length ? `; ${run.errors.join('; ')}` : ''}`,
  );
  if (run.timedOut || !run.tests.length) incomplete++;
  perRun.push(verdicts(run.tests));
  perTest.push(new Map(run.tests.map((t) => [t.id, t.ok ? t.status : 'failed'])));
}
const rules = new Set(perRun.flatMap((m) => [...m.keys()]));
const differing = [...rules].filter((r) => new Set(perRun.map((m) => m.get(r) ?? 'NOT_JUDGED')).size > 1).sort();
const tests = new Set(perTest.flatMap((m) => [...m.keys()]));
const flakyTests = [...tests].filter((t) => new Set(perTest.map((m) => m.get(t) ?? 'absent')).size > 1).sort();
for (const r of differing) console.log(`  rule ${r}: ${perRun.map((m) => m.get(r) ?? 'NOT_JUDGED').join(' → ')}`);
for (const t of flakyTests) console.log(`  test ${t}: ${perTest.map((m) => m.get(t) ?? 'absent').join(' → ')}`);
console.log(
  `flake: ${runs} runs, ${rules.size} rules judged, ${differing.length} rule verdict(s) differed, ${flakyTests.length} test outcome(s) differed; wall time ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(differing.length || incomplete ? 1 : 0);
