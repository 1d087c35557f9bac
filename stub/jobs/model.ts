/**
 * The forecast request (job) record and its state machine (spec: Resources / Forecast request;
 * States and transitions). The spec lists the statuses but does not show the transitions, so the
 * schedule below is the stub's choice (gap JOB-017): every job walks accepted → submitted →
 * running → succeeded on the stub's clock (the alternate stub skips submitted), so the control plane's clock advance moves it, and only
 * the control plane ends one failed or rejected. A status is computed from the clock on every read,
 * never stored, which makes "terminal never changes" hold by construction.
 */
import type { EpochMs, Forecast, Market, Venue } from '../data/model.ts';
import { alt } from '../variant.ts';

export type JobStatus = 'accepted' | 'submitted' | 'running' | 'succeeded' | 'rejected' | 'failed';
export type EndOutcome = 'failed' | 'rejected';

/**
 * Clock time after creation at which each natural status begins, ms (gap JOB-017). Research takes
 * minutes: a job left alone succeeds ten minutes after creation, so jobs submitted during a
 * conformance run publish nothing while other suites compare reads, unless a test moves the clock.
 */
export const SCHEDULE_MS = { submitted: 2_000, running: 10_000, succeeded: 600_000 } as const;
/**
 * The alternate stub's schedule (gap JOB-017): no submitted status, running after 5 s; success still after ten
 * minutes, for the reason above.
 */
const ALT_SCHEDULE_MS = { running: 5_000, succeeded: 600_000 } as const;

/** The natural statuses after accepted and when each begins (ms after creation), in order, for the variant served. */
function schedule(): readonly (readonly [JobStatus, number])[] {
  const s: Partial<Record<JobStatus, number>> = alt('JOB-017') ? ALT_SCHEDULE_MS : SCHEDULE_MS;
  return Object.entries(s) as [JobStatus, number][];
}

/** Time from creation to success, ms (the instant a left-alone job publishes its forecast). */
export const successDelayMs = (): number => schedule().find(([s]) => s === 'succeeded')![1];

/** Statuses after which nothing changes (spec: "Non-terminal reads carry a Retry-After header"; gap JOB-024). */
export const TERMINAL: ReadonlySet<JobStatus> = new Set<JobStatus>(['succeeded', 'rejected', 'failed']);

/** errorCode of a job that ended without a forecast (gap JOB-019; the alternate stub names no code for a rejection). */
export function errorCodeOf(outcome: EndOutcome): string | null {
  if (alt('JOB-019')) return outcome === 'failed' ? 'generation_failed' : null;
  return outcome === 'failed' ? 'forecast_execution_failed' : 'forecast_request_rejected';
}

/** The generation body as accepted (spec: Generation body, VenueMarketForecastRequest). */
export interface GenerationRequest {
  kind: 'venue_market';
  venue: Venue;
  market_id: string;
}

export interface Job {
  /** UUID, derived from the owner and the idempotency key. */
  id: string;
  /** Account id of the API key that submitted it; only that account sees the job. */
  owner: string;
  idempotencyKey: string;
  request: GenerationRequest;
  market: Market;
  createdAt: EpochMs;
  /** The forecast the job publishes when it succeeds (createdAt = the success instant). */
  forecast: Forecast;
  /** Set when the control plane ended the job; a terminal status never changes afterwards. */
  ended: { status: EndOutcome; at: EpochMs } | null;
}

/** The job's status at `now` (ms). */
export function statusAt(job: Job, now: EpochMs): JobStatus {
  if (job.ended) return job.ended.status;
  const age = now - job.createdAt;
  let status: JobStatus = 'accepted';
  for (const [next, at] of schedule()) if (age >= at) status = next;
  return status;
}

/** When the job entered its status at `now` (the job's updatedAt), ms. */
export function updatedAt(job: Job, now: EpochMs): EpochMs {
  if (job.ended) return job.ended.at;
  const status = statusAt(job, now);
  const at = schedule().find(([s]) => s === status)?.[1];
  return at === undefined ? job.createdAt : job.createdAt + at;
}

/** Longest Retry-After a pending read suggests, seconds (gap JOB-018). */
export const MAX_RETRY_AFTER_S = 30;

/** The instant of the job's next scheduled transition at `now`, ms; undefined once it is terminal. */
export function nextTransitionAt(job: Job, now: EpochMs): EpochMs | undefined {
  if (TERMINAL.has(statusAt(job, now))) return undefined;
  const next = schedule().find(([, at]) => now - job.createdAt < at);
  return next ? job.createdAt + next[1] : undefined;
}

/**
 * Retry-After of a read at `now`: whole seconds until the next scheduled transition, 1..30 (the
 * alternate stub: the HTTP-date of that transition); undefined once the job is terminal (gap JOB-018).
 */
export function retryAfter(job: Job, now: EpochMs): string | undefined {
  const next = nextTransitionAt(job, now);
  if (next === undefined) return undefined;
  if (alt('JOB-018')) return new Date(next).toUTCString();
  return String(Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil((next - now) / 1000))));
}
