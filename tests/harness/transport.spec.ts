/**
 * The target client's transport (suites/support/transport.ts): each connection leaves from the source
 * address it is bound to, a non-loopback target gets the system's one address, and a request reaches
 * the target with the same method, path, query, body and content-type as Playwright's own
 * APIRequestContext sends, so moving the suites to it changes no verdict.
 */
import { test, expect } from '@playwright/test';
import { createServer } from 'node:http';
import { SourceBoundTransport, sourceAddresses, type FetchOptions } from '../../suites/support/transport.ts';
import { listen, type Listening } from './support/servers.ts';

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
