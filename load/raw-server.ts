/**
 * The baseline of `npm run bench`'s ratios: a raw node:http server in its own worker thread (as the
 * embedded stub is), answering every request 200 with a small fixed JSON body. Loopback, port 0.
 */
import { Worker } from 'node:worker_threads';

export interface RawServer {
  url: string;
  close(): Promise<void>;
}

// CommonJS (eval workers): no TypeScript loader needed for a dozen lines of plain node:http.
const SOURCE = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
const body = JSON.stringify({ assets: [], count: 0 });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body));
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ url: 'http://127.0.0.1:' + server.address().port }));
parentPort.once('message', () => server.close(() => parentPort.postMessage('closed')));
`;

/** Starts the raw server. @throws Error when it does not listen within 10 s. */
export async function startRawServer(): Promise<RawServer> {
  const worker = new Worker(SOURCE, { eval: true });
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
      await new Promise<void>((r) => setTimeout(r, 200).unref());
      await worker.terminate();
    },
  };
}
