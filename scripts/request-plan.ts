/**
 * `npm run request-plan [RESULTS_JSON] [--no-control RESULTS_JSON]`: writes measurements/request-plan.json,
 * the requests each suite test sent in a run against the embedded stub (its `requests` "ip_guard …"
 * annotations, which count every request: suites/support/annotations.ts countRequest) and the credits
 * its configured keys' billed calls cost (its result's `spend`, lib/test-result.ts; issue 19's spend plan), with the commit and
 * date of the measurement. With `--no-control`, the spend of a second run, against the stub served
 * without a control plane (`npm run stub` without CONTROL_TOKEN, run with FC_TARGET and the keys but no
 * FC_CONTROL_TOKEN), is recorded as the plan of such targets.
 * `forecast-conformance run --dry-run` sums it over the selected tests (cli/run.ts, cli/spend.ts).
 *
 * Input: the Playwright JSON report of a full run on the embedded stub (default reports/results.json,
 * e.g. after `npm start`); refused when the run's rules.json beside it names another target.
 * @throws Error (exit 1) when the report is missing, from another target, or has no suite test.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measurementKeys, REQUEST_PLAN_FILE, type RequestPlan } from '../lib/request-plan.ts';
import { ANNOTATION } from '../lib/annotation-kinds.ts';
import { emptyTestResult, readTestResult, type ResultAttachment, type StatusSpend, type TestResultData } from '../lib/test-result.ts';
import { loadRules } from '../contract/rules.ts';
import { operationsNamed } from '../contract/route-match.ts';
import { judgesRule, outcomeOf, type TestStatus } from '../reporter/rule-results.ts';
import { DEFAULT_PROPERTY_SEED } from '../lib/settings.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const EMBEDDED = 'embedded reference stub';
const SUITE_PROJECTS = new Set(['conformance', 'conformance-clock']);
const catalogue = loadRules();

interface Annotation {
  type: string;
  description?: string;
}
interface JsonTest {
  projectName: string;
  annotations: Annotation[];
  results: { status?: TestStatus; attachments?: ResultAttachment[] }[];
}
interface JsonSpec {
  file: string;
  title: string;
  /** The test's tags without their `@`: the rule IDs it declares (suites/support/annotations.ts ruleDetails), and `slow`. */
  tags?: string[];
  tests: JsonTest[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

const args = process.argv.slice(2);
const noControlAt = args.indexOf('--no-control');
const noControlFile = noControlAt >= 0 ? resolve(args.splice(noControlAt, 2)[1] ?? '') : undefined;
const resultsFile = resolve(args[0] ?? join(ROOT, 'reports', 'results.json'));
if (!existsSync(resultsFile)) throw new Error(`${resultsFile}: no Playwright JSON report (run \`npm test\` first)`);
const rulesFile = join(dirname(resultsFile), 'rules.json');
if (existsSync(rulesFile)) {
  const target = (JSON.parse(readFileSync(rulesFile, 'utf8')) as { target?: string }).target;
  if (target !== EMBEDDED) throw new Error(`${rulesFile}: the run judged ${target}, not the ${EMBEDDED}`);
}
type Report = { suites: JsonSuite[]; config: { metadata?: { stubSeed?: number } } };
const report = JSON.parse(readFileSync(resultsFile, 'utf8')) as Report;

/**
 * The rules a test carries but did not judge in the measured run, as the rule reporter decides it
 * (reporter/rule-results.ts judgesRule): all of them when it was skipped (a control plane, a wallet or a
 * second key it needs and the target lacks); else those it withdrew, met no instance of, or (a schema
 * rule) whose component none of its answers reached; unless it ended THROTTLED (the machine's or the
 * target's pace, not a need: counted on but for what it withdrew). The spend plan does not count on it for them.
 */
function notJudged(t: JsonTest, data: TestResultData): string[] {
  const withdrawn = new Set(data.unjudged.map((u) => u.id));
  // A withdrawn rule's own annotation is gone (suites/support/annotations.ts withdrawRules): it stays declared here.
  const declared = [...new Set([...t.annotations.filter((a) => a.type === ANNOTATION.rule).map((a) => a.description ?? ''), ...withdrawn])];
  if (data.throttled.length) return [...withdrawn];
  const results = t.results;
  if (results.every((r) => r.status === 'skipped')) return declared;
  const [outcome] = outcomeOf({
    title: '',
    file: '',
    project: '',
    status: results.at(-1)?.status ?? 'passed',
    annotations: t.annotations,
    result: { ok: true, data },
  });
  return declared.filter((id) => {
    const rule = catalogue.get(id);
    return withdrawn.has(id) || !rule || !judgesRule(outcome!, rule);
  });
}

/**
 * Per test of the suites, from its result (lib/test-result.ts): requests sent, credits its own calls spent
 * (`spend`, less the shared answers it fetched) and the shared answers it read (`sharedAnswers`: case →
 * what its one fetch cost), which the spend plan buys once however many tests read them.
 */
function measure(r: Report): {
  requests: Record<string, number>;
  spend: Record<string, number>;
  shared: Record<string, Record<string, number>>;
  refusals: Record<string, Record<string, number>>;
  statuses: Record<string, Record<string, StatusSpend>>;
  unjudged: Record<string, string[]>;
  headroom: Record<string, number>;
} {
  const requests: Record<string, number> = {};
  const spend: Record<string, number> = {};
  const shared: Record<string, Record<string, number>> = {};
  const refusals: Record<string, Record<string, number>> = {};
  const statuses: Record<string, Record<string, StatusSpend>> = {};
  const unjudged: Record<string, string[]> = {};
  const headroom: Record<string, number> = {};
  const specs: JsonSpec[] = [];
  const walk = (s: JsonSuite) => {
    specs.push(...(s.specs ?? []));
    (s.suites ?? []).forEach(walk);
  };
  r.suites.forEach(walk);
  // Each test under its stable identity (lib/request-plan.ts): file, declared rules and named operations; the title only where they are shared.
  const suiteSpecs = specs.filter((spec) => spec.tests.some((t) => SUITE_PROJECTS.has(t.projectName) && t.results.length));
  const keys = measurementKeys(
    suiteSpecs.map((spec) => ({
      spec,
      file: spec.file,
      title: spec.title,
      rules: (spec.tags ?? []).filter((t) => catalogue.has(t)),
      operations: operationsNamed(spec.title),
    })),
  );
  for (const [{ spec }, key] of keys)
    for (const t of spec.tests) {
      if (!SUITE_PROJECTS.has(t.projectName) || !t.results.length) continue;
      const read = readTestResult(t.results.at(-1)?.attachments);
      if (read && !read.ok) throw new Error(`${spec.file} › ${spec.title}: ${read.error}`);
      const data = read?.data ?? emptyTestResult();
      // Every request the test sent goes through the per-IP guard's count.
      const n = data.requests.filter((c) => c.scope === 'ip_guard').reduce((sum, c) => sum + c.n, 0);
      requests[key] = (requests[key] ?? 0) + n;
      const notes = data.sharedAnswers;
      const fetched = notes.filter((x) => x.fetched).reduce((a, x) => a + x.credits, 0);
      const credits = Object.values(data.spend).reduce((a, b) => a + b, 0);
      if (credits - fetched > 0) spend[key] = (spend[key] ?? 0) + credits - fetched;
      for (const x of notes) if (x.credits > 0) (shared[key] ??= {})[x.caseKey] = Math.max(shared[key]?.[x.caseKey] ?? 0, x.credits);
      // The part of that spend its refusal probes cost on the key (suites/support/refusals.ts), per operation.
      for (const [op, c] of Object.entries(data.refusalSpend)) if (c > 0) (refusals[key] ??= {})[op] = (refusals[key]?.[op] ?? 0) + c;
      // The part of it billed on refusals (a status from 400 to 599; gap BILL-013), per status.
      for (const [status, c] of Object.entries(data.statusSpend)) {
        const had = (statuses[key] ??= {})[status];
        statuses[key][status] = { credits: (had?.credits ?? 0) + c.credits, dearest: Math.max(had?.dearest ?? 0, c.dearest) };
      }
      const room = data.spendHeadroom;
      if (room > 0) headroom[key] = Math.max(headroom[key] ?? 0, room);
      const missed = notJudged(t, data);
      if (missed.length) unjudged[key] = missed;
    }
  return { requests, spend, shared, refusals, statuses, unjudged, headroom };
}
const measured = measure(report);
const tests = measured.requests;
const noControlMeasured = noControlFile ? measure(JSON.parse(readFileSync(noControlFile, 'utf8')) as Report) : undefined;
const noControl = noControlMeasured?.spend;
if (!Object.keys(tests).length) throw new Error(`${resultsFile}: no test of the conformance projects ran`);

function sorted<T>(r: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)));
}

const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const seed = existsSync(rulesFile) ? (JSON.parse(readFileSync(rulesFile, 'utf8')) as { seed: number }).seed : DEFAULT_PROPERTY_SEED;
const plan: RequestPlan = {
  measured: {
    commit,
    date: statSync(resultsFile).mtime.toISOString(),
    target: EMBEDDED,
    seed,
    stubSeed: report.config.metadata?.stubSeed ?? 42,
  },
  tests: Object.fromEntries(Object.entries(tests).sort(([a], [b]) => a.localeCompare(b))),
  spend: {
    control: sorted(measured.spend),
    ...(noControl ? { noControl: sorted(noControl) } : {}),
    shared: {
      control: sorted(measured.shared),
      ...(noControlMeasured ? { noControl: sorted(noControlMeasured.shared) } : {}),
    },
    refusals: {
      control: sorted(measured.refusals),
      ...(noControlMeasured ? { noControl: sorted(noControlMeasured.refusals) } : {}),
    },
    statuses: {
      control: sorted(measured.statuses),
      ...(noControlMeasured ? { noControl: sorted(noControlMeasured.statuses) } : {}),
    },
    unjudged: {
      control: sorted(measured.unjudged),
      ...(noControlMeasured ? { noControl: sorted(noControlMeasured.unjudged) } : {}),
    },
    headroom: {
      control: sorted(measured.headroom),
      ...(noControlMeasured ? { noControl: sorted(noControlMeasured.headroom) } : {}),
    },
  },
};
// A list of rule IDs on one line: the unjudged lists would otherwise take a line per ID.
const text = JSON.stringify(plan, null, 2).replace(
  /\[\n\s+((?:"[^"\n]*",\n\s+)*"[^"\n]*")\n\s+\]/g,
  (_, items: string) => `[${items.replace(/,\n\s+/g, ', ')}]`,
);
writeFileSync(REQUEST_PLAN_FILE, `${text}\n`);
const total = Object.values(tests).reduce((a, b) => a + b, 0);
const usd = (r: Record<string, number> | undefined) => `$${(Object.values(r ?? {}).reduce((a, b) => a + b, 0) / 1000).toFixed(3)}`;
console.log(
  `request plan: ${Object.keys(tests).length} test(s), ${total.toLocaleString('en-US')} request(s), spend ${usd(measured.spend)} with a control plane` +
    (noControl ? `, ${usd(noControl)} without` : '') +
    ' → measurements/request-plan.json',
);
