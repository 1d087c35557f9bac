/**
 * Paid answers shared across tests (issue 19; suites/support/shared-answers.ts), through the run
 * coordinator: one fetch per run and case however many readers ask at once, in any worker; a throttled or
 * transient answer is not kept; a failed fetch does not wedge the case; what the fetch cost is named by
 * every reader (for the spend plan). Credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { CoordinatorClient, startRunCoordinator, type StartedCoordinator } from '../../lib/run-coordinator.ts';
import { caseKeyOf, SharedAnswers } from '../../suites/support/shared-answers.ts';
import { resultOf } from '../../suites/support/annotations.ts';
import { bufferedResponse } from '../../suites/support/transport.ts';

let coordinator: StartedCoordinator;
const clients: CoordinatorClient[] = [];
test.beforeEach(async () => {
  coordinator = await startRunCoordinator();
});
test.afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await coordinator.close();
});
/** A worker's link to this test's coordinator (each its own connection, as separate workers have). */
const link = (): CoordinatorClient => {
  const c = new CoordinatorClient(coordinator.address);
  clients.push(c);
  return c;
};

const answerOf = (status: number, body: unknown) =>
  bufferedResponse({
    url: 'http://127.0.0.1:9/api/v1/x/profile',
    status,
    statusText: '',
    headers: [{ name: 'content-type', value: 'application/json' }],
    body: Buffer.from(JSON.stringify(body)),
  });

test('readers of one case share one fetch, and read the same answer', async () => {
  // Five readers in five workers.
  const readers = Array.from({ length: 5 }, () => new SharedAnswers(link(), 'conformance'));
  const shared = readers[0]!;
  let fetches = 0;
  const fetch = async () => {
    fetches++;
    await new Promise((r) => setTimeout(r, 200));
    return answerOf(200, { handle: 'a', n: fetches });
  };
  const all = await Promise.all(readers.map((r) => r.answer('profile:a', fetch)));
  expect(fetches).toBe(1);
  expect(all.filter((a) => a.fresh)).toHaveLength(1);
  for (const a of all) expect(await a.res.json()).toEqual({ handle: 'a', n: 1 });
  expect(all[1]!.res.headers()['content-type']).toBe('application/json');
  // Another case is fetched on its own.
  await shared.answer('profile:b', fetch);
  expect(fetches).toBe(2);
});

test('a 429 or a 5xx is handed to its fetcher and not kept; the next reader asks again', async () => {
  const shared = new SharedAnswers(link(), 'conformance');
  const statuses = [429, 502, 200];
  let fetches = 0;
  const fetch = async () => answerOf(statuses[fetches++]!, {});
  expect((await shared.answer('c', fetch)).res.status()).toBe(429);
  expect((await shared.answer('c', fetch)).res.status()).toBe(502);
  expect((await shared.answer('c', fetch)).res.status()).toBe(200);
  expect((await shared.answer('c', fetch)).fresh).toBe(false);
  expect(fetches).toBe(3);
});

test('a failed fetch stores nothing and hands the case on; each project reads its own cases', async () => {
  const shared = new SharedAnswers(link(), 'conformance');
  const clock = new SharedAnswers(link(), 'conformance-clock');
  expect((await shared.answer('d', async () => answerOf(200, { ok: 1 }))).fresh).toBe(true);
  expect((await clock.answer('d', async () => answerOf(200, { ok: 1 }))).fresh, 'the clock project fetches its own').toBe(true);
  await expect(shared.answer('e', async () => Promise.reject(new Error('reset')))).rejects.toThrow('reset');
  expect((await shared.answer('e', async () => answerOf(200, { ok: 2 }))).fresh).toBe(true);
});

test("the fetch's cost is stored with the answer: the fetcher and every reader name the case and that cost", async () => {
  let spent = 0;
  const fetcher = new SharedAnswers(link(), 'conformance', { spent: () => spent });
  const reader = new SharedAnswers(link(), 'conformance', { spent: () => 0 });
  const key = caseKeyOf('GET', '/api/v1/latest', { types: 'forecast', hours: 6, absent: undefined });
  expect(key).toBe('GET /api/v1/latest?hours=6&types=forecast');
  const fetch = async () => {
    spent += 20; // the budget's charge for the call
    return answerOf(200, {});
  };
  const notes = () => resultOf(test.info()).sharedAnswers;
  await fetcher.answer(key, fetch);
  await reader.answer(key, fetch);
  expect(notes()).toEqual([
    { fetched: true, credits: 20, caseKey: key },
    { fetched: false, credits: 20, caseKey: key },
  ]);
  resultOf(test.info()).sharedAnswers.length = 0;
});
