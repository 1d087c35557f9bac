/**
 * The target client's transport (suites/support/transport.ts, on lib/http-client.ts): each connection
 * leaves from the source address it is bound to, a non-loopback target gets the system's one address,
 * a request reaches the target with the same method, path, query, body and content-type as
 * Playwright's own APIRequestContext sends, and an answer reads as Playwright reads it (decompressed,
 * headers kept, no redirect followed), so moving the suites to it changes no verdict. Every answer is
 * bounded in time and body bytes against the hostile targets of issue 21, each a typed target error.
 */
import { test, expect } from '@playwright/test';
import { createServer } from 'node:http';
import { SourceBoundTransport, sourceAddresses, type FetchOptions } from '../../suites/support/transport.ts';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { listen, type Listening } from './support/servers.ts';
import { hostileServer, type HostileKind } from './support/hostile-servers.ts';
import { HarnessError } from '../../lib/errors.ts';
import { boundedFetch } from '../../lib/http-client.ts';

interface Seen {
  from: string | undefined;
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  body: string;
}

/** A server answering every request with a JSON echo of what it received. */
async function echoServer(): Promise<Listening> {
  return listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const seen: Seen = {
          from: req.socket.remoteAddress,
          method: req.method,
          url: req.url,
          contentType: req.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        };
        res.writeHead(201, { 'content-type': 'application/json', 'x-twice': 'a' });
        res.end(JSON.stringify(seen));
      });
    }),
  );
}

test('each connection leaves from the address the transport is bound to', async () => {
  const server = await echoServer();
  try {
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      const t = new SourceBoundTransport(server.url, address);
      const res = await t.fetch('/x', { method: 'GET', headers: {}, timeout: 5_000 });
      expect(((await res.json()) as Seen).from).toBe(address);
      t.close();
    }
  } finally {
    await server.close();
  }
});

test('loopback targets get several source addresses, any other target the system one', () => {
  expect(sourceAddresses('http://127.0.0.1:4010', 3)).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.3']);
  expect(sourceAddresses('http://localhost:4010', 3)).toEqual([undefined]);
  expect(sourceAddresses('http://[::1]:4010', 3)).toEqual([undefined]);
  expect(sourceAddresses('https://staging.example.test', 3)).toEqual([undefined]);
  expect(sourceAddresses('not a url', 3)).toEqual([undefined]);
});

test('a request reaches the target exactly as Playwright sends it', async ({ playwright }) => {
  const server = await echoServer();
  const ctx = await playwright.request.newContext({ baseURL: server.url });
  const t = new SourceBoundTransport(server.url, undefined);
  try {
    const json = { 'content-type': 'application/json' };
    const cases: [string, Omit<FetchOptions, 'timeout'>][] = [
      [
        'query appended to the path',
        {
          method: 'GET',
          headers: {},
          params: new URLSearchParams([
            ['a', '1'],
            ['a', 'x y'],
          ]),
        },
      ],
      ['object body', { method: 'POST', headers: {}, data: { query: 'oil', n: 1 } }],
      ['JSON text with a JSON content-type', { method: 'POST', headers: json, data: '{"a":1}' }],
      ['malformed JSON text with a JSON content-type', { method: 'POST', headers: json, data: '{' }],
      ['text without a content-type', { method: 'POST', headers: {}, data: 'plain' }],
      ['a lower-case method', { method: 'delete', headers: { 'X-Fault-Scope': 's' } }],
    ];
    for (const [what, options] of cases) {
      const path = what === 'query appended to the path' ? '/p?q=0' : '/p';
      const ours = await t.fetch(path, { ...options, timeout: 5_000 });
      const theirs = await ctx.fetch(path, { ...options, timeout: 5_000 });
      const strip = (s: Seen) => ({ ...s, from: undefined });
      expect(strip((await ours.json()) as Seen), what).toEqual(strip((await theirs.json()) as Seen));
      expect(ours.status(), what).toBe(theirs.status());
      expect(ours.headers()['x-twice'], what).toBe(theirs.headers()['x-twice']);
    }
  } finally {
    t.close();
    await ctx.dispose();
    await server.close();
  }
});

test('a target that does not answer in time is a timeout error', async () => {
  const server = await listen(createServer(() => undefined));
  const t = new SourceBoundTransport(server.url, undefined);
  try {
    await expect(t.fetch('/slow', { method: 'GET', headers: {}, timeout: 200 })).rejects.toThrow(/timeout/i);
  } finally {
    t.close();
    await server.close();
  }
});

test.describe('every answer is bounded in time and bytes, whatever the target sends', () => {
  test.describe.configure({ timeout: 20_000 });
  const LIMIT = 1024 * 1024;
  let server: Listening | undefined;
  let transport: SourceBoundTransport | undefined;
  test.afterEach(async () => {
    transport?.close();
    await server?.close();
    server = transport = undefined;
  });
  const get = async (kind: HostileKind, timeout = 5_000) => {
    server = await hostileServer(kind);
    transport = new SourceBoundTransport(server.url, undefined, { maxBodyBytes: LIMIT });
    return transport.fetch('/api/v1/markets', { method: 'GET', headers: {}, timeout });
  };
  const failure = async (call: Promise<unknown>): Promise<HarnessError> => {
    const err = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HarnessError);
    return err as HarnessError;
  };

  test('an endless body stops at the byte limit: FC_TARGET_TOO_LARGE', async () => {
    const err = await failure(get('endless'));
    expect(err.code).toBe('FC_TARGET_TOO_LARGE');
    expect(err.reason).toBe(`sent a body over the ${LIMIT}-byte limit (--max-body-bytes) as received`);
  });

  test('a gzip bomb stops at the byte limit once decompressed: FC_TARGET_TOO_LARGE', async () => {
    const err = await failure(get('gzip-bomb'));
    expect(err.code).toBe('FC_TARGET_TOO_LARGE');
    expect(err.reason).toMatch(/limit \(--max-body-bytes\) once decompressed from gzip$/);
  });

  test('a drip of one byte a second ends at the timeout, whole exchange: FC_TARGET_TIMEOUT', async () => {
    const started = Date.now();
    const err = await failure(get('drip', 1_500));
    expect(err.code).toBe('FC_TARGET_TIMEOUT');
    expect(err.reason).toBe("the answer's body did not end within 1500 ms");
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  test('a reset in the middle of the body: FC_TARGET_UNREACHABLE', async () => {
    const err = await failure(get('reset'));
    expect(err.code).toBe('FC_TARGET_UNREACHABLE');
    expect(err.reason).toMatch(/^closed the connection before the answer's body ended/);
  });

  test('bytes that are not HTTP: FC_TARGET_GARBAGE', async () => {
    const err = await failure(get('not-http'));
    expect(err.code).toBe('FC_TARGET_GARBAGE');
    expect(err.reason).toMatch(/^does not speak HTTP/);
  });

  test('a body that does not decompress: FC_TARGET_GARBAGE', async () => {
    server = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
        res.end('not brotli at all');
      }),
    );
    transport = new SourceBoundTransport(server.url, undefined, { maxBodyBytes: LIMIT });
    const err = await failure(transport.fetch('/x', { method: 'GET', headers: {}, timeout: 5_000 }));
    expect(err.code).toBe('FC_TARGET_GARBAGE');
    expect(err.reason).toMatch(/^sent a body that does not decompress as br/);
  });

  test('a redirect is answered as is, never followed', async () => {
    const res = await get('redirect-loop');
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/api/v1/markets');
  });

  test('the official x402 client sends through the same bounds (boundedFetch)', async () => {
    server = await hostileServer('endless');
    const bounded = boundedFetch({ timeoutMs: 5_000, maxBodyBytes: LIMIT });
    const err = await failure(bounded(`${server.url}/api/v1/markets`));
    expect(err.code).toBe('FC_TARGET_TOO_LARGE');
    await server.close();
    server = await hostileServer('redirect-loop');
    expect((await bounded(`${server.url}/x`)).status).toBe(302);
  });
});

test('a compressed answer is decompressed and keeps its headers, as Playwright reads it', async ({ playwright }) => {
  const json = JSON.stringify({ markets: [{ marketKey: 'k', n: 1 }] });
  const server = await listen(
    createServer((req, res) => {
      const encoding = req.url === '/br' ? 'br' : req.url === '/deflate' ? 'deflate' : 'gzip';
      const body = encoding === 'br' ? brotliCompressSync(json) : encoding === 'deflate' ? deflateSync(json) : gzipSync(json);
      res.writeHead(req.url === '/error' ? 500 : 200, { 'content-type': 'application/json', 'content-encoding': encoding });
      res.end(body);
    }),
  );
  const ctx = await playwright.request.newContext({ baseURL: server.url });
  const t = new SourceBoundTransport(server.url, undefined);
  try {
    for (const path of ['/gzip', '/br', '/deflate', '/error']) {
      const ours = await t.fetch(path, { method: 'GET', headers: {}, timeout: 5_000 });
      const theirs = await ctx.fetch(path, { timeout: 5_000 });
      expect(await ours.text(), path).toBe(json);
      expect(await ours.text(), path).toBe(await theirs.text());
      expect(ours.headers()['content-encoding'], path).toBe(theirs.headers()['content-encoding']);
      expect(ours.status(), path).toBe(theirs.status());
    }
  } finally {
    t.close();
    await ctx.dispose();
    await server.close();
  }
});
