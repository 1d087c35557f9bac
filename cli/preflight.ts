/**
 * Preflight: before any suite runs, the target must answer HTTP on a free route (GET /openapi.json,
 * spec: "OpenAPI") within the timeout, with JSON, in a body within the run's body limit. Otherwise
 * the run ends at once with exit 2 and a one-line reason, instead of walking every suite into the
 * same connection error. Sent through the harness's HTTP client (lib/http-client.ts), so a target
 * that drips, never ends its body or sends a gzip bomb costs at most the limits.
 */
import { createAgent, exchange, type HttpAnswer, type HttpLimits } from '../lib/http-client.ts';
import { isTargetError } from '../lib/errors.ts';

/** Longest preflight wait, ms, whatever the per-request timeout is. */
const PREFLIGHT_CAP_MS = 10_000;

export interface PreflightResult {
  ok: boolean;
  /** One line: why the target cannot be judged (ok false), or what answered (ok true). */
  reason: string;
  /** The served contract (ok true): the run's drift section and `drift --target` compare it with ours. */
  doc?: unknown;
}

/** Why the target's answer to GET /openapi.json is not a served OpenAPI document, or its version. */
function judgeAnswer(target: string, a: HttpAnswer): PreflightResult {
  const asked = `target ${target} answered GET /openapi.json with`;
  if (a.status !== 200) return { ok: false, reason: `${asked} HTTP ${a.status}, not 200 (the contract's schema is not served)` };
  const type = a.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type))
    return { ok: false, reason: `${asked} ${type.split(';')[0] || 'no content-type'}, not JSON` };
  let doc: unknown;
  try {
    doc = JSON.parse(a.body.toString('utf8'));
  } catch {
    return { ok: false, reason: `${asked} a body that is not JSON` };
  }
  if (!doc || typeof doc !== 'object' || typeof (doc as { openapi?: unknown }).openapi !== 'string')
    return { ok: false, reason: `${asked} JSON that is not an OpenAPI document` };
  return { ok: true, reason: `target ${target} answers HTTP with JSON (OpenAPI ${(doc as { openapi: string }).openapi})`, doc };
}

/**
 * Probes `target` with GET /openapi.json. Never throws; sends exactly one request.
 * @param limits the run's per-request timeout (ms, capped at 10 s here) and body limit (bytes)
 */
export async function preflight(target: string, limits: HttpLimits): Promise<PreflightResult> {
  const wait = Math.min(limits.timeoutMs, PREFLIGHT_CAP_MS);
  const agent = createAgent(undefined, wait);
  try {
    const answer = await exchange(
      agent,
      new URL('/openapi.json', target),
      { method: 'GET', headers: { accept: 'application/json' } },
      { timeoutMs: wait, maxBodyBytes: limits.maxBodyBytes },
    );
    return judgeAnswer(target, answer);
  } catch (err) {
    if (!isTargetError(err)) return { ok: false, reason: `target ${target} is unreachable: ${(err as Error).message}` };
    if (err.code === 'FC_TARGET_TIMEOUT' && /^no answer/.test(err.reason))
      return { ok: false, reason: `target ${target} did not answer GET /openapi.json within ${wait} ms` };
    if (err.code === 'FC_TARGET_TIMEOUT' || err.code === 'FC_TARGET_TOO_LARGE')
      return { ok: false, reason: `target ${target} answered GET /openapi.json but ${err.reason}` };
    if (err.code === 'FC_TARGET_GARBAGE' || /^closed/.test(err.reason)) return { ok: false, reason: `target ${target} ${err.reason}` };
    return { ok: false, reason: `target ${target} is unreachable: ${err.reason}` };
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}
