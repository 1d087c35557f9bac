/**
 * Raw HTTP/1.1 on loopback for the proof runs (`npm run fuzz`) and the stub's tests: bytes written by
 * hand on a fresh socket, and the answers read back as separate messages with http-parser-js, so that a
 * second answer to one request (issue 21) is seen as one, never merged into the first body.
 */
import { connect } from 'node:net';
import { HTTPParser } from 'http-parser-js';

/** One answer read off the wire. */
export interface WireAnswer {
  status: number;
  /** Header names lower-cased; repeated fields joined with ", ". */
  headers: Record<string, string>;
  /** The body as text (latin1: any bytes survive). */
  text: string;
}

/** What came back on a connection. */
export interface WireAnswers {
  answers: WireAnswer[];
  /** Bytes after the last complete answer (a truncated or malformed answer); 0 when clean. */
  trailing: number;
}

/**
 * Writes `bytes` on a fresh connection to `url` (then half-closes it unless `keepOpen`) and resolves
 * with everything read until the server closes or `timeoutMs` (default 10 s) passes.
 */
export function exchangeBytes(url: string, bytes: Buffer | string, opts: { timeoutMs?: number; keepOpen?: boolean } = {}): Promise<Buffer> {
  const target = new URL(url);
  return new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(target.port), target.hostname, () => (opts.keepOpen ? socket.write(bytes) : socket.end(bytes)));
    socket.setTimeout(opts.timeoutMs ?? 10_000, () => socket.destroy());
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Splits `bytes` into HTTP/1.1 answers. `methods` are the requests' methods in order (an answer to a
 * HEAD has no body, unless the server could not parse the request: it then answered as to any other);
 * requests beyond the list count as GET.
 */
export function readAnswers(bytes: Buffer, methods: readonly string[] = []): WireAnswers {
  const read = split(bytes, methods);
  if (read.trailing === 0 || !methods.some((m) => m.toUpperCase() === 'HEAD')) return read;
  const asGet = split(bytes, []);
  return asGet.trailing === 0 ? asGet : read;
}

function split(bytes: Buffer, methods: readonly string[]): WireAnswers {
  const answers: WireAnswer[] = [];
  const parser = new HTTPParser(HTTPParser.RESPONSE);
  let current: WireAnswer | undefined;
  let body: Buffer[] = [];
  parser[HTTPParser.kOnHeadersComplete] = (info) => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < info.headers.length; i += 2) {
      const name = info.headers[i]!.toLowerCase();
      headers[name] = headers[name] === undefined ? info.headers[i + 1]! : `${headers[name]}, ${info.headers[i + 1]!}`;
    }
    current = { status: info.statusCode, headers, text: '' };
    body = [];
    // 1: no body follows (the answer to a HEAD).
    return (methods[answers.length] ?? 'GET').toUpperCase() === 'HEAD' ? 1 : 0;
  };
  parser[HTTPParser.kOnBody] = (chunk, offset, length) => void body.push(Buffer.from(chunk.subarray(offset, offset + length)));
  parser[HTTPParser.kOnMessageComplete] = () => {
    if (!current) return;
    current.text = Buffer.concat(body).toString('latin1');
    answers.push(current);
    current = undefined;
  };
  // Fed a byte at a time, so the end of each complete answer is known (the parser reports no offsets).
  let end = 0;
  let failed = false;
  for (let i = 0; i < bytes.length; i++) {
    const seen = answers.length;
    if (parser.execute(bytes.subarray(i, i + 1)) instanceof Error) {
      failed = true;
      break;
    }
    if (answers.length > seen) end = i + 1;
  }
  // A body delimited by the end of the connection (no Content-Length) completes there.
  if (!failed && end < bytes.length) {
    const seen = answers.length;
    if (parser.finish() === undefined && answers.length > seen) end = bytes.length;
  }
  return { answers, trailing: bytes.length - end };
}

/**
 * The bytes of one HTTP/1.1 request written by hand (`Connection: close`, Content-Length when there is
 * a body): for what node:http refuses to send (raw unicode or spaces in the path, control characters in
 * header values), so that it still reaches the server.
 */
export function requestBytes(
  host: string,
  r: { method: string; path: string; headers: Record<string, string | string[]>; body?: string | Buffer },
): Buffer {
  const body = r.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
  const lines = [`${r.method} ${r.path} HTTP/1.1`, `host: ${host}`, 'connection: close'];
  for (const [k, v] of Object.entries(r.headers)) for (const one of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${one}`);
  if (body.length) lines.push(`content-length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}
