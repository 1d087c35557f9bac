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
import type { Admission, Principal } from '../money/billing/gate.ts';
import { Query, type RawQuery } from '../params.ts';
import { sendError, sendJson } from './reply.ts';

/** What an operation's requests share, resolved once when the route is registered. */
interface Operation {
  operationId: string;
  /** The contract's path template (faults name it). */
  template: string;
  price: Price;
  handler: RouteHandler;
  options: RouteOptions;
  admitPrincipal: PrincipalAdmission;
}

/** The absolute URL of a request (the x402 resource). */
const absoluteUrl = (request: FastifyRequest): string => `${request.protocol}://${request.host}${request.url}`;

/** Applies the request's injected upstream fault, if any. @throws ApiError the fault's status */
function upstream(ctx: StubContext, op: Operation, request: FastifyRequest): Promise<void> | undefined {
  const fault = ctx.faults.forRequest(request.method, op.template, request.url, request.headers['x-fault-scope']);
  return fault ? applyFault(fault) : undefined;
}

/**
 * The handler's view of the request. A class rather than an object literal with a `get url()`: a
 * literal's getter is a fresh closure in a fresh hidden class each call, kept in old space until the
 * next full GC, and it held the whole request (fastify's, node's) alive through every young-generation
 * GC; that copying and the promoted garbage cost more than the rest of a paid read (npm run bench).
 */
class HandlerRequest implements RouteRequest {
  readonly query: Query;
  readonly params: Record<string, string>;
  readonly body: unknown;
  readonly headers: FastifyRequest['headers'];
  upstream?: () => Promise<void>;

  constructor(
    private readonly request: FastifyRequest,
    readonly principal: Principal | undefined,
  ) {
    this.query = new Query(request.query as RawQuery);
    this.params = request.params as Record<string, string>;
    this.body = request.body;
    this.headers = request.headers;
  }

  /** Built when a handler reads it (few do). */
  get url(): string {
    return absoluteUrl(this.request);
  }
}

/** The handler's view of the request. @throws ApiError 422 for a body that is not application/json */
function routeRequest(ctx: StubContext, op: Operation, request: FastifyRequest, principal: Principal | undefined): RouteRequest {
  const body = request.body as { __unsupportedMediaType?: boolean } | undefined;
  if (body && typeof body === 'object' && body.__unsupportedMediaType) throw invalidRequest('request body must be application/json');
  const req = new HandlerRequest(request, principal);
  if (op.options.upstreamInHandler) req.upstream = async () => void (await upstream(ctx, op, request));
  return req;
}

/** Runs the handler of an admitted call and answers it, billed or not by its final status. */
async function serve(ctx: StubContext, op: Operation, request: FastifyRequest, reply: FastifyReply, admission: Admission) {
  try {
    const req = routeRequest(ctx, op, request, admission.principal);
    // Nothing to wait for on the common path: no injected fault, a handler that answers at once.
    const fault = op.options.upstreamInHandler ? undefined : upstream(ctx, op, request);
    if (fault) await fault;
    const answer = op.handler(req, ctx);
    const result = answer instanceof Promise ? await answer : answer;
    const status = result.status ?? 200;
    const extra = await admission.finish(status, result.billable !== false);
    const headers = result.headers ? { ...result.headers, ...extra } : extra;
    return sendJson(reply, status, headers, result.body instanceof JsonText ? result.body.text : JSON.stringify(result.body));
  } catch (err) {
    const apiErr = err instanceof ApiError ? err : undefined;
    const extra = await admission.finish(apiErr?.status ?? 500);
    if (apiErr) return sendError(reply, apiErr, extra);
    throw err;
  }
}

/** The principal's in-flight slot of one call, once the gate has admitted it. */
interface Hold {
  ticket?: Ticket;
}

/**
 * The gate's `beforeDebit` of one call: the route's own check, then the principal's scope, whose
 * ticket lands in `hold`. (Returned from a function rather than bound to a name: under tsx every
 * named closure gets its `name` defined at run time, a cost on each request.)
 */
function beforeDebit(ctx: StubContext, op: Operation, request: FastifyRequest, hold: Hold): (principal: Principal) => void {
  return (principal) => {
    op.options.beforeDebit?.(principal, request.headers, ctx);
    hold.ticket = op.admitPrincipal(principal);
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
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const hold: Hold = {};
    try {
      const admission = await ctx.gate.admit({
        operationId,
        price,
        headers: request.headers,
        // A plain value, not a getter (see HandlerRequest): the gate reads it on every call anyway.
        url: absoluteUrl(request),
        method: request.method,
        beforeDebit: beforeDebit(ctx, op, request, hold),
      });
      return await serve(ctx, op, request, reply, admission);
    } catch (err) {
      // Refusals before the handler ran (the principal's 429, a 401/402/403 of the gate).
      if (err instanceof ApiError) return sendError(reply, err);
      throw err;
    } finally {
      hold.ticket?.release();
    }
  };
}
