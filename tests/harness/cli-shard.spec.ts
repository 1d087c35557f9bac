/**
 * `run --shard i/n` + `merge` give the verdicts one unsharded run gives (embedded stub, two free-route
 * rules carried by two tests of one file, so each shard runs one test), and the merged folder is a
 * verified bundle that keeps the shards' settings (the operator's `--unbilled-status`). The selection keeps the clock suites out of every run (cli/run.ts `--no-deps`):
 * a run that let them in would take minutes.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { runCli } from './support/cli.ts';

const SELECT = ['--rule', 'PRICE-014', '--rule', 'PRICE-015', '--workers', '1'];
interface RulesJson {
  rules: { id: string; status: string }[];
  shard: string | null;
  spend: { unbilledStatuses?: number[]; budgetUsd: number | null };
}
const rulesOf = (dir: string): RulesJson => JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')) as RulesJson;
const statuses = (dir: string): Record<string, string> => Object.fromEntries(rulesOf(dir).rules.map((r) => [r.id, r.status]));

test('two shards merged equal one unsharded run', async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'fc-shard-'));
  try {
    const [one, s1, s2] = await test.step('one unsharded run and two shards, in parallel', () =>
      Promise.all([
        runCli(['run', ...SELECT, '--report-dir', join(dir, 'one')], {}, 200_000),
        runCli(['run', ...SELECT, '--shard', '1/2', '--unbilled-status', '422', '--report-dir', join(dir, 's1')], {}, 200_000),
        runCli(['run', ...SELECT, '--shard', '2/2', '--unbilled-status', '422', '--report-dir', join(dir, 's2')], {}, 200_000),
      ]));
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect([s1.code, s2.code], s1.stdout + s1.stderr + s2.stdout + s2.stderr).toEqual([0, 0]);
    await test.step('each shard ran one of the two tests and wrote its own blob', () => {
      for (const [name, shard] of [
        ['s1', '1/2'],
        ['s2', '2/2'],
      ] as const) {
        expect(rulesOf(join(dir, name)).shard).toBe(shard);
        expect(readdirSync(join(dir, name, 'blob'))).toEqual([`shard-${shard.replace('/', '-of-')}.zip`]);
        const passed = Object.entries(statuses(join(dir, name))).filter(([, s]) => s === 'PASSED');
        expect(passed, `${name} judged one rule`).toHaveLength(1);
      }
      expect(one.stdout).toMatch(/Running 2 tests/);
    });
    await test.step('merged: the same verdicts as the unsharded run, and a verified bundle', async () => {
      const merged = await runCli(['merge', join(dir, 's1'), join(dir, 's2'), '--report-dir', join(dir, 'merged')], {}, 120_000);
      expect(merged.code, merged.stdout + merged.stderr).toBe(0);
      const expected = statuses(join(dir, 'one'));
      expect(expected['PRICE-014']).toBe('PASSED');
      expect(expected['PRICE-015']).toBe('PASSED');
      expect(statuses(join(dir, 'merged'))).toEqual(expected);
      expect(rulesOf(join(dir, 's1')).spend.unbilledStatuses).toEqual([422]);
      expect(rulesOf(join(dir, 'merged')).spend.unbilledStatuses, "the shards' --unbilled-status").toEqual([422]);
      // The budget in force stays the shards' (unlimited on the embedded stub), never the merge's own $0.
      expect(rulesOf(join(dir, 's1')).spend.budgetUsd).toBeNull();
      expect(rulesOf(join(dir, 'merged')).spend.budgetUsd).toBeNull();
      expect(existsSync(join(dir, 'merged', 'certification.html'))).toBe(true);
      const verify = await runCli(['verify', join(dir, 'merged')]);
      expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
