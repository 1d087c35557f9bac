/**
 * The gates the pacer (suites/support/pacing.ts) waits at, kept in one process: sliding windows (at
 * most `limit` starts in any `windowMs`) and in-flight slots, each named by a key such as
 * "standard:key#ab12cd34|1000". Callers wait their turn in order. A run's workers share one set of
 * gates through the run coordinator (lib/run-coordinator.ts), so a bound is paced whole across
 * workers rather than split into fixed shares.
 */

/** A sliding-window gate: at most `limit` starts in any `windowMs`; callers wait their turn in order. */
class SlidingGate {
  private readonly starts: number[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Waits for this window's turn and records a start now.
   * @returns whether the caller had to wait (ms > 1), and how to take the start back
   */
  take(): Promise<{ waited: boolean; undo: () => void }> {
    const asked = performance.now();
    const turn = this.tail.then(async () => {
      for (;;) {
        const now = performance.now();
        while (this.starts.length && this.starts[0]! <= now - this.windowMs) this.starts.shift();
        if (this.starts.length < this.limit) {
          this.starts.push(now);
          const undo = () => {
            const i = this.starts.lastIndexOf(now);
            if (i >= 0) this.starts.splice(i, 1);
          };
          return { waited: now - asked > 1, undo };
        }
        await new Promise((r) => setTimeout(r, this.starts[0]! + this.windowMs - now + 1));
      }
    });
    this.tail = turn.then(() => undefined);
    return turn;
  }
}

/** A counting semaphore for an in-flight bound. */
class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async take(): Promise<() => void> {
    if (this.used >= this.size) await new Promise<void>((r) => this.waiting.push(r));
    else this.used++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.waiting.shift();
      if (next) next();
      else this.used--;
    };
  }
}

/** A sliding window to pass: `limit` starts per `windowMs` under the name `key`. */
export interface WindowSpec {
  key: string;
  limit: number;
  windowMs: number;
}

/** An in-flight bound to hold until the answer arrived: `size` calls at once under the name `key`. */
export interface SlotSpec {
  key: string;
  size: number;
}

/** A pass through the gates: the in-flight slot's release, and the ms waited at the slot and at each window in turn. */
export interface Passage {
  release: () => void;
  waits: { slot: number; windows: number[] };
}

/** Where a pacer waits: the gates of this process, or the run's pacing hub. */
export interface GateKeeper {
  /** True when every worker of the run passes through these gates (a bound is then paced whole, not shared out). */
  seesEveryWorker(): Promise<boolean>;
  /**
   * Waits until the call fits `slot` and every window at one moment, and records its start in each.
   * @param whole the specs hold whole bounds, sized for the run's hub; gates that see only this
   *   worker pace 1 / workers of them instead
   */
  pass(slot: SlotSpec | undefined, windows: readonly WindowSpec[], whole?: boolean): Promise<Passage>;
}

/** Gates kept in this process, one per key, window and limit, created on first use. */
export class LocalGates implements GateKeeper {
  private readonly windows = new Map<string, SlidingGate>();
  private readonly slots = new Map<string, Slots>();

  /** @param shared whether every worker passes through these gates (the hub's), or only this process */
  constructor(private readonly shared = false) {}

  seesEveryWorker(): Promise<boolean> {
    return Promise.resolve(this.shared);
  }

  async pass(slot: SlotSpec | undefined, windows: readonly WindowSpec[]): Promise<Passage> {
    let t = performance.now();
    const lap = (): number => {
      const now = performance.now();
      const ms = now - t;
      t = now;
      return ms;
    };
    let release = (): void => undefined;
    if (slot) {
      let s = this.slots.get(slot.key);
      if (!s) this.slots.set(slot.key, (s = new Slots(slot.size)));
      release = await s.take();
    }
    const waits = { slot: lap(), windows: windows.map(() => 0) };
    const gates = windows.map((w) => {
      const name = `${w.key}|${w.windowMs}|${w.limit}`;
      let g = this.windows.get(name);
      if (!g) this.windows.set(name, (g = new SlidingGate(w.limit, w.windowMs)));
      return g;
    });
    // A start counts in every window at once: when a later window made the call wait, the starts the
    // earlier ones recorded are stale (a backlog released by the later gate could then overfill them),
    // so they are taken back and the call passes every window again from the first.
    for (let i = 0; i < gates.length;) {
      const taken: (() => void)[] = [];
      for (i = 0; i < gates.length; i++) {
        const { waited, undo } = await gates[i]!.take();
        waits.windows[i]! += lap();
        taken.push(undo);
        if (waited && i > 0) {
          for (const u of taken) u();
          break;
        }
      }
    }
    return { release, waits };
  }
}
