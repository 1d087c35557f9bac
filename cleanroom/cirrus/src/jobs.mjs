// Forecast generation jobs. A job's path is planned at creation (times and
// outcome) and its status is read off the clock, so a control-plane clock
// advance moves jobs too. Success publishes the forecast into the state.
import { sha256Hex, hash32, round, clamp } from './util/rng.mjs';
import { iso } from './util/time.mjs';
import { latestForecast } from './data/query.mjs';

export const RETRY_AFTER_SECONDS = 2;

export function planJob(m, createdAt, jobId) {
  const h = hash32(jobId);
  const end = createdAt + 9000 + (h % 5000);
  let outcome = 'succeeded';
  let errorCode = null;
  if (!m.active) { outcome = 'rejected'; errorCode = 'market_closed'; }
  else if (!m.quote) { outcome = 'failed'; errorCode = 'pricing_unavailable'; }
  return { submittedAt: createdAt + 1500, runningAt: createdAt + 4000, endAt: end, outcome, errorCode };
}

export function jobState(job, now) {
  if (job.ended) return { status: job.ended.status, updatedAt: job.ended.at, errorCode: job.ended.errorCode };
  const p = job.plan;
  if (now >= p.endAt) return { status: p.outcome, updatedAt: p.endAt, errorCode: p.errorCode };
  if (now >= p.runningAt) return { status: 'running', updatedAt: p.runningAt, errorCode: null };
  if (now >= p.submittedAt) return { status: 'submitted', updatedAt: p.submittedAt, errorCode: null };
  return { status: 'accepted', updatedAt: job.createdAt, errorCode: null };
}
export const isTerminal = (s) => s === 'succeeded' || s === 'failed' || s === 'rejected';

// Publishes forecasts of jobs that have succeeded by `now` (idempotent).
export function tickJobs(vx) {
  for (const job of vx.st.jobs.values()) {
    if (job.forecastId || job.ended) continue;
    if (jobState(job, vx.now).status !== 'succeeded') continue;
    const m = vx.ds.markets[job.marketIdx];
    const prior = latestForecast(vx, m, job.plan.endAt);
    const h = hash32(job.jobId);
    const prob = round(clamp((prior?.probability ?? m.p) + ((h % 100) - 50) / 1000, 0.02, 0.98), 3);
    const pct = Math.round(prob * 100);
    const f = {
      id: 'fct_' + sha256Hex('job:' + job.jobId).slice(0, 16), marketIdx: m.idx, question: m.question, probability: prob, created_at: job.plan.endAt,
      headline: `${pct}% YES after an on-demand research run`, bluf: `We put ${pct}% on YES for "${m.question ?? m.title}".`,
      thesis: 'Fresh evidence and the current venue price were weighed against the base rate for comparable markets.',
      reasoning: 'On-demand generation: evidence retrieval, base-rate anchoring, adjustment for current pricing and linked evidence.',
      reasoning_summary: 'Anchored on the base rate, adjusted for current evidence.', crux: 'Whether new evidence arrives before resolution.',
      sources: [], citationCount: 0, uncertainty: { lower: round(clamp(prob - 0.08, 0, 1), 3), upper: round(clamp(prob + 0.08, 0, 1), 3), interval: 0.8 },
      resolution_pathway: { criteria: `Resolves YES if the venue's rules for "${m.question ?? m.title}" are met at close.`, crux: 'Whether new evidence arrives before resolution.', deadline: m.endMs, source: 'Official resolution source' },
      delta_from_prior: prior ? round(prob - prior.probability, 3) : null, delta_reasoning: prior ? 'Refreshed on request.' : null,
      refresh_reason: prior ? 'on_demand' : 'initial', market_odds_at_forecast: m.quote ? round(m.p, 3) : null,
      drawdown: { yes: round(0.05 + (h % 20) / 100, 3), no: round(0.05 + ((h >> 5) % 20) / 100, 3) }, jobId: job.jobId,
    };
    job.forecastId = f.id;
    if (!vx.st.published.has(m.idx)) vx.st.published.set(m.idx, []);
    vx.st.published.get(m.idx).push(f);
    vx.st.publishedById.set(f.id, f);
  }
}

export const jobIdentity = (job, now) => ({ jobId: job.jobId, status: jobState(job, now).status, createdAt: iso(job.createdAt) });
