/**
 * Open-model request scheduler: request i starts at t0 + i/rate whatever the earlier responses do
 * (autocannon's overallRate fires per connection in bursts, which a per-second limit test cannot
 * use). Bounded by an in-flight cap, a total count and a hard deadline; loopback targets only.
 * HTTP through an undici Pool with one connection per in-flight slot.
 */
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setImmediate as immediate, setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { LIMIT_HEADERS, type LimitHeaders, type RequestRecord } from './analysis.ts';
import { assertBounds, assertLoopbackTarget, assertRemoteBounds, fiveXxSpike, HARD_CAPS, type Ceilings, type Resolver } from './safety.ts';

/** One request to send: path includes the query string; body is sent as given. */
export interface PlannedRequest {
  operationId: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Index of the principal (API key) it is sent as, when a run spreads over several; never the key. */
  principal?: number;
}

export interface ScheduleOptions {
  /** Base URL of a loopback target. */
  target: string;
  /** Requests per second (evenly spaced starts). */
  rate: number;
  /** Seconds the plan covers: rate × durationS requests, unless maxRequests is lower. */
  durationS: number;
  /** Most requests in flight at once (also the pool's connection count). */
  maxInFlight: number;
  /** Total request bound (default and ceiling HARD_CAPS.maxRequests). */
  maxRequests?: number;
  /** Hard deadline, s after t0: nothing starts later and whatever is in flight then is aborted. Default durationS + timeout. */
  deadlineS?: number;
  /** Per-request timeout, ms (headers and body inactivity). Default 10,000. */
  timeoutMs?: number;
  /**
   * At a full in-flight cap: `drop` skips the start (recorded as status -1, keeping later starts on
   * time; the open-model choice) or `wait` delays it until a slot frees (late start, counted in jitter).
   */
  whenFull?: 'drop' | 'wait';
  /** The i-th request (round-robin over a profile's operations, for example). */
  requestFor(i: number): PlannedRequest;
  /** Headers on every request (an API key); never recorded. */
  headers?: Record<string, string>;
  /** DNS resolver for the loopback check (tests inject one). */
  resolver?: Resolver;
  /**
   * A non-loopback (staging) target was allowed with --allow-remote: REMOTE_CAPS (or the caps of the
   * operator's stated ceilings, load/safety.ts remoteCaps) apply and a 5xx spike aborts the run.
   */
  remote?: { maxSpendUsd: number | undefined; ceilings?: Ceilings };
  /**
   * Whether to keep answer i whole (every header, the body text) for contract validation after the
   * run (load/contract-sample.ts); asked once per answer, after its status line. Default: none kept.
   */
  sample?: (i: number, operationId: string, status: number) => boolean;
}

/** An answer kept whole for contract validation: lower-case headers and the body text. */
export interface SampledAnswer {
  i: number;
  operationId: string;
  status: number;
  headers: Record<string, string>;
  bodyText: string;
}

export interface ScheduleResult {
  /** Target origin as given. */
  target: string;
  rate: number;
  durationS: number;
  maxInFlight: number;
  /** t0 as epoch ms (for aligning windows with the target's clock-aligned limit windows). */
  t0EpochMs: number;
  /** t0 → last answer or abort, ms. */
  elapsedMs: number;
  /** What sized the plan: rate × duration, or the count bound. */
  bound: 'duration' | 'count';
  /** `plan`: every planned request was started or dropped; `deadline`: the deadline cut the run short. */
  stoppedBy: 'plan' | 'deadline' | '5xx spike';
  records: RequestRecord[];
  /** Answers kept whole by `sample`, in answer order. */
  samples: SampledAnswer[];
}

/** Number of requests a plan holds: ⌊rate × durationS⌋ bounded by maxRequests and the hard cap. */
export function planCount(rate: number, durationS: number, maxRequests: number = HARD_CAPS.maxRequests): number {
  return Math.min(Math.floor(rate * durationS + 1e-9), maxRequests, HARD_CAPS.maxRequests);
}

/** Planned start offsets, ms after t0: i × 1000 / rate for i in [0, count). Pure (no clock). */
export function planStarts(rate: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => (i * 1000) / rate);
}

/** Waits until the monotonic clock reaches `due` (ms): a timer for the bulk, then event-loop turns for the last ms. */
async function sleepUntil(due: number): Promise<void> {
  const wait = due - performance.now();
  if (wait > 2) await sleep(Math.floor(wait - 1));
  while (performance.now() < due) await immediate();
}

const pickHeaders = (h: Record<string, string | string[] | undefined>): LimitHeaders => {
  const out: LimitHeaders = {};
  for (const name of LIMIT_HEADERS) {
    const v = h[name];
    if (v !== undefined) out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
};

/** The limit fields of an error body (an empty object when it is not JSON). */
function errorFields(text: string): NonNullable<RequestRecord['errorBody']> {
  try {
    const { error, retry_after, limit_scope } = JSON.parse(text) as Record<string, unknown>;
    return { error, retry_after, limit_scope };
  } catch {
    return {};
  }
}

/** What the safety checks let through: the plan's size, its deadline and the vetted target. */
interface VettedPlan {
  timeoutMs: number;
  count: number;
  deadlineS: number;
  vetted: Awaited<ReturnType<typeof assertLoopbackTarget>>;
}

/** Sizes the plan and checks the target and the bounds. @throws ConfigError (nothing is sent). */
async function vetPlan(opts: ScheduleOptions): Promise<VettedPlan> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const count = planCount(opts.rate, opts.durationS, opts.maxRequests);
  const deadlineS = opts.deadlineS ?? opts.durationS + timeoutMs / 1000;
  const vetted = await assertLoopbackTarget(opts.target, opts.resolver, Boolean(opts.remote));
  const bounds = { maxRequests: Math.max(1, count), durationS: deadlineS, maxInFlight: opts.maxInFlight, rate: opts.rate };
  if (opts.remote) assertRemoteBounds(bounds, opts.remote.maxSpendUsd, opts.remote.ceilings);
  else assertBounds(bounds);
  return { timeoutMs, count, deadlineS, vetted };
}

/** One record per planned start, nothing sent yet (status -1). */
const plannedRecords = (rate: number, count: number): RequestRecord[] =>
  planStarts(rate, count).map((scheduledMs, i) => ({
    i,
    operationId: '',
    scheduledMs,
    startMs: null,
    latencyMs: null,
    status: -1,
    inFlightAtStart: 0,
    headers: {},
  }));

/** The response of undici's `Pool.request`. */
type PoolAnswer = Awaited<ReturnType<Pool['request']>>;

/**
 * One schedule in progress: the pool, the deadline's abort signal, the in-flight count and the slots
 * waited for, and what the answers said (statuses for the 5xx-spike abort, the kept samples).
 */
class ScheduleRun {
  readonly t0 = performance.now();
  readonly deadlineAt: number;
  readonly stop = new AbortController();
  readonly samples: SampledAnswer[] = [];
  inFlight = 0;
  spiked = false;
  /** Statuses in answer order, for the remote 5xx-spike abort. */
  private readonly answered: number[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly pool: Pool;
  private readonly deadlineTimer: NodeJS.Timeout;

  constructor(
    private readonly opts: ScheduleOptions,
    private readonly plan: VettedPlan,
  ) {
    const { vetted, deadlineS } = plan;
    this.pool = new Pool(vetted.connectOrigin, {
      connections: opts.maxInFlight,
      pipelining: 1,
      ...(vetted.url.protocol === 'https:' ? { connect: { servername: vetted.url.hostname } } : {}),
    });
    // Every in-flight request listens on the one deadline signal.
    setMaxListeners(opts.maxInFlight + 16, this.stop.signal);
    this.deadlineAt = this.t0 + deadlineS * 1000;
    this.deadlineTimer = setTimeout(() => this.stop.abort(new Error('deadline')), deadlineS * 1000);
    this.stop.signal.addEventListener('abort', () => this.waiters.splice(0).forEach((w) => w()), { once: true });
  }

  /** Starts every planned request on time (or drops, or delays it at a full cap); resolves when all ended. */
  async startAll(records: readonly RequestRecord[]): Promise<'plan' | 'deadline'> {
    let stoppedBy: 'plan' | 'deadline' = 'plan';
    try {
      for (const rec of records) {
        const due = this.t0 + rec.scheduledMs;
        if (due > this.deadlineAt) {
          stoppedBy = 'deadline';
          break;
        }
        await sleepUntil(due);
        if (this.inFlight >= this.opts.maxInFlight) {
          if (this.opts.whenFull !== 'wait') {
            rec.error = 'dropped: in-flight cap';
            continue;
          }
          if (!this.stop.signal.aborted) await new Promise<void>((resolve) => this.waiters.push(resolve));
        }
        if (this.stop.signal.aborted || performance.now() > this.deadlineAt) {
          stoppedBy = 'deadline';
          break;
        }
        const req = this.opts.requestFor(rec.i);
        rec.operationId = req.operationId;
        if (req.principal !== undefined) rec.principal = req.principal;
        const p = this.fire(rec, req);
        this.running.add(p);
        void p.finally(() => this.running.delete(p));
      }
      await Promise.all(this.running);
    } finally {
      clearTimeout(this.deadlineTimer);
      await this.pool.destroy();
    }
    return stoppedBy;
  }

  /** Sends one request and records its answer; a transport error or the abort is recorded as status 0. */
  private async fire(rec: RequestRecord, req: PlannedRequest): Promise<void> {
    const { opts, stop } = this;
    this.inFlight++;
    rec.inFlightAtStart = this.inFlight;
    const started = performance.now();
    rec.startMs = started - this.t0;
    try {
      const res = await this.pool.request({
        method: req.method as 'GET',
        path: req.path,
        headers: { host: this.plan.vetted.hostHeader, ...opts.headers, ...req.headers },
        ...(req.body === undefined ? {} : { body: req.body }),
        signal: stop.signal,
        headersTimeout: this.plan.timeoutMs,
        bodyTimeout: this.plan.timeoutMs,
      });
      rec.status = res.statusCode;
      this.answered.push(res.statusCode);
      if (opts.remote && fiveXxSpike(this.answered)) {
        this.spiked = true;
        stop.abort(new Error('5xx spike'));
      }
      rec.headers = pickHeaders(res.headers);
      await this.readBody(rec, req, res);
      rec.latencyMs = performance.now() - started;
    } catch (e) {
      rec.status = 0;
      rec.error = stop.signal.aborted
        ? this.spiked
          ? 'aborted: 5xx spike'
          : 'aborted at deadline'
        : ((e as { code?: string }).code ?? (e as Error).name);
    } finally {
      this.inFlight--;
      this.waiters.shift()?.();
    }
  }

  /** Reads the body: kept whole when sampled, the error fields of a JSON 4xx/5xx, else discarded. */
  private async readBody(rec: RequestRecord, req: PlannedRequest, res: PoolAnswer): Promise<void> {
    const type = String(res.headers['content-type'] ?? '');
    if (this.opts.sample?.(rec.i, req.operationId, res.statusCode)) {
      const text = await res.body.text();
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
      this.samples.push({ i: rec.i, operationId: req.operationId, status: res.statusCode, headers, bodyText: text });
      if (res.statusCode >= 400) rec.errorBody = errorFields(text);
    } else if (res.statusCode >= 400 && /json/i.test(type)) {
      const text = await res.body.text();
      rec.errorBody = errorFields(text);
    } else await res.body.dump({ limit: Number.MAX_SAFE_INTEGER });
  }
}

/**
 * Runs an open-model schedule against a loopback target and records every request (scheduled and
 * actual start, latency, status, limit headers, the error body fields of 4xx/5xx JSON answers).
 * Never rejects on HTTP or transport errors: they are recorded (status 0).
 * @throws ConfigError before sending anything when the target is not loopback or a bound is out of range.
 */
export async function runSchedule(opts: ScheduleOptions): Promise<ScheduleResult> {
  const plan = await vetPlan(opts);
  const records = plannedRecords(opts.rate, plan.count);
  const run = new ScheduleRun(opts, plan);
  const stoppedBy = await run.startAll(records);
  for (const rec of records) {
    if (rec.startMs !== null) continue;
    rec.operationId ||= opts.requestFor(rec.i).operationId;
    rec.error ??= 'not started: deadline';
  }
  return {
    target: plan.vetted.url.origin,
    rate: opts.rate,
    durationS: opts.durationS,
    maxInFlight: opts.maxInFlight,
    t0EpochMs: performance.timeOrigin + run.t0,
    elapsedMs: performance.now() - run.t0,
    bound: plan.count < Math.floor(opts.rate * opts.durationS + 1e-9) ? 'count' : 'duration',
    stoppedBy: run.spiked ? '5xx spike' : stoppedBy === 'plan' && run.stop.signal.aborted ? 'deadline' : stoppedBy,
    records,
    samples: run.samples,
  };
}
