// Forecast generation jobs. A job moves on real time:
//   accepted -> submitted (~1.5 s) -> running (~3.5 s) -> succeeded (~9 s)
// A closed market is rejected after submission; a deterministic share of
// markets fail in the research stage. Timers are unref'd.
import { randomUUID } from 'node:crypto';
import { fnv1a } from './core/prng.mjs';
import { composeForecast } from './data/content.mjs';

export const TERMINAL = new Set(['succeeded', 'rejected', 'failed']);

export function createJobs(store) {
  const jobs = new Map();
  const byToken = new Map(); // `${accountId}|${token}` -> job
  let seq = 0;

  const step = (job, status, extra = {}) => {
    job.status = status;
    job.updatedAt = Date.now();
    Object.assign(job, extra);
  };
  const later = (ms, fn) => setTimeout(fn, ms).unref();

  function run(job) {
    const m = job.market;
    later(1500, () => {
      if (!m.active) return step(job, 'rejected', { errorCode: 'market_closed' });
      step(job, 'submitted');
      later(2000, () => {
        step(job, 'running');
        later(5500, () => {
          if (fnv1a('fail:' + m.key) % 7 === 3) return step(job, 'failed', { errorCode: 'research_budget_exhausted' });
          const at = Date.now();
          const prior = store.latestForecast(m.key, at);
          const cites = store.evidenceOf(m.key, at).slice(0, 4).map((e) => e.article.id);
          const f = composeForecast(m, at, prior, prior ? 'on_demand' : 'initial', 'job' + ++seq + job.jobId, cites);
          store.addForecast(f);
          step(job, 'succeeded', { forecastIds: [f.id] });
        });
      });
    });
  }

  return {
    create(accountId, token, bodyHash, market) {
      const now = Date.now();
      const job = { jobId: randomUUID(), accountId, token, bodyHash, market, status: 'accepted', createdAt: now, updatedAt: now, forecastIds: [], errorCode: null };
      jobs.set(job.jobId, job);
      byToken.set(`${accountId}|${token}`, job);
      run(job);
      return job;
    },
    get: (id) => jobs.get(String(id).toLowerCase()) || null,
    byToken: (accountId, token) => byToken.get(`${accountId}|${token}`) || null,
  };
}
