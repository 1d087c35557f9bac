/**
 * The target client against bad targets: a closed port, a server that never answers, one that answers
 * garbage under a JSON content-type, one that speaks no HTTP, one whose body never ends. Each ends in
 * a typed HarnessError or a contract violation, quickly: never a hang, never a crash.
 */
import { test, expect as base, type APIRequestContext, type APIResponse } from '@playwright/test';
import { TargetClient } from '../../suites/support/client.ts';
import { HarnessError, TargetGarbageError, TargetTimeoutError, TargetTooLargeError, TargetUnreachableError } from '../../lib/errors.ts';
import { SourceBoundTransport } from '../../suites/support/transport.ts';
import { hostileServer } from './support/hostile-servers.ts';
import { expect } from '../../suites/support/matchers.ts';
import { closedPort, garbageHttpServer, hangingServer, rawGarbageServer, type Listening } from './support/servers.ts';

const TIMEOUT_MS = 500;

async function clientFor(playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } }, baseURL: string) {
  const ctx = await playwright.request.newContext({ baseURL });
  return {
    ctx,
    client: new TargetClient(ctx, { timeoutMs: TIMEOUT_MS, maxRetries429: 0, maxRetryAfterS: 0, apiKey: 'fc_harness_client_key_000000' }),
  };
}

/** The error a call rejects with (fails when it resolves), and how long it took, ms. */
async function rejection(call: () => Promise<unknown>): Promise<{ err: unknown; ms: number }> {
  const start = Date.now();
  try {
    await call();
  } catch (err) {
    return { err, ms: Date.now() - start };
  }
  throw new Error('the call did not fail');
}

/** The message toMatchContract(operationId) fails with on `res` ('' when it passes). */
async function contractFailure(res: APIResponse, operationId: string): Promise<string> {
  let message = '';
  await expect(res)
    .toMatchContract(operationId)
    .catch((err: Error) => {
      message = err.message;
    });
  return message;
}

test.describe('target client against bad targets', () => {
  test.describe.configure({ timeout: 15_000 });
  let server: Listening | undefined;
  test.afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  test('a closed port is FC_TARGET_UNREACHABLE', async ({ playwright }) => {
    const { ctx, client } = await clientFor(playwright, `http://127.0.0.1:${await closedPort()}`);
    const { err, ms } = await rejection(() => client.get('/api/v1/latest'));
    base(err).toBeInstanceOf(TargetUnreachableError);
    base((err as HarnessError).code).toBe('FC_TARGET_UNREACHABLE');
    base((err as Error).message).toMatch(/^FC_TARGET_UNREACHABLE: GET \/api\/v1\/latest: /);
    base(ms).toBeLessThan(5_000);
    await ctx.dispose();
  });

  test('a server that never answers is FC_TARGET_TIMEOUT after the request timeout', async ({ playwright }) => {
    server = await hangingServer();
    const { ctx, client } = await clientFor(playwright, server.url);
    const { err, ms } = await rejection(() => client.get('/api/public/pricing'));
    base(err).toBeInstanceOf(TargetTimeoutError);
    base((err as Error).message).toBe(`FC_TARGET_TIMEOUT: GET /api/public/pricing: no answer within ${TIMEOUT_MS} ms`);
    base(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    base(ms).toBeLessThan(TIMEOUT_MS + 3_000);
    await ctx.dispose();
  });

  test('garbage under a JSON content-type is a contract violation (CONTRACT-002), not a crash', async ({ playwright }) => {
    server = await garbageHttpServer('<<<not json at all>>> \u0000\u00ff');
    const { ctx, client } = await clientFor(playwright, server.url);
    const res = await client.get('/api/public/pricing');
    base(res.status()).toBe(200);
    const message = await contractFailure(res, 'getPricing');
    base(message).toContain('[CONTRACT-002] /: content-type says JSON but the body does not parse');
    base(message).toContain('<<<not json at all>>>');
    await ctx.dispose();
  });

  test('binary garbage under a JSON content-type is a contract violation too', async ({ playwright }) => {
    server = await garbageHttpServer(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x7b]));
    const { ctx, client } = await clientFor(playwright, server.url);
    const res = await client.get('/api/v1/markets');
    const message = await contractFailure(res, 'listMarkets');
    base(message).toMatch(/\[CONTRACT-00[24]\]/);
    await ctx.dispose();
  });

  test('a server that speaks no HTTP is a typed HarnessError', async ({ playwright }) => {
    server = await rawGarbageServer();
    const { ctx, client } = await clientFor(playwright, server.url);
    const { err, ms } = await rejection(() => client.get('/api/v1/latest'));
    base(err).toBeInstanceOf(HarnessError);
    base(['FC_TARGET_UNREACHABLE', 'FC_TARGET_GARBAGE', 'FC_TARGET_TIMEOUT']).toContain((err as HarnessError).code);
    base(ms).toBeLessThan(TIMEOUT_MS + 3_000);
    await ctx.dispose();
  });

  test('through the harness transport: a body over the limit is FC_TARGET_TOO_LARGE naming the call', async () => {
    server = await hostileServer('endless');
    const transport = new SourceBoundTransport(server.url, undefined, { maxBodyBytes: 64 * 1024 });
    const client = new TargetClient(transport, { timeoutMs: 5_000, maxRetries429: 0, maxRetryAfterS: 0 });
    const { err } = await rejection(() => client.get('/api/v1/markets'));
    base(err).toBeInstanceOf(TargetTooLargeError);
    base((err as Error).message).toBe(
      'FC_TARGET_TOO_LARGE: GET /api/v1/markets: sent a body over the 65536-byte limit (--max-body-bytes) as received',
    );
    transport.close();
  });

  test('through the harness transport: bytes that are not HTTP are FC_TARGET_GARBAGE', async () => {
    server = await rawGarbageServer();
    const transport = new SourceBoundTransport(server.url, undefined);
    const client = new TargetClient(transport, { timeoutMs: TIMEOUT_MS, maxRetries429: 0, maxRetryAfterS: 0 });
    const { err } = await rejection(() => client.get('/api/v1/latest'));
    base(err).toBeInstanceOf(TargetGarbageError);
    base((err as Error).message).toMatch(/^FC_TARGET_GARBAGE: GET \/api\/v1\/latest: does not speak HTTP/);
    transport.close();
  });

  test('error messages never carry the API key', async ({ playwright }) => {
    const { ctx, client } = await clientFor(playwright, `http://127.0.0.1:${await closedPort()}`);
    const { err } = await rejection(() => client.get('/api/v1/latest', { headers: { 'x-trace': 'fc_harness_client_key_000000' } }));
    base((err as Error).message).not.toContain('fc_harness_client_key_000000');
    await ctx.dispose();
  });
});
