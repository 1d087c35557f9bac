/**
 * The rule catalogue and the suites stay in sync (the project's "check in the tests"), and the
 * catalogue loader refuses a malformed catalogue.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect } from '@playwright/test';
import { coverage, listSuiteTests } from '../../reporter/coverage.ts';
import { testIndexProblem } from '../../reporter/test-index.ts';
import { loadRules } from '../../contract/rules.ts';
import { ROOT } from './support/cli.ts';
import { childEnv, withChildEnv } from './support/env.ts';

test('every testable, non-pending rule has a test, every test names known rules, and the static test index is their listing', async () => {
  test.setTimeout(90_000);
  const specs = withChildEnv(() => listSuiteTests());
  const c = coverage(specs);
  const catalogue = loadRules();
  expect(c.unknown, 'tests naming rules the catalogue lacks').toEqual([]);
  expect(
    c.untested.map((id) => `${id}: ${catalogue.get(id)?.text ?? ''}`),
    'testable rules no test names',
  ).toEqual([]);
  expect(c.unannotated, 'suite tests naming no rule').toEqual([]);
  expect(c.tested.size).toBeGreaterThan(0);
  // The CLI plans from suites/test-index.json (reporter/test-index.ts): it must be this listing's, for these sources.
  expect(testIndexProblem(specs)).toBeNull();
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

  test('a value outside its enum, an unknown field or a choice on a rule is rejected, every problem named', () => {
    writeFileSync(
      join(dir, 'alpha.yaml'),
      entry('ALPHA-001').replace('level: MUST', 'level: MUSTT') +
        entry('ALPHA-002').replace('observe: black-box', 'observe: observe') +
        entry('ALPHA-003', '  obsrve: black-box\n') +
        entry('ALPHA-004', '  choice: "a rule makes no choice"\n'),
    );
    const message = (() => {
      try {
        loadRules(dir);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(message).toContain('alpha.yaml: ALPHA-001: level must be one of MUST, SHOULD, MAY');
    expect(message).toContain('alpha.yaml: ALPHA-002: observe must be one of black-box, control-plane, spend-budget, wallet, unobservable');
    expect(message).toContain('alpha.yaml: ALPHA-003: entry has an unknown field obsrve');
    expect(message).toContain('alpha.yaml: ALPHA-004: choice and alternate belong to gaps only');
  });

  test('a gap may name another allowed choice (alternate) and a rule its several cases', () => {
    const gap = entry('ALPHA-001').replace('kind: rule', 'kind: gap\n  choice: "404"\n  alternate: "422"');
    writeFileSync(join(dir, 'alpha.yaml'), gap + entry('ALPHA-002', '  cases:\n    - "a 401 answer"\n    - "a 403 answer"\n'));
    expect(loadRules(dir).get('ALPHA-001')).toMatchObject({ alternate: '422' });
    expect(loadRules(dir).get('ALPHA-002')?.cases).toEqual(['a 401 answer', 'a 403 answer']);
    writeFileSync(join(dir, 'alpha.yaml'), entry('ALPHA-001', '  alternate: "422"\n'));
    expect(() => loadRules(dir)).toThrow(/ALPHA-001: choice and alternate belong to gaps only/);
  });

  test('npm run rules:check fails on a planted level: MUSTT in a copy of the catalogue', async () => {
    cpSync(join(ROOT, 'contract/rules'), dir, { recursive: true });
    const file = join(dir, 'auth.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^- id: AUTH-001\n(?: {2}.*\n)*? {2}level: MUST\n/m);
    writeFileSync(file, text.replace(/(^- id: AUTH-001\n(?: {2}.*\n)*? {2}level: )MUST\n/m, '$1MUSTT\n'));
    const run = (): Promise<{ code: number; stderr: string }> =>
      new Promise((done) =>
        execFile(
          process.execPath,
          [
            '--import',
            pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href,
            join(ROOT, 'scripts/rules-check.ts'),
            '--rules-dir',
            dir,
          ],
          { cwd: ROOT, env: childEnv(), timeout: 60_000 },
          (err, _stdout, stderr) => done({ code: err ? Number((err as { code?: number }).code ?? -1) : 0, stderr }),
        ),
      );
    const { code, stderr } = await run();
    expect(stderr).toContain('auth.yaml: AUTH-001: level must be one of MUST, SHOULD, MAY');
    expect(code).toBe(1);
  });
});
