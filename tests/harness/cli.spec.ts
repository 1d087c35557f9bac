/**
 * The CLI as a CI gate sees it: usage errors end with exit 2 and one line (no stack trace); the dry run's measured
 * request plan. Targets that cannot be judged are cli-targets.spec.ts (e2e lane).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { noStack, runCli } from './support/cli.ts';
import { operationsNamed } from '../../contract/route-match.ts';
import { loadRequestPlan, measurementKeys, measuredKey, planLabel, plannedRequests, type RequestPlan } from '../../lib/request-plan.ts';

let dir = '';
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-cli-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test.describe('usage errors: exit 2, one line, no stack trace', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const [name, args, message] of [
    ['--workers 0', ['run', '--workers', '0'], /--workers: must be a whole number from 1 to 64/],
    ['an ftp target', ['run', '--target', 'ftp://127.0.0.1/x'], /--target: must be an http:\/\/ or https:\/\/ URL/],
    ['an unknown rule', ['run', '--rule', 'NOPE-999', '--dry-run'], /--rule: unknown rule ID NOPE-999/],
    ['an unknown option', ['run', '--api-key', 'x'], /unknown option '--api-key'/],
    ['a body limit under 1 KiB', ['run', '--max-body-bytes', '10'], /--max-body-bytes: must be at least 1024 bytes, got 10/],
    [
      'a 2xx declared unbilled',
      ['run', '--unbilled-status', '422,200'],
      /--unbilled-status: must be HTTP statuses from 400 to 599, got "200"/,
    ],
  ] as const) {
    test(name, async () => {
      const r = await runCli(args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      noStack(r.stderr);
    });
  }

  test('a config file with a bad field names the field; a secret in it is refused', async () => {
    writeFileSync(join(dir, 'forecast-conformance.config.json'), JSON.stringify({ workers: 0 }));
    const bad = await runCli(['run', '--dry-run'], {}, 60_000, dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/field "workers": must be >= 1/);
    writeFileSync(join(dir, 'forecast-conformance.config.json'), JSON.stringify({ apiKey: 'fc_in_a_file_000000' }));
    const secret = await runCli(['run', '--dry-run'], {}, 60_000, dir);
    expect(secret.code).toBe(2);
    expect(secret.stderr).toMatch(/field "apiKey": secrets are read only from the environment/);
    noStack(bad.stderr + secret.stderr);
  });

  test('--help documents the exit codes, the environment and examples; --version prints the version', async () => {
    const help = await runCli(['run', '--help']);
    expect(help.code).toBe(0);
    for (const s of [
      'Exit codes:',
      '0  every selected rule passed',
      '2  configuration, harness or target error',
      'FC_TARGET',
      'FC_API_KEY',
      'Examples:',
    ])
      expect(help.stdout).toContain(s);
    const version = await runCli(['--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});

test.describe('--dry-run: the planned requests, measured on the embedded stub', () => {
  test('each selected test shows its measured request count, and the sum is labelled with where and when it was measured', async () => {
    const plan = loadRequestPlan();
    expect(plan, 'measurements/request-plan.json (npm run request-plan)').toBeDefined();
    const r = await runCli(['run', '--rule', 'PRICE-014', '--rule', 'PRICE-015', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const titles = [
      'paid prices are whole multiples of $0.005, and so is the price increment the metadata states',
      '10 credits equal $0.01 wherever both are listed, and in the conversion figure the metadata states',
    ];
    // Each is measured under its identity, its file and declared rules (lib/request-plan.ts): PRICE-014's and PRICE-015's.
    const keyOf = (id: string) => Object.keys(plan!.tests).find((k) => k.startsWith('suites/pricing.spec.ts ') && k.includes(` @${id}`));
    const counts = ['PRICE-014', 'PRICE-015'].map((id) => plan!.tests[keyOf(id) ?? '']);
    for (const [i, t] of titles.entries()) {
      expect(counts[i], t).toBeGreaterThan(0);
      expect(
        lines
          .find((l) => l.endsWith(t))
          ?.trim()
          .split(/\s+/)[0],
        t,
      ).toBe(String(counts[i]));
    }
    const sum = counts.reduce((a, b) => a! + b!, 0);
    expect(r.stdout).toContain(
      `Requests: ${sum} planned (measured on the embedded reference stub at ${plan!.measured.commit.slice(0, 7)} on `,
    );
  });

  test('the sum counts each test once, and a test the plan lacks is counted as not measured', () => {
    const plan: RequestPlan = {
      measured: { commit: 'abcdef0123', date: '2026-11-24T00:00:00Z', target: 'embedded reference stub', seed: 1, stubSeed: 42 },
      tests: { 'suites/a.spec.ts @ERR-001': 3, 'suites/a.spec.ts @ERR-002': 5 },
    };
    const t = (location: string, title: string, rules: string[]) => ({
      location,
      title,
      rules,
      operations: [],
      clock: false,
      oneAddress: false,
    });
    const p = plannedRequests(plan, [
      t('suites/a.spec.ts:3', 'one', ['ERR-001']),
      t('suites/a.spec.ts:9', 'two', ['ERR-002']),
      t('suites/a.spec.ts:9', 'two', ['ERR-002']),
      t('suites/b.spec.ts:1', 'new', ['ERR-001']),
    ]);
    expect([p.total, p.unmeasured, p.perTest.map((x) => x.requests)]).toEqual([8, 1, [3, 5, undefined]]);
    expect(planLabel(plan)).toBe('planned (measured on the embedded reference stub at abcdef0 on 2026-11-24, seed 1)');
  });

  test('a test is measured under its file, declared rules and named operations: a reworded title keeps its figure, tests sharing them are told apart by title', () => {
    const t = (title: string, rules: string[]) => ({ file: 'suites/a.spec.ts', title, rules, operations: operationsNamed(title) });
    const tests = [
      t('one', ['ERR-002', 'ERR-001', 'CONTRACT-001']),
      t('getPricing: bound', ['LIM-001']),
      t('listMarkets: bound', ['LIM-001']),
      t('a burst', ['LIM-002']),
      t('a longer burst', ['LIM-002']),
    ];
    const keys = measurementKeys(tests);
    expect([...keys.values()]).toEqual([
      'suites/a.spec.ts @ERR-001 @ERR-002',
      'suites/a.spec.ts @LIM-001 getPricing',
      'suites/a.spec.ts @LIM-001 listMarkets',
      'suites/a.spec.ts @LIM-002 › a burst',
      'suites/a.spec.ts @LIM-002 › a longer burst',
    ]);
    const plan: RequestPlan = {
      measured: { commit: 'abcdef0123', date: '2026-11-24T00:00:00Z', target: 'embedded reference stub', seed: 1, stubSeed: 42 },
      tests: Object.fromEntries([...keys.values()].map((k, i) => [k, i + 1])),
    };
    // Reworded, or validating another schema: the same test.
    expect(measuredKey(plan, t('one, reworded', ['ERR-001', 'ERR-002', 'SCH-001']))).toBe('suites/a.spec.ts @ERR-001 @ERR-002');
    expect(measuredKey(plan, t('listMarkets: the bound, reworded', ['LIM-001']))).toBe('suites/a.spec.ts @LIM-001 listMarkets');
    expect(measuredKey(plan, t('a longer burst', ['LIM-002']))).toBe('suites/a.spec.ts @LIM-002 › a longer burst');
    // Its declared rules changed: not measured (the plan's figure was for what it judged then).
    expect(measuredKey(plan, t('one', ['ERR-001']))).toBeUndefined();
    expect(() => measurementKeys([...tests, t('a burst', ['LIM-002'])])).toThrow(/share this title and these rules/);
  });

  test('--unbilled-status: the statement is printed before the plan, the plan is no dearer, and a config file may make it', async () => {
    const args = ['run', '--target', 'http://127.0.0.1:9', '--operation', 'createSocialProfile', '--max-spend', '20', '--dry-run'];
    const keys = { FC_API_KEY: 'fc_dry_run_key_one', FC_API_KEY_2: 'fc_dry_run_key_two' };
    const priced = await runCli(args, keys);
    const stated = await runCli([...args, '--unbilled-status', '422'], keys);
    expect(stated.code, stated.stderr).toBe(0);
    expect(priced.stdout).not.toContain('counted unbilled');
    expect(stated.stdout).toMatch(/^Status 422 counted unbilled, as the operator states \(gap BILL-013\).*cannot check it/m);
    const usd = (out: string) => Number(/Spend plan at [^:]+: \$(\d+\.\d+)/.exec(out)?.[1]);
    expect(usd(stated.stdout)).toBeLessThan(usd(priced.stdout));
    writeFileSync(join(dir, 'forecast-conformance.config.json'), JSON.stringify({ unbilledStatuses: [409, 422] }));
    const fromFile = await runCli(args, keys, 60_000, dir);
    expect(fromFile.stdout).toMatch(/^Status 409, 422 counted unbilled/m);
  });
});
