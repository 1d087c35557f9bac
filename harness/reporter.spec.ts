/**
 * The rule reporter's verdict logic (reporter/rule-results.ts): a rule passes only on a passing
 * test; SKIPPED, THROTTLED and NOT_RUN never count as passed; a failed test with attributed
 * violations fails only the violated rules.
 */
import { test, expect } from '@playwright/test';
import type { Rule } from '../contract/rules.ts';
import { ruleVerdicts, summarize, type RuleStatus, type TestOutcome } from '../reporter/rule-results.ts';

const rule = (id: string, extra: Partial<Rule> = {}): Rule => ({ id, section: 'S', level: 'MUST', text: `rule ${id}`, observe: 'black-box', kind: 'rule', file: 't.yaml', ...extra });
const outcome = (title: string, status: TestOutcome['status'], rules: string[], extra: Partial<TestOutcome> = {}): TestOutcome => ({ title, file: 'x.spec.ts', project: 'conformance', status, rules, violated: [], throttled: false, ...extra });

function verdicts(rules: Rule[], outcomes: TestOutcome[]): Record<string, RuleStatus> {
  return Object.fromEntries(ruleVerdicts(new Map(rules.map((r) => [r.id, r])), outcomes).map((v) => [v.id, v.status]));
}

test('skipped and throttled tests never pass a rule', () => {
  const v = verdicts([rule('A-001'), rule('A-002')], [outcome('t1', 'skipped', ['A-001'], { reason: 'needs an API key' }), outcome('t2', 'skipped', ['A-002'], { throttled: true, reason: 'THROTTLED' })]);
  expect(v).toEqual({ 'A-001': 'SKIPPED', 'A-002': 'THROTTLED' });
});

test('an interrupted test leaves its rules NOT_RUN, never passed', () => {
  expect(verdicts([rule('A-001')], [outcome('t', 'interrupted', ['A-001'])])).toEqual({ 'A-001': 'NOT_RUN' });
});

test('a failed test with violations fails only the violated rules', () => {
  const v = verdicts([rule('A-001'), rule('A-002'), rule('A-003')], [outcome('t', 'failed', ['A-001', 'A-002', 'A-003'], { violated: ['A-002'], reason: 'boom' })]);
  expect(v).toEqual({ 'A-001': 'NOT_RUN', 'A-002': 'FAILED', 'A-003': 'NOT_RUN' });
  const detail = ruleVerdicts(new Map([['A-001', rule('A-001')]]), [outcome('t', 'failed', ['A-001'], { violated: ['A-002'] })])[0]!;
  expect(detail.tests).toEqual([{ title: 't', status: 'inconclusive' }]);
});

test('a failed or timed-out test without attributed violations fails all its own rules', () => {
  expect(verdicts([rule('A-001'), rule('A-002')], [outcome('t', 'failed', ['A-001']), outcome('u', 'timedOut', ['A-002'])])).toEqual({ 'A-001': 'FAILED', 'A-002': 'FAILED' });
});

test('one failure anywhere beats passes; a pass beats skips', () => {
  const v = verdicts(
    [rule('A-001'), rule('A-002'), rule('A-003')],
    [outcome('p1', 'passed', ['A-001', 'A-002']), outcome('f', 'failed', ['A-001']), outcome('s', 'skipped', ['A-002', 'A-003']), outcome('th', 'skipped', ['A-003'], { throttled: true })],
  );
  expect(v).toEqual({ 'A-001': 'FAILED', 'A-002': 'PASSED', 'A-003': 'THROTTLED' });
});

test('rules without tests: gaps, unobservable, pending and untested are told apart', () => {
  const v = verdicts(
    [rule('G-001', { kind: 'gap', choice: 'c' }), rule('U-001', { observe: 'unobservable' }), rule('P-001', { pending: 'issue 9' }), rule('N-001'), rule('R-001', { retired: true })],
    [],
  );
  expect(v).toEqual({ 'G-001': 'GAP', 'U-001': 'UNOBSERVABLE', 'P-001': 'PENDING', 'N-001': 'NO_TEST', 'R-001': 'GAP' });
});

test('the summary counts only passing rules as PASSED', () => {
  const rules = [rule('A-001'), rule('A-002'), rule('A-003'), rule('A-004')];
  const counts = summarize(
    ruleVerdicts(new Map(rules.map((r) => [r.id, r])), [
      outcome('p', 'passed', ['A-001']),
      outcome('s', 'skipped', ['A-002']),
      outcome('t', 'skipped', ['A-003'], { throttled: true }),
      outcome('i', 'interrupted', ['A-004']),
    ]),
  );
  expect(counts).toMatchObject({ PASSED: 1, SKIPPED: 1, THROTTLED: 1, NOT_RUN: 1, FAILED: 0 });
});

test('a schema rule passes only on a test whose answers reached its component', () => {
  const rules = [rule('SCH-001', { schema: 'Market/properties/a' }), rule('SCH-002', { schema: 'Quote/properties/b' }), rule('X-001')];
  const v = verdicts(rules, [outcome('errors only', 'passed', ['SCH-001', 'SCH-002', 'X-001'], { exercised: new Set(['Market', 'ErrorEnvelope']) })]);
  expect(v).toEqual({ 'SCH-001': 'PASSED', 'SCH-002': 'NOT_RUN', 'X-001': 'PASSED' });
});

test('a failure on another assertion leaves schema rules unjudged but fails the test\'s own rules', () => {
  const rules = [rule('SCH-001', { schema: 'Market/properties/a' }), rule('CONTRACT-001'), rule('X-001')];
  expect(verdicts(rules, [outcome('t', 'failed', ['SCH-001', 'CONTRACT-001', 'X-001'])])).toEqual({ 'SCH-001': 'NOT_RUN', 'CONTRACT-001': 'NOT_RUN', 'X-001': 'FAILED' });
});
