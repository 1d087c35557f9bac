/**
 * Pure analysis of a schedule's records: percentiles, achieved rate per time window, start-time
 * jitter, latency percentiles over time and the status mix. Times are milliseconds relative to
 * the run's t0 unless a name says epoch.
 */

/** One request of a run, as the scheduler recorded it. */
export interface RequestRecord {
  /** Sequence number (0-based) in the plan. */
  i: number;
  operationId: string;
  /** Planned start, ms after t0 (i / rate). */
  scheduledMs: number;
  /** Actual start (the request handed to the HTTP client), ms after t0; null when never sent. */
  startMs: number | null;
  /** Start → response body fully read, ms; null when never sent or failed before an answer. */
  latencyMs: number | null;
  /** HTTP status; 0 for a transport error or timeout; -1 when the request was dropped (in-flight cap) or never started. */
  status: number;
  /** Requests of this run in flight at this start, this one included. */
  inFlightAtStart: number;
  /** Index of the principal (API key) it was sent as, when the run spread over several (never the key). */
  principal?: number;
  /** Transport error code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT, aborted...). */
  error?: string;
  /** Headers of interest, when present (lower-case names). */
  headers: LimitHeaders;
  /** Fields of a 429 (or other error) JSON body that limits evaluation reads. */
  errorBody?: { error?: unknown; retry_after?: unknown; limit_scope?: unknown };
}

/** Rate-limit headers of an answer (spec: Errors 429). */
export interface LimitHeaders {
  'retry-after'?: string;
  'ratelimit-policy'?: string;
  ratelimit?: string;
  'x-quotient-max-concurrent'?: string;
}

export const LIMIT_HEADERS = ['retry-after', 'ratelimit-policy', 'ratelimit', 'x-quotient-max-concurrent'] as const;

/**
 * Nearest-rank percentile (p in 0..100) of the values; NaN for no values. Does not mutate input.
 * p50 of [1,2,3,4] is 2; p99 of 1..100 is 99.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((Math.min(100, Math.max(0, p)) / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** Percentile summary, ms. */
export interface Percentiles {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** p50/p90/p99/max of the values (NaN fields for none). */
export function summarize(values: readonly number[]): Percentiles {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max: maxOf(values),
  };
}

/** Largest value (fallback for none); safe for arrays too long to spread into Math.max. */
export function maxOf(values: Iterable<number>, fallback = Number.NaN): number {
  let m = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > m) m = v;
  return m === Number.NEGATIVE_INFINITY ? fallback : m;
}

/** Smallest value (fallback for none). */
export function minOf(values: Iterable<number>, fallback = Number.NaN): number {
  let m = Number.POSITIVE_INFINITY;
  for (const v of values) if (v < m) m = v;
  return m === Number.POSITIVE_INFINITY ? fallback : m;
}

const sent = (r: RequestRecord): r is RequestRecord & { startMs: number } => r.startMs !== null;

/**
 * Start-time jitter: actual start − scheduled start, ms, over the requests that were sent.
 * Positive values are late starts (timer granularity, event-loop stalls, a full in-flight cap).
 */
export function startJitter(records: readonly RequestRecord[]): Percentiles & { min: number } {
  const d = records.filter(sent).map((r) => r.startMs - r.scheduledMs);
  return { ...summarize(d), min: minOf(d) };
}

/** One time window of a run. */
export interface RateWindow {
  /** Window index: covers [index·windowMs, (index+1)·windowMs) after t0. */
  index: number;
  /** Window start, ms after t0. */
  fromMs: number;
  /** Requests started in the window. */
  started: number;
  /** Achieved rate: started / window length (requests/s). */
  rate: number;
  /** Planned starts in the window (the target rate's share). */
  planned: number;
  /** Latency percentiles of the requests started in the window. */
  latency: Percentiles;
  /** Status → count of the requests started in the window (0 = transport error). */
  statuses: Record<string, number>;
}

/**
 * Splits a run into fixed windows after t0 (1 s by default) and computes per window the achieved
 * start rate, planned starts, latency percentiles and status mix. Windows cover [0, spanMs), where
 * spanMs defaults to the last planned or actual start; requests never sent count in `planned` only.
 */
export function rateWindows(records: readonly RequestRecord[], windowMs = 1000, spanMs?: number): RateWindow[] {
  const last = maxOf(
    records.map((r) => Math.max(r.scheduledMs, r.startMs ?? 0)),
    0,
  );
  const n = Math.max(1, Math.ceil((spanMs ?? last + 1) / windowMs));
  const windows: { started: RequestRecord[]; planned: number }[] = Array.from({ length: n }, () => ({ started: [], planned: 0 }));
  const at = (ms: number) => Math.min(n - 1, Math.max(0, Math.floor(ms / windowMs)));
  for (const r of records) {
    windows[at(r.scheduledMs)]!.planned++;
    if (sent(r)) windows[at(r.startMs)]!.started.push(r);
  }
  return windows.map((w, index) => {
    const statuses: Record<string, number> = {};
    for (const r of w.started) statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
    return {
      index,
      fromMs: index * windowMs,
      started: w.started.length,
      rate: w.started.length / (windowMs / 1000),
      planned: w.planned,
      latency: summarize(w.started.filter((r) => r.latencyMs !== null).map((r) => r.latencyMs!)),
      statuses,
    };
  });
}

/** Status → count over the whole run; dropped (never sent) requests count under "-1". */
export function statusMix(records: readonly RequestRecord[]): Record<string, number> {
  const mix: Record<string, number> = {};
  for (const r of records) mix[String(r.status)] = (mix[String(r.status)] ?? 0) + 1;
  return mix;
}

/** Error code → count over the records that carry one (transport errors, drops, deadline). */
export function errorMix(records: readonly RequestRecord[]): Record<string, number> {
  const mix: Record<string, number> = {};
  for (const r of records) if (r.error) mix[r.error] = (mix[r.error] ?? 0) + 1;
  return mix;
}

/** Whole-run figures of a schedule. */
export interface RunSummary {
  planned: number;
  sent: number;
  dropped: number;
  /** Sent requests per second over the span from t0 to the last start (the achieved rate). */
  achievedRate: number;
  /** Mean and spread of the achieved rates of the 1-s windows the plan covers whole. */
  windowRate: { mean: number; min: number; max: number };
  jitterMs: Percentiles & { min: number };
  latencyMs: Percentiles;
  statuses: Record<string, number>;
  /** Transport error code → count (status 0 and never-sent records). */
  errors: Record<string, number>;
  /** Highest number of this run's requests in flight at once. */
  maxInFlight: number;
}

/**
 * Summarises a run: achieved rate (sent / (last start − first planned start + one interval)), per-window
 * rate spread, jitter, latency and status mix. `rate` is the target rate (req/s) the plan used.
 */
export function summarizeRun(records: readonly RequestRecord[], rate: number): RunSummary {
  const s = records.filter(sent);
  const lastStart = maxOf(
    s.map((r) => r.startMs),
    0,
  );
  // n evenly spaced starts at `rate` span (n−1)/rate seconds; adding one interval makes n/span = rate.
  const spanS = s.length ? lastStart / 1000 + 1 / rate : Number.NaN;
  // Only windows the plan covers whole: the last, partial window would understate the rate.
  const plannedSpanMs = (records.length / rate) * 1000;
  const full = rateWindows(records).filter((w) => w.fromMs + 1000 <= plannedSpanMs);
  const rates = full.map((w) => w.rate);
  return {
    planned: records.length,
    sent: s.length,
    dropped: records.length - s.length,
    achievedRate: s.length ? s.length / spanS : 0,
    windowRate: {
      mean: rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : Number.NaN,
      min: minOf(rates),
      max: maxOf(rates),
    },
    jitterMs: startJitter(records),
    latencyMs: summarize(s.filter((r) => r.latencyMs !== null).map((r) => r.latencyMs!)),
    statuses: statusMix(records),
    errors: errorMix(records),
    maxInFlight: maxOf(
      records.map((r) => r.inFlightAtStart),
      0,
    ),
  };
}
