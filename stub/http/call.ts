/**
 * One call's views, built per request on the operation path (stub/http/operation.ts): the gate's
 * (AdmitRequest) and the handler's (RouteRequest). Classes rather than object literals with getters:
 * a literal's getter is a fresh closure in a fresh hidden class on every call, kept in old space until
 * the next full GC, and it held the whole request (fastify's, node's) alive through every young-
 * generation GC; that copying and the promoted garbage cost more than the rest of a paid read
 * (npm run bench). The absolute URL is built only when read (a payment's resource, a challenge, the
 * few handlers that link to themselves).
 */
import type { FastifyRequest } from 'fastify';
import type { Price } from '../../contract/pricing.ts';
import type { RouteRequest } from '../context.ts';
import type { AdmitRequest, Principal } from '../money/billing/gate.ts';
import { Query, type RawQuery } from '../params.ts';

/** The absolute URL of a request (the x402 resource). */
export const absoluteUrl = (request: FastifyRequest): string => `${request.protocol}://${request.host}${request.url}`;

/** The gate's view of a call. */
export class GateCall implements AdmitRequest {
  readonly headers: FastifyRequest['headers'];
  readonly method: string;

  /** @param beforeDebit the route's own check and the principal's scope, run once the caller is known */
  constructor(
    private readonly request: FastifyRequest,
    readonly operationId: string,
    readonly price: Price,
    readonly beforeDebit: (principal: Principal) => void,
  ) {
    this.headers = request.headers;
    this.method = request.method;
  }

  get url(): string {
    return absoluteUrl(this.request);
  }
}

/** The handler's view of a call. */
export class HandlerRequest implements RouteRequest {
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

  get url(): string {
    return absoluteUrl(this.request);
  }
}
