/**
 * The embedded reference stub of a Playwright run (suites/support/global-setup.ts), served by a child
 * process (stub/child.js) on a socket this process binds.
 *
 * Why a child, and why the socket is bound here: the stub takes over a second to load (viem and the
 * x402 SDK, fastify, its dataset). Bound here, the socket gives the run its URL at once, and the child
 * loads on the other core while the runner loads the suites and starts its workers; a call made
 * before the child serves waits in the socket's queue. Serving from its own process also keeps the
 * stub's work out of the runner's event loop, which runs the reporters (and, in a plain `playwright test`,
 * the run coordinator every worker paces through).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { StubConfig } from './config.ts';

/** How long `close` waits for the child to exit before killing it, ms. */
const CLOSE_GRACE_MS = 5_000;

export interface StubProcess {
  /** Base URL, `http://127.0.0.1:{port}`: usable at once (calls wait until the stub serves). */
  url: string;
  /** The child's process id (undefined when the fork failed). */
  pid: number | undefined;
  /** Settles when the stub serves; rejects with the child's error when it could not start. */
  ready: Promise<void>;
  /**
   * Resolves with the reason when the stub fails: it could not start, or its process ended before
   * `close` was called. Never settles for a stub that serves until closed.
   */
  failure: Promise<string>;
  /** Stops the child (after CLOSE_GRACE_MS it is killed). */
  close(): Promise<void>;
}

/**
 * Binds 127.0.0.1 on a free port and starts the stub in a child process on that socket.
 * `config` travels over IPC (its API keys and control token never appear in a command line or the
 * environment); `port` and `host` are this function's.
 * @throws Error when the socket cannot be bound or handed to the child (the child is then stopped).
 */
export async function startStubProcess(config: Omit<Partial<StubConfig>, 'port' | 'host' | 'selfCheck'>): Promise<StubProcess> {
  const listener = createServer();
  // Nobody knows the port before this function returns, so no call is lost here; a stray connection
  // this process accepts is refused rather than left unanswered.
  listener.on('connection', (socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => resolve());
  });
  const address = listener.address();
  if (!address || typeof address === 'string') throw new Error('the embedded stub socket has no port');
  const child = fork(fileURLToPath(new URL('./child.js', import.meta.url)), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let closing = false;
  let fail: (reason: string) => void = () => undefined;
  const failure = new Promise<string>((resolve) => (fail = resolve));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let holding: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const ready = new Promise<void>((resolve, reject) => {
    const failed = (reason: string) => {
      reject(new Error(reason));
      fail(reason);
    };
    child.on('message', (m: unknown) => {
      if (m === 'holding') holding();
      else if (m === 'ready') resolve();
      else if (m && typeof m === 'object' && 'error' in m) failed(`the embedded stub did not start: ${String(m.error)}`);
    });
    // A failed fork, or a send to a child that just went: the exit (if any) says the rest.
    child.on('error', (err) => failed(`the embedded stub process failed: ${err.message}`));
    void exited.then(() => {
      if (!closing) failed(`the embedded stub exited (${child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode})`);
    });
  });
  // A failed start is reported through `failure` and to whoever awaits `ready`; unobserved, it must not crash the runner.
  ready.catch(() => undefined);
  const close = async () => {
    closing = true;
    // The child exits when its IPC channel closes (stub/child.js), loading or serving.
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS);
    if (child.exitCode === null && child.signalCode === null) await exited;
    clearTimeout(timer);
  };
  try {
    // This process stops accepting on the socket only once the child accepts on its copy, and before
    // anyone knows the URL: a connection accepted by the child before it listens for connections
    // would never be served. That takes the child's start-up (tens of ms), not the stub's load.
    await new Promise<void>((resolve, reject) => child.send({ config }, listener, (err) => (err ? reject(err) : resolve())));
    await Promise.race([held, exited]);
  } catch (err) {
    await close();
    throw err;
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
  return { url: `http://127.0.0.1:${address.port}`, pid: child.pid, ready, failure, close };
}
