/**
 * Generation jobs (spec: POST /api/auth/forecast-requests; States and transitions): request
 * parsing, market resolution, topic exclusion, the owner-scoped daily quota, idempotent submission
 * and the control plane's ending of a job. Handlers never debit; the gate does (an idempotent
 * replay is reported `billable: false` so that its admission debit is refunded).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { contract } from '../../contract/index.ts';
import type { StubContext } from '../context.ts';
import type { Market, Venue } from '../data/model.ts';
import type { DataStore } from '../data/store.ts';
import { ApiError, invalidRequest, notFound } from '../errors.ts';
import { VENUES } from '../params.ts';
import { DAY } from '../data/rng.ts';
import { derivedUuid, jobForecast } from './forecast.ts';
import { TERMINAL, statusAt, successDelayMs, type EndOutcome, type GenerationRequest, type Job } from './model.ts';
import { JobStore } from './store.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

/** Accepted generations per account per UTC day (gap JOB-007; the alternate stub's bound is 25). */
const dailyQuota = (): number => (alt('JOB-007') ? 25 : 50);
/** The quota's stable scope name (spec: Errors, quotaScope "such as venue_market_daily"). */
export const QUOTA_SCOPE = 'venue_market_daily';
/** The idempotency key's header, lower-case (gap JOB-035: the alternate stub names it X-Idempotency-Key). */
export const idempotencyHeader = (): string => (alt('JOB-035') ? 'x-idempotency-key' : 'idempotency-key');
/** The idempotency key's accepted form (gap JOB-029). */
const KEY_FORM = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
const MARKET_ID_MAX = 512;

const stores = new WeakMap<StubContext, JobStore>();

/** The job store of a stub context; created on first use and emptied by the control-plane reset. */
export function jobsOf(ctx: StubContext): JobStore {
  let jobs = stores.get(ctx);
  if (!jobs) {
    const created = new JobStore();
    ctx.resetHooks.push(() => created.clear());
    stores.set(ctx, created);
    jobs = created;
  }
  return jobs;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The idempotency key of a request. @throws 422 invalid_request when missing or malformed. */
export function idempotencyKey(headers: IncomingHttpHeaders): string {
  const key = headerValue(headers, idempotencyHeader());
  if (key === undefined) throw invalidRequest(`the ${idempotencyHeader()} header is required (idempotencyKeyRequired is true)`);
  if (!KEY_FORM.test(key)) throw invalidRequest(`${idempotencyHeader()} must be 1..255 visible ASCII characters`);
  return key;
}

/** The generation body (VenueMarketForecastRequest). @throws 422 invalid_request naming the bad field. */
export function generationRequest(body: unknown): GenerationRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidRequest('the body must be a JSON object (the generation body)');
  const b = body as Record<string, unknown>;
  if (b.kind === undefined) throw invalidRequest('kind is required');
  if (b.kind !== 'venue_market') throw invalidRequest('kind must be venue_market');
  if (b.venue === undefined) throw invalidRequest('venue is required');
  if (typeof b.venue !== 'string' || !(VENUES as readonly string[]).includes(b.venue))
    throw invalidRequest(`venue must be one of ${VENUES.join(', ')}`);
  if (b.market_id === undefined) throw invalidRequest('market_id is required');
  // Mutant job-dotted-ticker-refused: a venue_b ticker holding "." (a strike such as T3.75) is refused as malformed.
  if (mutant('job-dotted-ticker-refused') && typeof b.market_id === 'string' && b.market_id.includes('.'))
    throw invalidRequest('market_id must hold only letters, digits, "_" and "-"');
  // Mutant gen-market-id-bound-255: market_id bounded at a 255-character storage column, not the stated 512 (round-28 bug).
  const max = mutant('gen-market-id-bound-255') ? 255 : MARKET_ID_MAX;
  if (typeof b.market_id !== 'string' || b.market_id.length < 1 || b.market_id.length > max)
    throw invalidRequest(`market_id must be a string of 1..${max} characters`);
  return { kind: 'venue_market', venue: b.venue as Venue, market_id: b.market_id };
}

const sameRequest = (a: GenerationRequest, b: GenerationRequest): boolean =>
  a.kind === b.kind && a.venue === b.venue && a.market_id === b.market_id;

const excludedError = (m: Market): ApiError =>
  new ApiError(
    422,
    'forecast_topic_excluded',
    `${m.marketKey} is out of scope (${m.exclusion}): sports outcomes, mention markets and short-horizon crypto up/down markets are never forecast`,
  );

/**
 * The market a body names: its venue-native id (the venue_b ticker, the venue_a numeric id),
 * case-insensitively, tracked or not (gap JOB-028). A single-contract venue_b event ticker names its
 * one child. @throws 422 forecast_topic_excluded for an excluded topic; 422 invalid_request for a
 * multi-contract event (gap JOB-022); 404 not_found when the venue knows no such market (gap JOB-027).
 */
export function resolveGenerationMarket(store: DataStore, req: GenerationRequest): Market {
  // Mutant gen-strike-trailing-zero: a venue_b strike ending in zero after the point read as a number (T3.00 → T3), so
  // the ticker names no market: 404 (round-27 bug).
  if (mutant('gen-strike-trailing-zero') && req.venue === 'venue_b' && /-T\d+\.\d*0$/i.test(req.market_id))
    throw notFound(`${req.market_id.replace(/\.?0+$/, '')} names no venue_b market`);
  const id = req.market_id.toLowerCase();
  const m = store.resolveMarket({ venue: req.venue, marketId: req.market_id });
  // Mutant gen-legacy-venue-a-404: the id looked up in its venue-prefixed form only, so a legacy venue_a row (a bare
  // numeric serviceMarketId) names no market: 404 (round-34 bug).
  if (mutant('gen-legacy-venue-a-404') && m?.venue === 'venue_a' && /^\d+$/.test(m.serviceMarketId))
    throw notFound(`the venue venue_a has no market "${req.market_id}"`);
  // Gap JOB-028: the venue-native id matched case-insensitively (the alternate stub: exactly).
  const native = alt('JOB-028') ? m?.nativeMarketId === req.market_id : m?.nativeMarketId.toLowerCase() === id;
  const named =
    m &&
    (native ||
      (m.venue === 'venue_a' && /^\d+$/.test(m.serviceMarketId) && m.serviceMarketId === req.market_id) ||
      // The alternate stub's generation bodies name venue_a_us and venue_c markets by serviceMarketId (gap AVAIL-041).
      (alt('AVAIL-041') && m.serviceMarketId.toLowerCase() === id));
  if (m && named) {
    if (m.exclusion && !mutant('job-excluded-accepted')) throw excludedError(m);
    // Mutant: the horizon line drawn at the day, not the hourly settle (a daily-close crypto up/down market refused).
    if (mutant('topic-daily-crypto-generation') && m.tags.includes('crypto') && m.tags.includes('up-or-down'))
      throw excludedError({ ...m, exclusion: 'crypto_up_down' });
    return m;
  }
  const found = req.venue === 'venue_b' ? store.eventByTicker(req.market_id) : undefined;
  const event = found && (!alt('JOB-028') || found.ticker === req.market_id) ? found : undefined;
  if (event) {
    const children = store.childrenOf(event);
    const excluded = children.find((c) => c.exclusion);
    if (excluded) throw excludedError(excluded);
    if (!store.isMultiContract(event) && children[0]) return children[0];
    if (alt('JOB-022')) throw notFound(`${req.market_id} is a multi-contract event, not one market: pick one exact child ticker`);
    throw invalidRequest(
      `${req.market_id} is a multi-contract event: resolve it at /api/public/forecast-targets?ref=${encodeURIComponent(req.market_id)} and submit one exact child ticker (each child is its own request)`,
    );
  }
  // Gap JOB-027: 404 for a market no venue knows; the alternate stub: 422, an invalid body.
  const unknown = `the venue ${req.venue} has no market ${JSON.stringify(req.market_id)}`;
  throw alt('JOB-027') ? invalidRequest(unknown) : notFound(unknown);
}

/** Seconds from `now` to the next UTC midnight, at least 1. */
const secondsToNextUtcDay = (now: number): number => Math.max(1, Math.ceil((Math.floor(now / DAY) * DAY + DAY - now) / 1000));

/** The owner-scoped quota error (spec: Errors, retryAfter, limit_scope, quotaScope, limit; gap JOB-007). */
function quotaError(now: number): ApiError {
  const wait = secondsToNextUtcDay(now);
  return new ApiError(
    429,
    'rate_limited',
    `The daily forecast-request quota of ${dailyQuota()} generations per account is used up; retry after the next UTC midnight`,
    {
      retry_after: wait,
      // Mutants job-quota-retry-after-ms and job-quota-limit-scope-bound: retryAfter in ms, limit the standard scope's
      // daily bound (round-9 bugs: the member beside the headers stating another wait or another bound).
      retryAfter: mutant('job-quota-retry-after-ms') ? wait * 1000 : wait,
      limit_scope: 'standard',
      // Mutant job-quota-scope-dated: the scope carries the UTC date, a new one each day (round-19 bug).
      quotaScope: mutant('job-quota-scope-dated') ? `${QUOTA_SCOPE}:${new Date(now).toISOString().slice(0, 10)}` : QUOTA_SCOPE,
      limit: mutant('job-quota-limit-scope-bound') ? 20000 : dailyQuota(),
    },
    {
      'Retry-After': String(wait),
      'RateLimit-Policy': `"${QUOTA_SCOPE}";q=${dailyQuota()};w=86400`,
      RateLimit: `"${QUOTA_SCOPE}";r=0;t=${wait}`,
    },
  );
}

/**
 * Refuses a new generation of `owner` that would exceed the daily quota; a request whose
 * Idempotency-Key already names one of the owner's jobs is a replay and passes. Runs at admission,
 * before the debit, so a 429 is never debited (spec: Authentication rule 7).
 * @throws ApiError 429 rate_limited.
 */
export function checkQuota(ctx: StubContext, owner: string, headers: IncomingHttpHeaders): void {
  const jobs = jobsOf(ctx);
  const key = headerValue(headers, idempotencyHeader());
  if (key !== undefined && jobs.byKey(owner, key)) return;
  const now = ctx.clock.nowMs();
  if (jobs.createdToday(owner, now, quotaOffset()) >= dailyQuota()) throw quotaError(now);
}

/**
 * How long after 00:00 UTC the quota's day starts, ms: 0; on mutant job-quota-reset-late an hour, so the day's count
 * resets at 01:00 UTC while the 429's wait still points to 00:00 UTC (round-14 bug).
 */
const quotaOffset = (): number => (mutant('job-quota-reset-late') ? 3_600_000 : 0);

export type Submission = { job: Job; replay: boolean };

/**
 * Submits a generation for `owner`: the same key with the same body returns the existing job
 * (a replay: no second job, not billed again); the same key with another body is refused (gap
 * JOB-008); otherwise the market is resolved and checked, the quota re-checked and the job created,
 * its forecast published to the store to become visible when the job succeeds.
 * @throws ApiError 422 (invalid_request, idempotency_key_reused, forecast_topic_excluded), 404, 429.
 */
export function submit(ctx: StubContext, owner: string, key: string, req: GenerationRequest): Submission {
  const jobs = jobsOf(ctx);
  const existing = jobs.byKey(owner, key);
  if (existing && !mutant('job-idem-new-job')) {
    if (sameRequest(existing.request, req)) return { job: existing, replay: true };
    if (alt('JOB-008')) throw invalidRequest('this idempotency key was already used with a different body');
    throw new ApiError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different body; use a new key for a new request',
    );
  }
  const market = resolveGenerationMarket(ctx.store, req);
  const now = ctx.clock.nowMs();
  if (jobs.createdToday(owner, now, quotaOffset()) >= dailyQuota()) throw quotaError(now);
  const id = derivedUuid(
    'job',
    String(ctx.config.seed),
    owner,
    mutant('job-idem-new-job') ? `${key}#${jobs.createdToday(owner, now)}` : key,
  );
  const forecast = jobForecast(id, market, now + successDelayMs(), ctx.store.latestForecast(market.marketKey));
  const job: Job = { id, owner, idempotencyKey: key, request: req, market, createdAt: now, forecast, ended: null };
  jobs.add(job);
  ctx.store.addForecast(job.forecast, () => statusAt(job, ctx.clock.nowMs()) === 'succeeded');
  return { job, replay: false };
}

/** Why the control plane could not end a job. */
export type EndRefusal = 'not_found' | 'terminal';

/**
 * Ends a non-terminal job with `outcome` (control plane, contract/control.yaml) and returns its
 * generation's credits to the owner: a job that ends rejected or failed delivers no forecast (gap
 * BILL-014). @returns the job, or why it could not be ended.
 */
export function endJob(ctx: StubContext, id: string, outcome: EndOutcome): Job | EndRefusal {
  const job = jobsOf(ctx).find(id);
  if (!job) return 'not_found';
  const now = ctx.clock.nowMs();
  if (TERMINAL.has(statusAt(job, now))) return 'terminal';
  job.ended = { status: outcome, at: now };
  ctx.accounts.refund({
    accountId: job.owner,
    credits: contract().operation('createForecastRequest').facts.price.credits,
    operationId: 'createForecastRequest',
    refunded: false,
  });
  return job;
}
