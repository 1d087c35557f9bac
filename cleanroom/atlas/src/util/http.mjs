// HTTP plumbing shared by every route: the error envelope, JSON replies and
// a bounded body reader. Nothing here ever throws past the caller: malformed
// input becomes an ApiError carrying the contract's status and code.

export class ApiError extends Error {
  constructor(status, code, message, extra = {}, headers = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
  body() {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const invalid = (message, extra) => new ApiError(422, 'invalid_request', message, extra);
export const notFound = (message, extra) => new ApiError(404, 'not_found', message, extra);

export const MAX_BODY_BYTES = 64 * 1024;

export function sendJson(res, status, body, headers = {}) {
  if (res.headersSent || res.writableEnded) return;
  const payload = body === undefined ? '' : JSON.stringify(body);
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined && v !== null) res.setHeader(k, v);
  }
  if (body !== undefined) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

export function sendError(res, err, headers = {}) {
  sendJson(res, err.status, err.body(), { ...headers, ...err.headers });
}

/**
 * Reads a request body up to MAX_BODY_BYTES. Oversized bodies are drained (so
 * the socket stays usable) and reported as 422, the contract's status for an
 * invalid body. A stalled client is cut off by the server's request timeout.
 */
export function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let overflow = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        overflow = true;
        if (size > 16 * MAX_BODY_BYTES) req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(overflow ? { overflow: true } : { buffer: Buffer.concat(chunks) }));
    req.on('error', () => resolve({ overflow: true, aborted: true }));
    req.on('aborted', () => resolve({ overflow: true, aborted: true }));
  });
}

/** Parses a JSON object body; anything else is a 422. */
export function parseJsonObject(raw, { required = true } = {}) {
  if (!raw || raw.overflow) throw invalid(`Request body exceeds ${MAX_BODY_BYTES} bytes.`);
  const text = raw.buffer.toString('utf8');
  if (text.trim() === '') {
    if (required) throw invalid('A JSON object body is required.');
    return {};
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('Request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid('Request body must be a JSON object.');
  }
  return value;
}

/** Normalises a socket address so 127.0.0.2 and ::ffff:127.0.0.2 are one client. */
export function clientAddress(req) {
  const a = req.socket?.remoteAddress || 'unknown';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}
