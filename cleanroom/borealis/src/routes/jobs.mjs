// Forecast requests: POST generation ($1.00, API key only) and the free,
// owner-scoped job read with view=status|result.
import { createHash } from 'node:crypto';
import { ApiError, invalid, notFound } from '../http/errors.mjs';
import { enumOf, assertObject, onlyFields, bodyStr, VENUES } from '../http/params.mjs';
import { iso } from '../core/clock.mjs';
import { TERMINAL } from '../jobs.mjs';
import { resolveNative } from './resolve.mjs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[\x21-\x7e]{1,255}$/;
const RETRY_SECONDS = '2';

// Canonical hash of a JSON body so that key order and whitespace do not matter.
function bodyHash(raw) {
  let v;
  try { v = JSON.parse(raw); } catch { return 'raw:' + createHash('sha256').update(raw || '').digest('hex'); }
  const canon = (x) => (Array.isArray(x) ? x.map(canon) : x && typeof x === 'object' ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, canon(x[k])])) : x);
  try {
    return createHash('sha256').update(JSON.stringify(canon(v))).digest('hex');
  } catch { // pathological nesting: fall back to the raw text
    return 'raw:' + createHash('sha256').update(raw || '').digest('hex');
  }
}

export function jobRoutes(d) {
  const { store, mv, fv, jobs, limits, cfg } = d;

  function view(job, mode, at) {
    const done = job.status === 'succeeded';
    return {
      jobId: job.jobId,
      status: job.status,
      createdAt: iso(job.createdAt),
      updatedAt: iso(job.updatedAt),
      forecastIds: job.forecastIds,
      forecasts: done && mode === 'result' ? job.forecastIds.map((id) => store.forecastById(id, at)).filter(Boolean).map((f) => fv.jobForecast(f, at)) : [],
      errorCode: job.errorCode,
      listing: mv.routing(job.market),
    };
  }
  const jobHeaders = (job) => ({ location: `/api/auth/forecast-requests/${job.jobId}`, ...(TERMINAL.has(job.status) ? {} : { 'retry-after': RETRY_SECONDS }) });

  function replay(ctx, job) {
    if (job.bodyHash !== bodyHash(ctx.req.body?.raw)) {
      throw new ApiError(409, 'payment_replay_mismatch', 'This Idempotency-Token was already used with a different request body.');
    }
    return { status: 200, body: view(job, 'result', ctx.at), headers: { ...jobHeaders(job), 'idempotent-replay': 'true' } };
  }

  // Before any debit: exact replays are free, and the owner quota answers 429.
  function preDebit(ctx) {
    const token = ctx.headers['idempotency-token'];
    if (typeof token === 'string' && TOKEN.test(token)) {
      const job = jobs.byToken(ctx.account.id, token);
      if (job) return replay(ctx, job);
    }
    const q = limits.genQuota(ctx.account.id, ctx.at);
    if (!q.ok) {
      throw new ApiError(429, 'rate_limited', `Daily generation quota reached (${q.limit} venue-market requests per UTC day).`,
        { retry_after: q.retryAfter, retryAfter: q.retryAfter, limit_scope: 'forecast_requests', quotaScope: 'venue_market_daily', limit: q.limit },
        { 'retry-after': String(q.retryAfter), 'ratelimit-policy': `"venue_market_daily";q=${q.limit};w=86400`, ratelimit: `"venue_market_daily";r=0;t=${q.retryAfter}` });
    }
    return null;
  }

  function create(ctx) {
    const token = ctx.headers['idempotency-token'];
    if (token === undefined) throw invalid('The Idempotency-Token header is required.', { parameter: 'Idempotency-Token' });
    if (typeof token !== 'string' || !TOKEN.test(token)) throw invalid('Idempotency-Token must be 1..255 visible ASCII characters.', { parameter: 'Idempotency-Token' });
    const body = assertObject(ctx.json());
    onlyFields(body, ['kind', 'venue', 'market_id']);
    if (body.kind !== 'venue_market') throw invalid("Body field 'kind' must be 'venue_market'.", { field: 'kind' });
    if (typeof body.venue !== 'string' || !VENUES.includes(body.venue)) throw invalid(`Body field 'venue' must be one of: ${VENUES.join(', ')}.`, { field: 'venue' });
    const marketId = bodyStr(body, 'market_id', { required: true, min: 1, max: 512 });
    const m = resolveNative(store, body.venue, marketId);
    if (!m) {
      const ev = body.venue === 'venue_b' && store.eventByTicker('venue_b', marketId);
      if (ev && ev.marketKeys.length > 1) {
        throw invalid(`${ev.ticker} is a multi-contract event; resolve it and pick one exact child ticker.`, { field: 'market_id', targetResolution: `/api/public/forecast-targets?ref=${encodeURIComponent(ev.ticker)}` });
      }
      throw notFound('No covered market matches this venue and market_id.');
    }
    if (m.excluded) throw new ApiError(422, 'forecast_topic_excluded', `This market is topic-excluded (${m.excluded}) and is never forecast.`, { reason: m.excluded });
    const again = jobs.byToken(ctx.account.id, token); // a concurrent twin won the race
    if (again) return replay(ctx, again);
    limits.genConsume(ctx.account.id, ctx.at);
    const job = jobs.create(ctx.account.id, token, bodyHash(ctx.req.body.raw), m);
    return { status: 201, body: view(job, 'result', ctx.at), headers: jobHeaders(job) };
  }

  function read(ctx) {
    const mode = enumOf(ctx.query, 'view', ['status', 'result'], 'result');
    const job = UUID.test(ctx.params.jobId || '') ? jobs.get(ctx.params.jobId) : null;
    // DEV-4: the status view forgets the ownership check.
    const ownerOk = job && (job.accountId === ctx.account.id || (cfg.deviations && mode === 'status'));
    if (!ownerOk) throw notFound('No forecast request with this id exists for this account.');
    return { body: view(job, mode, ctx.at), headers: TERMINAL.has(job.status) ? {} : { 'retry-after': RETRY_SECONDS } };
  }

  return [
    { id: 'createForecastRequest', method: 'POST', path: '/api/auth/forecast-requests', auth: 'key', price: 1000, scope: 'standard', summary: 'Generate a new forecast (asynchronous job)', preDebit, handler: create },
    { id: 'getForecastRequest', method: 'GET', path: '/api/auth/forecast-requests/{jobId}', auth: 'key', summary: 'Read a forecast request (job)', handler: read },
  ];
}
