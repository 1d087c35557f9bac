// Forecast generation (POST, $1.00, API key only) and the job read (free,
// API key only). The idempotency key travels in X-Idempotency-Key.
import { ApiError, invalid, notFound } from '../util/http.mjs';
import { VENUES, rejectUnknownFields } from '../util/params.mjs';
import { assertNotExcluded, exclusionOf } from '../domain/topics.mjs';
import { routing, jobForecast } from '../domain/views.mjs';
import { iso, httpDate, nextUtcMidnight } from '../util/time.mjs';
import { GENERATION_CREDITS, DAILY_PER_MARKET } from '../platform/jobs.mjs';

const IDEM = /^[\x21-\x7e]{1,200}$/;

function generationValidate({ body, headers }, ctx) {
  rejectUnknownFields(body, ['kind', 'venue', 'market_id']);
  if (body.kind !== 'venue_market') throw invalid("Body field 'kind' must be 'venue_market'.");
  if (!VENUES.includes(body.venue)) throw invalid(`Body field 'venue' must be one of: ${VENUES.join(', ')}.`);
  if (typeof body.market_id !== 'string' || body.market_id.length < 1 || body.market_id.length > 512) throw invalid("Body field 'market_id' must be a string of 1 to 512 characters.");
  const key = headers['x-idempotency-key'];
  if (key === undefined) throw invalid('An idempotency key is required in the X-Idempotency-Key header.');
  if (typeof key !== 'string' || !IDEM.test(key)) throw invalid('X-Idempotency-Key must be 1 to 200 visible ASCII characters.');
  const s = ctx.store;
  const m = s.byNative.get(body.venue).get(body.market_id) || null;
  if (m) assertNotExcluded(m);
  else if (body.venue === 'venue_b') {
    const ev = s.eventsByTicker.get(body.market_id);
    if (ev && ev.excluded) throw new ApiError(422, 'forecast_topic_excluded', exclusionOf({ excluded: ev.excluded }).message, { reason: ev.excluded });
  }
  return { venue: body.venue, market_id: body.market_id, idemKey: key, market: m };
}

export function jobBody(ctx, job, view) {
  const st = ctx.jobs.view(job, ctx.now);
  const ok = st.status === 'succeeded';
  const m = ctx.store.byKey.get(job.marketKey);
  return {
    jobId: job.jobId, status: st.status, createdAt: iso(job.createdAt), updatedAt: iso(st.updatedAt),
    forecastIds: ok ? [...job.forecastIds] : [],
    forecasts: ok && view === 'result' ? job.forecastIds.map((id) => jobForecast(ctx, ctx.store.forecastById.get(id))) : [],
    errorCode: st.terminal && !ok ? job.errorCode : null,
    listing: m ? routing(m) : null,
  };
}

const retryAfterDate = (ctx) => httpDate(Math.ceil((ctx.now + 2000) / 1000) * 1000);

function generationPreCharge(p, ctx, auth) {
  const fp = `${p.venue}|${p.market_id}`;
  const prior = ctx.jobs.byIdem.get(`${auth.acct.id}|${p.idemKey}`);
  if (prior) {
    if (prior.fingerprint !== fp) throw invalid('This X-Idempotency-Key was already used with a different request body.');
    const body = jobBody(ctx, prior, 'result');
    const headers = { Location: `/api/auth/forecast-requests/${prior.jobId}`, 'Idempotent-Replayed': 'true' };
    if (!['succeeded', 'rejected', 'failed'].includes(body.status)) headers['Retry-After'] = retryAfterDate(ctx);
    return { status: 200, body, headers };
  }
  const m = p.market;
  if (!m) {
    const ev = p.venue === 'venue_b' ? ctx.store.eventsByTicker.get(p.market_id) : null;
    if (ev) throw invalid(`${p.market_id} is a multi-contract event; resolve it at /api/public/forecast-targets and submit one exact child ticker.`);
    throw notFound('No tracked market matches this venue and market_id.');
  }
  const used = ctx.jobs.dailyCount(auth.acct.id, m.marketKey, ctx.now);
  if (used >= DAILY_PER_MARKET) {
    const retry = Math.ceil((nextUtcMidnight(ctx.now) - ctx.now) / 1000);
    throw new ApiError(429, 'rate_limited', `At most ${DAILY_PER_MARKET} generations per market per account per UTC day.`,
      { retry_after: retry, retryAfter: retry, limit_scope: 'standard', quotaScope: 'venue_market_daily', limit: DAILY_PER_MARKET }, { 'Retry-After': String(retry) });
  }
  p.fingerprint = fp;
  return null;
}

function generationHandle(p, ctx, auth) {
  const job = ctx.jobs.create(auth.acct, p.market, p.idemKey, p.fingerprint, ctx.now);
  return {
    status: 202, body: jobBody(ctx, job, 'result'),
    headers: { Location: `/api/auth/forecast-requests/${job.jobId}`, 'Retry-After': retryAfterDate(ctx) },
  };
}

function readValidate({ query: q, path }) {
  return { jobId: path.jobId, view: q.enum('view', ['status', 'result'], 'result') };
}

function readHandle(p, ctx, auth) {
  const job = ctx.jobs.byId.get(p.jobId);
  // Unknown, malformed and other-account ids all get the same 404.
  if (!job || job.accountId !== auth.acct.id) throw notFound('No forecast request with this id exists for this API key.');
  const body = jobBody(ctx, job, p.view);
  const headers = {};
  if (!['succeeded', 'rejected', 'failed'].includes(body.status)) headers['Retry-After'] = retryAfterDate(ctx);
  return { status: 200, body, headers };
}

export const jobRoutes = [
  {
    method: 'POST', path: '/api/auth/forecast-requests', kind: 'key', scope: 'standard', price: GENERATION_CREDITS, body: true,
    summary: 'Generate a new forecast (asynchronous job)', validate: generationValidate, preCharge: generationPreCharge, handle: generationHandle, latency: 25,
  },
  { method: 'GET', path: '/api/auth/forecast-requests/:jobId', kind: 'key', summary: 'Read a forecast request', validate: readValidate, handle: readHandle },
];
