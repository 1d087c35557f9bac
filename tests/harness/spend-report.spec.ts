/**
 * Spend per operation, family, rule and test (issue 19; reporter/spend.ts): parsed from the tests'
 * results' `spend`, shared equally by the rules each test judged, and written into rules.json.
 */
import { test, expect } from '@playwright/test';
import type { Rule } from '../../contract/rules.ts';
import { outcomeOf, ruleVerdicts } from '../../reporter/rule-results.ts';
import { spendBreakdown, spendLines, unbilledStatementLines } from '../../reporter/spend.ts';
import { emptyTestResult, type TestResultData } from '../../lib/test-result.ts';
import { buildReport, spendReport } from '../../reporter/report.ts';
import { runInfo } from './support/run-info.ts';

const rule = (id: string): Rule => ({ id, section: 'S', level: 'MUST', text: id, observe: 'black-box', kind: 'rule', file: 't.yaml' });
/** A test's declared rules and its result (lib/test-result.ts). */
const ann = (rules: string[], result: Partial<TestResultData> = {}) => ({
  annotations: rules.map((description) => ({ type: 'rule', description })),
  result: { ok: true as const, data: { ...emptyTestResult(), ...result } },
});

test("a test's spend goes to its operations, and is shared equally by the rules it judged", () => {
  const catalogue = new Map(['PROF-001', 'PROF-002', 'LATEST-001', 'MKT-001'].map((id) => [id, rule(id)]));
  const outcomes = [
    ...outcomeOf({
      // As the reporter names a test: its file (relative) and titles; the outcome's file is absolute.
      title: 'p.spec.ts › profile',
      file: '/abs/p.spec.ts',
      project: 'conformance',
      status: 'passed',
      ...ann(['PROF-001', 'PROF-002', 'LATEST-001'], { spend: { createSocialProfile: 2000, getLatest: 20 }, answers: 3 }),
    }),
    // A test whose case never occurred judged nothing: its spend is the operation's, no rule's.
    ...outcomeOf({
      title: 'm.spec.ts › markets',
      file: '/abs/m.spec.ts',
      project: 'conformance',
      status: 'passed',
      ...ann(['MKT-001'], { spend: { listMarkets: 10 }, judged: [{ id: 'MKT-001', n: 0, what: 'a market with no forecast' }] }),
    }),
  ];
  const verdicts = ruleVerdicts(catalogue, outcomes);
  const b = spendBreakdown(outcomes, verdicts);
  expect(b.credits).toBe(2030);
  expect(b.byOperation).toEqual({ createSocialProfile: 2000, getLatest: 20, listMarkets: 10 });
  expect(b.byRule).toEqual({ 'PROF-001': 673, 'PROF-002': 673, 'LATEST-001': 673 });
  expect(b.byFamily).toEqual({ PROF: 1347, LATEST: 673 });
  expect(b.topTests.map((t) => [t.title, t.credits])).toEqual([
    ['p.spec.ts › profile', 2020],
    ['m.spec.ts › markets', 10],
  ]);
  expect(spendLines(b)[0]).toBe('Spend per operation: createSocialProfile $2.000, getLatest $0.020, listMarkets $0.010');
  const info = { spend: { usd: 2.03, calls: 3, budgetUsd: null, breakdown: spendReport(b) } };
  const report = buildReport(runInfo(info), verdicts, catalogue);
  expect(report.spend.breakdown?.byOperation).toEqual({ createSocialProfile: 2, getLatest: 0.02, listMarkets: 0.01 });
});

test("the operator's --unbilled-status is warned about only when BILL-013 saw the target bill an answer other than 2xx", () => {
  const differs = [{ id: 'BILL-013', sameChoiceAsStub: false }];
  expect(unbilledStatementLines(differs, [422])).toEqual([expect.stringMatching(/^Warning: status 422 counted unbilled .*BILL-013/)]);
  expect(unbilledStatementLines(differs, []), 'nothing stated').toEqual([]);
  expect(unbilledStatementLines([{ id: 'BILL-013', sameChoiceAsStub: true }], [422]), "the stub's choice seen").toEqual([]);
  expect(unbilledStatementLines([{ id: 'BILL-013' }], [409, 422]), 'not judged (no control plane)').toEqual([]);
});
