/**
 * Instances of a rule's narrow case (checks/define.ts RuleCase): judgeWith records, for each rule the
 * running test declares, how many instances of its case the check judged, one `judged` annotation per
 * rule added up in place; the reporter then needs an instance, not just an answer read, for a PASS.
 * Tests of the harness itself: the rule annotations they add are removed before they end.
 */
import { test, expect } from '@playwright/test';
import { CHECKS } from '../../checks/registry.ts';
import { judgeWith } from '../../suites/support/judging.ts';
import { outcomeOf } from '../../reporter/rule-results.ts';

const answer = (status: number, error: string) => ({
  status,
  headers: { 'content-type': 'application/json' },
  bodyText: JSON.stringify({ error, message: 'm' }),
});

test('judgeWith counts each declared rule only on the answers its case speaks of, in one annotation per rule', () => {
  const info = test.info();
  const before = info.annotations.length;
  info.annotations.push({ type: 'rule', description: 'ERR-003' }, { type: 'rule', description: 'ERR-014' });
  try {
    for (const a of [answer(200, 'x'), answer(401, 'invalid_api_key'), answer(422, 'invalid_request'), answer(401, 'gateway_required')])
      expect(judgeWith(CHECKS.checkErrorEnvelope, a)).toEqual([]);
    const judged = info.annotations.filter((a) => a.type === 'judged').map((a) => a.description);
    expect(judged).toEqual(['ERR-003 2 a 401 answer whose body the route shows', 'ERR-014 1 a 422 answer whose body the route shows']);
    const [outcome] = outcomeOf({ title: 't', file: 'f', project: 'conformance', status: 'passed', annotations: info.annotations });
    expect(outcome!.judged).toEqual({
      'ERR-003': { n: 2, what: 'a 401 answer whose body the route shows' },
      'ERR-014': { n: 1, what: 'a 422 answer whose body the route shows' },
    });
  } finally {
    info.annotations.splice(before);
  }
});

test('a rule the test does not declare is not counted; its violation is still returned', () => {
  const info = test.info();
  const before = info.annotations.length;
  const found = judgeWith(CHECKS.checkErrorEnvelope, answer(404, 'gone'));
  expect(found.map((v) => v.ruleId)).toEqual(['ERR-006']);
  expect(info.annotations.slice(before).filter((a) => a.type === 'judged')).toEqual([]);
});
