/**
 * `npm run mutation`: the harness's own mutation run (issue 10). For each mutant of
 * stub/mutants.ts it starts a fresh embedded stub with FC_MUTANT=<name>, runs only the tests that
 * carry the mutant's rule or its family (rule annotations), and records which tests failed and
 * whether one of them carries the rule. Prints the kill matrix, the score and the wall time;
 * writes reports/mutation.json and reports/mutation.html. Exit 1 when a mutant survives without a
 * registry reason, or the run hit its time cap.
 *
 * Options: --only a,b (mutant names) --family F --timeout-s N (per mutant, default 240: the oil mutants' killing tests sit in limits.spec.ts and queue on the oil route's lock)
 *          --cap-min N (whole run, default 50) --no-baseline --workers N (default 2)
 *          --test-timeout-s N (per test, default 30)
 *          --merge: fold this run's rows into the existing reports/mutation.json (rows of mutants not run
 *            now are kept), so chunked runs (`--only` subsets, each under the heavy lock) add up to one
 *            matrix over the whole registry; mutants never run appear as not-run, and the score's
 *            denominator is the whole registry.
 *          --resume: --merge, and run only the mutants the existing report has not settled (settled:
 *            killed, or survived with a registry reason). Repeat it until the matrix is complete.
 *
 * Each mutant runs in two phases: the tests carrying its rule (stopping at the first failure), then,
 * only if it survived, the rest of its family; a kill in the second phase is flagged.
 * The baseline is lazy: after the mutants, the tests that killed them are run once without a mutant;
 * a kill by a test that fails there too proves nothing and is withdrawn (the mutant is left unsettled).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MUTANTS, type Mutant } from '../stub/mutants.ts';
import { ROOT, runConformance, type TestOutcome } from './proof/playwright-run.ts';
import { listTests, locations, testsFor } from './proof/select.ts';
import { renderHtml, renderText, type MatrixReport, type MatrixRow } from './proof/matrix.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    family: { type: 'string' },
    'timeout-s': { type: 'string', default: '240' },
    'cap-min': { type: 'string', default: '50' },
    'no-baseline': { type: 'boolean', default: false },
    workers: { type: 'string', default: '2' },
    'test-timeout-s': { type: 'string', default: '30' },
    merge: { type: 'boolean', default: false },
    resume: { type: 'boolean', default: false },
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
const dir = join(ROOT, process.env.FC_REPORT_DIR ?? 'reports');
const reportFile = join(dir, 'mutation.json');
const merge = values.merge || values.resume;
/** The report being accumulated (--merge/--resume), undefined when absent or unreadable. */
const previous: MatrixReport | undefined =
  merge && existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as MatrixReport) : undefined;
const settled = (r: MatrixRow | undefined): boolean =>
  r !== undefined && (r.status === 'killed' || (r.status === 'survived' && !!r.unobservable));
const previousRows = new Map((previous?.rows ?? []).map((r) => [r.mutant, r]));
const chosen: Mutant[] = MUTANTS.filter(
  (m) =>
    (!only || only.includes(m.name)) &&
    (!values.family || m.family === values.family) &&
    (!values.resume || !settled(previousRows.get(m.name))),
);

const started = Date.now();
const startedAt = new Date(started).toISOString();
const tests = chosen.length ? listTests() : [];
const plans = chosen.map((m) => ({ mutant: m, ...testsFor(m.rule, tests, m.via) }));
console.log(`mutation: ${chosen.length} mutant(s) to run${merge ? `, merging into ${reportFile}` : ''}`);

// Tests known to fail without a mutant (from earlier chunks): never counted as a kill.
const baselineFailures = new Set<string>(previous?.baselineFailures ?? []);
/** The failing tests of each killed mutant, for the lazy baseline. */
const killers = new Map<string, TestOutcome[]>();

/** Time kept for the lazy baseline at the end of the run, ms. */
const BASELINE_RESERVE_MS = 150_000;
/** The test carries the rule: annotated with it, or withdrew it as unjudged. */
const carries = (t: TestOutcome, rule: string): boolean => t.rules.includes(rule) || t.unjudged.some((u) => u.id === rule);

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
  const reason = mutant.unobservable;
  // The lazy baseline's time is kept out of the mutants' share of the cap.
  const left = capMs - (values['no-baseline'] ? 0 : BASELINE_RESERVE_MS) - (Date.now() - started);
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
  const leftAfter = Math.min(perMutantMs - run.ms, left - run.ms);
  if (!failing.length && !run.timedOut && plan.family.length && leftAfter > 10_000) {
    const first = run;
    run = await phase(locations(plan.family), leftAfter);
    run = { ...run, ms: run.ms + first.ms, errors: [...first.errors, ...run.errors], ...(first.aborted ? { aborted: first.aborted } : {}) };
    failing = run.tests.filter((t) => !t.ok && !baselineFailures.has(t.id));
  }
  // An aborted run (the stub would not start, died, or stopped answering) is the harness's error,
  // never a kill: its failing tests failed for want of a target, not on the mutant's rule.
  const killed = failing.length > 0 && !run.aborted;
  const carriesRule = failing.some((t) => carries(t, mutant.rule));
  if (killed) killers.set(mutant.name, failing);
  const status = killed
    ? 'killed'
    : run.aborted
      ? 'error'
      : run.timedOut
        ? 'timeout'
        : run.errors.length && !run.tests.length
          ? 'error'
          : 'survived';
  const row: MatrixRow = {
    ...base,
    status,
    failed: failing.map((t) => `${t.id}${t.error ? ` — ${t.error}` : ''}`),
    carriesRule: killed && carriesRule,
    flagged: killed && !carriesRule,
    ms: run.ms,
  };
  if (run.aborted || run.errors.length)
    row.note = [...(run.aborted ? [`run aborted: ${run.aborted}`] : []), ...run.errors].join('; ').slice(0, 300);
  if (!killed && reason) row.unobservable = reason;
  rows.push(row);
  console.log(
    `${mutant.name.padEnd(30)} ${mutant.rule.padEnd(10)} ${status}${killed ? (row.carriesRule ? '' : ' (flagged)') : ''} ${(run.ms / 1000).toFixed(0)} s`,
  );
}

// Lazy baseline: the killing tests, once, without a mutant. A test failing here proves nothing.
if (!values['no-baseline'] && killers.size) {
  const all = [...killers.values()].flat();
  const targets = locations(all.map((t) => ({ file: t.file, line: t.line, title: '', rules: [] })));
  // Exactly the killing tests: a location may hold several (a table-driven test), the titles pick them.
  const titles = [...new Set(all.map((t) => t.id.slice(t.id.indexOf(' › ') + 3)))];
  const base = await runConformance({ targets, titles, timeoutMs: BASELINE_RESERVE_MS + 60_000, workers, testTimeoutMs });
  const failingIds = new Set(base.tests.filter((t) => !t.ok).map((t) => t.id));
  for (const id of failingIds) baselineFailures.add(id);
  console.log(
    `baseline: ${base.tests.length} killing tests re-run without a mutant, ${failingIds.size} failing (${(base.ms / 1000).toFixed(0)} s)${base.errors.length ? `; ${base.errors.join('; ')}` : ''}`,
  );
  if (!base.tests.length) console.log('baseline: no outcome; kills are kept unconfirmed');
  for (const row of rows) {
    const confirmed = (killers.get(row.mutant) ?? []).filter((t) => !failingIds.has(t.id));
    if (row.status !== 'killed' || confirmed.length === killers.get(row.mutant)?.length) continue;
    if (confirmed.length) {
      row.failed = confirmed.map((t) => `${t.id}${t.error ? ` — ${t.error}` : ''}`);
      row.carriesRule = confirmed.some((t) => carries(t, row.rule));
      row.flagged = !row.carriesRule;
    } else {
      Object.assign(row, {
        status: 'not-run',
        carriesRule: false,
        flagged: false,
        note: 'killed only by tests that fail without a mutant',
      });
      row.failed = [];
    }
  }
}

// The matrix: this run's rows, merged over the previous report's (--merge/--resume), in registry order.
const thisRun = new Map(rows.map((r) => [r.mutant, r]));
const finalRows: MatrixRow[] = merge
  ? MUTANTS.map(
      (m) =>
        thisRun.get(m.name) ??
        previousRows.get(m.name) ?? {
          mutant: m.name,
          rule: m.rule,
          family: m.family,
          bug: m.bug,
          status: 'not-run',
          failed: [],
          carriesRule: false,
          flagged: false,
          selected: { carrying: 0, family: 0 },
          ms: 0,
          note: 'not run yet',
        },
    )
  : rows;
const wallMs = Date.now() - started;
const chunks = [
  ...(merge ? (previous?.chunks ?? []) : []),
  { startedAt, wallMs, mutants: rows.filter((r) => r.status !== 'not-run').length },
];
const killed = finalRows.filter((r) => r.status === 'killed').length;
const report: MatrixReport = {
  startedAt: chunks[0]?.startedAt ?? startedAt,
  wallMs: chunks.reduce((n, c) => n + c.wallMs, 0),
  total: finalRows.length,
  killed,
  flagged: finalRows.filter((r) => r.flagged).length,
  score: finalRows.length ? killed / finalRows.length : 0,
  baselineFailures: [...baselineFailures],
  chunks,
  rows: finalRows,
};
mkdirSync(dir, { recursive: true });
writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(dir, 'mutation.html'), renderHtml(report));
console.log(`\n${renderText(report)}`);
console.log(`wrote ${reportFile} and mutation.html`);
const unexplained = finalRows.filter((r) => r.status !== 'killed' && !r.unobservable);
process.exit(unexplained.length ? 1 : 0);
