/**
 * Test selection of the CLI (cli/selection.ts): tests made in a loop share one location, so the
 * unselected ones sharing a selected test's location are left out by title (`--grep-invert`).
 */
import { test, expect } from '@playwright/test';
import { strayPattern, type PlannedTest } from '../../cli/selection.ts';

const t = (location: string, title: string): PlannedTest => ({ location, title, rules: [], clock: false, oneAddress: false });

test('unselected tests sharing a selected location are inverted out by their escaped title', () => {
  const all = [t('a.spec.ts:5', 'getX: bounds (1..2)'), t('a.spec.ts:5', 'getY: bounds'), t('b.spec.ts:9', 'other')];
  const planned = [all[1]!];
  const pattern = strayPattern(all, planned)!;
  expect(pattern).toBe('getX: bounds \\(1\\.\\.2\\)');
  expect(new RegExp(pattern).test('a.spec.ts getX: bounds (1..2)')).toBe(true);
  expect(new RegExp(pattern).test('a.spec.ts getY: bounds')).toBe(false);
});

test('nothing is inverted when no location is shared, or when the title would also drop a selected test', () => {
  const all = [t('a.spec.ts:5', 'one'), t('b.spec.ts:9', 'two')];
  expect(strayPattern(all, [all[0]!])).toBeUndefined();
  const shared = [t('a.spec.ts:5', 'bounds'), t('a.spec.ts:5', 'getY: bounds')];
  expect(strayPattern(shared, [shared[1]!])).toBeUndefined();
});
