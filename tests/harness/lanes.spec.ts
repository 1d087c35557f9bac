/**
 * The test lanes (tests/lanes.ts, issue 35): every test file of the project is in exactly one lane, and each
 * lane's glob names a file that exists (a renamed file would otherwise drop out of its lane unnoticed).
 */
import { test, expect } from '@playwright/test';
import { globSync } from 'tinyglobby';
import { join } from 'node:path';
import { E2E_TESTS, UNIT_TESTS } from '../lanes.ts';

const ROOT = join(import.meta.dirname, '../..');
const files = (globs: readonly string[]): string[] => globs.flatMap((g) => globSync(g, { cwd: ROOT })).sort();

test('every test file is in exactly one lane; every lane glob names a file', () => {
  const all = files(['tests/**/*.spec.ts', 'checks/**/*.test.ts']);
  const unit = files(UNIT_TESTS);
  const e2e = files(E2E_TESTS);
  const both = unit.filter((f) => e2e.includes(f));
  expect(both, 'in both the unit and the e2e lane').toEqual([]);
  for (const g of [...UNIT_TESTS, ...E2E_TESTS]) expect(files([g]), `${g} names no file`).not.toEqual([]);
  // The harness project of `npm test` holds the rest: checks/ tests must all be units.
  const harness = all.filter((f) => !unit.includes(f) && !e2e.includes(f));
  expect(
    harness.filter((f) => !f.startsWith('tests/')),
    'test files outside tests/ that no lane runs',
  ).toEqual([]);
  expect(unit.length + e2e.length + harness.length).toBe(all.length);
});
