/**
 * The run coordinator (lib/run-coordinator.ts), the one service holding a run's shared state:
 * - pacing: workers passing through its gates share each bound, so together they never start more than a
 *   window's limit in any window, and a worker that cannot reach it falls back to gates of its own (only
 *   lower bounds on time are asserted: pacing can be slowed by a loaded machine, never hurried);
 * - the spend ledger: parallel workers in separate processes never lose a charge and never overdraw;
 * - shared answers: one fetch per case, every other reader waits for it; a claimant that gives up or dies
 *   hands the case to the next;
 * - health: consecutive failures across workers abort the run, an answer resets them, and the abort is pushed
 *   to every client and to the process holding the coordinator;
 * - request counts, summed over workers.
 * Credits no catalogue rule.
 */
import net from 'node:net';
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CoordinatorClient,
  CoordinatorUnreachableError,
  runStateAt,
  startRunCoordinator,
  type SharedAnswer,
} from '../../lib/run-coordinator.ts';
import { LocalGates, type GateKeeper, type SlotSpec, type WindowSpec } from '../../lib/pacing-gates.ts';
import { ROOT } from './support/cli.ts';
import { childEnv } from './support/env.ts';
import { Pacer } from '../../suites/support/pacing.ts';

test('two workers through one coordinator start at most the limit in any window, together', async () => {
  const coordinator = await startRunCoordinator();
  const clients = [new CoordinatorClient(coordinator.address), new CoordinatorClient(coordinator.address)];
  const workers = clients.map((c) => c.gates(new LocalGates()));
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
    for (const c of clients) c.close();
    await coordinator.close();
  }
});

test('an in-flight slot held by one worker keeps the other waiting until it is released', async () => {
  const coordinator = await startRunCoordinator();
  const clients = [new CoordinatorClient(coordinator.address), new CoordinatorClient(coordinator.address)];
  const [a, b] = clients.map((c) => c.gates(new LocalGates())) as [GateKeeper, GateKeeper];
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
    for (const c of clients) c.close();
    await coordinator.close();
  }
});

test('without a reachable coordinator a worker paces through its own gates, at its share of a shared bound', async () => {
  const coordinator = await startRunCoordinator();
  const address = coordinator.address;
  await coordinator.close();
  const gates = new CoordinatorClient(address).gates(new LocalGates());
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

test('a connection that speaks garbage is dropped; the coordinator keeps serving workers', async () => {
  const coordinator = await startRunCoordinator();
  const client = new CoordinatorClient(coordinator.address);
  const worker = client.gates(new LocalGates());
  try {
    const [host = '127.0.0.1', port = '0'] = coordinator.address.split(':');
    for (const garbage of ['not json\n', '{"op": "pass", "windows": 3}\n', '{"op": "unknown"}\n', '[1,2]\n']) {
      const closed = await new Promise<boolean>((resolve) => {
        const s = net.connect(Number(port), host, () => s.write(garbage));
        s.on('close', () => resolve(true));
        s.on('error', () => resolve(true));
      });
      expect(closed, `the coordinator closed a connection that sent ${JSON.stringify(garbage)}`).toBe(true);
    }
    expect(await worker.seesEveryWorker()).toBe(true);
    const p = await worker.pass(undefined, [{ key: 'standard:k', limit: 1, windowMs: 100 }]);
    p.release();
  } finally {
    client.close();
    await coordinator.close();
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

test('specs sized for the whole run go through at this worker’s share when the coordinator is gone', async () => {
  const seen: { slot?: SlotSpec; windows: readonly WindowSpec[] }[] = [];
  const spy: GateKeeper = {
    seesEveryWorker: () => Promise.resolve(false),
    pass: (slot, windows) => {
      seen.push({ ...(slot ? { slot } : {}), windows });
      return Promise.resolve({ release: () => undefined, waits: { slot: 0, windows: windows.map(() => 0) } });
    },
  };
  const closed = await startRunCoordinator();
  const address = closed.address;
  await closed.close();
  const gates = new CoordinatorClient(address).gates(spy, 4);
  await gates.pass({ key: 's', size: 10 }, [{ key: 'k', limit: 20, windowMs: 1000 }], true);
  await gates.pass(undefined, [{ key: 'k', limit: 20, windowMs: 1000 }], false);
  expect(seen[0]).toEqual({ slot: { key: 's', size: 2 }, windows: [{ key: 'k', limit: 5, windowMs: 1000 }] });
  expect(seen[1]).toEqual({ windows: [{ key: 'k', limit: 20, windowMs: 1000 }] });
});

test('the ledger: a commitment past the limit is refused with what is left and changes nothing', async () => {
  const { address, state, close } = await startRunCoordinator();
  const client = new CoordinatorClient(address);
  try {
    const ledger = client.ledger();
    expect(await ledger.commit({ committed: 600, spent: 0, calls: 0 }, 1000)).toEqual({ ok: true });
    expect(await ledger.commit({ committed: 500, spent: 500, calls: 1 }, 1000)).toEqual({ ok: false, left: 400 });
    expect(await ledger.commit({ committed: 0, spent: 300, calls: 1 }, 1000), 'drawn from a reservation: nothing more to commit').toEqual({
      ok: true,
    });
    await ledger.adjust({ committed: -600, spent: 0, calls: 0 });
    expect(await ledger.read()).toEqual({ limitCredits: 1000, committed: 0, spent: 300, calls: 1 });
    expect(state.ledger.now()).toEqual(await ledger.read());
    // An unlimited budget travels as null and never refuses.
    expect(await ledger.commit({ committed: 1e9, spent: 0, calls: 0 }, null)).toEqual({ ok: true });
  } finally {
    client.close();
    await close();
  }
});

test('the ledger: workers in separate processes charging one ledger at once lose no charge and never overdraw', async () => {
  test.setTimeout(60_000);
  const { address, state, close } = await startRunCoordinator();
  const dir = mkdtempSync(join(tmpdir(), 'fc-coordinator-'));
  const workers = 4;
  const each = 150;
  // 600 charges of 1 credit against a limit of 500: exactly 500 are taken, whatever the interleaving.
  const script = join(dir, 'worker.mts');
  writeFileSync(
    script,
    `import { CoordinatorClient } from ${JSON.stringify(pathToFileURL(join(ROOT, 'lib/run-coordinator.ts')).href)};\n` +
      `const c = new CoordinatorClient(${JSON.stringify(address)});\n` +
      `const l = c.ledger();\n` +
      `await Promise.all(Array.from({ length: ${each} }, () => l.commit({ committed: 1, spent: 1, calls: 1 }, 500)));\n` +
      `c.close();\n`,
  );
  const loader = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  try {
    await Promise.all(
      Array.from(
        { length: workers },
        () =>
          new Promise<void>((done, fail) =>
            execFile(process.execPath, ['--import', loader, script], { env: childEnv(), timeout: 50_000 }, (err, _out, stderr) =>
              err ? fail(new Error(stderr || String(err))) : done(),
            ),
          ),
      ),
    );
    expect(state.ledger.now()).toEqual({ limitCredits: 500, committed: 500, spent: 500, calls: 500 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await close();
  }
});

test('steps with no local stand-in throw when the coordinator is gone; pacing and shared answers go on alone', async () => {
  const gone = await startRunCoordinator();
  await gone.close();
  const client = new CoordinatorClient(gone.address);
  await expect(client.ledger().read()).rejects.toBeInstanceOf(CoordinatorUnreachableError);
  await expect(client.addCounts({})).rejects.toBeInstanceOf(CoordinatorUnreachableError);
  expect(await client.claim('GET /x')).toEqual({ fetch: true });
});

const answer = (status: number): SharedAnswer => ({ url: 'http://127.0.0.1/api/v1/assets', status, statusText: '', headers: [], body: '' });

test('shared answers: the first claim fetches, claims meanwhile wait for its stored answer, later ones read it at once', async () => {
  const { address, close } = await startRunCoordinator();
  const [a, b, c] = [new CoordinatorClient(address), new CoordinatorClient(address), new CoordinatorClient(address)];
  try {
    expect(await a.claim('k')).toEqual({ fetch: true });
    let waited: unknown;
    const waiting = b.claim('k').then((x) => (waited = x));
    await new Promise((r) => setTimeout(r, 100));
    expect(waited, 'a second claim waits while the first fetches').toBeUndefined();
    await a.store('k', answer(200));
    expect(await waiting).toEqual({ stored: answer(200) });
    expect(await c.claim('k')).toEqual({ stored: answer(200) });
  } finally {
    for (const x of [a, b, c]) x.close();
    await close();
  }
});

test('shared answers: a claimant that gives up or whose worker ends hands the case to the next claim', async () => {
  const { address, close } = await startRunCoordinator();
  const [a, b, c] = [new CoordinatorClient(address), new CoordinatorClient(address), new CoordinatorClient(address)];
  try {
    expect(await a.claim('k')).toEqual({ fetch: true });
    const second = b.claim('k');
    const third = c.claim('k');
    await a.drop('k');
    expect(await second, 'dropped: the next claim fetches').toEqual({ fetch: true });
    b.close();
    expect(await third, 'its worker ended: the claim after it fetches').toEqual({ fetch: true });
  } finally {
    for (const x of [a, c]) x.close();
    await close();
  }
});

test('health: consecutive failures across workers abort the run at the threshold; an answer in between resets them; the abort is pushed', async () => {
  const { address, state, close } = await startRunCoordinator();
  const [a, b] = [new CoordinatorClient(address), new CoordinatorClient(address)];
  const told: string[] = [];
  state.onAbort((reason) => told.push(reason));
  try {
    await a.failed('ECONNREFUSED', 3);
    await b.failed('ECONNREFUSED', 3);
    // b learns of the failures (pushed) and its answer resets the count.
    await expect
      .poll(() => {
        b.answered();
        return state.failureCount();
      })
      .toBe(0);
    await a.failed('timeout', 3);
    await b.failed('timeout', 3);
    expect(state.abortReason()).toBeUndefined();
    await a.failed('ECONNRESET', 3);
    expect(state.abortReason()).toMatch(/^target stopped answering \(3 consecutive connection failures or timeouts; last: ECONNRESET\)$/);
    expect(told).toEqual([state.abortReason()]);
    await expect.poll(() => b.abortedReason, { message: 'the abort is pushed to every client' }).toBe(state.abortReason());
    // A client connecting after the abort learns it at once; the first reason stays.
    const late = new CoordinatorClient(address);
    await late.abort('another reason');
    expect(state.abortReason()).toMatch(/ECONNRESET/);
    late.close();
  } finally {
    for (const x of [a, b]) x.close();
    await close();
  }
});

test('request counts are summed over workers and read at the end, in the process holding the coordinator or over its port', async () => {
  const started = await startRunCoordinator();
  const [a, b] = [new CoordinatorClient(started.address), new CoordinatorClient(started.address)];
  try {
    await a.addCounts({ FC_API_KEY: { ip_guard: 3, standard: 2 } });
    await b.addCounts({ FC_API_KEY: { ip_guard: 1 }, none: { ip_guard: 5 } });
    const expected = { FC_API_KEY: { ip_guard: 4, standard: 2 }, none: { ip_guard: 5 } };
    expect((await a.summary()).counts).toEqual(expected);
    expect((await runStateAt(started.address))?.counts).toEqual(expected);
  } finally {
    for (const x of [a, b]) x.close();
    await started.close();
  }
  // Its port closed, this process still reads it (the rule reporter after the global teardown).
  expect((await runStateAt(started.address))?.ledger.calls).toBe(0);
});
