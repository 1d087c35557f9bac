/**
 * The embedded stub of a Playwright run in its own process (stub/process.ts, stub/child.ts): its URL
 * works before the stub has loaded, a failed start is reported with its reason, and close ends it.
 */
import { test, expect } from '@playwright/test';
import { startStubProcess } from '../../stub/process.ts';

test('a call made before the child serves waits on the socket and is answered; close ends the child', async () => {
  test.setTimeout(60_000);
  const stub = await startStubProcess({ apiKeys: ['fc_process_test_key'], controlToken: 'process-test-token', seed: 42 });
  try {
    expect(stub.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
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

test('a stub that cannot start rejects ready with the reason, and close returns', async () => {
  test.setTimeout(60_000);
  const stub = await startStubProcess({ mutant: 'no-such-mutant' });
  await expect(stub.ready).rejects.toThrow(/did not start: .*unknown mutant no-such-mutant/);
  await stub.close();
});
