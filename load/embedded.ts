/**
 * The embedded reference stub of a load run, started in-process on port 0 in a worker thread so
 * that serving never stalls the scheduler's timers (a same-thread stub adds its handler time to
 * the measured start jitter). The API key is the stub config's first key, or a fresh account's.
 */
import { Worker } from 'node:worker_threads';

export interface EmbeddedStub {
  url: string;
  /** A key the stub accepts; never printed. */
  apiKey: string;
  /** Keys of distinct principals (accounts), apiKey first: as many as asked for (`principals`, default 1). */
  apiKeys: string[];
  close(): Promise<void>;
}

/**
 * Starts the stub (stub/app.ts startStub, port 0, 127.0.0.1) in a worker thread.
 * @param opts.credits when given, a fresh account with this balance (credits) provides the key.
 * @param opts.limitsLifted start with the limits lifted (throughput figures only; never for judging).
 * @param opts.principals how many distinct principals' keys to hand out (fresh accounts beyond the first).
 * @throws Error when the worker fails or does not listen within 30 s.
 */
export async function startEmbeddedStub(
  opts: { credits?: number; limitsLifted?: boolean; principals?: number } = {},
): Promise<EmbeddedStub> {
  // The worker compiles TypeScript through tsx's loader, registered inside the worker itself.
  const api = import.meta.resolve('tsx/esm/api');
  const file = new URL('./stub-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`,
    {
      eval: true,
      workerData: opts,
    },
  );
  try {
    const ready = await new Promise<{ url: string; apiKey: string; apiKeys: string[] }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('embedded stub did not start within 30 s')), 30_000);
      worker.once('message', (m: { url: string; apiKey: string; apiKeys: string[] }) => {
        clearTimeout(timer);
        resolve(m);
      });
      worker.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    return {
      ...ready,
      close: async () => {
        const closed = new Promise<void>((resolve) => {
          worker.once('message', () => resolve());
          worker.once('exit', () => resolve());
        });
        worker.postMessage('close');
        await Promise.race([closed, new Promise<void>((r) => setTimeout(r, 5_000).unref())]);
        await worker.terminate();
      },
    };
  } catch (e) {
    await worker.terminate();
    throw e;
  }
}
