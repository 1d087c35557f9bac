/**
 * The reference stub's HTTP server (fastify behind a node:http front door). Routes are declared by
 * operationId; their method and path come from contract/openapi.yaml, so the stub cannot drift from
 * the contract's paths. Every failure, including malformed requests, answers the JSON error envelope
 * (spec: Errors).
 *
 * The request path, by concern: stub/http/front-door.ts (the server; the fast lane of refusals decided
 * on arrival, before routing), stub/limits/ip-guard.ts (that decision), stub/http/exchange.ts (one
 * reply per request; the parser's errors), stub/http/operation.ts (an operation's admission, fault,
 * handler and billing outcome), stub/http/reply.ts (how answers are written).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { contract, validateResponse } from '../contract/index.ts';
import type { RouteHandler, RouteOptions, StubContext } from './context.ts';
import { answerClientError } from './http/exchange.ts';
import { frontDoor } from './http/front-door.ts';
import { operationHandler } from './http/operation.ts';
import { answerError, answerFrameworkError, answerNotFound } from './http/reply.ts';
import { IpGuard, ROUTER_OPTIONS } from './limits/ip-guard.ts';
import { mutant } from './mutants.ts';

/** A route module: registers its handlers by operationId. */
export type RouteModule = (route: (operationId: string, handler: RouteHandler, options?: RouteOptions) => void, ctx: StubContext) => void;

const toFastifyPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/** Validates every answer of an operation with the suites' validator and reports its violations (config.selfCheck). */
function addSelfCheck(app: FastifyInstance, report: NonNullable<StubContext['config']['selfCheck']>): void {
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
      if (violations.some((v) => v.severity === 'error')) report(operationId, violations);
    }
    return payload;
  });
}

export function buildServer(ctx: StubContext, modules: RouteModule[]): FastifyInstance {
  // Mutant lim-guard-429-debited: a per-IP guard 429 of a paid route keeps an API-key debit of its price.
  const guard = new IpGuard(ctx.limits, (req, operationId) => {
    if (!mutant('lim-guard-429-debited')) return;
    const key = req.headers['x-service-api-key'];
    const account = typeof key === 'string' ? ctx.accounts.byKey(key) : undefined;
    const credits = contract().operation(operationId).facts.price.credits;
    if (account && credits > 0) ctx.accounts.debit(account.id, credits, operationId);
  });
  const app = Fastify({
    logger: ctx.config.log
      ? { redact: ['req.headers["x-service-api-key"]', 'req.headers.authorization', 'req.headers["payment-signature"]'] }
      : false,
    bodyLimit: 64 * 1024,
    serverFactory: frontDoor((req) => guard.decide(req)),
    // Requests Node's HTTP parser rejects never reach a route: still answer the envelope, once (npm run fuzz).
    clientErrorHandler: answerClientError,
    routerOptions: ROUTER_OPTIONS,
    frameworkErrors: answerFrameworkError,
  });

  // Bodies may arrive as any type; only JSON is accepted, and its parse errors become 422.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, { __unsupportedMediaType: true, raw: body }));

  const registered = new Set<string>();
  const route = (operationId: string, handler: RouteHandler, options: RouteOptions = {}): void => {
    const op = contract().operation(operationId);
    const method = op.method.toUpperCase() as 'GET' | 'POST';
    const url = toFastifyPath(op.path);
    const serve = operationHandler(ctx, operationId, handler, options);
    registered.add(operationId);
    guard.count(method, url, operationId);
    app.route({ method, url, config: { operationId }, handler: serve });
  };
  for (const register of modules) register(route, ctx);

  // Self-check: the stub validates its own answers with the suites' validator (contract/index.ts).
  if (ctx.config.selfCheck) addSelfCheck(app, ctx.config.selfCheck);
  app.setNotFoundHandler(answerNotFound);
  app.setErrorHandler(answerError);
  app.decorate('registeredOperations', registered);
  return app;
}
