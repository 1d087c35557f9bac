/**
 * A certification report of a run with several failures whose exhibits hold everything that breaks a
 * string-built page: quotes of both kinds, `<`, `&`, closing tags (`</pre>`, `</section>`), a script,
 * CDATA's end, non-ASCII text, characters XML cannot carry and bodies longer than the excerpt.
 * Built from the real catalogue (tests/harness/report-render.spec.ts, tests/harness/junit.spec.ts).
 */
import { loadRules } from '../../../contract/rules.ts';
import type { Exhibit } from '../../../lib/exhibit.ts';
import { buildReport, type CertificationReport } from '../../../reporter/report.ts';
import { applySelection, ruleVerdicts, type RuleStatus } from '../../../reporter/rule-results.ts';
import { runInfo } from './run-info.ts';

/** Text no renderer may let out of its element. */
export const HOSTILE = `"quoted" 'single' <b>bold</b> & amp; </pre></section></code></failure>]]> <script>alert(1)</script> ünïcödé 日本語 ✓ \u0001`;

const curl = (path: string, keyed: boolean) =>
  `curl -sS -i -X GET 'http://127.0.0.1:4010${path}'${keyed ? ` -H "x-service-api-key: $FC_API_KEY"` : ''} -H 'accept: application/json'`;

function exhibit(ruleId: string, path: string, keyed: boolean, body: string): Exhibit {
  return {
    violations: [{ ruleId, severity: 'error', path: '/message', message: `must have "message" ${HOSTILE}` }],
    request: {
      method: 'GET',
      url: `http://127.0.0.1:4010${path}`,
      headers: { accept: 'application/json', ...(keyed ? { 'x-service-api-key': '$FC_API_KEY' } : {}) },
    },
    response: { status: 422, headers: { 'content-type': 'application/json; charset=utf-8', 'x-note': HOSTILE }, body, truncated: true },
    curl: curl(path, keyed),
  };
}

/** The rules failed, erroring, warned and left unjudged, with what each became. */
export const STATUSES: Record<string, RuleStatus> = {
  'ERR-001': 'FAILED',
  'PRICE-015': 'FAILED',
  'VER-006': 'FAILED',
  'ERR-002': 'ERROR',
  'AUTH-002': 'PASSED',
  'ERR-003': 'PASSED',
  'ERR-005': 'SKIPPED',
  'ERR-006': 'NOT_RUN',
  'ERR-004': 'THROTTLED',
};

/** A report of `STATUSES` (the rest NOT_SELECTED, gaps and unobservable rules as the catalogue has them), with exhibits and test times. */
export function hostileReport(): CertificationReport {
  const catalogue = loadRules();
  const warned = [...catalogue.values()].find((r) => r.kind === 'rule' && r.level === 'SHOULD' && !r.retired)!.id;
  const statuses: Record<string, RuleStatus> = { ...STATUSES, [warned]: 'WARN' };
  const long = `{"error":"invalid_request","detail":"${HOSTILE.replace(/"/g, '\\"')}","pad":"${'x&<'.repeat(700)}"}`;
  const verdicts = applySelection(ruleVerdicts(catalogue, []), new Set(Object.keys(statuses))).map((v) =>
    statuses[v.id]
      ? {
          ...v,
          status: statuses[v.id]!,
          reasons: statuses[v.id] === 'PASSED' ? [] : [`${statuses[v.id]} because ${HOSTILE}`],
          tests: [{ title: `suites/x.spec.ts › ${v.id} › a test of ${v.id}`, status: 'passed' as const }],
        }
      : v,
  );
  const ev = new Map<string, Exhibit[]>([
    [
      'ERR-001',
      [
        exhibit('ERR-001', '/api/v1/markets?limit=-1&q=%3Cscript%3E', true, long),
        exhibit('ERR-001', '/api/v1/latest?hours=99', true, '{}'),
      ],
    ],
    ['PRICE-015', [exhibit('PRICE-015', '/api/public/pricing', false, long)]],
    ['VER-006', [exhibit('VER-006', '/api/v1/openapi.json', false, `<html>${HOSTILE}</html>`)]],
    [warned, [exhibit(warned, '/api/v1/sources', true, '{"ok":true}')]],
  ]);
  const durations = new Map(verdicts.flatMap((v) => v.tests.map((t) => [t.title, 1234] as const)));
  return buildReport(
    runInfo({ runStatus: 'failed', selection: Object.keys(statuses), commandLine: `forecast-conformance run --grep '${HOSTILE}'` }),
    verdicts,
    catalogue,
    ev,
    undefined,
    durations,
  );
}
