/**
 * The run coordinator: one typed service holding the state every process of a run shares (issue 35),
 * instead of lock files, marker files and per-worker count files. It holds
 *
 * - the pacing gates (lib/pacing-gates.ts): every worker's calls pass one set, so a bound is paced
 *   whole across workers;
 * - the spend ledger (lib/spend-ledger.ts): each charge, refund and reservation is one message applied
 *   whole, so parallel workers never overdraw;
 * - the shared answers (suites/support/shared-answers.ts): the first reader of a case claims it and
 *   fetches it, the others wait for its stored answer;
 * - the target's health: consecutive connection failures across workers, and the abort, which is a
 *   message pushed to every worker and to the process holding the coordinator (the CLI), never a file;
 * - the request counts each worker adds when it ends.
 *
 * The CLI starts it (`run`), so an abort reaches the CLI as an event; a plain `playwright test` gets one
 * from the global setup. Its address ("127.0.0.1:port", loopback only) reaches the workers as
 * FC_RUN_COORDINATOR (lib/settings.ts). Protocol: one JSON object per line; a client sends
 * `{id, op, ...}` and gets `{id, result}` or `{id, error}`; the coordinator pushes `{event, ...}`. Keys name
 * principals by fingerprint, never the key itself; a shared answer's body travels base64.
 */
import net from 'node:net';
import { LocalGates, type GateKeeper, type Passage, type SlotSpec, type WindowSpec } from './pacing-gates.ts';
import { SpendLedger, type Commitment, type LedgerChange, type LedgerPort, type LedgerState } from './spend-ledger.ts';
import { addCounts, type RequestCounts } from './request-counts.ts';

/** A paid answer shared by every reader of its case (suites/support/shared-answers.ts). */
export interface SharedAnswer {
  url: string;
  status: number;
  statusText: string;
  headers: { name: string; value: string }[];
  /** base64 */
  body: string;
  /** What the fetch cost, credits (0 when it was not billed to a budget principal). */
  credits?: number;
}

/** A claim on a case: its stored answer, or the go-ahead to fetch it (the claimant then stores or drops it). */
export type Claim = { stored: SharedAnswer } | { fetch: true };

/** What the run's processes shared, read at its end (the reporter, the CLI). */
export interface RunStateSummary {
  ledger: LedgerState;
  counts: RequestCounts;
  /** The abort's reason, when the run was aborted. */
  abort?: string;
}

/** The coordinator's state, in the process that holds it. */
export class RunCoordinator {
  readonly gates = new LocalGates(true);
  readonly ledger = new SpendLedger();
  private readonly answers = new Map<string, SharedAnswer>();
  /** Cases being fetched: the claimant, and the claims waiting for its answer. */
  private readonly claims = new Map<string, { owner: object; waiting: { owner: object; give: (c: Claim) => void }[] }>();
  private readonly counts: RequestCounts = {};
  private failures = 0;
  private aborted: string | undefined;
  private abortedAtMs: number | undefined;
  private readonly listeners = { abort: new Set<(reason: string) => void>(), failures: new Set<(count: number) => void>() };

  /** Calls `fn` once when the run is aborted (at once when it already was). */
  onAbort(fn: (reason: string) => void): () => void {
    if (this.aborted !== undefined) fn(this.aborted);
    else this.listeners.abort.add(fn);
    return () => this.listeners.abort.delete(fn);
  }

  /** Calls `fn` whenever the consecutive-failure count changes between zero and more. */
  onFailures(fn: (count: number) => void): () => void {
    this.listeners.failures.add(fn);
    return () => this.listeners.failures.delete(fn);
  }

  /** Consecutive connection failures and timeouts, run-wide. */
  failureCount(): number {
    return this.failures;
  }

  /** The abort's reason, or undefined while the run is healthy. */
  abortReason(): string | undefined {
    return this.aborted;
  }

  /** When the run was aborted (ms since the epoch), or undefined. */
  abortedAt(): number | undefined {
    return this.abortedAtMs;
  }

  /**
   * Declares the run aborted with `reason` (the first reason stays): every worker's later calls fail at
   * once, the CLI stops the run, and the rules not yet judged are NOT_RUN with the reason.
   */
  abort(reason: string): void {
    if (this.aborted !== undefined) return;
    this.aborted = reason;
    this.abortedAtMs = Date.now();
    for (const fn of this.listeners.abort) fn(reason);
    this.listeners.abort.clear();
  }

  /** An answer arrived: the consecutive-failure count starts again. */
  answered(): void {
    if (this.failures === 0) return;
    this.failures = 0;
    for (const fn of this.listeners.failures) fn(0);
  }

  /** A connection failure or timeout; at `threshold` consecutive ones (run-wide) the run is aborted. */
  failed(reason: string, threshold: number): void {
    this.failures++;
    if (this.failures === 1) for (const fn of this.listeners.failures) fn(1);
    if (threshold > 0 && this.failures >= threshold)
      this.abort(
        `target stopped answering (${this.failures} consecutive connection failures or timeouts; last: ${reason.replace(/\n/g, ' ')})`,
      );
  }

  /** Adds a worker's request counts. */
  addCounts(counts: RequestCounts): void {
    addCounts(this.counts, counts);
  }

  /** Claims `key` for `owner`: its stored answer, the go-ahead to fetch it, or (resolving later) one of those. */
  claim(key: string, owner: object): Promise<Claim> {
    const stored = this.answers.get(key);
    if (stored) return Promise.resolve({ stored });
    const claim = this.claims.get(key);
    if (!claim) {
      this.claims.set(key, { owner, waiting: [] });
      return Promise.resolve({ fetch: true });
    }
    return new Promise((give) => claim.waiting.push({ owner, give }));
  }

  /** Stores the answer of `key`, handing it to every claim waiting for it. */
  store(key: string, answer: SharedAnswer): void {
    this.answers.set(key, answer);
    const claim = this.claims.get(key);
    this.claims.delete(key);
    for (const w of claim?.waiting ?? []) w.give({ stored: answer });
  }

  /** The claimant of `key` gave up (its answer was not one to keep, or it failed): the next claim fetches. */
  drop(key: string): void {
    const claim = this.claims.get(key);
    if (!claim) return;
    const next = claim.waiting.shift();
    if (!next) return void this.claims.delete(key);
    claim.owner = next.owner;
    next.give({ fetch: true });
  }

  /** Drops every claim `owner` held or waited on (its worker ended or crashed). */
  dropAll(owner: object): void {
    for (const [key, claim] of [...this.claims]) {
      claim.waiting = claim.waiting.filter((w) => w.owner !== owner);
      if (claim.owner === owner) this.drop(key);
    }
  }

  summary(): RunStateSummary {
    return {
      ledger: this.ledger.now(),
      counts: structuredClone(this.counts),
      ...(this.aborted !== undefined ? { abort: this.aborted } : {}),
    };
  }
}

/** Longest line either side reads, characters: a shared answer's body is bounded by the run's body limit. */
const MAX_LINE = 64 * 1024 * 1024;

/**
 * Reads newline-delimited JSON objects from `socket`; a line that is not JSON, or longer than
 * MAX_LINE, ends the connection.
 */
function onLines(socket: net.Socket, each: (msg: Record<string, unknown>) => void): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_LINE && buffered.lastIndexOf('\n', MAX_LINE) < 0) return void socket.destroy();
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (!line) continue;
      let msg: unknown;
      try {
        msg = JSON.parse(line);
      } catch {
        return void socket.destroy();
      }
      if (typeof msg !== 'object' || msg === null) return void socket.destroy();
      each(msg as Record<string, unknown>);
    }
  });
}

const send = (socket: net.Socket, msg: object): void => {
  if (!socket.destroyed) socket.write(`${JSON.stringify(msg)}\n`);
};

/** JSON has no Infinity: an unlimited budget travels as null. */
const limitOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const changeOf = (v: unknown): LedgerChange => {
  const c = (v ?? {}) as Partial<LedgerChange>;
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return { committed: n(c.committed), spent: n(c.spent), calls: n(c.calls) };
};

/** Serves one client's messages against `state`. */
function serve(state: RunCoordinator, socket: net.Socket): void {
  socket.setNoDelay(true);
  const owner = {};
  const held = new Map<number, () => void>();
  const offAbort = state.onAbort((reason) => send(socket, { event: 'abort', reason }));
  const offFailures = state.onFailures((count) => send(socket, { event: 'failures', count }));
  // A new client learns what it missed (onAbort tells an abort at once).
  if (state.failureCount() > 0) send(socket, { event: 'failures', count: state.failureCount() });
  const reply = (id: unknown, result: unknown) => send(socket, { id, result: result ?? null });
  onLines(socket, (m) => {
    const id = m.id;
    switch (m.op) {
      case 'pass':
        if (typeof id !== 'number' || !Array.isArray(m.windows)) return void socket.destroy();
        void state.gates.pass(m.slot as SlotSpec | undefined, m.windows as WindowSpec[]).then(({ release, waits }) => {
          if (socket.destroyed) return release();
          if (m.slot) held.set(id, release);
          reply(id, { waits });
        });
        return;
      case 'release':
        held.get(Number(m.pass))?.();
        held.delete(Number(m.pass));
        return;
      case 'commit':
        return reply(id, state.ledger.commitNow(changeOf(m.change), limitOf(m.limit)));
      case 'adjust':
        state.ledger.adjustNow(changeOf(m.change));
        return reply(id, {});
      case 'ledger':
        return reply(id, state.ledger.now());
      case 'claim':
        if (typeof m.key !== 'string') return void socket.destroy();
        void state.claim(m.key, owner).then((c) => reply(id, c));
        return;
      case 'store':
        if (typeof m.key !== 'string' || typeof m.answer !== 'object' || !m.answer) return void socket.destroy();
        state.store(m.key, m.answer as SharedAnswer);
        return reply(id, {});
      case 'drop':
        if (typeof m.key === 'string') state.drop(m.key);
        return reply(id, {});
      case 'answered':
        return state.answered();
      case 'failed':
        state.failed(String(m.reason ?? ''), Number(m.threshold) || 0);
        return reply(id, {});
      case 'abort':
        state.abort(String(m.reason ?? 'run aborted'));
        return reply(id, {});
      case 'counts':
        state.addCounts((m.counts ?? {}) as RequestCounts);
        return reply(id, {});
      case 'summary':
        return reply(id, state.summary());
      default:
        // Anything else on this loopback port is not a client of ours: dropped, never thrown in the coordinator's process.
        return void socket.destroy();
    }
  });
  socket.on('close', () => {
    // A worker that ended (or crashed) gives back the slots it held and the cases it claimed.
    for (const r of held.values()) r();
    held.clear();
    state.dropAll(owner);
    offAbort();
    offFailures();
  });
  socket.on('error', () => undefined);
}

/** A started coordinator: its address, its state (in this process) and how to stop listening. */
export interface StartedCoordinator {
  address: string;
  state: RunCoordinator;
  close(): Promise<void>;
}

/**
 * Coordinators started in this process, by address: the rule reporter runs in the Playwright runner,
 * where a plain `playwright test` started its coordinator, and reads it there after the global teardown
 * closed its port. A global, not a module variable: Playwright may load a module once per loader.
 */
const REGISTRY = Symbol.for('forecast-conformance.run-coordinators');
const registry = (): Map<string, RunCoordinator> =>
  ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map<string, RunCoordinator>()) as Map<string, RunCoordinator>;

/** Starts a coordinator on a free loopback port. */
export async function startRunCoordinator(): Promise<StartedCoordinator> {
  const state = new RunCoordinator();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(state, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  const address = `127.0.0.1:${port}`;
  registry().set(address, state);
  return {
    address,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** The coordinator at `address` when this process holds it (its port may be closed already). */
export const localCoordinator = (address: string): RunCoordinator | undefined => registry().get(address);

/** Raised when the coordinator cannot be reached for a step that has no local stand-in (the ledger, the counts). */
export class CoordinatorUnreachableError extends Error {
  constructor(address: string) {
    super(`run coordinator at ${address} cannot be reached`);
    this.name = 'CoordinatorUnreachableError';
  }
}

/**
 * A process's typed door to the coordinator at `address` (a worker's, the global setup's, the
 * reporter's). It connects on first use. The abort and the failure count are pushed to it, so
 * `abortedReason` is read without a message.
 */
export class CoordinatorClient {
  private socket: net.Socket | undefined;
  private ready: Promise<boolean> | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private knownFailures = 0;
  /** The abort's reason once pushed. */
  abortedReason: string | undefined;
  connected = true;

  constructor(readonly address: string) {}

  /** Connects; false when the coordinator cannot be reached (then every later step knows it at once). */
  connect(): Promise<boolean> {
    return (this.ready ??= new Promise<boolean>((resolve) => {
      const [host = '127.0.0.1', port = '0'] = this.address.split(':');
      const socket = net.connect({ host, port: Number(port) });
      socket.setNoDelay(true);
      socket.unref();
      socket.once('connect', () => resolve(true));
      const lost = () => {
        this.connected = false;
        resolve(false);
        const waiting = [...this.pending.values()];
        this.pending.clear();
        for (const p of waiting) p(undefined);
      };
      socket.once('error', lost);
      socket.once('close', lost);
      onLines(socket, (m) => {
        if (m.event === 'abort') this.abortedReason ??= String(m.reason);
        else if (m.event === 'failures') this.knownFailures = Number(m.count) || 0;
        else if (typeof m.id === 'number') {
          const answer = this.pending.get(m.id);
          this.pending.delete(m.id);
          answer?.(m.result);
        }
      });
      this.socket = socket;
    }));
  }

  /** Sends `op` and waits for its result; undefined when the coordinator cannot be reached. */
  private async ask<T>(op: string, args: object = {}, id = this.nextId++): Promise<T | undefined> {
    if (!this.connected || !(await this.connect()) || !this.socket) return undefined;
    const socket = this.socket;
    // A question waiting for its answer keeps the process alive; an idle link does not.
    if (this.pending.size === 0) socket.ref();
    return new Promise<T | undefined>((resolve) => {
      this.pending.set(id, (r) => {
        if (this.pending.size === 0) socket.unref();
        resolve(r as T | undefined);
      });
      socket.write(`${JSON.stringify({ id, op, ...args })}\n`);
    });
  }

  /** Sends `op` without waiting (nothing when not connected). */
  private tell(op: string, args: object = {}): void {
    if (this.connected && this.socket) this.socket.write(`${JSON.stringify({ op, ...args })}\n`);
  }

  /** Like `ask`, for a step with no stand-in. @throws CoordinatorUnreachableError */
  private async must<T>(op: string, args: object = {}): Promise<T> {
    const r = await this.ask<T>(op, args);
    if (r === undefined) throw new CoordinatorUnreachableError(this.address);
    return r;
  }

  /**
   * The run's gates, as a GateKeeper. When the coordinator cannot be reached, passes go through
   * `fallback`; a bound sized for the whole run (`whole`) then goes through at 1 / `workers` of it,
   * since the other workers keep sending beside this one.
   */
  gates(fallback: GateKeeper, workers = 1): GateKeeper & { seesEveryWorker(): Promise<boolean> } {
    const alone = (slot: SlotSpec | undefined, windows: readonly WindowSpec[], whole: boolean): Promise<Passage> => {
      if (!whole || workers <= 1) return fallback.pass(slot, windows);
      const share = (n: number) => Math.max(1, Math.floor(n / workers));
      return fallback.pass(
        slot && { ...slot, size: share(slot.size) },
        windows.map((w) => ({ ...w, limit: share(w.limit) })),
      );
    };
    return {
      seesEveryWorker: async () => this.connected && (await this.connect()),
      pass: async (slot, windows, whole = false) => {
        const id = this.nextId++;
        const r = await this.ask<{ waits: Passage['waits'] }>('pass', { ...(slot ? { slot } : {}), windows }, id);
        if (!r) return alone(slot, windows, whole);
        let held = !!slot;
        return {
          waits: r.waits,
          release: () => {
            if (!held) return;
            held = false;
            this.tell('release', { pass: id });
          },
        };
      },
    };
  }

  /** The run's spend ledger. Its steps throw CoordinatorUnreachableError when the coordinator cannot be reached. */
  ledger(): LedgerPort {
    return {
      read: () => this.must<LedgerState>('ledger'),
      commit: (change, limitCredits) => this.must<Commitment>('commit', { change, limit: limitCredits }),
      adjust: async (change) => void (await this.must('adjust', { change })),
    };
  }

  /** Claims the case `key` (see RunCoordinator.claim); without a coordinator, the go-ahead to fetch. */
  async claim(key: string): Promise<Claim> {
    return (await this.ask<Claim>('claim', { key })) ?? { fetch: true };
  }

  /** Stores the claimed case's answer. */
  async store(key: string, answer: SharedAnswer): Promise<void> {
    await this.ask('store', { key, answer });
  }

  /** Gives a claimed case up. */
  async drop(key: string): Promise<void> {
    await this.ask('drop', { key });
  }

  /** An answer arrived (told only while some worker's failures are counted). */
  answered(): void {
    if (this.knownFailures === 0) return;
    this.knownFailures = 0;
    this.tell('answered');
  }

  /** A connection failure or timeout; the coordinator aborts the run at `threshold` consecutive ones. */
  async failed(reason: string, threshold: number): Promise<void> {
    this.knownFailures++;
    await this.ask('failed', { reason, threshold: Number.isFinite(threshold) ? threshold : 0 });
  }

  /** Aborts the run with `reason` (the first reason stays). */
  async abort(reason: string): Promise<void> {
    this.abortedReason ??= reason;
    await this.ask('abort', { reason });
  }

  /** Adds this worker's request counts. @throws CoordinatorUnreachableError */
  async addCounts(counts: RequestCounts): Promise<void> {
    await this.must('counts', { counts });
  }

  /** What the run shared so far. @throws CoordinatorUnreachableError */
  summary(): Promise<RunStateSummary> {
    return this.must<RunStateSummary>('summary');
  }

  /** Ends the connection. */
  close(): void {
    this.socket?.end();
  }
}

/**
 * What the run shared: the coordinator at `address` (read in this process when it holds it, else asked
 * over its port), or without an address the one this process started last (a plain `playwright test`'s,
 * started by its global setup); undefined when there is none.
 */
export async function runStateAt(address: string | undefined): Promise<RunStateSummary | undefined> {
  if (!address) return [...registry().values()].at(-1)?.summary();
  const local = localCoordinator(address);
  if (local) return local.summary();
  const client = new CoordinatorClient(address);
  try {
    return await client.summary();
  } catch {
    return undefined;
  } finally {
    client.close();
  }
}
