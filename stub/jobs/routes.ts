import { randomUUID } from 'node:crypto';
/**
 * Forecast generation jobs: POST /api/auth/forecast-requests (createForecastRequest, $1.00, API key
 * only) and GET /api/auth/forecast-requests/{jobId} (getForecastRequest, free, API key only). The
 * gate has already identified the key's account, checked its entitlement and debited the price;
 * rules JOB-*, TOPIC-008/009; the job logic lives in stub/jobs/.
 */
import type { StubContext } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { acceptedView, jobView } from './present.ts';
import { retryAfter, statusAt } from './model.ts';
import { checkQuota, generationRequest, idempotencyKey, jobsOf, submit } from './service.ts';
import type { RouteModule } from '../server.ts';
import type { RouteRequest } from '../context.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';
import { PRICES } from '../../contract/pricing.ts';

/** A generation's price, credits (PRICE-005). */
const GENERATION_PRICE_CREDITS = PRICES.createForecastRequest!.credits;

/**
 * One 404 for an unknown, malformed and another account's jobId alike: nothing in it depends on
 * the id, so the answers are byte-identical (spec: GET /api/auth/forecast-requests/{jobId} item 4).
 * Its body is not shown (gap JOB-020): the alternate stub names its own code.
 */
const jobNotFound = () =>
  notFound('No forecast request with this jobId exists for this API key.', alt('JOB-020') ? 'forecast_request_not_found' : 'not_found');

/** The key's account; the gate admits these key-only routes only with a valid API key. */
function ownerOf(req: RouteRequest): string {
  if (!req.principal) throw new Error('job route reached without a principal');
  return req.principal.accountId;
}

export const register: RouteModule = (route, ctx: StubContext) => {
  jobsOf(ctx);

  route(
    'createForecastRequest',
    (req, ctx) => {
      const owner = ownerOf(req);
      const request = generationRequest(req.body);
      // Mutant job-idem-optional-venue-b: a venue_b body without a key is given a server-made one (round-11 bug).
      const key =
        mutant('job-idem-optional-venue-b') && request.venue === 'venue_b' && !req.headers['idempotency-key']
          ? randomUUID()
          : idempotencyKey(req.headers);
      const { job, replay } = submit(ctx, owner, key, request);
      // Mutant gen-venue-b-child-debit-per-event: a new venue_b child's generation is debited once more per other
      // contract of its event (round-36 bug: a child billed as its event's fan-out).
      const event = job.market.venue === 'venue_b' ? ctx.store.eventOf(job.market) : undefined;
      if (mutant('gen-venue-b-child-debit-per-event') && event && !replay && req.principal?.via === 'api-key')
        ctx.accounts.debit(owner, GENERATION_PRICE_CREDITS * (ctx.store.childrenOf(event).length - 1), 'createForecastRequest');
      const now = ctx.clock.nowMs();
      return {
        // Gap JOB-034: 202 with the job's identity; the alternate stub answers the job itself, 201 new or 200 replayed.
        status: alt('JOB-034') ? (replay ? 200 : 201) : 202,
        body: alt('JOB-034') ? jobView(job, now, 'status', ctx.store) : acceptedView(job, now),
        headers: { Location: `/api/auth/forecast-requests/${job.id}` },
        // Gap JOB-026: a replay answers the existing job and is not billed again (its admission debit is
        // refunded); the alternate stub debits every call.
        billable: !replay || alt('JOB-026'),
      };
    },
    { beforeDebit: (principal, headers, ctx) => checkQuota(ctx, principal.accountId, headers) },
  );

  route('getForecastRequest', (req, ctx) => {
    const owner = ownerOf(req);
    const view = req.query.enum('view', ['status', 'result'] as const, mutant('job-view-default-status') ? 'status' : 'result');
    const job = jobsOf(ctx).get(owner, req.params.jobId ?? '');
    if (!job && mutant('job-foreign-403') && jobsOf(ctx).find(req.params.jobId ?? ''))
      throw new ApiError(403, 'entitlement_required', 'This job belongs to another account');
    if (!job && mutant('auth-own-job-entitlement-skipped') && ctx.accounts.get(owner)?.entitled === false)
      throw new ApiError(403, 'entitlement_required', 'The account lacks an active API entitlement');
    // Mutant job-foreign-pending-retry-after: another account's pending job's 404 carries its owner's Retry-After (round-11 bug).
    const foreign = !job && mutant('job-foreign-pending-retry-after') ? jobsOf(ctx).find(req.params.jobId ?? '') : undefined;
    const leaked = foreign ? retryAfter(foreign, ctx.clock.nowMs()) : undefined;
    if (leaked !== undefined) {
      const e = jobNotFound();
      throw new ApiError(e.status, e.code, e.message, e.extra, { 'Retry-After': leaked });
    }
    if (!job) throw jobNotFound();
    if (mutant('bill-job-status-read') && view === 'status') ctx.accounts.debit(owner, 10, 'getForecastRequest');
    const now = ctx.clock.nowMs();
    const wait = retryAfter(job, now);
    const headers: Record<string, string> = wait === undefined || mutant('job-no-retry-after') ? {} : { 'Retry-After': wait };
    const body = jobView(job, now, view, ctx.store);
    // Mutant job-result-read-billed-after-success: a result-view read of a succeeded job is billed 10 credits per
    // forecast it embeds, while polling stays free (round-22 bug).
    if (mutant('job-result-read-billed-after-success') && view === 'result' && body.status === 'succeeded')
      ctx.accounts.debit(owner, 10 * (Array.isArray(body.forecasts) ? body.forecasts.length : 0), 'getForecastRequest');
    // Mutant job-status-ids-by-market: the polling view of a succeeded job names the forecasts of every succeeded job of
    // its owner on the same market (round-17 bug: a join on the market, not the job).
    if (mutant('job-status-ids-by-market') && view === 'status' && body.status === 'succeeded')
      body.forecastIds = jobsOf(ctx)
        .ownedBy(owner)
        .filter((j) => j.market.marketKey === job.market.marketKey && statusAt(j, now) === 'succeeded')
        .map((j) => j.forecast.id);
    // Mutant job-status-rejected-as-failed: the polling view states a rejected job as failed (round-32 bug).
    if (mutant('job-status-rejected-as-failed') && view === 'status' && body.status === 'rejected') body.status = 'failed';
    // Mutant job-updated-at-db-text: updatedAt in a database's text form, a space and an hours-only offset (round-33 bug).
    if (mutant('job-updated-at-db-text') && typeof body.updatedAt === 'string')
      body.updatedAt = body.updatedAt.replace('T', ' ').replace('Z', '+00');
    return { body, headers };
  });
};
