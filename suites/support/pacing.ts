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
import { createHash } from 'node:crypto';
import { saveRequestCounts } from '../../lib/request-counts.ts';
import { LocalGates, type GateKeeper, type Passage, type SlotSpec, type WindowSpec } from './pacing-gates.ts';
import { HubGates } from './pacing-hub.ts';

/** Fraction of a per-second / per-minute bound a run uses at most (the rest absorbs network jitter). */
const MARGIN = { second: 0.75, minute: 0.9 } as const;

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
  private readonly counts: Record<string, Record<string, number>> = {};
  /** Milliseconds callers waited per gate ("scope label window"), since the last `takeWaits`. */
  private waits: Record<string, number> = {};
  private readonly fingerprints = new Map<string, string>();

  /**
   * @param workers worker processes sharing the target (each paces 1 / workers of a shared bound
   *   when `gates` are its own; none when they are the run's pacing hub)
   * @param gates where calls wait: this process's gates, or the hub's (suites/support/pacing-hub.ts)
   */
  constructor(
    private readonly workers: number,
    private readonly gates: GateKeeper = new LocalGates(),
  ) {}

  private share(bound: number, margin: number, users: number): number {
    return Math.max(1, Math.floor((bound * margin) / users));
  }

  /** A principal's name at the gates: a fingerprint, never the key. */
  private fingerprint(principal: string): string {
    let f = this.fingerprints.get(principal);
    if (!f) this.fingerprints.set(principal, (f = createHash('sha256').update(principal).digest('hex').slice(0, 16)));
    return f;
  }

  /** The per-second and per-minute windows of `scope` under `key`, and its in-flight slot, at this worker's share. */
  private lane(key: string, scope: keyof typeof LIMIT_BOUNDS, users: number): { slot?: SlotSpec; windows: WindowSpec[] } {
    const b = LIMIT_BOUNDS[scope];
    return {
      ...(b.inFlight !== undefined ? { slot: { key, size: this.share(b.inFlight, 1, users) } } : {}),
      windows: [
        { key, limit: this.share(b.second, MARGIN.second, users), windowMs: 1000 },
        { key, limit: this.share(b.minute, MARGIN.minute, users), windowMs: 60_000 },
      ],
    };
  }

  private count(label: string, scope: string): void {
    const row = (this.counts[label] ??= {});
    row[scope] = (row[scope] ?? 0) + 1;
  }

  /**
   * Waits until the call fits its principal scope and the per-IP guard of its source address: the
   * whole bound (less the margin) when the gates are the run's hub, else this worker's share.
   * @returns the release of its in-flight slot, to call once the answer arrived
   */
  async acquire(call: PacedCall): Promise<() => void> {
    const scope = call.operationId ? principalScopeOf(call.operationId) : undefined;
    const whole = await this.gates.seesEveryWorker();
    const usersOf = (shared: boolean) => (shared && !whole ? this.workers : 1);
    const guard = this.lane(`ip_guard:${call.source.address}`, 'ip_guard', usersOf(call.source.shared));
    const names = [`ip_guard ${call.source.address} second`, `ip_guard ${call.source.address} minute`];
    this.count(call.label, 'ip_guard');
    let passage: Passage;
    if (!scope || call.principal === undefined) {
      passage = await this.gates.pass(undefined, guard.windows);
    } else {
      this.count(call.label, scope);
      const lane = this.lane(`${scope}:${this.fingerprint(call.principal)}`, scope, usersOf(call.shared));
      names.unshift(`${scope} ${call.label} second`, `${scope} ${call.label} minute`);
      passage = await this.gates.pass(lane.slot, [...lane.windows, ...guard.windows]);
      this.wait(`${scope} ${call.label} inflight`, passage.waits.slot);
    }
    passage.waits.windows.forEach((ms, i) => this.wait(names[i]!, ms));
    return passage.release;
  }

  private wait(gate: string, ms: number): void {
    if (ms >= 1) this.waits[gate] = (this.waits[gate] ?? 0) + ms;
  }

  /** The waits since the last call, ms per gate, and forgets them. */
  takeWaits(): Record<string, number> {
    const w = this.waits;
    this.waits = {};
    return w;
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

/**
 * One Pacer per worker process: through the run's pacing hub at `hub` ("host:port", started by the
 * global setup) when there is one, else through gates of its own at 1 / workers of shared bounds.
 */
let pacer: Pacer | undefined;
export const workerPacer = (workers: number, hub?: string): Pacer =>
  (pacer ??= new Pacer(workers, hub ? new HubGates(hub, new LocalGates()) : new LocalGates()));
