/**
 * Instances of a rule's narrow case (checks/define.ts RuleCase): judgeWith records, for each rule the
 * running test declares, how many instances of its case the check judged, one entry of its result's
 * `judged` per rule added up in place (lib/test-result.ts); the reporter then needs an instance, not just
 * an answer read, for a PASS. Tests of the harness itself: the rule annotations and the result entries
 * they add are removed before they end.
 */
import { test, expect } from '@playwright/test';
import { CHECKS } from '../../checks/registry.ts';
import { judgeWith } from '../../suites/support/judging.ts';
import { outcomeOf } from '../../reporter/rule-results.ts';
import { resultOf } from '../../suites/support/annotations.ts';

const answer = (status: number, error: string) => ({
  status,
  headers: { 'content-type': 'application/json' },
  bodyText: JSON.stringify({ error, message: 'm' }),
});

test('judgeWith counts each declared rule only on the answers its case speaks of, in one entry per rule', () => {
  const info = test.info();
  const before = info.annotations.length;
  info.annotations.push({ type: 'rule', description: 'ERR-003' }, { type: 'rule', description: 'ERR-014' });
  try {
    for (const a of [answer(200, 'x'), answer(401, 'invalid_api_key'), answer(422, 'invalid_request'), answer(401, 'gateway_required')])
      expect(judgeWith(CHECKS.checkErrorEnvelope, a)).toEqual([]);
    expect(resultOf(info).judged).toEqual([
      { id: 'ERR-003', what: 'a 401 answer whose body the route shows', n: 2 },
      { id: 'ERR-014', what: 'a 422 answer whose body the route shows', n: 1 },
    ]);
    const [outcome] = outcomeOf({
      title: 't',
      file: 'f',
      project: 'conformance',
      status: 'passed',
      annotations: info.annotations,
      result: { ok: true, data: resultOf(info) },
    });
    expect(outcome!.judged).toEqual({
      'ERR-003': { n: 2, what: 'a 401 answer whose body the route shows' },
      'ERR-014': { n: 1, what: 'a 422 answer whose body the route shows' },
    });
  } finally {
    info.annotations.splice(before);
    resultOf(info).judged.length = 0;
  }
});

test('a rule the test does not declare is not counted; its violation is still returned', () => {
  const info = test.info();
  const before = info.annotations.length;
  const found = judgeWith(CHECKS.checkErrorEnvelope, answer(404, 'gone'));
  expect(found.map((v) => v.ruleId)).toEqual(['ERR-006']);
  expect(info.annotations.length).toBe(before);
  expect(resultOf(info).judged).toEqual([]);
});
