/**
 * Test selection of the CLI (cli/selection.ts): a run's tests are the ones tagged with a selected rule
 * (suites/support/annotations.ts ruleDetails tags each test with its rule IDs), chosen by one `--grep` over
 * tags: no escaped titles, and tests made in a loop on one line are told apart by their tags. Credits no
 * catalogue rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { listTests, ruleTagPattern } from '../../cli/selection.ts';
import { freshIndex, sourcesHash } from '../../reporter/test-index.ts';
import { SLOW_TAG, ruleTag } from '../../lib/annotation-kinds.ts';
import { ROOT } from './support/cli.ts';

/** What Playwright matches `--grep` against: the titles, then the tags, space-separated. */
const line = (title: string, ids: string[]) => [`suites/x.spec.ts ${title}`, ...ids.map(ruleTag)].join(' ');

test('a test is selected when one of its rule tags is selected, never by a prefix of another rule ID', () => {
  const re = new RegExp(ruleTagPattern(['ERR-001', 'SCH-012']));
  expect(re.test(line('getX: bounds (1..2)', ['PARAM-003', 'ERR-001']))).toBe(true);
  expect(re.test(line('getY', ['SCH-012']))).toBe(true);
  expect(re.test(line('getZ', ['ERR-0011', 'SCH-0120', 'XERR-001']))).toBe(false);
  // A title that merely names the rule is no tag.
  expect(re.test(line('ERR-001 in the title', ['ERR-002']))).toBe(false);
});

test("with the operator's --grep, a test must match it and carry a selected rule", () => {
  const re = new RegExp(ruleTagPattern(['ERR-001'], 'bounds'));
  expect(re.test(line('getX: bounds', ['ERR-001']))).toBe(true);
  expect(re.test(line('getX: other', ['ERR-001']))).toBe(false);
  expect(re.test(line('getX: bounds', ['ERR-002']))).toBe(false);
});

test('a run plans from the static test index: on this tree it is fresh, and listTests reads it without listing', () => {
  const index = freshIndex();
  expect(index, 'suites/test-index.json was not written for these sources (npm run rules:gen)').not.toBeNull();
  const planned = listTests();
  expect(planned.map((t) => t.location)).toEqual(index!.map((t) => `${t.file}:${t.line}`));
  expect(planned.find((t) => t.rules.includes('PRICE-014'))?.location).toMatch(/^suites\/[\w-]+\.spec\.ts:\d+$/);
});

test('an index written for other sources is not fresh: the plan falls back to the listing', () => {
  expect(freshIndex('0'.repeat(24))).toBeNull();
  expect(sourcesHash()).toMatch(/^[0-9a-f]{24}$/);
});

test('npm test leaves out the @slow tests, and every rule they declare is declared by a test it runs', () => {
  // Read from the static test index, which rules:check and the catalogue test prove to be the suites' listing.
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.test;
  expect(script).toContain(`--grep-invert ${SLOW_TAG}`);
  const tests = freshIndex() ?? [];
  const fast = new Set(tests.filter((t) => !t.slow).flatMap((t) => t.rules));
  const slow = tests.filter((t) => t.slow);
  expect(slow.length, 'no suite test is tagged @slow').toBeGreaterThan(0);
  expect(
    [...new Set(slow.flatMap((t) => t.rules))].filter((id) => !fast.has(id)),
    'rules only @slow tests declare',
  ).toEqual([]);
});
