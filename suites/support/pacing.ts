/**
 * Client-side pacing below the spec's Limits tiers (spec: Limits table; Errors "Clients should use
 * bounded retry and backoff"), so a conformant target never throttles a normal run.
 *
 * Each worker process owns one Pacer. A principal (an API key, or an x402 payment) in its scope
 * (standard or social research) is paced per worker at its share (1 / workers) of every bound when
 * all workers use it, at the whole bound when only this worker does (a control-plane account its
 * test made). The per-IP guard is paced per source address (suites/support/transport.ts): an
 * address only this worker uses gets the whole bound, the one address every worker shares (a
 * non-loopback target) 1 / workers of it. A margin absorbs the jitter between our send and the
 * target's count. The limit rules' own tests send `unpaced` requests. Counts per principal and per
 * scope are written at the worker's end and summed in the end-of-run summary (`requestSummary`).
 */
import { LIMIT_BOUNDS, principalScopeOf } from '../../contract/limits.ts';
import { saveRequestCounts } from '../../lib/request-counts.ts';

/** Fraction of a per-second / per-minute bound a run uses at most (the rest absorbs network jitter). */
const MARGIN = { second: 0.75, minute: 0.9 } as const;

/** A sliding-window gate: at most `limit` starts in any `windowMs`; callers wait their turn in order. */
class SlidingGate {
  private readonly starts: number[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(): Promise<void> {
    const turn = this.tail.then(async () => {
      for (;;) {
        const now = performance.now();
        while (this.starts.length && this.starts[0]! <= now - this.windowMs) this.starts.shift();
        if (this.starts.length < this.limit) {
          this.starts.push(now);
          return;
        }
        await new Promise((r) => setTimeout(r, this.starts[0]! + this.windowMs - now + 1));
      }
    });
    this.tail = turn;
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

interface Lane {
  second: SlidingGate;
  minute: SlidingGate;
  slots?: Slots;
}

/** What a request is, for pacing: its operation's principal scope, whose quota, and a report label. */
export interface PacedCall {
  operationId: string | undefined;
  /** The API key, or a stand-in for an x402 payer; undefined = no principal (free or unsigned challenge). */
  principal: string | undefined;
  /** How the principal appears in the summary (never the key itself). */
  label: string;
  /**
   * True when every worker may use this principal (the configured keys, x402 payers): this worker
   * then paces 1 / workers of its bounds. A control-plane account made by this worker's test is its own.
   */
  shared: boolean;
  /** The source address the call leaves from (suites/support/transport.ts), and whether other workers use it too. */
  source: { address: string; shared: boolean };
}

export class Pacer {
  private readonly lanes = new Map<string, Lane>();
  private readonly counts: Record<string, Record<string, number>> = {};

  /** @param workers worker processes sharing the target (each paces 1 / workers of every bound). */
  constructor(private readonly workers: number) {}

  private share(bound: number, margin: number, users: number): number {
    return Math.max(1, Math.floor((bound * margin) / users));
  }

  private lane(key: string, scope: keyof typeof LIMIT_BOUNDS, shared = true): Lane {
    let lane = this.lanes.get(key);
    if (!lane) {
      const b = LIMIT_BOUNDS[scope];
      const users = shared ? this.workers : 1;
      lane = {
        second: new SlidingGate(this.share(b.second, MARGIN.second, users), 1000),
        minute: new SlidingGate(this.share(b.minute, MARGIN.minute, users), 60_000),
        ...(b.inFlight !== undefined ? { slots: new Slots(this.share(b.inFlight, 1, users)) } : {}),
      };
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private count(label: string, scope: string): void {
    const row = (this.counts[label] ??= {});
    row[scope] = (row[scope] ?? 0) + 1;
  }

  /**
   * Waits until the call fits this worker's share of its principal scope and of the per-IP guard.
   * @returns the release of its in-flight slot, to call once the answer arrived
   */
  async acquire(call: PacedCall): Promise<() => void> {
    const scope = call.operationId ? principalScopeOf(call.operationId) : undefined;
    const guard = this.lane(`ip:${call.source.address}`, 'ip_guard', call.source.shared);
    this.count(call.label, 'ip_guard');
    if (!scope || call.principal === undefined) {
      await guard.second.take();
      await guard.minute.take();
      return () => undefined;
    }
    this.count(call.label, scope);
    const lane = this.lane(`${scope}:${call.principal}`, scope, call.shared);
    const release = lane.slots ? await lane.slots.take() : () => undefined;
    await lane.second.take();
    await lane.minute.take();
    await guard.second.take();
    await guard.minute.take();
    return release;
  }

  /** Counts an unpaced call (the limit rules' own bursts) so the summary stays complete. */
  record(call: PacedCall): void {
    this.count(call.label, 'ip_guard');
    const scope = call.operationId && call.principal !== undefined ? principalScopeOf(call.operationId) : undefined;
    if (scope) this.count(call.label, scope);
  }

  /** Writes this worker's counts into `dir` (read by `requestSummary`, lib/request-counts.ts). */
  save(dir: string, worker: string): void {
    saveRequestCounts(dir, worker, this.counts);
  }
}

/** One Pacer per worker process. */
let pacer: Pacer | undefined;
export const workerPacer = (workers: number): Pacer => (pacer ??= new Pacer(workers));
