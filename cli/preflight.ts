/**
 * Preflight: before any suite runs, the target must answer HTTP on a free route (GET /openapi.json,
 * spec: "OpenAPI") within the timeout, with JSON. Otherwise the run ends at once with exit 2 and a
 * one-line reason, instead of walking every suite into the same connection error.
 */

import { request } from 'undici';

/** Longest preflight wait, ms, whatever the per-request timeout is. */
const PREFLIGHT_CAP_MS = 10_000;

export interface PreflightResult {
  ok: boolean;
  /** One line: why the target cannot be judged (ok false), or what answered (ok true). */
  reason: string;
  /** The served contract (ok true): the run's drift section and `drift --target` compare it with ours. */
  doc?: unknown;
}

/** The innermost cause of a fetch failure (undici wraps socket and parser errors). */
function rootCause(err: unknown): { code?: string; message: string } {
  let e = err as { cause?: unknown; code?: string; message?: string } | undefined;
  while (e && typeof e === 'object' && e.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  return { ...(e?.code ? { code: e.code } : {}), message: e?.message ?? String(err) };
}

/**
 * Probes `target` with GET /openapi.json. Never throws; sends exactly one request.
 * @param timeoutMs per-request timeout of the run, ms (capped at 10 s here)
 */
export async function preflight(target: string, timeoutMs: number): Promise<PreflightResult> {
  const wait = Math.min(timeoutMs, PREFLIGHT_CAP_MS);
  const url = new URL('/openapi.json', target).toString();
  let status: number;
  let type: string;
  let text: string;
  try {
    // undici's request, not fetch: fetch refuses "bad ports" (e.g. 9) before trying to connect.
    const res = await request(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      headersTimeout: wait,
      bodyTimeout: wait,
      signal: AbortSignal.timeout(wait),
    });
    status = res.statusCode;
    const ct = res.headers['content-type'];
    type = (Array.isArray(ct) ? ct[0] : ct) ?? '';
    text = await res.body.text();
  } catch (err) {
    const name = (err as Error).name;
    const cause = rootCause(err);
    if (name === 'TimeoutError' || name === 'AbortError' || /Timeout/.test(cause.code ?? ''))
      return { ok: false, reason: `target ${target} did not answer GET /openapi.json within ${wait} ms` };
    if (cause.code === 'ECONNREFUSED') return { ok: false, reason: `target ${target} is unreachable: connection refused` };
    if (cause.code === 'ENOTFOUND' || cause.code === 'EAI_AGAIN')
      return { ok: false, reason: `target ${target} is unreachable: host not found` };
    if (cause.code?.startsWith('HPE_') || /parse|invalid|expected http/i.test(cause.message))
      return { ok: false, reason: `target ${target} does not speak HTTP (${cause.code ?? cause.message})` };
    if (cause.code === 'UND_ERR_SOCKET' || cause.code === 'ECONNRESET')
      return { ok: false, reason: `target ${target} closed the connection without an HTTP answer` };
    return { ok: false, reason: `target ${target} is unreachable: ${cause.code ?? cause.message}` };
  }
  if (status !== 200)
    return {
      ok: false,
      reason: `target ${target} answered GET /openapi.json with HTTP ${status}, not 200 (the contract's schema is not served)`,
    };
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type))
    return { ok: false, reason: `target ${target} answered GET /openapi.json with ${type.split(';')[0] || 'no content-type'}, not JSON` };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, reason: `target ${target} answered GET /openapi.json with a body that is not JSON` };
  }
  if (!doc || typeof doc !== 'object' || typeof (doc as { openapi?: unknown }).openapi !== 'string') {
    return { ok: false, reason: `target ${target} answered GET /openapi.json with JSON that is not an OpenAPI document` };
  }
  return { ok: true, reason: `target ${target} answers HTTP with JSON (OpenAPI ${(doc as { openapi: string }).openapi})`, doc };
}
