/**
 * The forecast request (job) record and its state machine (spec: Resources / Forecast request;
 * States and transitions). The spec lists the statuses but does not show the transitions, so the
 * schedule below is the stub's choice (gap JOB-017): every job walks accepted → submitted →
 * running → succeeded on the stub's clock, so the control plane's clock advance moves it, and only
 * the control plane ends one failed or rejected. A status is computed from the clock on every read,
 * never stored, which makes "terminal never changes" hold by construction.
 */
import type { EpochMs, Forecast, Market, Venue } from '../data/model.ts';

export type JobStatus = 'accepted' | 'submitted' | 'running' | 'succeeded' | 'rejected' | 'failed';
export type EndOutcome = 'failed' | 'rejected';

/**
 * Clock time after creation at which each natural status begins, ms (gap JOB-017). Research takes
 * minutes: a job left alone succeeds ten minutes after creation, so jobs submitted during a
 * conformance run publish nothing while other suites compare reads, unless a test moves the clock.
 */
export const SCHEDULE_MS = { submitted: 2_000, running: 10_000, succeeded: 600_000 } as const;

/** Statuses after which nothing changes (spec: "Non-terminal reads carry a Retry-After header"). */
export const TERMINAL: ReadonlySet<JobStatus> = new Set<JobStatus>(['succeeded', 'rejected', 'failed']);

/** errorCode of a job that ended without a forecast (gap JOB-019). */
export const ERROR_CODES: Readonly<Record<EndOutcome, string>> = {
  failed: 'forecast_execution_failed',
  rejected: 'forecast_request_rejected',
};

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
  if (age >= SCHEDULE_MS.succeeded) return 'succeeded';
  if (age >= SCHEDULE_MS.running) return 'running';
  if (age >= SCHEDULE_MS.submitted) return 'submitted';
  return 'accepted';
}

/** When the job entered its status at `now` (the job's updatedAt), ms. */
export function updatedAt(job: Job, now: EpochMs): EpochMs {
  if (job.ended) return job.ended.at;
  const status = statusAt(job, now);
  return status === 'accepted' ? job.createdAt : job.createdAt + SCHEDULE_MS[status as keyof typeof SCHEDULE_MS];
}

/** Longest Retry-After a pending read suggests, seconds (gap JOB-018). */
export const MAX_RETRY_AFTER_S = 30;

/**
 * Retry-After of a read at `now`: whole seconds until the next scheduled transition, 1..30; undefined
 * once the job is terminal (gap JOB-018).
 */
export function retryAfterSeconds(job: Job, now: EpochMs): number | undefined {
  const status = statusAt(job, now);
  if (TERMINAL.has(status)) return undefined;
  const next = status === 'accepted' ? SCHEDULE_MS.submitted : status === 'submitted' ? SCHEDULE_MS.running : SCHEDULE_MS.succeeded;
  const wait = Math.ceil((job.createdAt + next - now) / 1000);
  return Math.min(MAX_RETRY_AFTER_S, Math.max(1, wait));
}
