/**
 * Worker-thread entry of the embedded stub (load/embedded.ts): the stub serves from its own event
 * loop, so its request handling never delays the scheduler's starts. workerData `{credits?, limitsLifted?}`
 * (limitsLifted: the Limits tiers off, throughput runs only) adds an account with that balance whose key is handed out instead of the configured one. Posts
 * {url, apiKey} once listening; closes on the message 'close' and answers 'closed'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startStub } from '../stub/app.ts';

const port = parentPort;
if (!port) throw new Error('load/stub-worker.ts runs only as a worker thread');
const { credits, limitsLifted } = (workerData ?? {}) as { credits?: number; limitsLifted?: boolean };
const stub = await startStub({ port: 0, ...(limitsLifted ? { limitsLifted: true } : {}) });
const apiKey = credits === undefined ? stub.ctx.config.apiKeys[0] : stub.ctx.accounts.create({ credits }).apiKey;
port.postMessage({ url: stub.url, apiKey });
port.once('message', () => {
  void stub.close().then(() => port.postMessage('closed'));
});
