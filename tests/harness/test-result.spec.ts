/**
 * A test's result as data (lib/test-result.ts, issue 35): the reporter reads one structured result per
 * test from its `fc-result` attachment, validated against its schema; a malformed one (not JSON, a field of
 * the wrong type, an unknown field) is the harness's fault, its rules ERROR with the reason, never a verdict
 * of the target. Credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { checkTestResult, emptyTestResult, readTestResult, TEST_RESULT_ATTACHMENT } from '../../lib/test-result.ts';
import { outcomeOf, ruleVerdicts } from '../../reporter/rule-results.ts';
import { rule } from './support/catalogue-rule.ts';

const attached = (body: string) => [{ name: TEST_RESULT_ATTACHMENT.name, contentType: 'application/json', body: Buffer.from(body) }];
const declared = [{ type: 'rule', description: 'A-001' }];

test('a structured result is read back whole, from a reporter attachment and from a JSON report (base64)', () => {
  const data = {
    ...emptyTestResult(),
    judged: [{ id: 'A-001', what: 'a case', n: 2 }],
    answers: 2,
    spend: { listMarkets: 10 },
    statusSpend: { '422': { credits: 10, dearest: 10 } },
    requests: [{ scope: 'standard', principal: 'key#ab', n: 2 }],
  };
  expect(readTestResult(attached(JSON.stringify(data)))).toEqual({ ok: true, data });
  const base64 = [{ name: TEST_RESULT_ATTACHMENT.name, body: Buffer.from(JSON.stringify(data)).toString('base64') }];
  expect(readTestResult(base64)).toEqual({ ok: true, data });
  expect(readTestResult([]), 'no result attached (a harness test)').toBeUndefined();
  const [t] = outcomeOf({
    title: 't',
    file: 'x',
    project: 'conformance',
    status: 'passed',
    annotations: declared,
    result: { ok: true, data },
  });
  expect(ruleVerdicts(new Map([['A-001', rule('A-001')]]), [t!])[0]).toMatchObject({ status: 'PASSED', instances: 2 });
});

test('a malformed result is named as such and its rules are the harness error, never PASSED or FAILED', () => {
  const cases: [string, RegExp][] = [
    ['not json', /not JSON/],
    [JSON.stringify({ ...emptyTestResult(), answers: 'three' }), /\/answers must be integer/],
    [JSON.stringify({ ...emptyTestResult(), judged: [{ id: 'A-001', n: -1, what: 'x' }] }), /\/judged\/0\/n must be >= 0/],
    [JSON.stringify({ ...emptyTestResult(), statusSpend: { '200': { credits: 1, dearest: 1 } } }), /statusSpend/],
    [JSON.stringify({ ...emptyTestResult(), extra: 1 }), /must NOT have additional properties/],
    [JSON.stringify({ answers: 1 }), /must have required property/],
  ];
  for (const [body, why] of cases) {
    const read = readTestResult(attached(body));
    expect(read?.ok, body).toBe(false);
    expect(read && !read.ok ? read.error : '', body).toMatch(why);
    const [t] = outcomeOf({ title: 't', file: 'x', project: 'conformance', status: 'passed', annotations: declared, result: read! });
    const [v] = ruleVerdicts(new Map([['A-001', rule('A-001')]]), [t!]);
    expect(v!.status, body).toBe('ERROR');
    expect(v!.reasons.join(' '), body).toMatch(/malformed test result/);
  }
  expect(checkTestResult(emptyTestResult())).toEqual({ ok: true, data: emptyTestResult() });
});
