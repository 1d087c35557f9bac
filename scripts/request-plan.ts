/**
 * `npm run request-plan [RESULTS_JSON]`: writes contract/request-plan.json, the requests each suite
 * test sent in a run against the embedded stub (its `requests` "ip_guard …" annotations, which count every
 * request: suites/support/annotations.ts countRequest), with the commit and date of the measurement.
 * `forecast-conformance run --dry-run` sums it over the selected tests (cli/request-plan.ts).
 *
 * Input: the Playwright JSON report of a full run on the embedded stub (default reports/results.json,
 * e.g. after `npm test`); refused when the run's rules.json beside it names another target.
 * @throws Error (exit 1) when the report is missing, from another target, or has no suite test.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planKey, REQUEST_PLAN_FILE, type RequestPlan } from '../lib/request-plan.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const EMBEDDED = 'embedded reference stub';
const SUITE_PROJECTS = new Set(['conformance', 'conformance-clock']);

interface Annotation {
  type: string;
  description?: string;
}
interface JsonSuite {
  specs?: { file: string; title: string; tests: { projectName: string; annotations: Annotation[]; results: unknown[] }[] }[];
  suites?: JsonSuite[];
}

const resultsFile = resolve(process.argv[2] ?? join(ROOT, 'reports', 'results.json'));
if (!existsSync(resultsFile)) throw new Error(`${resultsFile}: no Playwright JSON report (run \`npm test\` first)`);
const rulesFile = join(dirname(resultsFile), 'rules.json');
if (existsSync(rulesFile)) {
  const target = (JSON.parse(readFileSync(rulesFile, 'utf8')) as { target?: string }).target;
  if (target !== EMBEDDED) throw new Error(`${rulesFile}: the run judged ${target}, not the ${EMBEDDED}`);
}
const report = JSON.parse(readFileSync(resultsFile, 'utf8')) as { suites: JsonSuite[]; config: { metadata?: { stubSeed?: number } } };

const tests: Record<string, number> = {};
const walk = (s: JsonSuite) => {
  for (const spec of s.specs ?? [])
    for (const t of spec.tests) {
      if (!SUITE_PROJECTS.has(t.projectName) || !t.results.length) continue;
      // "ip_guard <address> N": every request the test sent goes through the per-IP guard's count.
      const n = t.annotations
        .filter((a) => a.type === 'requests' && a.description?.startsWith('ip_guard '))
        .reduce((sum, a) => sum + (Number(a.description!.split(' ')[2]) || 0), 0);
      const key = planKey(spec.file, spec.title);
      tests[key] = (tests[key] ?? 0) + n;
    }
  (s.suites ?? []).forEach(walk);
};
report.suites.forEach(walk);
if (!Object.keys(tests).length) throw new Error(`${resultsFile}: no test of the conformance projects ran`);

const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const seed = existsSync(rulesFile) ? (JSON.parse(readFileSync(rulesFile, 'utf8')) as { seed: number }).seed : 20261122;
const plan: RequestPlan = {
  measured: {
    commit,
    date: statSync(resultsFile).mtime.toISOString(),
    target: EMBEDDED,
    seed,
    stubSeed: report.config.metadata?.stubSeed ?? 42,
  },
  tests: Object.fromEntries(Object.entries(tests).sort(([a], [b]) => a.localeCompare(b))),
};
writeFileSync(REQUEST_PLAN_FILE, `${JSON.stringify(plan, null, 2)}\n`);
const total = Object.values(tests).reduce((a, b) => a + b, 0);
console.log(`request plan: ${Object.keys(tests).length} test(s), ${total.toLocaleString('en-US')} request(s) → contract/request-plan.json`);
