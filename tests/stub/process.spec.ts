/**
 * The embedded stub of a Playwright run in its own process (stub/process.ts, stub/child.js): its URL
 * works before the stub has loaded, a client that gives up while waiting costs nothing else, a failed
 * start or a death is reported with its reason, and close ends it; a run whose stub cannot start is aborted.
 */
import { connect } from 'node:net';
import { test, expect } from '@playwright/test';
import { startStubProcess } from '../../stub/process.ts';
import { runConformance } from '../../scripts/proof/playwright-run.ts';

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

test("a run whose embedded stub cannot start is aborted as the harness's error, never judged against the target", async () => {
  test.setTimeout(120_000);
  // The mutation run's own runner (scripts/proof/playwright-run.ts): an unknown mutant stops the stub from starting.
  // It stops at the first failure: each failed test restarts the worker, and one shows the abort.
  const run = await runConformance({
    targets: ['suites/pricing.spec.ts'],
    mutant: 'no-such-mutant',
    timeoutMs: 110_000,
    workers: 1,
    maxFailures: 1,
  });
  expect(run.timedOut).toBe(false);
  // global-setup.ts aborted the run through its coordinator with the stub's reason; the mutation run counts this as an error.
  expect(run.aborted).toMatch(/the embedded stub did not start: .*unknown mutant no-such-mutant/);
  // The teardown fails the Playwright run with the reason.
  expect(run.exitCode).not.toBe(0);
  expect(run.errors.join('\n')).toMatch(/unknown mutant no-such-mutant/);
  // No test passed on answers the stub never gave: each that ran failed on the abort, not on a rule.
  expect(run.tests.length).toBeGreaterThan(0);
  for (const t of run.tests) {
    expect(t.status, t.id).not.toBe('passed');
    if (t.status === 'failed') expect(t.error ?? '', t.id).toMatch(/run aborted|embedded stub/);
  }
});
