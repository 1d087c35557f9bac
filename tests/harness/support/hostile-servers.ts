/**
 * Hostile targets on 127.0.0.1 (issue 21), one per kind: a drip of one byte a second, an endless JSON
 * body, a gzip bomb, a redirect loop, a reset in the middle of the body, bytes that are not HTTP, a
 * server that never answers, one that answers 500 to everything, one that answers a JSON string.
 * With `servesContract`, GET /openapi.json answers a small OpenAPI document (so a run passes its
 * preflight and meets the hostility in the suites); otherwise every route, /openapi.json included,
 * is hostile.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { listen, type Listening } from './servers.ts';

export const HOSTILE_KINDS = [
  'drip',
  'endless',
  'gzip-bomb',
  'redirect-loop',
  'reset',
  'not-http',
  'hang',
  'status-500',
  'json-string',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** The document a contract-serving hostile target answers GET /openapi.json with. */
const CONTRACT = JSON.stringify({ openapi: '3.1.0', info: { title: 'hostile', version: '1' }, paths: {} });

/** Bytes that are not HTTP (a status line no parser accepts). */
const NOT_HTTP = Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0d, 0x0a, 0x47, 0x41, 0x52, 0x42, 0x41, 0x47, 0x45, 0x0d, 0x0a, 0x0d, 0x0a]);

let bomb: Buffer | undefined;
/**
 * A gzip body of 1 GiB of zeros in 64 KiB: 128 gzip members of 8 MiB each (a decoder reads members
 * one after the other, as RFC 1952 allows), made once.
 */
export function gzipBomb(): Buffer {
  if (!bomb) {
    const member = gzipSync(Buffer.alloc(8 * 1024 * 1024), { level: 9 });
    bomb = Buffer.concat(Array.from({ length: 128 }, () => member));
  }
  return bomb;
}

/** Writes `[0,0,0,...` until the client goes away, honouring backpressure (never `]`). */
function endless(res: ServerResponse): void {
  const chunk = Buffer.from('0,'.repeat(32 * 1024));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  const more = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', more);
  };
  more();
}

/** One hostile answer of `kind` (every kind but not-http, which is not an HTTP server). */
function answer(kind: Exclude<HostileKind, 'not-http'>, req: IncomingMessage, res: ServerResponse): void {
  res.on('error', () => undefined);
  if (kind === 'hang') return;
  if (kind === 'endless') return endless(res);
  if (kind === 'drip') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 1000);
    res.on('close', () => clearInterval(timer));
    return;
  }
  if (kind === 'gzip-bomb') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(gzipBomb());
    return;
  }
  if (kind === 'redirect-loop') {
    res.writeHead(302, { location: req.url ?? '/' });
    res.end();
    return;
  }
  if (kind === 'reset') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
    res.write('{"markets":[');
    setTimeout(() => req.socket.resetAndDestroy(), 20);
    return;
  }
  if (kind === 'status-500') {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('internal error');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('"hello"');
}

/** A TCP server answering GET /openapi.json with HTTP (when `servesContract`) and anything else with bytes that are not HTTP. */
function notHttpServer(servesContract: boolean): Promise<Listening> {
  return listen(
    createTcpServer((socket) => {
      socket.on('error', () => undefined);
      let head = '';
      socket.on('data', (chunk: Buffer) => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        if (servesContract && head.startsWith('GET /openapi.json '))
          socket.end(
            `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(CONTRACT)}\r\nconnection: close\r\n\r\n${CONTRACT}`,
          );
        else socket.end(NOT_HTTP);
      });
    }),
  );
}

/** Starts a hostile target of `kind` on a free 127.0.0.1 port. */
export function hostileServer(kind: HostileKind, servesContract = false): Promise<Listening> {
  if (kind === 'not-http') return notHttpServer(servesContract);
  return listen(
    createHttpServer((req, res) => {
      if (servesContract && req.method === 'GET' && req.url === '/openapi.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(CONTRACT);
        return;
      }
      answer(kind, req, res);
    }),
  );
}
