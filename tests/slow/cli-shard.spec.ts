/**
 * `run --shard i/n` + `merge` give the verdicts one unsharded run gives (embedded stub, two cheap
 * free-route rules so the three runs stay short), and the merged folder is a verified bundle.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { runCli } from '../harness/support/cli.ts';

const SELECT = ['--rule', 'PRICE-014', '--rule', 'PRICE-015', '--workers', '1'];
const statuses = (dir: string): Record<string, string> =>
  Object.fromEntries(
    (JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')) as { rules: { id: string; status: string }[] }).rules.map((r) => [
      r.id,
      r.status,
    ]),
  );

test('two shards merged equal one unsharded run', async () => {
  test.setTimeout(420_000);
  const dir = mkdtempSync(join(tmpdir(), 'fc-shard-'));
  try {
    const [one, s1, s2] = await Promise.all([
      runCli(['run', ...SELECT, '--report-dir', join(dir, 'one')], {}, 400_000),
      runCli(['run', ...SELECT, '--shard', '1/2', '--report-dir', join(dir, 's1')], {}, 400_000),
      runCli(['run', ...SELECT, '--shard', '2/2', '--report-dir', join(dir, 's2')], {}, 400_000),
    ]);
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect([s1.code, s2.code], s1.stderr + s2.stderr).toEqual([0, 0]);
    const merged = await runCli(['merge', join(dir, 's1'), join(dir, 's2'), '--report-dir', join(dir, 'merged')], {}, 200_000);
    expect(merged.code, merged.stdout + merged.stderr).toBe(0);
    const expected = statuses(join(dir, 'one'));
    expect(expected['PRICE-014']).toBe('PASSED');
    expect(statuses(join(dir, 'merged'))).toEqual(expected);
    expect((await runCli(['verify', join(dir, 'merged')])).code).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
