/**
 * `npm run mutation`: the harness's own mutation run (issue 10). For each mutant of
 * stub/mutants.ts it starts a fresh embedded stub with FC_MUTANT=<name>, runs only the tests that
 * carry the mutant's rule or its family (rule annotations), and records which tests failed and
 * whether one of them carries the rule. Prints the kill matrix, the score and the wall time;
 * writes reports/mutation.json and reports/mutation.html. Exit 1 when a mutant survives without a
 * registry reason, or the run hit its time cap.
 *
 * Options: --only a,b (mutant names) --family F --timeout-s N (per mutant, default 150)
 *          --cap-min N (whole run, default 50) --no-baseline --workers N (default 2)
 *          --test-timeout-s N (per test, default 30)
 *
 * Each mutant runs in two phases: the tests carrying its rule (stopping at the first failure), then,
 * only if it survived, the rest of its family; a kill in the second phase is flagged.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MUTANTS, type Mutant } from '../stub/mutants.ts';
import { ROOT, runConformance } from './proof/playwright-run.ts';
import { listTests, locations, testsFor } from './proof/select.ts';
import { renderHtml, renderText, type MatrixReport, type MatrixRow } from './proof/matrix.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    family: { type: 'string' },
    'timeout-s': { type: 'string', default: '150' },
    'cap-min': { type: 'string', default: '50' },
    'no-baseline': { type: 'boolean', default: false },
    workers: { type: 'string', default: '2' },
    'test-timeout-s': { type: 'string', default: '30' },
  },
});
const only = values.only
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only?.filter((n) => !MUTANTS.some((m) => m.name === n)) ?? [];
if (unknown.length) {
  console.error(`unknown mutant(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const perMutantMs = Number(values['timeout-s']) * 1000;
const capMs = Number(values['cap-min']) * 60_000;
const workers = Number(values.workers);
const testTimeoutMs = Number(values['test-timeout-s']) * 1000;
const chosen: Mutant[] = MUTANTS.filter((m) => (!only || only.includes(m.name)) && (!values.family || m.family === values.family));

const started = Date.now();
const startedAt = new Date(started).toISOString();
const tests = listTests();
const plans = chosen.map((m) => ({ mutant: m, ...testsFor(m.rule, tests) }));

// Baseline: the union of the selections without a mutant; a test failing here proves nothing.
const baselineFailures = new Set<string>();
if (!values['no-baseline']) {
  const all = locations(plans.flatMap((p) => [...p.carrying, ...p.family]));
  console.log(`baseline: ${all.length} tests without a mutant…`);
  const base = await runConformance({ targets: all, timeoutMs: Math.min(capMs, 15 * 60_000), workers, testTimeoutMs });
  for (const t of base.tests) if (!t.ok) baselineFailures.add(t.id);
  console.log(
    `baseline: ${base.tests.length} tests, ${baselineFailures.size} failing without a mutant (${(base.ms / 1000).toFixed(0)} s)${base.errors.length ? `; ${base.errors.join('; ')}` : ''}`,
  );
}

const rows: MatrixRow[] = [];
for (const plan of plans) {
  const { mutant } = plan;
  const base = {
    mutant: mutant.name,
    rule: mutant.rule,
    family: mutant.family,
    bug: mutant.bug,
    selected: { carrying: plan.carrying.length, family: plan.family.length },
  };
  const reason = (mutant as Mutant & { unobservable?: string }).unobservable;
  const left = capMs - (Date.now() - started);
  if (left <= 0) {
    rows.push({ ...base, status: 'not-run', failed: [], carriesRule: false, flagged: false, ms: 0, note: 'run time cap reached' });
    continue;
  }
  if (!plan.carrying.length) {
    rows.push({
      ...base,
      status: 'survived',
      failed: [],
      carriesRule: false,
      flagged: false,
      ms: 0,
      note: 'no test carries this rule',
      ...(reason ? { unobservable: reason } : {}),
    });
    continue;
  }
  // Phase 1: the tests carrying the rule, stopping at the first failure; phase 2 (only for a
  // survivor): the rest of the family, whose kill is flagged as not carrying the rule.
  const phase = (targets: string[], timeoutMs: number) =>
    runConformance({ targets, mutant: mutant.name, timeoutMs, workers, maxFailures: 1, testTimeoutMs });
  let run = await phase(locations(plan.carrying), Math.min(perMutantMs, left));
  let failing = run.tests.filter((t) => !t.ok && !baselineFailures.has(t.id));
  const carriesRule = failing.length > 0;
  const leftAfter = Math.min(perMutantMs - run.ms, capMs - (Date.now() - started));
  if (!failing.length && !run.timedOut && plan.family.length && leftAfter > 10_000) {
    const first = run;
    run = await phase(locations(plan.family), leftAfter);
    run = { ...run, ms: run.ms + first.ms, errors: [...first.errors, ...run.errors] };
    failing = run.tests.filter((t) => !t.ok && !baselineFailures.has(t.id));
  }
  const killed = failing.length > 0;
  const status = killed ? 'killed' : run.timedOut ? 'timeout' : run.errors.length && !run.tests.length ? 'error' : 'survived';
  const row: MatrixRow = {
    ...base,
    status,
    failed: failing.map((t) => `${t.id}${t.error ? ` — ${t.error}` : ''}`),
    carriesRule,
    flagged: killed && !carriesRule,
    ms: run.ms,
  };
  if (run.errors.length) row.note = run.errors.join('; ').slice(0, 300);
  if (!killed && reason) row.unobservable = reason;
  rows.push(row);
  console.log(
    `${mutant.name.padEnd(30)} ${mutant.rule.padEnd(10)} ${status}${killed ? (carriesRule ? '' : ' (flagged)') : ''} ${(run.ms / 1000).toFixed(0)} s`,
  );
}

const killed = rows.filter((r) => r.status === 'killed').length;
const report: MatrixReport = {
  startedAt,
  wallMs: Date.now() - started,
  total: rows.length,
  killed,
  flagged: rows.filter((r) => r.flagged).length,
  score: rows.length ? killed / rows.length : 0,
  baselineFailures: [...baselineFailures],
  rows,
};
const dir = join(ROOT, process.env.FC_REPORT_DIR ?? 'reports');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'mutation.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(dir, 'mutation.html'), renderHtml(report));
console.log(`\n${renderText(report)}`);
console.log(`wrote ${join(dir, 'mutation.json')} and mutation.html`);
const unexplained = rows.filter((r) => r.status !== 'killed' && !r.unobservable);
process.exit(unexplained.length ? 1 : 0);
