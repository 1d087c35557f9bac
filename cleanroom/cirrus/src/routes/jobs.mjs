// Forecast generation requests (API key only, entitlement required). The
// generation is billed at acceptance and stays billed whatever the job's end.
import { randomUUID, createHash } from 'node:crypto';
import { ApiError, invalid } from '../errors.mjs';
import { parseJsonObject } from '../util/http.mjs';
import { bodyStr, onlyKeys, VENUES } from '../util/validate.mjs';
import { byNative, venueBEvent } from '../data/query.mjs';
import { routing } from '../views/market.mjs';
import { jobForecast } from '../views/forecast.mjs';
import { planJob, jobState, isTerminal, jobIdentity, RETRY_AFTER_SECONDS } from '../jobs.mjs';
import { EXCLUSION_MESSAGES } from './public.mjs';
import { iso, utcDayStart, secondsToUtcMidnight } from '../util/time.mjs';

export const DAILY_PER_MARKET = 3;
const IDEM = /^[\x21-\x7E]{1,255}$/;

function prepareCreate(ctx) {
  const b = parseJsonObject(ctx.rawBody);
  onlyKeys(b, ['kind', 'venue', 'market_id']);
  if (b.kind !== 'venue_market') throw invalid('kind must be venue_market.');
  if (!VENUES.includes(b.venue)) throw invalid(`venue must be one of: ${VENUES.join(', ')}.`);
  const marketId = bodyStr(b, 'market_id', { required: true, max: 512 });
  const idem = ctx.req.headers['idempotency-key'];
  if (idem === undefined) throw invalid('The Idempotency-Key header is required.');
  if (!IDEM.test(idem)) throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters.');
  const acct = ctx.account;
  const bodyHash = createHash('sha256').update(JSON.stringify([b.kind, b.venue, marketId])).digest('hex');
  const prior = ctx.st.idempotency.get(`${acct.accountId}|${idem}`);
  if (prior) {
    if (prior.bodyHash !== bodyHash) throw invalid('This Idempotency-Key was already used with a different request body.');
    const job = ctx.st.jobs.get(prior.jobId);
    return { early: { status: 200, body: jobIdentity(job, ctx.now), headers: { 'Idempotent-Replayed': 'true', Location: `/api/auth/forecast-requests/${job.jobId}` }, billed: false } };
  }
  let m = byNative(ctx.vx.ds, b.venue, marketId);
  if (!m) {
    const ev = b.venue === 'venue_b' ? venueBEvent(ctx.vx.ds, marketId) : null;
    if (ev && ev.children.length === 1) m = ev.children[0]; // a single-contract event names its contract
    else if (ev) throw invalid(`${ev.ticker} is an event; pick one exact child ticker first.`, { targetResolution: { endpoint: `/api/public/forecast-targets?ref=${encodeURIComponent(ev.ticker)}`, reason: 'venue_event_requires_market', marketCount: ev.children.length } });
    else throw new ApiError(404, 'not_found', `No tracked ${b.venue} market has id ${marketId}.`);
  }
  if (m.excluded) throw new ApiError(422, 'forecast_topic_excluded', EXCLUSION_MESSAGES[m.excluded], { reason: m.excluded });
  const qk = `${acct.accountId}|${m.marketKey}|${utcDayStart(ctx.now)}`;
  const used = ctx.st.quotas.get(qk) ?? 0;
  if (used >= DAILY_PER_MARKET) {
    const wait = secondsToUtcMidnight(ctx.now);
    throw new ApiError(429, 'rate_limited', `At most ${DAILY_PER_MARKET} generations per market per UTC day for one owner.`, { retryAfter: wait, retry_after: wait, limit_scope: 'owner_daily', quotaScope: 'venue_market_daily', limit: DAILY_PER_MARKET }, { 'Retry-After': String(wait) });
  }
  return { m, idem, bodyHash, qk };
}

function create(ctx, p) {
  // A concurrent request with the same key may have won the race meanwhile.
  const raced = ctx.st.idempotency.get(`${ctx.account.accountId}|${p.idem}`);
  if (raced) {
    const job = ctx.st.jobs.get(raced.jobId);
    if (raced.bodyHash !== p.bodyHash) throw invalid('This Idempotency-Key was already used with a different request body.');
    return { status: 200, body: jobIdentity(job, ctx.now), headers: { 'Idempotent-Replayed': 'true', Location: `/api/auth/forecast-requests/${job.jobId}` }, billed: false };
  }
  const jobId = randomUUID();
  const job = { jobId, accountId: ctx.account.accountId, createdAt: ctx.now, marketIdx: p.m.idx, plan: planJob(p.m, ctx.now, jobId), ended: null, forecastId: null };
  ctx.st.jobs.set(jobId, job);
  ctx.st.idempotency.set(`${job.accountId}|${p.idem}`, { jobId, bodyHash: p.bodyHash });
  ctx.st.quotas.set(p.qk, (ctx.st.quotas.get(p.qk) ?? 0) + 1);
  return { status: 202, body: { jobId, status: 'accepted', createdAt: iso(job.createdAt) }, headers: { Location: `/api/auth/forecast-requests/${jobId}`, 'Retry-After': String(RETRY_AFTER_SECONDS) } };
}

export function jobView(vx, job, view) {
  const s = jobState(job, vx.now);
  const succeeded = s.status === 'succeeded' && job.forecastId;
  const f = succeeded ? vx.st.publishedById.get(job.forecastId) : null;
  return {
    jobId: job.jobId,
    status: s.status,
    createdAt: iso(job.createdAt),
    updatedAt: iso(s.updatedAt),
    forecastIds: succeeded ? [job.forecastId] : [],
    forecasts: f && view === 'result' ? [jobForecast(vx, f)] : [],
    errorCode: s.errorCode,
    listing: routing(vx, vx.ds.markets[job.marketIdx]),
  };
}

function read(ctx, p) {
  const job = ctx.st.jobs.get(ctx.params.jobId);
  // Unknown and not-owned jobs are indistinguishable.
  if (!job || job.accountId !== ctx.account.accountId) throw new ApiError(404, 'not_found', 'No forecast request with this id exists for this API key.');
  const body = jobView(ctx.vx, job, p.view);
  return { body, headers: isTerminal(body.status) ? {} : { 'Retry-After': String(RETRY_AFTER_SECONDS) } };
}

export default [
  { method: 'POST', path: '/api/auth/forecast-requests', operationId: 'createForecastRequest', kind: 'key', entitled: true, credits: 1000, scope: 'standard', body: true, summary: 'Generate a new forecast for one exact venue market (asynchronous job)', prepare: prepareCreate, handler: create },
  { method: 'GET', path: '/api/auth/forecast-requests/{jobId}', operationId: 'getForecastRequest', kind: 'key', entitled: true, credits: 0, summary: 'Read a forecast generation job', prepare: (ctx) => ({ view: ctx.query.enum('view', ['status', 'result'], 'result') }), handler: read },
];
