/**
 * One reply per request (issue 21). Each connection is on one exchange at a time, the request the
 * HTTP parser read last and its response (node:http answers pipelined requests in order), and
 * exactly one code path owns that response: the fast lane's refusal (stub/http/refusal.ts), fastify's
 * route, or, when the parser fails, this module. A parse error is answered with the error envelope
 * only when it starts a new message on a connection that is still open for one; an error inside a
 * request that already has its answer (a body cut short or longer than its Content-Length, behind a
 * 429 decided on arrival) writes nothing more and closes the connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** The request a connection is on and the state of its one reply. */
export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The connection closes after this exchange's answer: nothing after it is read as a request. */
  closing: boolean;
  /**
   * Set while a refusal decided on arrival drains the request's body: answers at once (the body was
   * cut short by the end of the connection or a parse error).
   */
  cutShort?: () => void;
}

const EXCHANGE = Symbol('fc.exchange');
const FAILED = Symbol('fc.parse-failed');
type Connection = Duplex & { [EXCHANGE]?: Exchange; [FAILED]?: true };

/** Whether the request lets the connection stay open after its answer (RFC 9112 §9.3). */
function keepsAlive(req: IncomingMessage): boolean {
  const connection = req.headers.connection;
  if (connection === undefined) return req.httpVersionMinor === 1;
  return /keep-alive/i.test(connection) || (req.httpVersionMinor === 1 && !/close/i.test(connection));
}

/** Starts the exchange of a request the parser has just read (its connection's current one). */
export function beginExchange(req: IncomingMessage, res: ServerResponse): Exchange {
  const exchange: Exchange = { req, res, closing: !keepsAlive(req) };
  (req.socket as Connection)[EXCHANGE] = exchange;
  return exchange;
}

const json = (status: number, error: string, message: string): Buffer => {
  const body = JSON.stringify({ error, message });
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Unprocessable Entity';
  return Buffer.from(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/** The envelope of a message the parser rejected: 431 for oversized headers, 422 invalid_request otherwise. */
function parseErrorAnswer(err: Error & { code?: string }): Buffer {
  if (err.code === 'HPE_HEADER_OVERFLOW') return json(431, 'invalid_request', 'request headers too large');
  return json(422, 'invalid_request', `malformed HTTP request (${err.code ?? 'parse error'})`);
}

/** Ends the connection after what is queued on it, as node:http does after a `Connection: close` answer. */
function endConnection(socket: Duplex): void {
  if (socket.destroyed) return;
  socket.end();
  if (socket.writableFinished) socket.destroy();
  else socket.once('finish', () => socket.destroy());
}

/** Closes the connection once the exchange's answer is out (at once when it already is). */
function closeAfter(exchange: Exchange, socket: Duplex): void {
  exchange.closing = true;
  if (exchange.res.writableFinished || exchange.res.destroyed) endConnection(socket);
  else exchange.res.once('close', () => endConnection(socket));
}

/** A request whose body the parser cut short: its one answer is the refusal's, fastify's, or this 422. */
function cutShort(exchange: Exchange, socket: Duplex): void {
  const { res, cutShort: refusal } = exchange;
  exchange.closing = true;
  if (refusal) return refusal();
  if (res.headersSent) return closeAfter(exchange, socket);
  // Admitted and waiting for its body: nothing else will answer it (fastify sees the reply sent).
  const body = JSON.stringify({ error: 'invalid_request', message: 'malformed request: the body ended before its Content-Length' });
  res.writeHead(422, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
}

/**
 * The server's `clientError` listener: bytes Node's HTTP parser rejected (a malformed request line or
 * headers, oversized headers, a body cut short). Answers at most once per connection.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  const connection = socket as Connection;
  // After a parse error the parser repeats it for every later chunk: the first one decided.
  if (connection[FAILED]) return;
  connection[FAILED] = true;
  const exchange = connection[EXCHANGE];
  if (exchange && !exchange.req.complete) return cutShort(exchange, socket);
  if (exchange?.closing) return closeAfter(exchange, socket);
  if (!socket.writable) return void socket.destroy();
  const answer = parseErrorAnswer(err);
  // A new message after pipelined requests: their answers go first, in order.
  // (An answer that closes the connection, as fastify's to a body it could not parse, leaves nothing to write.)
  const write = (): void => void (socket.writable && socket.end(answer));
  if (exchange && !exchange.res.writableFinished) exchange.res.once('finish', write);
  else write();
}
