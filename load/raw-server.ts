/**
 * The baselines of `npm run bench`'s ratios: a raw node:http server in its own worker thread (as the
 * embedded stub is), loopback, port 0. By default it answers every request 200 with a small fixed
 * JSON body (the baseline of issue 20's figures); given an answer captured from the stub
 * (`captureAnswer`), it answers that one's status, headers and body instead, byte for byte, so that a
 * ratio to it tells the stub's work apart from the cost of its answer's size.
 */
import { request } from 'node:http';
import { Worker } from 'node:worker_threads';

export interface RawServer {
  url: string;
  close(): Promise<void>;
}

/** An answer as written on the wire, less what node:http adds itself (Date, Connection, Keep-Alive). */
export interface CapturedAnswer {
  status: number;
  /** Header names and values in the order received, e.g. ['content-type', 'application/json', ...]. */
  headers: string[];
  body: Buffer;
  /** The server's keep-alive timeout, ms, read from its Keep-Alive header (node writes it from this). */
  keepAliveTimeoutMs?: number;
}

/** Headers node:http writes itself on every keep-alive answer. */
const AUTOMATIC = new Set(['date', 'connection', 'keep-alive']);

/**
 * One answer of `url` to a GET with `headers`, captured for a raw server to repeat.
 * @throws Error when the request fails or takes over 10 s.
 */
export function captureAnswer(url: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const kept: string[] = [];
        let keepAliveTimeoutMs: number | undefined;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const [name, value] = [res.rawHeaders[i]!, res.rawHeaders[i + 1]!];
          if (name.toLowerCase() === 'keep-alive') keepAliveTimeoutMs = Number(/timeout=(\d+)/.exec(value)?.[1]) * 1000 || undefined;
          if (!AUTOMATIC.has(name.toLowerCase())) kept.push(name, value);
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks), keepAliveTimeoutMs });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

// CommonJS (eval workers): no TypeScript loader needed for a dozen lines of plain node:http.
const SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const answer = workerData;
const body = answer ? Buffer.from(answer.body) : JSON.stringify({ assets: [], count: 0 });
const server = answer
  ? http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(answer.status, answer.headers).end(body));
    })
  : http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body));
    });
// Node writes Keep-Alive: timeout=<s> from this, as it does for the stub.
if (answer && answer.keepAliveTimeoutMs) server.keepAliveTimeout = answer.keepAliveTimeoutMs;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ url: 'http://127.0.0.1:' + server.address().port }));
parentPort.once('message', () => server.close(() => parentPort.postMessage('closed')));
`;

/**
 * Starts a raw server: the small fixed answer, or `answer` byte for byte.
 * @throws Error when it does not listen within 10 s.
 */
export async function startRawServer(answer?: CapturedAnswer): Promise<RawServer> {
  const worker = new Worker(SOURCE, { eval: true, workerData: answer ?? null });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('raw node:http server did not start within 10 s')), 10_000);
    worker.once('message', (m: { url: string }) => {
      clearTimeout(timer);
      resolve(m);
    });
    worker.once('error', reject);
  });
  return {
    url,
    close: async () => {
      worker.postMessage('close');
      // Not unref'd: the worker ends once its server closes, and a caller awaiting this with nothing else
      // alive would otherwise see its process exit mid-await.
      await new Promise<void>((r) => setTimeout(r, 200));
      await worker.terminate();
    },
  };
}
