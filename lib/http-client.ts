/**
 * The harness's one HTTP client for a target's answers, on undici: the suites' transport
 * (suites/support/transport.ts), the control plane, the CLI's preflight and replay all send through
 * `exchange`. Every exchange is bounded: in time (one timer over connect, send, answer and body, so a
 * target dripping one byte a second cannot hold a call past the timeout) and in bytes (the body,
 * as received and once decompressed, stops at `maxBodyBytes`, so an endless body or a gzip bomb
 * costs at most that much memory). No redirect is followed. A failure is a typed HarnessError of the
 * target (lib/errors.ts) whose `reason` reads after "the target": unreachable, timeout, garbage (not
 * HTTP, a body that does not decompress) or too large.
 *
 * Decompression is a small streaming decoder rather than undici's `interceptors.decompress`: the
 * interceptor (undici 7.30) is experimental (it prints an ExperimentalWarning in every process),
 * drops the answer's content-encoding and content-length headers and by default leaves error answers
 * compressed, where Playwright's APIResponse keeps the headers and decodes every answer.
 */
import { STATUS_CODES } from 'node:http';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Agent, errors, type Dispatcher } from 'undici';
import { registerSecret } from './redact.ts';
import { HarnessError, TargetGarbageError, TargetTimeoutError, TargetTooLargeError, TargetUnreachableError } from './errors.ts';

/**
 * Default per-request body limit, bytes (32 MiB), raw and decompressed. The largest answer of a
 * standard run against the embedded stub is GET /api/v1/latest?hours=6 at 1.54 MiB (1,610,351 bytes;
 * the next largest 0.52 MiB): the limit leaves a target twenty times that, and keeps what a hostile
 * target can make a run hold to the limit per call in flight, far below a gigabyte.
 */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** How long one exchange may take (ms) and how long its body may be (bytes). */
export interface HttpLimits {
  /** Whole exchange: connect, send, answer, body; ms. */
  timeoutMs: number;
  /** Body as received and once decompressed, bytes. */
  maxBodyBytes: number;
}

/** One request as it goes on the wire (headers final, body serialised). */
export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

/** One answer read whole (`headers` as received: order, case and repeats kept; `body` decompressed). */
export interface HttpAnswer {
  url: string;
  status: number;
  statusText: string;
  headers: { name: string; value: string }[];
  body: Buffer;
}

/**
 * A keep-alive connection pool whose connections leave from `localAddress` (undefined = the operating
 * system's choice); one per source address. `close()` (or `destroy()`) ends its connections.
 * @param connectTimeoutMs longest TCP (and TLS) connect, ms (undici's default: 10 s)
 */
export function createAgent(localAddress?: string, connectTimeoutMs?: number): Agent {
  // localAddress is the pool's option: undici passes its own (null) over one given in `connect`.
  return new Agent({ ...(localAddress ? { localAddress } : {}), ...(connectTimeoutMs ? { connect: { timeout: connectTimeoutMs } } : {}) });
}

/** The decompressing stream for a content-encoding Playwright decodes (its flush settings), or undefined. */
function decoder(encoding: string | undefined): zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip')
    return zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  if (encoding === 'br')
    return zlib.createBrotliDecompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    });
  if (encoding === 'deflate') return zlib.createInflate();
  return undefined;
}

const tooLarge = (limit: number, what: string) =>
  new TargetTooLargeError(`sent a body over the ${limit}-byte limit (--max-body-bytes) ${what}`);

/** Reads a body that is not encoded, stopping at `limit` bytes (no stream pipeline: most answers take this path). */
async function readPlain(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limit) {
      body.destroy();
      throw tooLarge(limit, 'as received');
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
}

/**
 * Reads `body` whole, decoded per `encoding`, stopping at `limit` bytes before and after decoding.
 * @throws TargetTooLargeError over the limit; TargetGarbageError when the body does not decode
 */
async function readBody(body: Readable, encoding: string | undefined, limit: number): Promise<Buffer> {
  const decode = decoder(encoding);
  if (!decode) return readPlain(body, limit);
  const chunks: Buffer[] = [];
  let received = 0;
  let decoded = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      done(received > limit ? tooLarge(limit, 'as received') : null, chunk);
    },
  });
  const collect = new Writable({
    write(chunk: Buffer, _enc, done) {
      decoded += chunk.length;
      if (decoded > limit) return done(tooLarge(limit, `once decompressed from ${encoding}`));
      chunks.push(chunk);
      done();
    },
  });
  let decodeError: Error | undefined;
  decode?.once('error', (e) => (decodeError = e));
  try {
    await pipeline(body, count, decode, collect);
  } catch (err) {
    if (err instanceof HarnessError) throw err;
    if (decodeError && err === decodeError)
      throw new TargetGarbageError(`sent a body that does not decompress as ${encoding} (${decodeError.message})`);
    throw err;
  }
  return Buffer.concat(chunks, decoded);
}

/** The innermost cause of an undici failure (it wraps socket and parser errors). */
function rootCause(err: unknown): { code?: string; message: string; parser: boolean } {
  let e = err as { cause?: unknown; code?: string; message?: string } | undefined;
  while (e && typeof e === 'object' && !e.code && !(e instanceof errors.HTTPParserError) && e.cause && typeof e.cause === 'object')
    e = e.cause as typeof e;
  return { ...(e?.code ? { code: e.code } : {}), message: e?.message ?? String(err), parser: e instanceof errors.HTTPParserError };
}

/**
 * The target error a failed exchange is: not HTTP, a timeout of undici's (`timeoutMs`), or not
 * reachable (refused, unknown host, closed before the answer or in its body, per `phase`).
 */
function failureOf(err: unknown, phase: 'answer' | 'body', timeoutMs: number): HarnessError {
  if (err instanceof HarnessError) return err;
  const { code, message, parser } = rootCause(err);
  if (parser || code?.startsWith('HPE_')) return new TargetGarbageError(`does not speak HTTP (${code ? `${code}: ` : ''}${message})`);
  // undici's own timers are as long as the exchange's: whichever fires first, it is the timeout.
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT')
    return new TargetTimeoutError(`no answer within ${timeoutMs} ms (${code})`);
  if (code === 'UND_ERR_BODY_TIMEOUT') return new TargetTimeoutError(`the answer's body did not end within ${timeoutMs} ms (${code})`);
  if (code === 'ECONNREFUSED') return new TargetUnreachableError('connection refused');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new TargetUnreachableError('host not found');
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE')
    return new TargetUnreachableError(
      phase === 'answer'
        ? `closed the connection without an HTTP answer (${code})`
        : `closed the connection before the answer's body ended (${code})`,
    );
  return new TargetUnreachableError(code ? `${code}: ${message}` : message);
}

/**
 * Sends one request through `dispatcher` and reads its answer whole, within `limits`.
 * @throws TargetTimeoutError when `limits.timeoutMs` pass first; TargetTooLargeError for a body over
 *   `limits.maxBodyBytes`; TargetGarbageError for bytes that are not HTTP or a body that does not
 *   decompress; TargetUnreachableError otherwise (refused, unknown host, connection closed)
 */
export async function exchange(dispatcher: Dispatcher, url: URL, request: HttpRequest, limits: HttpLimits): Promise<HttpAnswer> {
  // A payment is a bearer instrument: from before it is sent, masked wherever it could be printed.
  for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() === 'payment-signature') registerSecret(value);
  const abort = new AbortController();
  let phase: 'answer' | 'body' = 'answer';
  const timer = setTimeout(() => {
    abort.abort(
      new TargetTimeoutError(
        phase === 'answer' ? `no answer within ${limits.timeoutMs} ms` : `the answer's body did not end within ${limits.timeoutMs} ms`,
      ),
    );
  }, limits.timeoutMs);
  try {
    const res = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: request.method as Dispatcher.HttpMethod,
      headers: request.headers,
      body: request.body ?? null,
      signal: abort.signal,
      // The whole-exchange timer above bounds the call; undici's own idle timers only as large.
      headersTimeout: limits.timeoutMs,
      bodyTimeout: limits.timeoutMs,
      responseHeaders: 'raw',
    });
    phase = 'body';
    const raw = res.headers as unknown as string[];
    const headers: { name: string; value: string }[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) headers.push({ name: raw[i]!, value: raw[i + 1]! });
    const encoding = headers
      .find((h) => h.name.toLowerCase() === 'content-encoding')
      ?.value.trim()
      .toLowerCase();
    const body = await readBody(res.body, encoding, limits.maxBodyBytes);
    return { url: url.toString(), status: res.statusCode, statusText: res.statusText || STATUS_CODES[res.statusCode] || '', headers, body };
  } catch (err) {
    throw abort.signal.aborted && abort.signal.reason instanceof HarnessError
      ? abort.signal.reason
      : failureOf(err, phase, limits.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** Statuses whose answer has no body (a WHATWG Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

let shared: Agent | undefined;

/**
 * A WHATWG `fetch` over `exchange`, for a library that sends through a fetch function it is given
 * (the official x402 client, suites/support/x402.ts): bounded by `limits` like every other call, no
 * redirect followed, the body read whole and decompressed before the Response is made.
 * @param dispatcher the connection pool (default: one shared pool of this process)
 * @throws (from the returned function) the target errors of `exchange`; TargetGarbageError for a
 *   status a Response cannot carry (outside 200..599)
 */
export function boundedFetch(limits: HttpLimits, dispatcher?: Dispatcher): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const headers: Record<string, string> = {};
    req.headers.forEach((value, name) => (headers[name] = value));
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const answer = await exchange(
      dispatcher ?? (shared ??= createAgent()),
      new URL(req.url),
      { method: req.method, headers, body },
      limits,
    );
    if (answer.status < 200 || answer.status > 599)
      throw new TargetGarbageError(`answered with status ${answer.status}, which HTTP does not define`);
    const out = new Headers();
    for (const h of answer.headers) {
      try {
        out.append(h.name, h.value);
      } catch {
        // A header a Response cannot hold (an invalid name or value) is left out.
      }
    }
    const res = new Response(NULL_BODY_STATUSES.has(answer.status) ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: out,
    });
    Object.defineProperty(res, 'url', { value: answer.url });
    return res;
  };
}
