/**
 * The run's pacing hub: one set of gates (suites/support/pacing-gates.ts) in the Playwright runner
 * process, started by the global setup, which every worker's pacer passes through over a loopback
 * TCP connection. With it a bound is paced whole across the run's workers, whichever of them needs
 * it at the moment, instead of each worker holding a fixed 1 / workers share (a share a busy worker
 * cannot lend to an idle one). Protocol: one JSON object per line; the worker sends
 * `{id, slot?, windows}` and gets `{id, waits}` once every gate let it through, then `{release: id}`
 * when its answer arrived. Keys name principals by fingerprint, never the key itself.
 */
import net from 'node:net';
import { LocalGates, type GateKeeper, type Passage, type SlotSpec, type WindowSpec } from './pacing-gates.ts';

interface PassRequest {
  id: number;
  slot?: SlotSpec;
  windows: WindowSpec[];
}

/** A started hub: its address ("127.0.0.1:port") and how to stop it. */
export interface PacingHub {
  address: string;
  close(): Promise<void>;
}

/** Longest line either side reads, characters: a message is a few hundred; anything longer is not ours. */
const MAX_LINE = 64 * 1024;

/**
 * Reads newline-delimited JSON objects from `socket`; a line that is not JSON, or longer than
 * MAX_LINE, ends the connection (the worker falls back to its own gates).
 */
function onLines(socket: net.Socket, each: (msg: unknown) => void): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_LINE && buffered.lastIndexOf('\n', MAX_LINE) < 0) {
      socket.destroy();
      return;
    }
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (!line) continue;
      let msg: unknown;
      try {
        msg = JSON.parse(line);
      } catch {
        socket.destroy();
        return;
      }
      each(msg);
    }
  });
}

/** Starts the hub on a free loopback port. */
export async function startPacingHub(): Promise<PacingHub> {
  const gates = new LocalGates(true);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    const held = new Map<number, () => void>();
    onLines(socket, (msg) => {
      const m = msg as Partial<PassRequest> & { release?: number };
      if (typeof m.release === 'number') {
        held.get(m.release)?.();
        held.delete(m.release);
        return;
      }
      // Anything else on this loopback port that is not a worker's pass request is dropped, never thrown in the runner.
      if (typeof m.id !== 'number' || !Array.isArray(m.windows ?? [])) return void socket.destroy();
      const id = m.id;
      void gates.pass(m.slot, m.windows ?? []).then(({ release, waits }) => {
        if (socket.destroyed) return release();
        if (m.slot) held.set(id, release);
        socket.write(`${JSON.stringify({ id, waits })}\n`);
      });
    });
    // A worker that ended (or crashed) gives back the slots it held.
    socket.on('close', () => {
      for (const r of held.values()) r();
      held.clear();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
}

/**
 * A worker's door to the hub at `address` ("host:port"). When the hub cannot be reached (or the
 * connection drops), every pass goes through `fallback` instead and `connected` turns false; specs
 * sized for the hub (`whole`) then go through at 1 / `workers` of each bound, since the other
 * workers keep sending beside this one.
 */
export class HubGates implements GateKeeper {
  private socket: net.Socket | undefined;
  private ready: Promise<boolean> | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, (waits: Passage['waits'] | undefined) => void>();
  connected = true;

  constructor(
    private readonly address: string,
    private readonly fallback: GateKeeper,
    private readonly workers = 1,
  ) {}

  /** Passes through this worker's own gates; whole bounds are cut to this worker's share. */
  private passAlone(slot: SlotSpec | undefined, windows: readonly WindowSpec[], whole: boolean): Promise<Passage> {
    if (!whole || this.workers <= 1) return this.fallback.pass(slot, windows);
    const share = (n: number) => Math.max(1, Math.floor(n / this.workers));
    return this.fallback.pass(
      slot && { ...slot, size: share(slot.size) },
      windows.map((w) => ({ ...w, limit: share(w.limit) })),
    );
  }

  private connect(): Promise<boolean> {
    return (this.ready ??= new Promise<boolean>((resolve) => {
      const [host = '127.0.0.1', port = '0'] = this.address.split(':');
      const socket = net.connect({ host, port: Number(port) });
      socket.setNoDelay(true);
      socket.unref();
      socket.once('connect', () => resolve(true));
      const lost = () => {
        this.connected = false;
        resolve(false);
        for (const p of this.pending.values()) p(undefined);
        this.pending.clear();
      };
      socket.once('error', lost);
      socket.once('close', lost);
      onLines(socket, (msg) => {
        const m = msg as { id: number; waits: Passage['waits'] };
        this.pending.get(m.id)?.(m.waits);
        this.pending.delete(m.id);
      });
      this.socket = socket;
    }));
  }

  async seesEveryWorker(): Promise<boolean> {
    return this.connected && (await this.connect());
  }

  async pass(slot: SlotSpec | undefined, windows: readonly WindowSpec[], whole = false): Promise<Passage> {
    if (!this.connected || !(await this.connect()) || !this.socket) return this.passAlone(slot, windows, whole);
    const id = this.nextId++;
    const waits = await new Promise<Passage['waits'] | undefined>((resolve) => {
      this.pending.set(id, resolve);
      this.socket!.write(`${JSON.stringify({ id, ...(slot ? { slot } : {}), windows })}\n`);
    });
    if (!waits) return this.passAlone(slot, windows, whole);
    let held = !!slot;
    return {
      waits,
      release: () => {
        if (!held) return;
        held = false;
        if (this.connected) this.socket?.write(`${JSON.stringify({ release: id })}\n`);
      },
    };
  }

  /** Ends the connection. */
  close(): void {
    this.socket?.end();
  }
}
