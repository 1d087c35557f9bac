// The HTTP application on node:http: request framing, CORS, the per-IP guard,
// dispatch to the control plane, the OpenAPI document or an API route.
import { randomUUID } from 'node:crypto';
import { ApiError } from './errors.mjs';
import { parseQuery, readBody, send, errorBody, toApiError } from './util/http.mjs';
import { Query } from './util/validate.mjs';
import { compile, match } from './router.mjs';
import { ROUTES } from './routes/index.mjs';
import { runRoute } from './pipeline.mjs';
import * as limits from './limits.mjs';
import { tickJobs } from './jobs.mjs';
import { handleControl } from './control/index.mjs';
import { buildOpenApi } from './openapi/doc.mjs';

const EXPOSE = 'PAYMENT-REQUIRED, PAYMENT-RESPONSE, RateLimit, RateLimit-Policy, Retry-After, X-Quotient-Max-Concurrent, X-Request-Id, X-Credits-Charged, X-Credits-Balance, Location, Idempotent-Replayed, X-Payment-Replayed';
const ALLOW_HEADERS = 'Content-Type, x-service-api-key, PAYMENT-SIGNATURE, Idempotency-Key, Authorization, X-Fault-Scope';

export function createApp(svc) {
  const table = compile(ROUTES);
  let openapi = null;

  return async function onRequest(req, res) {
    const baseHeaders = { 'X-Request-Id': randomUUID(), 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE, 'Cache-Control': 'no-store' };
    try {
      const url = req.url || '/';
      const qi = url.indexOf('?');
      const path = qi < 0 ? url : url.slice(0, qi);
      const rawQuery = qi < 0 ? '' : url.slice(qi + 1);
      const method = req.method;
      const rawBody = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? (req.resume(), Buffer.alloc(0)) : await readBody(req);

      if (path === '/__control' || path.startsWith('/__control/')) {
        if (svc.cfg.controlToken) return await handleControl(svc, req, res, { path, rawQuery, method, rawBody, baseHeaders });
        return send(res, 404, { error: 'not_found', message: `No route for ${method} ${path}.` }, baseHeaders);
      }
      if (method === 'OPTIONS') {
        return send(res, 204, undefined, { ...baseHeaders, 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': ALLOW_HEADERS, 'Access-Control-Max-Age': '600' });
      }
      if ((path === '/openapi.json' || path === '/api/v1/openapi.json') && method === 'GET') {
        openapi ??= buildOpenApi(ROUTES, svc.cfg);
        return send(res, 200, openapi, { ...baseHeaders, 'Cache-Control': 'public, max-age=300' });
      }

      const now = svc.clock.now();
      const st = svc.st;
      const ip = normalizeIp(req.socket.remoteAddress);
      // The secondary per-IP guard sees every API request, signed or not.
      if (!st.limitsLifted) {
        const r = limits.check(st, 'ip_guard', ip, now, false);
        if (r) throw limits.rejection(r);
        limits.admit(st, 'ip_guard', ip, now);
      }
      if (path.length > 4096) throw new ApiError(422, 'invalid_request', 'The request path is too long.');
      const hit = match(table, method, path);
      if (!hit) throw new ApiError(404, 'not_found', `No route for ${method} ${path}.`);
      if (hit.allowed) throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${path}.`, {}, { Allow: hit.allowed.join(', ') });

      const vx = { ds: svc.ds, st, now, siteUrl: svc.cfg.siteUrl, dev: svc.cfg.deviations };
      tickJobs(vx);
      const ctx = {
        req, res, method, path, rawQuery, rawBody, params: hit.params,
        cfg: svc.cfg, st, clock: svc.clock, now, vx, ip, baseHeaders, routes: ROUTES,
        faultScope: typeof req.headers['x-fault-scope'] === 'string' ? req.headers['x-fault-scope'] : null,
      };
      // Parsed on first use, so that credentials are checked before the query.
      let q = null;
      Object.defineProperty(ctx, 'query', { get: () => (q ??= new Query(parseQuery(rawQuery))) });
      return await runRoute(ctx, hit.route);
    } catch (e0) {
      const e = toApiError(e0);
      if (!(e0 instanceof ApiError)) console.error('internal error', e0?.stack || e0);
      return send(res, e.status, errorBody(e), { ...baseHeaders, ...e.headers });
    }
  };
}

export function normalizeIp(a) {
  if (!a) return 'unknown';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}
