/**
 * API shapes of a job (spec: Resources / Forecast request; GET /api/auth/forecast-requests/{jobId}):
 * the 202 answer of a submission (ForecastRequestAccepted) and the ForecastRequest read in either view.
 */
import type { DataStore } from '../data/store.ts';
import { iso, relationships, routing } from '../present/index.ts';
import { ERROR_CODES, statusAt, updatedAt, type Job } from './model.ts';
import { mutant } from '../mutants.ts';

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
    createdAt: iso(f.createdAt),
    headline: f.headline,
    bluf: f.bluf,
    thesis: f.thesis,
    reasoningSummary: f.reasoningSummary,
    citationCount: f.citationCount,
    relationships: relationships({ kind: 'forecast', forecastId: f.id }, store),
  };
}

/**
 * The job at `now`. forecastIds names the published forecast once the job succeeded (gap JOB-030);
 * forecasts expands it only in view=result and only after success (spec: States and transitions,
 * facts 2 and 3); errorCode is set exactly for failed and rejected jobs (gap JOB-019); listing is
 * the routing object of the body's market (gap JOB-023).
 */
export function jobView(job: Job, now: number, view: JobView, store: DataStore) {
  const status = statusAt(job, now);
  const succeeded = status === 'succeeded';
  return {
    jobId: job.id,
    status,
    createdAt: iso(job.createdAt),
    updatedAt: iso(updatedAt(job, now)),
    forecastIds: succeeded ? [job.forecast.id] : [],
    forecasts: succeeded && (view === 'result' || mutant('job-status-expands')) ? [publishedForecast(job, store)] : [],
    errorCode: status === 'failed' || status === 'rejected' ? ERROR_CODES[status] : null,
    listing: routing(job.market),
  };
}
