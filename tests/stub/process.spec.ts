/**
 * The embedded stub of a Playwright run in its own process (stub/process.ts, stub/child.js): its URL
 * works before the stub has loaded, a client that gives up while waiting costs nothing else, a failed
 * start or a death is reported with its reason, and close ends it.
 */
import { connect } from 'node:net';
import { test, expect } from '@playwright/test';
import { startStubProcess } from '../../stub/process.ts';

const CONFIG = { apiKeys: ['fc_process_test_key'], controlToken: 'process-test-token', seed: 42 };

test('a call made before the child serves waits on the socket and is answered; close ends the child', async () => {
  test.setTimeout(60_000);
  const stub = await startStubProcess(CONFIG);
  try {
    expect(stub.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // A client that resets its connection while the stub is still loading.
    const { port } = new URL(stub.url);
    const quitter = connect(Number(port), '127.0.0.1');
    quitter.on('error', () => undefined);
    await new Promise<void>((resolve) => quitter.once('connect', () => resolve()));
    quitter.write('GET /api/public/pricing HTTP/1.1\r\nHost: x\r\n\r\n');
    // Long enough for the child to accept it, far shorter than the stub's load.
    await new Promise((r) => setTimeout(r, 100));
    quitter.resetAndDestroy();
    // Sent at once: the child is still loading the stub's modules.
    const early = fetch(`${stub.url}/api/public/pricing`);
    const controlled = fetch(`${stub.url}/__control/clock`, { headers: { authorization: 'Bearer process-test-token' } });
    expect((await early).status).toBe(200);
    expect((await controlled).status).toBe(200);
    await expect(stub.ready).resolves.toBeUndefined();
  } finally {
    await stub.close();
  }
  // The socket went with the child: a new connection is refused.
  await expect(fetch(`${stub.url}/api/public/pricing`)).rejects.toThrow();
});

test('a stub that cannot start rejects ready and reports the failure with the reason; close returns', async () => {
  test.setTimeout(60_000);
  const stub = await startStubProcess({ mutant: 'no-such-mutant' });
  await expect(stub.ready).rejects.toThrow(/did not start: .*unknown mutant no-such-mutant/);
  await expect(stub.failure).resolves.toMatch(/did not start: .*unknown mutant no-such-mutant/);
  await stub.close();
});

test('a stub process that dies while serving reports the failure; one closed on purpose does not', async () => {
  test.setTimeout(60_000);
  const dying = await startStubProcess(CONFIG);
  await dying.ready;
  expect(dying.pid).toBeGreaterThan(0);
  process.kill(dying.pid!, 'SIGKILL');
  await expect(dying.failure).resolves.toMatch(/the embedded stub exited \(SIGKILL\)/);
  await dying.close();

  const closed = await startStubProcess(CONFIG);
  await closed.ready;
  await closed.close();
  const settled = await Promise.race([closed.failure.then(() => 'failed'), new Promise((r) => setTimeout(() => r('quiet'), 500))]);
  expect(settled).toBe('quiet');
});
