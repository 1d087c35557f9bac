/**
 * Forecast generation jobs: POST /api/auth/forecast-requests (createForecastRequest, $1.00, API key
 * only) and GET /api/auth/forecast-requests/{jobId} (getForecastRequest, free, API key only). The
 * gate has already identified the key's account, checked its entitlement and debited the price;
 * rules JOB-*, TOPIC-008/009; the job logic lives in stub/jobs/.
 */
import type { StubContext } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';
import { acceptedView, jobView } from './present.ts';
import { retryAfterSeconds } from './model.ts';
import { checkQuota, generationRequest, idempotencyKey, jobsOf, submit } from './service.ts';
import type { RouteModule } from '../server.ts';
import type { RouteRequest } from '../context.ts';
import { mutant } from '../mutants.ts';

/**
 * One 404 for an unknown, malformed and another account's jobId alike: nothing in it depends on
 * the id, so the answers are byte-identical (spec: GET /api/auth/forecast-requests/{jobId} item 4).
 */
const jobNotFound = () => notFound('No forecast request with this jobId exists for this API key.');

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
      const key = idempotencyKey(req.headers);
      const { job, replay } = submit(ctx, owner, key, request);
      return {
        status: 202,
        body: acceptedView(job, ctx.clock.nowMs()),
        headers: { Location: `/api/auth/forecast-requests/${job.id}` },
        // A replay answers the existing job and is not billed again: its admission debit is refunded.
        billable: !replay,
      };
    },
    { beforeDebit: (principal, headers, ctx) => checkQuota(ctx, principal.accountId, headers) },
  );

  route('getForecastRequest', (req, ctx) => {
    const owner = ownerOf(req);
    const view = req.query.enum('view', ['status', 'result'] as const, 'result');
    const job = jobsOf(ctx).get(owner, req.params.jobId ?? '');
    if (!job && mutant('job-foreign-403') && jobsOf(ctx).find(req.params.jobId ?? ''))
      throw new ApiError(403, 'entitlement_required', 'This job belongs to another account');
    if (!job) throw jobNotFound();
    const now = ctx.clock.nowMs();
    const retryAfter = retryAfterSeconds(job, now);
    const headers: Record<string, string> =
      retryAfter === undefined || mutant('job-no-retry-after') ? {} : { 'Retry-After': String(retryAfter) };
    return { body: jobView(job, now, view, ctx.store), headers };
  });
};
