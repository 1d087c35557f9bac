// Low-level HTTP helpers on node:http: strict query parsing, bounded body
// reading and JSON answers. Strictness here is what keeps bad input from ever
// reaching a handler in a shape it did not expect.
import { ApiError, invalid } from '../errors.mjs';

export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_QUERY_CHARS = 16 * 1024;

function decode(s) {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw invalid('The query string contains a malformed percent-encoding.');
  }
}

// Returns Map<name, string[]>. Malformed encodings are a 422, not a guess.
export function parseQuery(raw) {
  const map = new Map();
  if (!raw) return map;
  if (raw.length > MAX_QUERY_CHARS) throw invalid(`The query string is longer than ${MAX_QUERY_CHARS} characters.`);
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = decode(eq < 0 ? part : part.slice(0, eq));
    const v = decode(eq < 0 ? '' : part.slice(eq + 1));
    if (!map.has(k)) map.set(k, []);
    map.get(k).push(v);
  }
  return map;
}

export function readBody(req) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      req.resume();
      return reject(invalid(`The request body exceeds ${MAX_BODY_BYTES} bytes.`));
    }
    const chunks = [];
    let size = 0;
    let failed = false;
    req.on('data', (c) => {
      if (failed) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(invalid(`The request body exceeds ${MAX_BODY_BYTES} bytes.`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => { if (!failed) resolve(Buffer.concat(chunks)); });
    req.on('error', (e) => { if (!failed) { failed = true; reject(invalid('The request body could not be read.')); } });
  });
}

// Parses a JSON object body. An absent body is `undefined`; anything that is
// not a JSON object is a 422.
export function parseJsonObject(buf, { required = true } = {}) {
  const text = buf.toString('utf8');
  if (text.trim() === '') {
    if (required) throw invalid('A JSON request body is required.');
    return undefined;
  }
  let v;
  try { v = JSON.parse(text); } catch { throw invalid('The request body is not valid JSON.'); }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalid('The request body must be a JSON object.');
  return v;
}

export function send(res, status, body, headers = {}) {
  if (res.headersSent || res.writableEnded) return;
  const payload = body === undefined ? '' : JSON.stringify(body);
  const h = { ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json; charset=utf-8';
  h['Content-Length'] = Buffer.byteLength(payload);
  res.writeHead(status, h);
  res.end(payload);
}

export function errorBody(err) {
  return { error: err.code, message: err.message, ...(err.extra || {}) };
}

export function toApiError(e) {
  if (e instanceof ApiError) return e;
  return new ApiError(500, 'internal_error', 'An unexpected error occurred; it has been recorded.');
}
