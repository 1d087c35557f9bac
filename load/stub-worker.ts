/**
 * Worker-thread entry of the embedded stub (load/embedded.ts): the stub serves from its own event
 * loop, so its request handling never delays the scheduler's starts. workerData `{credits?, limitsLifted?, principals?}`
 * (limitsLifted: the limits off, throughput runs only) adds an account with that balance whose key is handed out instead
 * of the configured one; principals: that many keys in all, fresh accounts beyond the first. Posts {url, apiKey, apiKeys} once
 * listening; closes on the message 'close' and answers 'closed'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startStub } from '../stub/app.ts';

const port = parentPort;
if (!port) throw new Error('load/stub-worker.ts runs only as a worker thread');
const { credits, limitsLifted, principals } = (workerData ?? {}) as { credits?: number; limitsLifted?: boolean; principals?: number };
const stub = await startStub({ port: 0, ...(limitsLifted ? { limitsLifted: true } : {}) });
const apiKey = credits === undefined ? stub.ctx.config.apiKeys[0] : stub.ctx.accounts.create({ credits }).apiKey;
// More principals: fresh accounts, each with its own limit counters (a load run spread over several keys).
const more = Array.from(
  { length: Math.max(0, (principals ?? 1) - 1) },
  () => stub.ctx.accounts.create({ credits: credits ?? 1_000_000_000 }).apiKey,
);
port.postMessage({ url: stub.url, apiKey, apiKeys: [apiKey, ...more] });
port.once('message', () => {
  void stub.close().then(() => port.postMessage('closed'));
});
