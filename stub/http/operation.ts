/**
 * One operation's answer, once fastify has routed and parsed the request (the per-IP guard counted it
 * on arrival, stub/limits/ip-guard.ts): the gate's admission (stub/money/billing), with the route's own
 * check and the principal's scope before the debit (stub/limits/principal.ts); the injected upstream
 * fault, if the control plane set one (stub/control/faults.ts); the handler; the billing outcome of the
 * final status (an unbilled answer is refunded or left unsettled: Authentication rule 7); the reply.
 * Every refusal on this path is an ApiError answered with its envelope, here and only here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contract } from '../../contract/index.ts';
import { PRICES, type Price } from '../../contract/pricing.ts';
import { applyFault } from '../control/faults.ts';
import { JsonText, type RouteHandler, type RouteOptions, type RouteRequest, type StubContext } from '../context.ts';
import { ApiError, invalidRequest } from '../errors.ts';
import { principalAdmission, type PrincipalAdmission } from '../limits/principal.ts';
import type { Ticket } from '../limits/limiter.ts';
import { GateCall, HandlerRequest } from './call.ts';
import type { Admission, Principal } from '../money/billing/gate.ts';
import { sendJson } from './reply.ts';
import { mutateAnswer } from './answer-mutants.ts';
import { alt } from '../variant.ts';
import { mutant } from '../mutants.ts';
import { untracked } from '../availability/routes.ts';
import { carriesCredentials, requestCheck } from './request-check.ts';

/** What an operation's requests share, resolved once when the route is registered. */
interface Operation {
  operationId: string;
  /** The contract's path template (faults name it). */
  template: string;
  price: Price;
  handler: RouteHandler;
  options: RouteOptions;
  admitPrincipal: PrincipalAdmission;
  /** The alternate stub's parameter check of a request without credentials (gap AUTH-020); absent on the reference stub. */
  precheck?: (request: FastifyRequest) => void;
}

/** Writes one answer of `op` (passing it through the mutant of that operation, if one is on: stub/http/answer-mutants.ts). */
function send(reply: FastifyReply, op: Operation, status: number, headers: Record<string, string> | undefined, text: string): void {
  const answer = mutateAnswer(op.operationId, { status, headers, text });
  sendJson(reply, answer.status, answer.headers, answer.text);
}

/** Writes the error envelope of `err` as `op`'s answer, with its headers and `extraHeaders` (e.g. PAYMENT-RESPONSE). */
function sendRefusal(reply: FastifyReply, op: Operation, err: ApiError, extraHeaders?: Record<string, string>): void {
  send(reply, op, err.status, extraHeaders ? { ...err.headers, ...extraHeaders } : err.headers, JSON.stringify(err.envelope()));
}

/** Applies the request's injected upstream fault, if any. @throws ApiError the fault's status */
function upstream(ctx: StubContext, op: Operation, request: FastifyRequest): Promise<void> | undefined {
  const fault = ctx.faults.forRequest(request.method, op.template, request.url, request.headers['x-fault-scope']);
  return fault ? applyFault(fault) : undefined;
}

/** The handler's view of the request. @throws ApiError 422 for a body that is not application/json */
function routeRequest(ctx: StubContext, op: Operation, request: FastifyRequest, principal: Principal | undefined): RouteRequest {
  const body = request.body as { __unsupportedMediaType?: boolean } | undefined;
  if (body && typeof body === 'object' && body.__unsupportedMediaType) throw invalidRequest('request body must be application/json');
  const req = new HandlerRequest(request, principal);
  if (op.options.upstreamInHandler) req.upstream = async () => void (await upstream(ctx, op, request));
  return req;
}

/**
 * Runs the handler of an admitted call and answers it, billed or not by its final status. Resolves
 * once the answer is written (to nothing: a reply would be a thenable for fastify to resolve again).
 */
async function serve(ctx: StubContext, op: Operation, request: FastifyRequest, reply: FastifyReply, admission: Admission): Promise<void> {
  try {
    const req = routeRequest(ctx, op, request, admission.principal);
    // Nothing to wait for on the common path: no injected fault, a handler that answers at once.
    const fault = op.options.upstreamInHandler ? undefined : upstream(ctx, op, request);
    if (fault) {
      // Only a call whose upstream is faulted reaches the two outage mutants (never the common path).
      // Mutant avail-market-id-outage-untracked: availability's market_id form reads its source's failure as "no such
      // market", answering 200 untracked (round-15 bug).
      if (
        mutant('avail-market-id-outage-untracked') &&
        op.operationId === 'getForecastAvailability' &&
        /[?&]market_id=/.test(request.url)
      ) {
        await fault.catch(() => undefined);
        send(reply, op, 200, await admission.finish(200, false), JSON.stringify(untracked()));
        return;
      }
      // Mutant tgt-venue-a-outage-404: forecast-targets reads venue resolution's failure on a venue_a ref as "nothing
      // matches", answering 404 (round-15 bug).
      const ref =
        mutant('tgt-venue-a-outage-404') && op.operationId === 'getForecastTargets'
          ? new URL(request.url, 'http://x').searchParams.get('ref')
          : null;
      if (ref !== null && /^venue_a:|venue-a/.test(ref)) {
        await fault.catch(() => undefined);
        throw new ApiError(404, 'not_found', `no target matches ${ref}`, { ticker: ref });
      }
      await fault;
    }
    const answer = op.handler(req, ctx);
    const result = answer instanceof Promise ? await answer : answer;
    const status = result.status ?? 200;
    // Awaited only when it is a promise: an await always costs a turn, and a key's finish has none.
    const finished = admission.finish(status, result.billable !== false);
    const extra = finished instanceof Promise ? await finished : finished;
    const headers = result.headers ? { ...result.headers, ...extra } : extra;
    send(reply, op, status, headers, result.body instanceof JsonText ? result.body.text : JSON.stringify(result.body));
  } catch (err) {
    const apiErr = err instanceof ApiError ? err : undefined;
    const extra = await admission.finish(apiErr?.status ?? 500);
    // Mutant wal-keyed-unpaid-422-billed: a keyed link call refused 422 keeps a 10-credit debit (round-15 bug).
    if (
      mutant('wal-keyed-unpaid-422-billed') &&
      op.operationId === 'linkWallet' &&
      apiErr?.status === 422 &&
      admission.principal?.via === 'api-key'
    )
      ctx.accounts.debit(admission.principal.accountId, 10, op.operationId);
    if (!apiErr) throw err;
    sendRefusal(reply, op, apiErr, extra);
  }
}

/**
 * The gate's `beforeDebit` of one call: the route's own check, then the principal's scope, whose
 * ticket lands in `hold`. (Returned from a function rather than bound to a name: under tsx every
 * named closure gets its `name` defined at run time, a cost on each request.)
 */
function beforeDebit(ctx: StubContext, op: Operation, request: FastifyRequest, hold: { ticket?: Ticket }): (principal: Principal) => void {
  return (principal) => {
    op.options.beforeDebit?.(principal, request.headers, ctx);
    if (!mutant('lim-second-429-debited-latest')) {
      hold.ticket = op.admitPrincipal(principal);
      return;
    }
    // Mutant lim-second-429-debited-latest: the latest feed's per-second 429 keeps an API key's debit of its price.
    try {
      hold.ticket = op.admitPrincipal(principal);
    } catch (err) {
      if (op.operationId === 'getLatest' && principal.via === 'api-key' && err instanceof ApiError && err.status === 429)
        if (JSON.stringify(err.headers).includes('second')) ctx.accounts.debit(principal.accountId, op.price.credits, op.operationId);
      throw err;
    }
  };
}

/**
 * The fastify handler of `operationId`.
 * @throws Error at registration when the operation has no price (contract/pricing.ts).
 */
export function operationHandler(ctx: StubContext, operationId: string, handler: RouteHandler, options: RouteOptions = {}) {
  const price = PRICES[operationId];
  if (!price) throw new Error(`no price for ${operationId}`);
  const op: Operation = {
    operationId,
    template: contract().operation(operationId).path,
    price,
    handler,
    options,
    admitPrincipal: principalAdmission(ctx, operationId, price),
    // Only routes that ask for credentials: a free public route answers its own 422 in any order.
    precheck: (price.x402 || price.keyOnly) && alt('AUTH-020') ? requestCheck(operationId) : undefined,
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const hold: { ticket?: Ticket } = {};
    try {
      if (op.precheck && !carriesCredentials(request.headers)) op.precheck(request);
      // The mutant counts an unsigned challenge of the portfolio in a standard quota of its own (LIM-015).
      if (operationId === 'getPortfolio' && mutant('lim-challenge-counts-portfolio') && !carriesCredentials(request.headers))
        hold.ticket = ctx.limits.admit('standard', 'unsigned-challenges');
      // A promise only for a payment or a challenge (see serve on awaiting).
      const admitted = ctx.gate.admit(new GateCall(request, operationId, price, beforeDebit(ctx, op, request, hold)));
      await serve(ctx, op, request, reply, admitted instanceof Promise ? await admitted : admitted);
    } catch (err) {
      // Refusals before the handler ran (the principal's 429, a 401/402/403 of the gate, the alternate stub's 422 before credentials).
      if (!(err instanceof ApiError)) throw err;
      // The mutant reaches the upstream before its scope's 429 is answered: a pending upstream fault is taken.
      if (err.status === 429 && operationId === 'getLatest' && mutant('bill-429-upstream-latest'))
        ctx.faults.forRequest(request.method, op.template, request.url, request.headers['x-fault-scope']);
      sendRefusal(reply, op, err);
    } finally {
      // Mutant lim-in-flight-held-by-404: a 404's in-flight slot is released only 30 s after its answer (round-16 bug:
      // the refund path skipped the release, a sweeper freed it later).
      const ticket = hold.ticket;
      if (ticket && reply.statusCode === 404 && mutant('lim-in-flight-held-by-404')) setTimeout(() => ticket.release(), 30_000).unref();
      else ticket?.release();
    }
  };
}
