/**
 * The reference stub's HTTP server (fastify). Routes are declared by operationId; their method and
 * path come from contract/openapi.yaml, so the stub cannot drift from the contract's paths.
 * Every failure, including malformed requests, answers the JSON error envelope (spec: Errors).
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { contract, validateResponse } from '../contract/index.ts';
import { PRICES } from '../contract/pricing.ts';
import { ApiError } from './errors.ts';
import { Query, type RawQuery } from './params.ts';
import { applyFault } from './control/faults.ts';
import type { RouteHandler, StubContext } from './context.ts';
import type { Principal } from './billing/gate.ts';
import type { IncomingHttpHeaders } from 'node:http';
import { principalScopeOf } from '../contract/limits.ts';
import type { Ticket } from './limits/limiter.ts';
import type { Duplex } from 'node:stream';
import { mutant } from './mutants.ts';

/** Per-route options. */
export interface RouteOptions {
  /**
   * Runs at admission, once the API-key caller is known and before the debit; throws an ApiError to
   * refuse the call undebited (e.g. an owner-scoped quota's 429: "A 429 is rejected before debit").
   */
  beforeDebit?: (principal: Principal, headers: IncomingHttpHeaders, ctx: StubContext) => void;
  /**
   * The handler applies the call's injected upstream fault itself (`RouteRequest.upstream`), where
   * its upstream work starts: the oil route, whose latency must hold its one in-flight slot (OIL-011).
   */
  upstreamInHandler?: boolean;
}

/** A route module: registers its handlers by operationId. */
export type RouteModule = (route: (operationId: string, handler: RouteHandler, options?: RouteOptions) => void, ctx: StubContext) => void;

/** The client address the per-IP guard counts (the socket's peer; IPv4-mapped IPv6 unwrapped). */
const clientAddress = (request: FastifyRequest): string => request.ip.replace(/^::ffff:/, '');

const toFastifyPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

function sendError(reply: FastifyReply, err: ApiError, extraHeaders: Record<string, string> = {}): FastifyReply {
  return reply
    .code(err.status)
    .headers({ ...err.headers, ...extraHeaders })
    .type('application/json; charset=utf-8')
    .send(err.envelope());
}

/** Maps fastify's own request errors (bad JSON, wrong media type, body too large) to the envelope. */
function fromFastifyError(err: FastifyError): ApiError {
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(422, 'invalid_request', `malformed request: ${err.message}`);
  return new ApiError(500, 'service_unavailable', 'internal error');
}

/**
 * Answers a request the HTTP parser rejected (malformed request line or headers, oversized headers)
 * with the error envelope: 431 for oversized headers, 422 invalid_request otherwise; then closes.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 422;
  const body = JSON.stringify({
    error: 'invalid_request',
    message: status === 431 ? 'request headers too large' : `malformed HTTP request (${err.code ?? 'parse error'})`,
  });
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Unprocessable Entity';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function buildServer(ctx: StubContext, modules: RouteModule[]): FastifyInstance {
  const app = Fastify({
    logger: ctx.config.log
      ? { redact: ['req.headers["x-service-api-key"]', 'req.headers.authorization', 'req.headers["payment-signature"]'] }
      : false,
    bodyLimit: 64 * 1024,
    // Requests Node's HTTP parser rejects never reach a route: still answer the envelope (npm run fuzz).
    clientErrorHandler: answerClientError,
    // Node would answer a Host-less HTTP/1.1 request with a bare 400 before any route sees it.
    http: { requireHostHeader: false },
    routerOptions: { maxParamLength: 2048 },
    // A path that does not even decode names no resource: 404 envelope instead of fastify's bare 400.
    frameworkErrors: (err, request, reply) => {
      const status = err.code === 'FST_ERR_BAD_URL' ? 404 : 422;
      const code = status === 404 ? 'not_found' : 'invalid_request';
      void sendError(reply, new ApiError(status, code, `malformed request: ${err.message}`));
    },
  });

  // Bodies may arrive as any type; only JSON is accepted, and its parse errors become 422.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, { __unsupportedMediaType: true, raw: body }));

  const registered = new Set<string>();
  const route = (operationId: string, handler: RouteHandler, options: RouteOptions = {}): void => {
    const op = contract().operation(operationId);
    const price = PRICES[operationId];
    if (!price) throw new Error(`no price for ${operationId}`);
    const limitScope =
      mutant('lim-social-in-standard') && principalScopeOf(operationId) === 'x_research' ? 'standard' : principalScopeOf(operationId);
    registered.add(operationId);
    /** The route's work once admitted past the limits: the gate's admission, the handler, the billing outcome. */
    const serve = async (
      request: FastifyRequest,
      reply: FastifyReply,
      url: string,
      admitPrincipal: (p: Principal) => void,
    ): Promise<FastifyReply> => {
      const admission = await ctx.gate.admit({
        operationId,
        price,
        headers: request.headers,
        url,
        method: request.method,
        beforeDebit: admitPrincipal,
      });
      try {
        const body = request.body as { __unsupportedMediaType?: boolean } | undefined;
        if (body && typeof body === 'object' && body.__unsupportedMediaType) {
          throw new ApiError(422, 'invalid_request', 'request body must be application/json');
        }
        const scopeHeader = request.headers['x-fault-scope'];
        const takeFault = async () => {
          const fault = ctx.faults.take(
            request.method,
            op.path,
            request.url.replace(/\?.*$/, ''),
            Array.isArray(scopeHeader) ? scopeHeader[0] : scopeHeader,
          );
          if (fault) await applyFault(fault);
        };
        if (!options.upstreamInHandler) await takeFault();
        const result = await handler(
          {
            query: new Query(request.query as RawQuery),
            params: request.params as Record<string, string>,
            body: request.body,
            headers: request.headers,
            principal: admission.principal,
            url,
            ...(options.upstreamInHandler ? { upstream: takeFault } : {}),
          },
          ctx,
        );
        const status = result.status ?? 200;
        const extra = await admission.finish(status, result.billable !== false);
        return reply
          .code(status)
          .headers({ ...result.headers, ...extra })
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(result.body));
      } catch (err) {
        const apiErr = err instanceof ApiError ? err : undefined;
        const extra = await admission.finish(apiErr?.status ?? 500);
        if (apiErr) return sendError(reply, apiErr, extra);
        throw err;
      }
    };
    app.route({
      method: op.method.toUpperCase() as 'GET' | 'POST',
      url: toFastifyPath(op.path),
      config: { operationId },
      // Limits, before any debit, settlement or upstream work (Limits rule 2; Authentication rule 7):
      // the per-IP guard counts every request, unsigned x402 challenges included (Limits rule 1). It is
      // decided on arrival, before the body is read and parsed, and refused with a direct answer, so a
      // refusal costs the least the server can do (npm run bench: the 429 path).
      onRequest: (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
        try {
          ctx.limits.admit('ip_guard', clientAddress(request));
        } catch (err) {
          if (err instanceof ApiError) return void sendError(reply, err);
          return done(err as Error);
        }
        done();
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const url = `${request.protocol}://${request.host}${request.url}`;
        const { beforeDebit } = options;
        // The principal's scope counts once the caller is known (an API key's account, or a signed
        // retry's payer), inside the gate's admission and before its debit.
        let ticket: Ticket | undefined;
        const admitPrincipal = (p: Principal): void => {
          beforeDebit?.(p, request.headers, ctx);
          try {
            if (limitScope) ticket = ctx.limits.admit(limitScope, p.accountId);
          } catch (err) {
            if (mutant('lim-debit-on-429') && p.via === 'api-key') ctx.accounts.debit(p.accountId, price.credits, operationId);
            throw err;
          }
        };
        try {
          return await serve(request, reply, url, admitPrincipal);
        } catch (err) {
          // Refusals before the handler ran (the principal's 429, a 401/402 of the gate) are answered
          // here, as the error handler would, without the round trip through fastify's error path.
          if (err instanceof ApiError) return sendError(reply, err);
          throw err;
        } finally {
          ticket?.release();
        }
      },
    });
  };
  for (const register of modules) register(route, ctx);

  // Self-check: the stub validates its own answers with the suites' validator (contract/index.ts).
  const selfCheck = ctx.config.selfCheck;
  if (selfCheck) {
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = (request.routeOptions.config as { operationId?: string }).operationId;
      if (operationId && typeof payload === 'string') {
        let body: unknown = payload;
        try {
          body = JSON.parse(payload);
        } catch {
          // Left as text: the validator reports it.
        }
        const headers = Object.fromEntries(Object.entries(reply.getHeaders()).map(([k, v]) => [k.toLowerCase(), String(v)]));
        const violations = validateResponse(operationId, { status: reply.statusCode, headers, body, bodyText: payload });
        if (violations.some((v) => v.severity === 'error')) selfCheck(operationId, violations);
      }
      return payload;
    });
  }

  app.setNotFoundHandler((request, reply) => {
    sendError(
      reply,
      new ApiError(
        mutant('err-unknown-path-400') ? 400 : 404,
        'not_found',
        `no route for ${request.method} ${request.url.replace(/\?.*$/, '')}`,
      ),
    );
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return sendError(reply, err);
    const mapped = fromFastifyError(err);
    if (mapped.status >= 500) request.log.error({ err }, 'unhandled error');
    return sendError(reply, mapped);
  });
  app.decorate('registeredOperations', registered);
  return app;
}
