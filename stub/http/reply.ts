/**
 * How the stub writes its answers: JSON bodies, the error envelope of an ApiError (spec: Errors),
 * fastify's own request errors mapped to the envelope, the unknown-path 404, and fixed answers (the
 * bytes of an answer that never varies, built once and written by the fast lane).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { ApiError } from '../errors.ts';
import { mutant } from '../mutants.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes `body` (already JSON text) with `status` and `headers`. */
export function sendJson(reply: FastifyReply, status: number, headers: Record<string, string> | undefined, body: string): FastifyReply {
  reply.code(status);
  if (headers) reply.headers(headers);
  return reply.type(JSON_TYPE).send(body);
}

/** Writes the error envelope of `err`, with its headers and `extraHeaders` (e.g. PAYMENT-RESPONSE). */
export function sendError(reply: FastifyReply, err: ApiError, extraHeaders?: Record<string, string>): FastifyReply {
  return sendJson(reply, err.status, extraHeaders ? { ...err.headers, ...extraHeaders } : err.headers, JSON.stringify(err.envelope()));
}

/** Maps fastify's own request errors (bad JSON, wrong media type, body too large) to the envelope. */
function fromFastifyError(err: FastifyError): ApiError {
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(422, 'invalid_request', `malformed request: ${err.message}`);
  return new ApiError(500, 'service_unavailable', 'internal error');
}

/** fastify's error handler: an ApiError as its envelope, anything else mapped (a 5xx is logged). */
export function answerError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof ApiError) return sendError(reply, err);
  const mapped = fromFastifyError(err);
  if (mapped.status >= 500) request.log.error({ err }, 'unhandled error');
  return sendError(reply, mapped);
}

/** fastify's not-found handler: a path the contract does not serve is 404 not_found (ERR-005). */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.replace(/\?.*$/, '');
  return sendError(reply, new ApiError(mutant('err-unknown-path-400') ? 400 : 404, 'not_found', `no route for ${request.method} ${path}`));
}

/** fastify's framework errors: a path that does not even decode names no resource (404), else 422. */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_BAD_URL' ? 404 : 422;
  void sendError(reply, new ApiError(status, status === 404 ? 'not_found' : 'invalid_request', `malformed request: ${err.message}`));
}

/** An answer as the bytes node:http writes, for one that never varies (a refusal's). */
export interface FixedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  /** `headers` with `Connection: close`: the connection ends after this answer. */
  closingHeaders: OutgoingHttpHeaders;
  body: Buffer;
}

/** The fixed answer of an ApiError: its status, headers and envelope, as sendError writes them. */
export function fixedAnswer(err: ApiError): FixedAnswer {
  const body = Buffer.from(JSON.stringify(err.envelope()));
  // Lower-case names, as fastify writes them.
  const named = Object.entries(err.headers).map(([name, value]) => [name.toLowerCase(), value]);
  const headers = { ...Object.fromEntries(named), 'content-type': JSON_TYPE, 'content-length': body.length };
  return { status: err.status, headers, closingHeaders: { ...headers, connection: 'close' }, body };
}
