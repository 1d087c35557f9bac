/**
 * The rule catalogue and the suites stay in sync (the project's "check in the tests"), and the
 * catalogue loader refuses a malformed catalogue.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { coverage } from '../../reporter/coverage.ts';
import { loadRules } from '../../contract/rules.ts';
import { withChildEnv } from './support/env.ts';

test('every testable, non-pending rule has a test and every test names known rules', async () => {
  test.setTimeout(90_000);
  const c = withChildEnv(() => coverage());
  const catalogue = loadRules();
  expect(c.unknown, 'tests naming rules the catalogue lacks').toEqual([]);
  expect(
    c.untested.map((id) => `${id}: ${catalogue.get(id)?.text ?? ''}`),
    'testable rules no test names',
  ).toEqual([]);
  expect(c.unannotated, 'suite tests naming no rule').toEqual([]);
  expect(c.tested.size).toBeGreaterThan(0);
});

test.describe('catalogue loader', () => {
  let dir = '';
  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fc-rules-'));
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const entry = (id: string, extra = '') =>
    `- id: ${id}\n  section: "S"\n  level: MUST\n  text: "One sentence."\n  observe: black-box\n  kind: rule\n${extra}`;

  test('a well-formed catalogue loads, keyed by id with its family file', () => {
    writeFileSync(join(dir, 'alpha.yaml'), entry('ALPHA-001') + entry('ALPHA-002'));
    writeFileSync(join(dir, 'beta.yaml'), entry('BETA-001').replace('kind: rule', 'kind: gap\n  choice: "what the stub does"'));
    const rules = loadRules(dir);
    expect([...rules.keys()].sort()).toEqual(['ALPHA-001', 'ALPHA-002', 'BETA-001']);
    expect(rules.get('BETA-001')).toMatchObject({ kind: 'gap', file: 'beta.yaml' });
  });

  test('a duplicate id, even across files, is rejected', () => {
    writeFileSync(join(dir, 'alpha.yaml'), entry('ALPHA-001'));
    writeFileSync(join(dir, 'beta.yaml'), entry('ALPHA-001'));
    expect(() => loadRules(dir)).toThrow(/ALPHA-001: duplicate id \(also in alpha\.yaml\)/);
  });

  for (const bad of ['ALPHA-1', 'alpha-001', 'ALPHA001', 'ALPHA-00a', '-001']) {
    test(`a malformed id ${bad} is rejected`, () => {
      writeFileSync(join(dir, 'alpha.yaml'), entry(bad));
      expect(() => loadRules(dir)).toThrow(/malformed rule id/);
    });
  }

  test('an entry without an id, or with a missing field, is rejected', () => {
    writeFileSync(join(dir, 'alpha.yaml'), '- section: "S"\n  level: MUST\n');
    expect(() => loadRules(dir)).toThrow(/malformed rule id/);
    writeFileSync(join(dir, 'alpha.yaml'), entry('ALPHA-001').replace('  text: "One sentence."\n', ''));
    expect(() => loadRules(dir)).toThrow(/ALPHA-001: missing text/);
  });

  test("a gap without the stub's choice is rejected", () => {
    writeFileSync(join(dir, 'alpha.yaml'), entry('ALPHA-001').replace('kind: rule', 'kind: gap'));
    expect(() => loadRules(dir)).toThrow(/gap without choice/);
  });
});
