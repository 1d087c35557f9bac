/**
 * API shapes of a job (spec: Resources / Forecast request; GET /api/auth/forecast-requests/{jobId}):
 * the 202 answer of a submission (ForecastRequestAccepted) and the ForecastRequest read in either view.
 */
import type { DataStore } from '../data/store.ts';
import { iso, relationships, routing } from '../present/index.ts';
import { errorCodeOf, statusAt, updatedAt, type Job } from './model.ts';
import { alt } from '../variant.ts';
import { mutant } from '../mutants.ts';

/**
 * The listing's routing object. Mutant route-listing-no-brokers: a venue_b contract's listing is taken before the
 * broker channels are stamped (broker_channels [], broker fields null), unlike its routing on every other route.
 */
function listingOf(market: Parameters<typeof routing>[0]): ReturnType<typeof routing> {
  const r = routing(market);
  return mutant('route-listing-no-brokers') ? { ...r, broker_channels: [], broker_a_category: null, broker_a_url: null } : r;
}

export type JobView = 'status' | 'result';

/** The submission answer: the job identity, its current status and creation time (gap on SCH ForecastRequestAccepted). */
export const acceptedView = (job: Job, now: number) => ({ jobId: job.id, status: statusAt(job, now), createdAt: iso(job.createdAt) });

/** ForecastRequestForecast: the published forecast with its relationships envelope. */
function publishedForecast(job: Job, store: DataStore) {
  const f = job.forecast;
  return {
    id: f.id,
    question: job.market.question,
    probability: f.probability,
    // Mutant job-forecast-created-at-job: the forecast is dated with its job's creation (round-6 bug).
    createdAt: iso(mutant('job-forecast-created-at-job') ? job.createdAt : f.createdAt),
    headline: f.headline,
    bluf: f.bluf,
    thesis: f.thesis,
    reasoningSummary: f.reasoningSummary,
    citationCount: f.citationCount,
    relationships: relationships({ kind: 'forecast', forecastId: f.id }, store),
  };
}

/**
 * forecastIds of the job at `status` (gap JOB-030): the published forecast once the job succeeded; the
 * alternate stub names the forecast to come from acceptance on and drops it when the job ends without one.
 */
function forecastIdsAt(job: Job, status: string): string[] {
  if (alt('JOB-030')) return status === 'failed' || status === 'rejected' ? [] : [job.forecast.id];
  return status === 'succeeded' ? [job.forecast.id] : [];
}

/**
 * The job at `now`. forecasts expands the published forecast only in view=result and only after success
 * (spec: States and transitions, facts 2 and 3); errorCode is set for failed and rejected jobs (gap
 * JOB-019); listing is the routing object of the body's market (gap JOB-023; null while accepted on the
 * alternate stub).
 */
export function jobView(job: Job, now: number, view: JobView, store: DataStore) {
  const status = statusAt(job, now);
  const succeeded = status === 'succeeded';
  return {
    jobId: job.id,
    status,
    createdAt: iso(job.createdAt),
    updatedAt: iso(updatedAt(job, now)),
    forecastIds: forecastIdsAt(job, status),
    forecasts: succeeded && (view === 'result' || mutant('job-status-expands')) ? [publishedForecast(job, store)] : [],
    errorCode: status === 'failed' || status === 'rejected' ? errorCodeOf(status) : null,
    listing: alt('JOB-023') && status === 'accepted' ? null : listingOf(job.market),
  };
}
