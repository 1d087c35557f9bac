/**
 * The run's spend ledger (lib/spend-ledger.ts): the file every worker shares under a lock file, the lock
 * (mutual exclusion across processes, a dead worker's stale lock broken, a live one never), and the credit
 * and USD rounding (a budget never over-spends by rounding). Credits no catalogue rule.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect } from '@playwright/test';
import { budgetCredits, Ledger, ledgerIn, spendSummary, usd, usdToCredits, type LedgerState } from '../../lib/spend-ledger.ts';
import { PROJECT_FILES } from '../../lib/run-state.ts';
import { ROOT } from './support/cli.ts';
import { childEnv } from './support/env.ts';

const LEDGER_FILE = PROJECT_FILES.spendLedger;

let dir = '';
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-ledger-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

const add =
  (credits: number) =>
  (s: LedgerState): { state: LedgerState; result: number } => ({
    state: { ...s, committed: s.committed + credits, spent: s.spent + credits, calls: s.calls + 1 },
    result: s.spent + credits,
  });

test('an empty ledger reads zeros; update stores what its function returns and hands back its result', () => {
  const ledger = ledgerIn(dir);
  expect(ledger.path).toBe(join(dir, LEDGER_FILE));
  expect(ledger.read()).toEqual({ limitCredits: null, committed: 0, spent: 0, calls: 0 });
  expect(ledger.update(add(10))).toBe(10);
  expect(ledger.update(add(5))).toBe(15);
  expect(new Ledger(ledger.path).read()).toEqual({ limitCredits: null, committed: 15, spent: 15, calls: 2 });
  expect(existsSync(`${ledger.path}.lock`), 'the lock is released').toBe(false);
});

test('an update whose function throws stores nothing and releases the lock', () => {
  const ledger = ledgerIn(dir);
  ledger.update(add(10));
  expect(() =>
    ledger.update(() => {
      throw new Error('boom');
    }),
  ).toThrow('boom');
  expect(ledger.read().spent).toBe(10);
  expect(existsSync(`${ledger.path}.lock`)).toBe(false);
});

test("a live worker's lock is waited for, never broken: the update fails after the wait and the lock stays", () => {
  const ledger = new Ledger(join(dir, LEDGER_FILE), { waitMs: 200, staleMs: 60_000 });
  writeFileSync(`${ledger.path}.lock`, '');
  expect(() => ledger.update(add(10))).toThrow(/lock .* held for more than 200 ms/);
  expect(existsSync(`${ledger.path}.lock`), "another worker's lock is not removed").toBe(true);
  expect(ledger.read().spent).toBe(0);
});

test("a dead worker's stale lock (older than the stale age) is broken and the update goes through", () => {
  const ledger = ledgerIn(dir);
  ledger.update(add(1));
  const lock = `${ledger.path}.lock`;
  writeFileSync(lock, '');
  const old = new Date(Date.now() - 31_000);
  utimesSync(lock, old, old);
  expect(ledger.update(add(10))).toBe(11);
  expect(existsSync(lock)).toBe(false);
});

test('an update waits for a lock held by another process and runs only once it is released', async () => {
  const ledger = ledgerIn(dir);
  const lock = `${ledger.path}.lock`;
  const released = join(dir, 'released');
  writeFileSync(lock, '');
  // Another process holds the lock for a moment, marks its release, then releases it.
  const holder = new Promise<void>((done, fail) =>
    execFile(
      process.execPath,
      [
        '-e',
        `setTimeout(() => { require('fs').writeFileSync(${JSON.stringify(released)}, ''); require('fs').unlinkSync(${JSON.stringify(lock)}); }, 300)`,
      ],
      (err) => (err ? fail(err) : done()),
    ),
  );
  // update blocks this thread while it waits, so the holder runs on its own.
  const sawRelease = ledger.update((s) => ({ state: s, result: existsSync(released) }));
  await holder;
  expect(sawRelease, 'the update ran after the other process released the lock').toBe(true);
});

test('workers in separate processes updating one ledger at once lose no update', async () => {
  test.setTimeout(60_000);
  const path = join(dir, LEDGER_FILE);
  const workers = 4;
  const each = 150;
  const script = join(dir, 'worker.ts');
  writeFileSync(
    script,
    `import { Ledger } from ${JSON.stringify(pathToFileURL(join(ROOT, 'lib/spend-ledger.ts')).href)};\n` +
      `const l = new Ledger(${JSON.stringify(path)});\n` +
      `for (let i = 0; i < ${each}; i++) l.update((s) => ({ state: { ...s, spent: s.spent + 1, calls: s.calls + 1 }, result: undefined }));\n`,
  );
  const loader = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise<void>((done, fail) =>
          execFile(process.execPath, ['--import', loader, script], { env: childEnv(), timeout: 50_000 }, (err, _out, stderr) =>
            err ? fail(new Error(stderr || String(err))) : done(),
          ),
        ),
    ),
  );
  const state = JSON.parse(readFileSync(path, 'utf8')) as LedgerState;
  expect(state).toMatchObject({ spent: workers * each, calls: workers * each });
});

test('USD and credits: 1 credit = $0.001; a cost rounds up, a budget rounds down, never by float noise', () => {
  expect(usd(5)).toBe('$0.005');
  expect(usd(1000)).toBe('$1.000');
  expect(usd(Infinity)).toBe('unlimited');
  // a cost is rounded up to the next whole credit...
  expect(usdToCredits(0.005)).toBe(5);
  expect(usdToCredits(0.0051)).toBe(6);
  // ...but float noise is no fraction: 0.57 * 1000 = 570.0000000000001, 0.1 + 0.2 = 0.30000000000000004
  expect(usdToCredits(0.57)).toBe(570);
  expect(usdToCredits(0.1 + 0.2)).toBe(300);
  expect(usdToCredits(Infinity)).toBe(Infinity);
  // a budget is rounded down (a limit never grows by rounding), float noise again no fraction: 1.005 * 1000 = 1004.9999999999999
  expect(budgetCredits(0.0059)).toBe(5);
  expect(budgetCredits(1.005)).toBe(1005);
  expect(budgetCredits(2)).toBe(2000);
  expect(budgetCredits(Infinity)).toBe(Infinity);
  // an unusable setting spends nothing rather than everything
  for (const bad of [NaN, -1, 0, -Infinity]) expect(budgetCredits(bad), String(bad)).toBe(0);
});

test("the run's spend is summed over every project's ledger, and says so when nothing was charged", () => {
  const a = join(dir, 'a');
  const b = join(dir, 'b');
  expect(spendSummary([a, b]).line).toBe('Spend: $0.000 (no paid call was charged)');
  ledgerIn(a).update((s) => ({ state: { ...s, limitCredits: 2000, spent: 15, calls: 2 }, result: undefined }));
  ledgerIn(b).update((s) => ({ state: { ...s, limitCredits: 2000, spent: 1000, calls: 1 }, result: undefined }));
  const summary = spendSummary([a, b, a]);
  expect(summary).toMatchObject({ spent: 1015, calls: 3, limitCredits: 2000 });
  expect(summary.line).toBe('Spend: $1.015 in 3 paid call(s) (budget $2.000, priced from contract/pricing.ts)');
  ledgerIn(b).update((s) => ({ state: { ...s, limitCredits: null }, result: undefined }));
  expect(spendSummary([b]).line).toContain('unlimited budget');
});
