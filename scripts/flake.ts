/**
 * `npm run flake`: the full conformance suite against a fresh embedded stub N times in a row
 * (default 5); prints every rule whose verdict differed between runs (0 is the bar) and every test
 * whose outcome differed. A rule's verdict per run: FAILED when a test carrying it failed, PASSED
 * when a test carrying it passed, else NOT_JUDGED. Bounded: --runs N (≤ 10), --run-timeout-s S
 * (default 900 per run). Exit 1 when a verdict differed or a run did not complete.
 * --append: the runs recorded in reports/flake.json by earlier invocations join this one's, so that
 * each invocation can hold the heavy lock for one run (`--runs 1 --append`, repeated); without it
 * the file is started afresh. Only the conformance projects run (conformance, then its clock teardown).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, runConformance, type TestOutcome } from './proof/playwright-run.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'run-timeout-s': { type: 'string', default: '900' },
    workers: { type: 'string', default: '2' },
    append: { type: 'boolean', default: false },
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

/** One run as recorded in reports/flake.json. */
interface RunRecord {
  startedAt: string;
  ms: number;
  tests: number;
  failed: number;
  complete: boolean;
  verdicts: Record<string, Verdict>;
  outcomes: Record<string, string>;
}
const dir = join(ROOT, process.env.FC_REPORT_DIR ?? 'reports');
const file = join(dir, 'flake.json');
const records: RunRecord[] =
  values.append && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { runs: RunRecord[] }).runs : [];
const perRun: Map<string, Verdict>[] = records.map((r) => new Map(Object.entries(r.verdicts)));
const perTest: Map<string, string>[] = records.map((r) => new Map(Object.entries(r.outcomes)));
let incomplete = records.filter((r) => !r.complete).length;
if (records.length) console.log(`flake: ${records.length} earlier run(s) from ${file}`);
const started = Date.now();
for (let i = 1; i <= runs; i++) {
  const run = await runConformance({ targets: [], timeoutMs, workers: Number(values.workers) });
  const failed = run.tests.filter((t) => !t.ok).length;
  console.log(
    `run ${i}/${runs}: ${run.tests.length} tests, ${failed} failed, ${(run.ms / 1000).toFixed(0)} s${run.timedOut ? ' (timed out)' : ''}${run.errors.length ? `; ${run.errors.join('; ')}` : ''}`,
  );
  const complete = !run.timedOut && run.tests.length > 0;
  if (!complete) incomplete++;
  perRun.push(verdicts(run.tests));
  perTest.push(new Map(run.tests.map((t) => [t.id, t.ok ? t.status : 'failed'])));
  records.push({
    startedAt: new Date(Date.now() - run.ms).toISOString(),
    ms: run.ms,
    tests: run.tests.length,
    failed,
    complete,
    verdicts: Object.fromEntries(perRun[perRun.length - 1]!),
    outcomes: Object.fromEntries(perTest[perTest.length - 1]!),
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ runs: records }, null, 2)}\n`);
}
const rules = new Set(perRun.flatMap((m) => [...m.keys()]));
const differing = [...rules].filter((r) => new Set(perRun.map((m) => m.get(r) ?? 'NOT_JUDGED')).size > 1).sort();
const tests = new Set(perTest.flatMap((m) => [...m.keys()]));
const flakyTests = [...tests].filter((t) => new Set(perTest.map((m) => m.get(t) ?? 'absent')).size > 1).sort();
for (const r of differing) console.log(`  rule ${r}: ${perRun.map((m) => m.get(r) ?? 'NOT_JUDGED').join(' → ')}`);
for (const t of flakyTests) console.log(`  test ${t}: ${perTest.map((m) => m.get(t) ?? 'absent').join(' → ')}`);
console.log(
  `flake: ${records.length} runs (${runs} now), ${rules.size} rules judged, ${differing.length} rule verdict(s) differed, ${flakyTests.length} test outcome(s) differed; wall time ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(differing.length || incomplete ? 1 : 0);
