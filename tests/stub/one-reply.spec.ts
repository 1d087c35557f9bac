/**
 * One reply per request (issue 21), after a refusal decided on arrival: with the per-IP guard's second
 * or minute spent through the control plane (contract/control.yaml, POST /__control/limits/usage), raw
 * HTTP/1.1 on one socket gets exactly one answer per request, whatever follows the refused request's
 * head: a body shorter than its Content-Length, a body longer than it, a pipelined request. The
 * answers are split with an HTTP parser (scripts/proof/wire.ts), so a second answer is never mistaken
 * for part of the first body.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { test, expect } from '@playwright/test';
import { startStub, type RunningStub } from '../../stub/app.ts';
import { LIMIT_BOUNDS } from '../../contract/limits.ts';
import { exchangeBytes, readAnswers, type WireAnswer } from '../../scripts/proof/wire.ts';

let stub: RunningStub;
let host: string;
const token = randomBytes(16).toString('hex');
let apiKey: string;
let accountId: string;

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${stub.url}/__control${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `control ${method} ${path}`).toBeLessThan(300);
  return res.status === 204 ? undefined : res.json();
}

/** Spends the guard's `window` for this test's address (loopback), or frees it (`count` 0). */
const guard = (window: 'second' | 'minute', count: number = LIMIT_BOUNDS.ip_guard[window]) =>
  control('POST', '/limits/usage', { scope: 'ip_guard', window, count });

test.beforeAll(async () => {
  stub = await startStub({ port: 0, controlToken: token, seed: 42 });
  host = new URL(stub.url).host;
});
test.afterAll(async () => {
  await stub?.close();
});
test.beforeEach(async () => {
  await control('POST', '/reset');
  ({ apiKey, accountId } = (await control('POST', '/accounts', { credits: 10_000 })) as { accountId: string; apiKey: string });
});

const search = (length: number, body: string) =>
  `POST /api/v1/x/search HTTP/1.1\r\nHost: ${host}\r\nx-service-api-key: ${apiKey}\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n${body}`;
const pricing = () => `GET /api/public/pricing HTTP/1.1\r\nHost: ${host}\r\n\r\n`;

function expectGuard429(answer: WireAnswer | undefined): void {
  expect(answer?.status).toBe(429);
  expect(JSON.parse(answer!.text)).toMatchObject({ error: 'rate_limited', limit_scope: 'ip_guard' });
  expect(Number(answer!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

for (const window of ['second', 'minute'] as const) {
  test.describe(`the guard's ${window} spent`, () => {
    test('a body cut short of its Content-Length gets the 429 and nothing else', async () => {
      await guard(window);
      const answers = readAnswers(await exchangeBytes(stub.url, search(100, '{"query":')));
      expect(answers.answers).toHaveLength(1);
      expect(answers.trailing).toBe(0);
      expectGuard429(answers.answers[0]);
      expect(answers.answers[0]!.headers.connection).toBe('close');
    });

    test('a body longer than its Content-Length gets the 429 and nothing else: the surplus is never read as a request', async () => {
      await guard(window);
      const answers = readAnswers(await exchangeBytes(stub.url, search(5, '{"query":"crude oil"}')));
      expect(answers.answers).toHaveLength(1);
      expect(answers.trailing).toBe(0);
      expectGuard429(answers.answers[0]);
    });

    test('a request pipelined behind a refused one gets its own answer, in order', async () => {
      await guard(window);
      const limits = `GET /__control/limits HTTP/1.1\r\nHost: ${host}\r\nauthorization: Bearer ${token}\r\nconnection: close\r\n\r\n`;
      const answers = readAnswers(await exchangeBytes(stub.url, pricing() + pricing() + limits));
      expect(answers.answers.map((a) => a.status)).toEqual([429, 429, 200]);
      expect(answers.trailing).toBe(0);
      expectGuard429(answers.answers[1]);
      expect(JSON.parse(answers.answers[2]!.text)).toMatchObject({ lifted: false });
    });
  });
}

test('a refused body that never ends is answered within the drain bound, then the connection closes', async () => {
  await guard('minute');
  const started = Date.now();
  const answers = readAnswers(await exchangeBytes(stub.url, search(100, '{"query":'), { keepOpen: true, timeoutMs: 5_000 }));
  expect(answers.answers).toHaveLength(1);
  expectGuard429(answers.answers[0]);
  expect(Date.now() - started).toBeLessThan(4_000);
});

test('after a refusal the next request on the connection is answered as if nothing had happened; nothing was debited', async () => {
  await guard('minute');
  const socket = connect(Number(new URL(stub.url).port), '127.0.0.1');
  let received = Buffer.alloc(0);
  socket.on('data', (d: Buffer) => (received = Buffer.concat([received, d])));
  const answersSoFar = async (n: number) => {
    await expect.poll(() => readAnswers(received).answers.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(n);
    return readAnswers(received);
  };
  try {
    socket.write(search(15, '{"query":"oil"}'.padEnd(15)));
    socket.write(pricing());
    // The refused POST with a body closes its connection; a refused GET keeps it.
    const first = await answersSoFar(1);
    expectGuard429(first.answers[0]);
    expect(first.answers[0]!.headers.connection).toBe('close');
  } finally {
    socket.destroy();
  }
  const kept = connect(Number(new URL(stub.url).port), '127.0.0.1');
  received = Buffer.alloc(0);
  kept.on('data', (d: Buffer) => (received = Buffer.concat([received, d])));
  try {
    kept.write(pricing());
    expectGuard429((await answersSoFar(1)).answers[0]);
    await guard('minute', 0);
    kept.write(pricing());
    const both = await answersSoFar(2);
    expect(both.answers[1]!.status).toBe(200);
    expect(JSON.parse(both.answers[1]!.text)).toHaveProperty('routes');
    expect(both.trailing).toBe(0);
  } finally {
    kept.destroy();
  }
  const account = (await control('GET', `/accounts/${accountId}`)) as { credits: number };
  expect(account.credits).toBe(10_000);
});
