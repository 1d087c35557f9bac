/**
 * The run's pacing hub (suites/support/pacing-hub.ts): workers passing through one hub share each
 * bound, so together they never start more than a window's limit in any window, and a worker that
 * cannot reach the hub falls back to gates of its own. Credits no catalogue rule. Only lower bounds
 * on time are asserted (pacing can be slowed by a loaded machine, never hurried).
 */
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { HubGates, startPacingHub } from '../../suites/support/pacing-hub.ts';
import { LocalGates, type GateKeeper, type SlotSpec, type WindowSpec } from '../../suites/support/pacing-gates.ts';
import { Pacer } from '../../suites/support/pacing.ts';

test('two workers through one hub start at most the limit in any window, together', async () => {
  const hub = await startPacingHub();
  const workers = [new HubGates(hub.address, new LocalGates()), new HubGates(hub.address, new LocalGates())];
  try {
    expect(await workers[0]!.seesEveryWorker()).toBe(true);
    const window = { key: 'standard:k', limit: 3, windowMs: 400 };
    const starts: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 9 }, async (_, i) => {
        const p = await workers[i % 2]!.pass(undefined, [window]);
        starts.push(performance.now() - t0);
        p.release();
      }),
    );
    starts.sort((a, b) => a - b);
    // Any 4 consecutive starts span at least one window: never 4 inside one.
    for (let i = 3; i < starts.length; i++) expect(starts[i]! - starts[i - 3]!).toBeGreaterThanOrEqual(window.windowMs - 5);
  } finally {
    for (const w of workers) w.close();
    await hub.close();
  }
});

test('an in-flight slot held by one worker keeps the other waiting until it is released', async () => {
  const hub = await startPacingHub();
  const [a, b] = [new HubGates(hub.address, new LocalGates()), new HubGates(hub.address, new LocalGates())];
  try {
    const slot = { key: 'x_research:k', size: 1 };
    const first = await a.pass(slot, []);
    let second = false;
    const waiting = b.pass(slot, []).then((p) => {
      second = true;
      return p;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(second).toBe(false);
    first.release();
    (await waiting).release();
    expect(second).toBe(true);
  } finally {
    a.close();
    b.close();
    await hub.close();
  }
});

test('without a reachable hub a worker paces through its own gates, at its share of a shared bound', async () => {
  const hub = await startPacingHub();
  const address = hub.address;
  await hub.close();
  const gates = new HubGates(address, new LocalGates());
  expect(await gates.seesEveryWorker()).toBe(false);
  const pacer = new Pacer(2, gates);
  const call = {
    operationId: 'searchSocial',
    principal: 'fc_key',
    label: 'FC_API_KEY',
    shared: true,
    source: { address: '127.0.0.1', shared: true },
  };
  // Social research: 5 a second, shared by 2 workers: 2 a second here, so the 3rd start waits a window.
  const t0 = performance.now();
  for (let i = 0; i < 3; i++) (await pacer.acquire(call))();
  expect(performance.now() - t0).toBeGreaterThanOrEqual(1000);
  expect(Object.keys(pacer.takeWaits()).some((g) => g.startsWith('x_research FC_API_KEY second'))).toBe(true);
});

test('a connection that speaks garbage is dropped; the hub keeps serving workers', async () => {
  const hub = await startPacingHub();
  const worker = new HubGates(hub.address, new LocalGates());
  try {
    const [host = '127.0.0.1', port = '0'] = hub.address.split(':');
    for (const garbage of ['not json\n', '{"windows": 3}\n', '[1,2]\n']) {
      const closed = await new Promise<boolean>((resolve) => {
        const s = net.connect(Number(port), host, () => s.write(garbage));
        s.on('close', () => resolve(true));
        s.on('error', () => resolve(true));
      });
      expect(closed, `the hub closed a connection that sent ${JSON.stringify(garbage)}`).toBe(true);
    }
    expect(await worker.seesEveryWorker()).toBe(true);
    const p = await worker.pass(undefined, [{ key: 'standard:k', limit: 1, windowMs: 100 }]);
    p.release();
  } finally {
    worker.close();
    await hub.close();
  }
});

test('a call starts in every window at one moment: a backlog a later window held back never overfills an earlier one', async () => {
  const gates = new LocalGates();
  const second = { key: 'standard:k', limit: 2, windowMs: 200 };
  const minute = { key: 'ip_guard:a', limit: 4, windowMs: 1000 };
  // The later window is full: every call waits there about a second.
  for (let i = 0; i < 4; i++) (await gates.pass(undefined, [minute])).release();
  const t0 = performance.now();
  const starts: number[] = [];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      const p = await gates.pass(undefined, [second, minute]);
      starts.push(performance.now() - t0);
      p.release();
    }),
  );
  starts.sort((a, b) => a - b);
  // Never 3 starts inside one 200 ms window of the earlier gate, however the later one released them.
  for (let i = 2; i < starts.length; i++) expect(starts[i]! - starts[i - 2]!).toBeGreaterThanOrEqual(second.windowMs - 5);
});

test('specs sized for the hub go through at this worker’s share when the hub is gone', async () => {
  const seen: { slot?: SlotSpec; windows: readonly WindowSpec[] }[] = [];
  const spy: GateKeeper = {
    seesEveryWorker: () => Promise.resolve(false),
    pass: (slot, windows) => {
      seen.push({ ...(slot ? { slot } : {}), windows });
      return Promise.resolve({ release: () => undefined, waits: { slot: 0, windows: windows.map(() => 0) } });
    },
  };
  const closed = await startPacingHub();
  const address = closed.address;
  await closed.close();
  const gates = new HubGates(address, spy, 4);
  await gates.pass({ key: 's', size: 10 }, [{ key: 'k', limit: 20, windowMs: 1000 }], true);
  await gates.pass(undefined, [{ key: 'k', limit: 20, windowMs: 1000 }], false);
  expect(seen[0]).toEqual({ slot: { key: 's', size: 2 }, windows: [{ key: 'k', limit: 5, windowMs: 1000 }] });
  expect(seen[1]).toEqual({ windows: [{ key: 'k', limit: 20, windowMs: 1000 }] });
});
