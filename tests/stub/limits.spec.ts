/**
 * The stub's limiter stays consistent under parallel requests (standards: concurrency), proved with
 * parallel requests to an in-process stub: windows preloaded through the control plane leave room for
 * exactly N more admissions, and a parallel wave larger than N gets exactly N admitted (and, for a
 * paid route, exactly N debits). The RateLimit fields round-trip through the structured-field library.
 */
import { randomBytes } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { startStub, type RunningStub } from '../../stub/app.ts';
import { LIMIT_BOUNDS } from '../../contract/limits.ts';
import { parsePolicies, parseStates, serializePolicies, serializeStates } from '../../contract/ratelimit-fields.ts';
import { checkBurst, checkRateLimited } from '../../checks/limits.ts';

let stub: RunningStub;
const key = `fc_${randomBytes(16).toString('hex')}`;
const token = randomBytes(16).toString('hex');

test.beforeAll(async () => {
  stub = await startStub({ port: 0, apiKeys: [key], controlToken: token, seed: 42 });
});
test.afterAll(async () => {
  await stub?.close();
});

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${stub.url}/__control${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `control ${method} ${path}`).toBeLessThan(300);
  return res.status === 204 ? undefined : res.json();
}

test.beforeEach(async () => {
  await control('POST', '/reset');
});

test('the per-IP guard admits exactly the room left under parallel requests', async () => {
  const room = 7;
  await control('POST', '/limits/usage', { scope: 'ip_guard', window: 'minute', count: LIMIT_BOUNDS.ip_guard.minute - room });
  const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${stub.url}/api/public/pricing`)));
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(room);
  expect(statuses.filter((s) => s === 429)).toHaveLength(40 - room);
  const refused = answers.find((r) => r.status === 429)!;
  expect(
    checkRateLimited({ status: 429, headers: Object.fromEntries(refused.headers), body: await refused.json() }, { scope: 'ip_guard' }),
  ).toEqual([]);
});

test('the per-IP guard decides on arrival: parallel POSTs over the room are refused before their body is read, and debit nothing', async () => {
  const account = (await control('POST', '/accounts', { credits: 10_000 })) as { accountId: string; apiKey: string };
  const room = 3;
  await control('POST', '/limits/usage', { scope: 'ip_guard', window: 'minute', count: LIMIT_BOUNDS.ip_guard.minute - room });
  // A body that does not parse: admitted requests answer 422 from the parser, refused ones 429 without reaching it.
  const answers = await Promise.all(
    Array.from({ length: 12 }, () =>
      fetch(`${stub.url}/api/v1/x/search`, {
        method: 'POST',
        headers: { 'x-service-api-key': account.apiKey, 'content-type': 'application/json' },
        body: '{"query": ',
      }),
    ),
  );
  const statuses = answers.map((r) => r.status).sort();
  expect(statuses).toEqual([...Array<number>(room).fill(422), ...Array<number>(12 - room).fill(429)]);
  const scopes = await Promise.all(
    answers.filter((r) => r.status === 429).map(async (r) => ((await r.json()) as { limit_scope: string }).limit_scope),
  );
  expect(new Set(scopes)).toEqual(new Set(['ip_guard']));
  const state = (await control('GET', `/accounts/${account.accountId}`)) as { credits: number };
  expect(state.credits).toBe(10_000);
});

test("a principal's standard minute admits and debits exactly the room left under parallel paid requests", async () => {
  const account = (await control('POST', '/accounts', { credits: 10_000 })) as { accountId: string; apiKey: string };
  const room = 4;
  await control('POST', '/limits/usage', {
    scope: 'standard',
    window: 'minute',
    count: LIMIT_BOUNDS.standard.minute - room,
    accountId: account.accountId,
  });
  // At most the in-flight bound at once, so only the minute window decides.
  const answers = await Promise.all(
    Array.from({ length: LIMIT_BOUNDS.standard.inFlight! }, () =>
      fetch(`${stub.url}/api/v1/assets`, { headers: { 'x-service-api-key': account.apiKey } }),
    ),
  );
  expect(answers.filter((r) => r.status === 200)).toHaveLength(room);
  const state = (await control('GET', `/accounts/${account.accountId}`)) as { credits: number; entries: { kind: string }[] };
  expect(state.credits).toBe(10_000 - room * 5);
  expect(state.entries.filter((e) => e.kind === 'refund')).toHaveLength(0);
});

test('the in-flight bound admits exactly its size of parallel slow requests', async () => {
  const account = (await control('POST', '/accounts', { credits: 10_000 })) as { accountId: string; apiKey: string };
  await control('POST', '/faults', { method: 'GET', path: '/api/v1/assets', latencyMs: 800, times: 20 });
  const answers = await Promise.all(
    Array.from({ length: 14 }, () => fetch(`${stub.url}/api/v1/assets`, { headers: { 'x-service-api-key': account.apiKey } })),
  );
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT_BOUNDS.standard.inFlight!);
  const refused = answers.find((r) => r.status === 429)!;
  expect(refused.headers.get('x-quotient-max-concurrent')).toBe(String(LIMIT_BOUNDS.standard.inFlight));
});

test('lifted limits admit everything; the switch is off again after reset', async () => {
  await control('PUT', '/limits', { lifted: true });
  await control('POST', '/limits/usage', { scope: 'ip_guard', window: 'day', count: LIMIT_BOUNDS.ip_guard.day });
  expect((await fetch(`${stub.url}/api/public/pricing`)).status).toBe(200);
  await control('POST', '/reset');
  expect(((await control('GET', '/limits')) as { lifted: boolean }).lifted).toBe(false);
});

test('RateLimit fields round-trip through the structured-field library; malformed ones are refused', () => {
  const policies = [
    { name: 'standard-second', quota: 20, window: 1 },
    { name: 'standard-concurrency', quota: 10 },
  ];
  expect(parsePolicies(serializePolicies(policies))).toEqual(policies);
  expect(parseStates(serializeStates([{ name: 'standard-second', remaining: 0, reset: 3 }]))).toEqual([
    { name: 'standard-second', remaining: 0, reset: 3 },
  ]);
  expect(() => parsePolicies('standard;q=20')).toThrow();
  expect(() => parseStates('"x";r=-1')).toThrow();
  expect(() => parsePolicies('"x";q=1;;')).toThrow();
});

test('checkBurst: exactly the bound passes; one more admitted, fewer admitted, or no 429 are violations', () => {
  const ok = [...Array(20).fill(200), 429];
  expect(checkBurst('LIM-001', 'b', ok, 20)).toEqual([]);
  expect(checkBurst('LIM-001', 'b', [...Array(21).fill(200), 429], 20).map((v) => v.ruleId)).toEqual(['LIM-001']);
  expect(checkBurst('LIM-001', 'b', Array(21).fill(200), 20)).toHaveLength(1);
  expect(checkBurst('LIM-001', 'b', [...Array(19).fill(200), 429, 429], 20)).toHaveLength(1);
  expect(checkBurst('LIM-009', 'b', [...Array(19).fill(200), 429, 429], 20, true)).toEqual([]);
});
