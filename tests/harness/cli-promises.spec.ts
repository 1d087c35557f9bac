/**
 * Issue 33, "the CLI keeps its word": each of the smaller promises, each a test that failed before.
 * The CLI is run only where its printing is the promise (dry runs: seconds); the rest is unit-tested.
 * (`run --json`, the spend line of a run and GitHub's annotations are proven on real failing runs in
 * tests/harness/failing-run.spec.ts.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { loadRules } from '../../contract/rules.ts';
import { compareContracts } from '../../checks/drift.ts';
import { DEFAULT_WORKERS, resolveSettings, SMOKE_WORKERS } from '../../cli/settings.ts';
import { nearest, selectRules } from '../../cli/selection.ts';
import { failingRuleLines, seedOf, spendLine } from '../../reporter/terminal.ts';
import type { ReportedRule } from '../../reporter/report.ts';
import { emptyTestResult, TEST_RESULT_ATTACHMENT } from '../../lib/test-result.ts';
import LiveLine, { liveLine } from '../../reporter/live-line.ts';
import { ROOT, runCli } from './support/cli.ts';

let dir = '';
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-promises-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('precedence: flags, then the environment, then the config file, then defaults; the file loaded is named', async () => {
  writeFileSync(join(dir, 'forecast-conformance.config.json'), JSON.stringify({ seed: 1, workers: 3, rules: ['PRICE-014'], maxSpend: 1 }));
  const env = { FC_SEED: '2', FC_RULES: 'PRICE-015', FC_MAX_SPEND: '0.5' };
  const s = resolveSettings({}, env, dir);
  expect([s.seed, s.rules, s.maxSpend, s.workers]).toEqual([2, ['PRICE-015'], 0.5, 3]);
  expect(resolveSettings({ seed: 9, rule: ['ERR-001'] }, env, dir)).toMatchObject({ seed: 9, rules: ['ERR-001'] });
  expect(resolveSettings({}, {}, dir)).toMatchObject({
    seed: 1,
    rules: ['PRICE-014'],
    configFile: join(dir, 'forecast-conformance.config.json'),
  });
  expect(resolveSettings({}, {}, tmpdir()).configFile).toBeUndefined();
  // A value from the environment that is wrong is named by its variable, not the file's field.
  expect(() => resolveSettings({}, { FC_TARGET: 'ftp://x' }, dir)).toThrow(/^FC_TARGET: /);
  const dry = await runCli(['run', '--dry-run'], { FC_RULES: 'PRICE-015' }, 60_000, dir);
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toContain(
    `Config: ${join(dir, 'forecast-conformance.config.json')} (flags, then FC_* variables, then this file, then defaults)`,
  );
  expect(dry.stdout).toMatch(/^Selected rules: 1 \(1 testable\) in 1 family: PRICE 1$/m);
});

test('one default for workers: --help, the config schema and the run agree', async () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'cli/config.schema.json'), 'utf8')) as {
    properties: { workers: { description: string } };
  };
  expect(schema.properties.workers.description).toContain(`default ${DEFAULT_WORKERS}; ${SMOKE_WORKERS} for the smoke tier`);
  const help = await runCli(['run', '--help']);
  expect(help.stdout.replace(/\s+/g, ' ')).toContain(`(default ${DEFAULT_WORKERS}; ${SMOKE_WORKERS} for the smoke tier`);
  expect(help.stdout).toMatch(/Settings: flags, then the environment, then .*forecast-conformance\.config\.json/);
});

test('--dry-run prints the summary and the plan; the full rule list with --list; --grep narrows both', async () => {
  const dry = await runCli(['run', '--dry-run'], {}, 60_000);
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout.split('\n').length).toBeLessThan(30);
  expect(dry.stdout).toMatch(/^Selected rules: \d+ \(\d+ testable\) in \d+ families: /m);
  const listed = await runCli(['run', '--dry-run', '--list', '--family', 'PRICE'], {}, 60_000);
  const ids = [...loadRules().values()].filter((r) => r.id.startsWith('PRICE-') && !r.retired).map((r) => r.id);
  for (const id of ids) expect(listed.stdout).toMatch(new RegExp(`^  ${id} +(MUST|SHOULD|MAY) `, 'm'));
  const grep = await runCli(['run', '--dry-run', '--grep', '10 credits equal'], {}, 60_000);
  expect(grep.stdout).toMatch(/^Planned tests: 1 /m);
  expect(grep.stdout).toMatch(/^Selected rules: \d+ .* PRICE \d+/m);
  expect(Number(/^Selected rules: (\d+)/m.exec(grep.stdout)![1])).toBeLessThan(Number(/^Selected rules: (\d+)/m.exec(dry.stdout)![1]));
  const none = await runCli(['run', '--dry-run', '--grep', 'no test is called this'], {}, 60_000);
  expect(none.code).toBe(2);
  expect(none.stderr).toMatch(/--grep no test is called this: no suite test matches/);
  expect((await runCli(['run', '--list'], {}, 60_000)).stderr).toMatch(/--list: lists the plan of a --dry-run/);
});

test('an unknown --rule, --family or --operation names the nearest valid ones', async () => {
  const catalogue = loadRules();
  const select = (input: Partial<Parameters<typeof selectRules>[1]>) => () =>
    selectRules(catalogue, { rules: [], families: [], operations: [], tier: 'standard', ...input });
  expect(select({ rules: ['ERR-01'] })).toThrow(/--rule: unknown rule ID ERR-01; did you mean ERR-001, /);
  expect(select({ families: ['PRCE'] })).toThrow(/--family: unknown rule family PRCE; did you mean PRICE, /);
  expect(select({ operations: ['getpricing'] })).toThrow(/--operation: unknown operationId getpricing; did you mean getPricing, /);
  expect(nearest('listMarket', ['listMarkets', 'getLatest', 'listSources'], 2)).toEqual(['listMarkets', 'listSources']);
  const r = await runCli(['run', '--operation', 'listMarket', '--dry-run']);
  expect(r.code).toBe(2);
  expect(r.stderr.trim()).toMatch(/^forecast-conformance: --operation: unknown operationId listMarket; did you mean listMarkets, /);
});

test('a required parameter added to an operation that had none is breaking drift; an optional one is not', () => {
  type Operation = { parameters?: unknown[] };
  const doc = contract().doc as unknown as { paths: Record<string, Record<string, Operation> & Operation> };
  const [path, method] = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m, op]) => m === 'get' && !(op as Operation).parameters && !item.parameters)
      .map(([m]) => [p, m] as const),
  )[0]!;
  const served = (required: boolean) => {
    const copy = structuredClone(doc);
    copy.paths[path]![method]!.parameters = [{ name: 'tenant', in: 'query', required, schema: { type: 'string' } }];
    return compareContracts(doc, copy, 'baseline', 'earlier');
  };
  const breaking = served(true);
  expect(breaking.counts.breaking, JSON.stringify(breaking.differences)).toBe(1);
  expect(breaking.differences[0]!.reason).toMatch(/a required parameter added where the operation had none: query parameter tenant/);
  expect(served(false).counts.breaking).toBe(0);
});

test('the spend line states the budget in force', () => {
  expect(spendLine(0.12, 3, 0.5)).toBe('Spend: $0.120 in 3 paid call(s); budget $0.500');
  expect(spendLine(0, 0, 0)).toContain('budget $0: paid calls are refused');
  expect(spendLine(2, 40, null)).toContain('budget unlimited (the embedded stub');
});

test('on a TTY the run shows a live line (done of total, failed, spend from the ended tests); off a TTY only the opening line', () => {
  const written: string[] = [];
  const suite = { allTests: () => new Array(10) } as never;
  const config = { projects: [], workers: 2 } as never;
  const tty = new LiveLine({}, { isTTY: true, write: (t: string) => written.push(t) });
  tty.onBegin(config, suite);
  tty.onTestEnd(
    {} as never,
    {
      status: 'passed',
      attachments: [
        {
          name: TEST_RESULT_ATTACHMENT.name,
          body: Buffer.from(JSON.stringify({ ...emptyTestResult(), spend: { listMarkets: 10, searchSocial: 500 } })),
        },
      ],
    } as never,
  );
  tty.onTestEnd({} as never, { status: 'failed', attachments: [] } as never);
  tty.onEnd();
  expect(written).toEqual([
    'Running 10 tests using 2 workers\n',
    `\r\x1b[2K${liveLine(1, 10, 0, 0.51)}`,
    `\r\x1b[2K${liveLine(2, 10, 1, 0.51)}`,
    '\r\x1b[2K',
  ]);
  expect(liveLine(2, 10, 1, 0.25)).toBe('2/10 tests, 1 failed, $0.250 spent');
  const piped: string[] = [];
  const off = new LiveLine({}, { isTTY: false, write: (t: string) => piped.push(t) });
  off.onBegin(config, suite);
  off.onTestEnd({} as never, { status: 'failed', attachments: [] } as never);
  off.onEnd();
  expect(piped).toEqual(['Running 10 tests using 2 workers\n']);
});

test("a failing rule's block is bounded and complete: ID, text, first violations, the property's seed, one curl", () => {
  const violations = Array.from({ length: 40 }, (_, i) => ({
    ruleId: 'ERR-001',
    severity: 'error' as const,
    path: `/x/${i}`,
    message: 'm'.repeat(900),
  }));
  const rule = {
    id: 'ERR-001',
    status: 'FAILED',
    level: 'MUST',
    text: 'Every error answer carries a message.',
    reasons: ['[ERR-001] /x/0: m'],
    tests: [{ title: 'suites/errors.spec.ts › a property', status: 'failed' }],
    exhibits: [{ violations, curl: 'curl -sS -i -X GET \'http://127.0.0.1:1/x\' -H "x-service-api-key: $FC_API_KEY"' }],
  } as unknown as ReportedRule;
  const seed = seedOf('Property failed after 3 tests\n{ seed: -1234, path: "2:1", endOnFailure: true }');
  expect(seed).toEqual({ seed: -1234, path: '2:1' });
  const lines = failingRuleLines(rule, new Map([['suites/errors.spec.ts › a property', seed!]]));
  expect(lines.length).toBeLessThanOrEqual(7);
  expect(lines[0]).toBe('  FAILED ERR-001 (MUST): Every error answer carries a message.');
  expect(lines.filter((l) => l.startsWith('    [ERR-001] '))).toHaveLength(3);
  for (const l of lines.slice(0, -1)) expect(l.length).toBeLessThanOrEqual(260);
  expect(lines).toContain('    property seed -1234 (path 2:1): rerun with --seed -1234');
  expect(lines.at(-1)).toBe(`    reproduce: ${rule.exhibits![0]!.curl!}`);
});
