/**
 * The severity a violation counts with comes from the catalogue at run time (suites/support/matchers.ts):
 * a MUST rule's violation fails whatever the check said, a SHOULD rule's or a gap's is a warning at most.
 */
import { test, expect } from '@playwright/test';
import { effectiveSeverity, withCatalogueSeverity } from '../../suites/support/matchers.ts';
import { loadRules } from '../../contract/rules.ts';
import { violation } from '../../lib/violation.ts';

const find = (pred: (r: ReturnType<typeof loadRules> extends Map<string, infer R> ? R : never) => boolean) =>
  [...loadRules().values()].find((r) => !r.retired && pred(r))!.id;

test('a MUST rule checked as a warning fails; a SHOULD rule or a gap checked as an error only warns', () => {
  const must = find((r) => r.kind === 'rule' && r.level === 'MUST');
  const should = find((r) => r.kind === 'rule' && r.level === 'SHOULD');
  const gap = find((r) => r.kind === 'gap');
  expect(effectiveSeverity(violation(must, '/', 'x', 'warning'))).toBe('error');
  expect(effectiveSeverity(violation(should, '/', 'x', 'error'))).toBe('warning');
  expect(effectiveSeverity(violation(gap, '/', 'x', 'error'))).toBe('warning');
  expect(effectiveSeverity(violation('NOT-999', '/', 'x', 'warning'))).toBe('warning');
  expect(withCatalogueSeverity([violation(must, '/a', 'x', 'warning')])[0]).toMatchObject({ ruleId: must, severity: 'error', path: '/a' });
});
