// Forecast generation jobs. A job's life is planned when it is created
// (submitted -> accepted -> running -> succeeded, or a rejection / failure)
// and observed against the real clock; a timer commits the outcome (store
// the new forecast, or refund the credits) when the terminal time arrives.
import { randomUUID } from 'node:crypto';
import { addForecast, latestForecast } from '../data/store.mjs';
import { makeForecast } from '../data/content.mjs';
import { rngFor, round, clamp, hash32 } from '../util/rng.mjs';
import { venueQuote } from '../domain/quotes.mjs';
import { utcDay } from '../util/time.mjs';

export const TERMINAL = new Set(['succeeded', 'rejected', 'failed']);
export const GENERATION_CREDITS = 1000;
export const DAILY_PER_MARKET = 3;

export class Jobs {
  constructor(store, accounts) {
    this.store = store;
    this.accounts = accounts;
    this.byId = new Map();
    this.byIdem = new Map(); // accountId|key -> job
    this.daily = new Map(); // accountId|marketKey|day -> count
  }

  plan(m, now) {
    const jitter = (hash32(m.marketKey + now) % 1500);
    const t = (s) => now + s * 1000 + jitter;
    if (m.status !== 'active') return [['submitted', now], ['accepted', t(2)], ['rejected', t(4)]];
    if (m.generationOutcome === 'failed') return [['submitted', now], ['accepted', t(2)], ['running', t(4)], ['failed', t(8)]];
    return [['submitted', now], ['accepted', t(2)], ['running', t(4)], ['succeeded', t(10)]];
  }

  dailyCount(acctId, marketKey, now) {
    return this.daily.get(`${acctId}|${marketKey}|${utcDay(now)}`) || 0;
  }

  create(acct, m, idemKey, fingerprint, now) {
    const dk = `${acct.id}|${m.marketKey}|${utcDay(now)}`;
    this.daily.set(dk, (this.daily.get(dk) || 0) + 1);
    const job = {
      jobId: randomUUID(), accountId: acct.id, marketKey: m.marketKey, createdAt: now, timeline: this.plan(m, now),
      forecastIds: [], errorCode: null, committed: false, idemKey, fingerprint, charged: GENERATION_CREDITS,
    };
    this.byId.set(job.jobId, job);
    this.byIdem.set(`${acct.id}|${idemKey}`, job);
    const end = job.timeline[job.timeline.length - 1][1];
    setTimeout(() => this.commit(job), Math.max(0, end - Date.now()) + 5).unref();
    return job;
  }

  stateAt(job, now) {
    let cur = job.timeline[0];
    for (const step of job.timeline) if (step[1] <= now) cur = step;
    return { status: cur[0], updatedAt: cur[1] };
  }

  /** Applies the terminal outcome once (timer or first late read, whichever is first). */
  commit(job) {
    if (job.committed) return;
    const [status, at] = job.timeline[job.timeline.length - 1];
    if (Date.now() < at) return;
    job.committed = true;
    const m = this.store.byKey.get(job.marketKey);
    if (status === 'succeeded') {
      const prior = latestForecast(this.store, m.marketKey);
      const q = venueQuote(m, at);
      const r = rngFor('job:' + job.jobId);
      const marketAt = q ? q.selected_probability : m.p0;
      const prob = clamp(round(marketAt + r.float(-0.12, 0.12), 3), 0.02, 0.98);
      const arts = (this.store.articlesByMarket.get(m.marketKey) || []).slice(0, 5).map((a) => a.id);
      const f = makeForecast({ m, created: at, prob, prior: prior ? prior.probability : null, marketAt: round(marketAt, 3), seq: prior ? 1 : 0, r, label: 'job:' + job.jobId, articles: arts });
      f.refresh_reason = prior ? 'on_request' : null;
      addForecast(this.store, f);
      job.forecastIds = [f.id];
    } else {
      job.errorCode = status === 'rejected' ? 'market_not_open' : 'research_pipeline_error';
      const acct = this.accounts.byId.get(job.accountId);
      if (acct && job.charged) {
        this.accounts.refund(acct, job.charged);
        job.charged = 0;
      }
    }
  }

  view(job, now) {
    if (!job.committed) this.commit(job);
    const st = this.stateAt(job, now);
    return { ...st, terminal: TERMINAL.has(st.status) };
  }
}
