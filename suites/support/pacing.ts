/**
 * Client-side pacing below the spec's limit scopes (spec: Limits table; Errors "Clients should use
 * bounded retry and backoff"), so a conformant target never throttles a normal run.
 *
 * Each worker process owns one Pacer; every call waits at the gates of its principal in its scope
 * (standard or social research: an API key, an x402 payment, a control-plane account) and of the
 * per-IP guard of its source address (suites/support/transport.ts). In a Playwright run those gates
 * are the run coordinator's (lib/run-coordinator.ts), shared by every worker, so each bound is
 * paced whole, by whichever worker needs it. Without a coordinator a worker keeps gates of its own and paces
 * 1 / workers of a bound other workers use too (the configured keys, x402 payers, one shared
 * address), the whole of one only it uses. Each window is paced a little longer than the target's
 * (SLACK_MS), which absorbs the jitter between our send and the target's count. The limit rules' own
 * tests send `unpaced` requests. Counts per principal and per scope go to the coordinator at the worker's end
 * and are summed in the end-of-run summary (`requestSummary`); the time calls waited, per gate, is each
 * test's result (`pacerWaits`, lib/test-result.ts).
 */
import { hasOilLimits, LIMIT_BOUNDS, OIL_LIMITS, principalScopeOf } from '../../contract/limits.ts';
import { createHash } from 'node:crypto';
import type { RequestCounts } from '../../lib/request-counts.ts';
import { LocalGates, type GateKeeper, type Passage, type SlotSpec, type WindowSpec } from '../../lib/pacing-gates.ts';
import type { CoordinatorClient } from '../../lib/run-coordinator.ts';

/**
 * Slack added to each window, ms. The target counts a call when it arrives, the pacer when it lets
 * it go: pacing a bound over a window this much longer than the target's means no jitter up to this
 * much between the two ever puts more than the bound into one of the target's windows.
 */
const SLACK_MS = { second: 250, minute: 1_000 } as const;

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
  private counts: RequestCounts = {};
  /** Milliseconds callers waited per gate ("scope label window"), since the last `takeWaits`. */
  private waits: Record<string, number> = {};
  private readonly fingerprints = new Map<string, string>();

  /**
   * @param workers worker processes sharing the target (each paces 1 / workers of a shared bound
   *   when `gates` are its own; none when they are the run coordinator's)
   * @param gates where calls wait: this process's gates, or the run coordinator's (lib/run-coordinator.ts)
   */
  constructor(
    private readonly workers: number,
    private readonly gates: GateKeeper = new LocalGates(),
  ) {}

  private share(bound: number, users: number): number {
    return Math.max(1, Math.floor(bound / users));
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
      ...(b.inFlight !== undefined ? { slot: { key, size: this.share(b.inFlight, users) } } : {}),
      windows: [
        { key, limit: this.share(b.second, users), windowMs: 1000 + SLACK_MS.second },
        { key, limit: this.share(b.minute, users), windowMs: 60_000 + SLACK_MS.minute },
      ],
    };
  }

  private count(label: string, scope: string): void {
    const row = (this.counts[label] ??= {});
    row[scope] = (row[scope] ?? 0) + 1;
  }

  /**
   * Waits until the call fits its principal scope and the per-IP guard of its source address: the
   * whole bound (over a slightly longer window) when the gates are the run's hub, else this worker's share.
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
    // The oil route's starts at least a second apart (Limits rule 3), run-wide when the gates are the hub.
    const oil: WindowSpec[] =
      call.operationId && hasOilLimits(call.operationId)
        ? [{ key: 'oil', limit: 1, windowMs: OIL_LIMITS.spacingMs + SLACK_MS.second }]
        : [];
    if (oil.length) names.push('oil spacing');
    if (!scope || call.principal === undefined) {
      passage = await this.gates.pass(undefined, [...guard.windows, ...oil], whole);
    } else {
      this.count(call.label, scope);
      const lane = this.lane(`${scope}:${this.fingerprint(call.principal)}`, scope, usersOf(call.shared));
      names.unshift(`${scope} ${call.label} second`, `${scope} ${call.label} minute`);
      passage = await this.gates.pass(lane.slot, [...lane.windows, ...guard.windows, ...oil], whole);
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

  /** This worker's counts since the last take (for the coordinator; summed by `requestSummary`, lib/request-counts.ts), and forgets them. */
  takeCounts(): RequestCounts {
    const c = this.counts;
    this.counts = {};
    return c;
  }
}

/**
 * One Pacer per worker process: through the run coordinator's gates when the worker is linked to one
 * (suites/support/run-link.ts), else through gates of its own at 1 / workers of shared bounds.
 */
let pacer: Pacer | undefined;
export const workerPacer = (workers: number, link?: CoordinatorClient): Pacer =>
  (pacer ??= new Pacer(workers, link ? link.gates(new LocalGates(), workers) : new LocalGates()));
