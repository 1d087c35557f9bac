/**
 * The fast lane's answer: a refusal decided on arrival (the per-IP guard's 429, Limits rule 1), before
 * routing, written straight to node:http from constant bytes. It is the request's one reply
 * (stub/http/exchange.ts): a request without a body keeps its connection; a request with a body has
 * it read and discarded first (at most DRAIN_LIMIT_BYTES, for at most DRAIN_MS), so that the client
 * reads the 429 rather than a reset, and is answered with `Connection: close`, so that no byte after
 * the refused request (a body longer than its Content-Length) is ever read as a request of its own.
 */
import type { IncomingMessage } from 'node:http';
import type { Exchange } from './exchange.ts';
import type { FixedAnswer } from './reply.ts';

/** Most body bytes read and discarded behind a refusal before it is answered anyway, bytes. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** Longest wait for a refused request's body before it is answered anyway, ms. */
export const DRAIN_MS = 1000;

/** Whether the request carries a body (RFC 9112 §6.3: Transfer-Encoding, or a Content-Length above 0). */
function bodyLength(req: IncomingMessage): number {
  if (req.headers['transfer-encoding'] !== undefined) return Number.POSITIVE_INFINITY;
  const length = req.headers['content-length'];
  return length === undefined ? 0 : Number(length) || 0;
}

function write(exchange: Exchange, answer: FixedAnswer): void {
  const { res } = exchange;
  if (res.headersSent || res.destroyed) return;
  res.writeHead(answer.status, exchange.closing ? answer.closingHeaders : answer.headers);
  res.end(answer.body);
}

/** Answers `exchange` with `answer` and nothing else, draining or closing as the module says. */
export function sendRefusal(exchange: Exchange, answer: FixedAnswer): void {
  const length = bodyLength(exchange.req);
  if (length === 0) return write(exchange, answer);
  exchange.closing = true;
  // Declared too long to read: answered now; node:http discards what still arrives until it closes.
  if (length > DRAIN_LIMIT_BYTES && Number.isFinite(length)) return write(exchange, answer);
  drainThenAnswer(exchange, answer);
}

function drainThenAnswer(exchange: Exchange, answer: FixedAnswer): void {
  const { req } = exchange;
  let drained = 0;
  const respond = (): void => {
    clearTimeout(timer);
    exchange.cutShort = undefined;
    req.removeListener('data', count);
    req.removeListener('end', respond);
    write(exchange, answer);
  };
  const count = (chunk: Buffer): void => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) respond();
  };
  const timer = setTimeout(respond, DRAIN_MS);
  timer.unref();
  exchange.cutShort = respond;
  req.on('data', count);
  req.once('end', respond);
}
