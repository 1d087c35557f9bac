/**
 * Paid answers shared across tests (issue 19; suites/support/shared-answers.ts): one fetch per run and
 * case however many readers ask at once; a throttled or transient answer is not kept; a lock left by a
 * dead worker does not wedge the case; what the fetch cost is named by every reader (for the spend plan).
 */
import { mkdtempSync, writeFileSync, utimesSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { caseKeyOf, SharedAnswers } from '../../suites/support/shared-answers.ts';
import { ANNOTATION, parseSharedAnswer } from '../../lib/annotation-kinds.ts';
import { bufferedResponse } from '../../suites/support/transport.ts';

const answerOf = (status: number, body: unknown) =>
  bufferedResponse({
    url: 'http://127.0.0.1:9/api/v1/x/profile',
    status,
    statusText: '',
    headers: [{ name: 'content-type', value: 'application/json' }],
    body: Buffer.from(JSON.stringify(body)),
  });

test('readers of one case share one fetch, and read the same answer', async () => {
  const shared = new SharedAnswers(mkdtempSync(join(tmpdir(), 'fc-shared-')));
  let fetches = 0;
  const fetch = async () => {
    fetches++;
    await new Promise((r) => setTimeout(r, 200));
    return answerOf(200, { handle: 'a', n: fetches });
  };
  const all = await Promise.all(Array.from({ length: 5 }, () => shared.answer('profile:a', fetch)));
  expect(fetches).toBe(1);
  expect(all.filter((a) => a.fresh)).toHaveLength(1);
  for (const a of all) expect(await a.res.json()).toEqual({ handle: 'a', n: 1 });
  expect(all[1]!.res.headers()['content-type']).toBe('application/json');
  // Another case is fetched on its own.
  await shared.answer('profile:b', fetch);
  expect(fetches).toBe(2);
});

test('a 429 or a 5xx is handed to its fetcher and not kept; the next reader asks again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fc-shared-'));
  const shared = new SharedAnswers(dir);
  const statuses = [429, 502, 200];
  let fetches = 0;
  const fetch = async () => answerOf(statuses[fetches++]!, {});
  expect((await shared.answer('c', fetch)).res.status()).toBe(429);
  expect((await shared.answer('c', fetch)).res.status()).toBe(502);
  expect((await shared.answer('c', fetch)).res.status()).toBe(200);
  expect((await shared.answer('c', fetch)).fresh).toBe(false);
  expect(fetches).toBe(3);
  expect(readdirSync(dir).filter((f) => f.endsWith('.lock'))).toEqual([]);
});

test('a lock left by a dead worker is broken once it is stale, and a failed fetch stores nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fc-shared-'));
  const shared = new SharedAnswers(dir);
  const lock = join(dir, `${createHash('sha256').update('d').digest('hex').slice(0, 32)}.lock`);
  writeFileSync(lock, '');
  const old = new Date(Date.now() - 10 * 60_000);
  utimesSync(lock, old, old);
  expect((await shared.answer('d', async () => answerOf(200, { ok: 1 }))).fresh).toBe(true);
  await expect(shared.answer('e', async () => Promise.reject(new Error('reset')))).rejects.toThrow('reset');
  expect((await shared.answer('e', async () => answerOf(200, { ok: 2 }))).fresh).toBe(true);
});

test("the fetch's cost is stored with the answer: the fetcher and every reader name the case and that cost", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fc-shared-'));
  let spent = 0;
  const fetcher = new SharedAnswers(dir, { spent: () => spent });
  const reader = new SharedAnswers(dir, { spent: () => 0 });
  const key = caseKeyOf('GET', '/api/v1/latest', { types: 'forecast', hours: 6, absent: undefined });
  expect(key).toBe('GET /api/v1/latest?hours=6&types=forecast');
  const fetch = async () => {
    spent += 20; // the budget's charge for the call
    return answerOf(200, {});
  };
  const notes = () =>
    test
      .info()
      .annotations.filter((a) => a.type === ANNOTATION.sharedAnswer)
      .map((a) => parseSharedAnswer(a.description));
  await fetcher.answer(key, fetch);
  await reader.answer(key, fetch);
  expect(notes()).toEqual([
    { fetched: true, credits: 20, caseKey: key },
    { fetched: false, credits: 20, caseKey: key },
  ]);
  test.info().annotations.length = 0;
});
