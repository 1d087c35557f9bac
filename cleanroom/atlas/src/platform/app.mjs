// Request dispatch and the three pipelines (public, API-key, paid). The
// order of checks on a paid route: IP guard, the request's own parameters
// and body (422), credentials (402 / 401 / 403), scope limits (429), credit
// check, debit, upstream work, then refund or settlement.
import { randomUUID, createHash } from 'node:crypto';
import { ApiError, sendJson, sendError, readBody, parseJsonObject, clientAddress, notFound, invalid } from '../util/http.mjs';
import { parseQueryString, Query } from '../util/params.mjs';
import { decodePayment, paymentRequired, encodeHeader, PaymentError } from './x402.mjs';

const EXPOSE = 'PAYMENT-REQUIRED, PAYMENT-RESPONSE, Retry-After, RateLimit, RateLimit-Policy, X-Quotient-Max-Concurrent, X-Credits-Charged, X-Credits-Remaining, X-Request-Id, Location, Idempotent-Replayed, X-Payment-Replayed';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const REPLAY_CACHE = 2000;

function compile(routes) {
  return routes.map((r) => {
    const segs = r.path.split('/').slice(1);
    return { ...r, segs };
  });
}

function matchRoute(table, method, rawPath) {
  const parts = rawPath.split('/').slice(1);
  let pathHit = false;
  for (const r of table) {
    if (r.segs.length !== parts.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      const s = r.segs[i];
      if (s.startsWith(':')) {
        if (parts[i] === '') {
          ok = false;
          break;
        }
        let v;
        try {
          v = decodeURIComponent(parts[i]);
        } catch {
          throw invalid(`Path segment '${s.slice(1)}' contains a malformed percent-encoding.`);
        }
        params[s.slice(1)] = v;
      } else if (s !== parts[i]) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    pathHit = true;
    if (r.method === method) return { route: r, params };
  }
  return pathHit ? { wrongMethod: true } : null;
}

export function challengeError(ctx, route, price, reason) {
  const pr = paymentRequired(ctx.baseUrl + ctx.path, route.summary || route.path, price, reason);
  const msg = reason && reason !== 'payment_required' ? `Payment was not accepted (${reason}); retry with a new PAYMENT-SIGNATURE.` : 'This route needs an API key or an x402 payment; see the PAYMENT-REQUIRED header.';
  return new ApiError(402, 'payment_required', msg, { x402Version: 2 }, { 'PAYMENT-REQUIRED': encodeHeader(pr) });
}

export function createApp(deps) {
  const { config, limiter, accounts, ledger } = deps;
  const table = compile(deps.routes);

  function baseUrlOf(req) {
    const host = req.headers.host;
    const ok = typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(host);
    return `http://${ok ? host : `${config.host}:${config.port}`}`;
  }

  async function dispatch(req, res, base) {
    const url = req.url || '/';
    const qi = url.indexOf('?');
    const rawPath = qi === -1 ? url : url.slice(0, qi);
    const rawQuery = qi === -1 ? '' : url.slice(qi + 1);
    const ip = clientAddress(req);
    const ctx = { ...deps, now: Date.now(), ip, req, path: rawPath, baseUrl: baseUrlOf(req), requestId: base['X-Request-Id'] };
    if (req.method === 'OPTIONS') {
      req.resume();
      res.writeHead(204, { ...base, 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', 'Access-Control-Allow-Headers': 'Content-Type, x-service-api-key, PAYMENT-SIGNATURE, X-Idempotency-Key, Authorization', 'Content-Length': '0' });
      res.end();
      return;
    }
    // Secondary per-IP guard: every request counts, before anything else.
    limiter.admit('ip', ip, ctx.now).release();
    const m = matchRoute(table, req.method, rawPath);
    if (!m || m.wrongMethod) {
      req.resume();
      throw notFound(m ? `${req.method} is not supported on ${rawPath}.` : `No route matches ${rawPath}.`);
    }
    const { route } = m;
    const query = new Query(parseQueryString(rawQuery));
    let body = null;
    let rawBody = '';
    if (route.body) {
      const raw = await readBody(req);
      if (raw.aborted) return;
      body = parseJsonObject(raw, { required: route.bodyRequired !== false });
      rawBody = raw.buffer ? raw.buffer.toString('utf8') : '';
    } else {
      req.resume();
    }
    const input = { query, path: m.params, body, headers: req.headers };
    const params = route.validate ? route.validate(input, ctx) : {};
    ctx.fingerprint = createHash('sha256').update(`${req.method} ${rawPath}?${[...query.map.entries()].sort().map(([k, v]) => k + '=' + v.join('\u0000')).join('&')}\n${rawBody}`).digest('hex');
    if (route.kind === 'public' || route.kind === 'special') return reply(res, base, await route.handle(params, ctx));
    if (route.kind === 'key') return keyPipeline(route, params, ctx, res, base);
    return paidPipeline(route, params, ctx, res, base);
  }

  async function run(route, params, ctx, auth) {
    try {
      if (route.latency) await sleep(typeof route.latency === 'function' ? route.latency(params) : route.latency);
      const out = await route.handle(params, ctx, auth);
      return { ...out, status: out.status || 200 };
    } catch (e) {
      if (e instanceof ApiError) return { status: e.status, body: e.body(), headers: e.headers, error: true };
      throw e;
    }
  }

  function accountFromKey(ctx) {
    const key = ctx.req.headers['x-service-api-key'];
    if (key === undefined && /^Bearer\s/i.test(ctx.req.headers.authorization || '')) {
      // Identity-provider bearers are part of the contract, but this deployment has no identity provider configured.
      throw new ApiError(401, 'invalid_api_key', 'Identity-provider bearer tokens cannot be verified here (no identity provider configured); use x-service-api-key.');
    }
    if (key === undefined) throw new ApiError(401, 'gateway_required', 'This route needs an API key in the x-service-api-key header.');
    const acct = accounts.lookup(key);
    if (!acct) throw new ApiError(401, 'invalid_api_key', 'The API key is not valid.');
    if (!acct.entitled) throw new ApiError(403, 'api_entitlement_inactive', 'The account has no active API entitlement.');
    return acct;
  }

  async function keyPipeline(route, params, ctx, res, base) {
    const acct = accountFromKey(ctx);
    const auth = { kind: 'key', acct, principal: acct.id };
    const slot = route.scope ? limiter.admit(route.scope, acct.id, ctx.now) : null;
    try {
      if (route.preCharge) {
        const early = await route.preCharge(params, ctx, auth);
        if (early) return reply(res, { ...base, ...(slot ? slot.headers : {}) }, early);
      }
      const price = route.price || 0;
      if (price && acct.credits < price) throw new ApiError(403, 'insufficient_credits', `This call costs ${price} credits; the account has ${acct.credits}.`);
      if (price) accounts.debit(acct, price);
      const out = await run(route, params, ctx, auth);
      const billable = price && out.status < 400 && out.billable !== false;
      if (price && !billable) accounts.refund(acct, price);
      const bill = price ? { 'X-Credits-Charged': String(billable ? price : 0), 'X-Credits-Remaining': String(acct.credits) } : {};
      return reply(res, { ...base, ...(slot ? slot.headers : {}), ...bill }, out);
    } finally {
      if (slot) slot.release();
    }
  }

  async function paidPipeline(route, params, ctx, res, base) {
    const price = typeof route.price === 'function' ? route.price(params) : route.price;
    const payHeader = ctx.req.headers['payment-signature'];
    let auth;
    if (payHeader !== undefined) {
      // A payment, when present, is the credential; any API key is ignored.
      let v;
      try {
        const payload = decodePayment(payHeader);
        v = await ledger.verify(payload, price);
      } catch (e) {
        if (e instanceof PaymentError) throw challengeError(ctx, route, price, e.reason);
        throw e;
      }
      auth = { kind: 'x402', principal: 'wallet:' + v.payer.toLowerCase(), verified: v };
    } else if (ctx.req.headers['x-service-api-key'] !== undefined) {
      const acct = accountFromKey(ctx);
      auth = { kind: 'key', acct, principal: acct.id };
    } else {
      throw challengeError(ctx, route, price);
    }
    const slot = limiter.admit(route.scope, auth.principal, ctx.now);
    let oilDone = null;
    let pendingKey = null;
    try {
      if (route.oil) oilDone = limiter.admitOil(auth.principal, ctx.now);
      if (auth.kind === 'x402') {
        const nk = auth.verified.nonceKey;
        const prior = ledger.settled.get(nk);
        if (prior) {
          if (prior.fingerprint === ctx.fingerprint && prior.response) {
            return reply(res, { ...base, ...slot.headers, ...prior.response.headers, 'X-Payment-Replayed': 'true' }, prior.response);
          }
          throw new ApiError(409, 'payment_replay_mismatch', 'This payment authorization was already settled for a different request.');
        }
        if (ledger.pending.has(nk)) throw new ApiError(409, 'payment_replay_mismatch', 'This payment authorization is already in use by another request.');
        ledger.pending.set(nk, ctx.fingerprint);
        pendingKey = nk;
      } else if (auth.acct.credits < price) {
        throw new ApiError(403, 'insufficient_credits', `This call costs ${price} credits; the account has ${auth.acct.credits}.`);
      } else {
        accounts.debit(auth.acct, price);
      }
      const out = await run(route, params, ctx, auth);
      const billable = out.status < 400 && out.billable !== false;
      const extra = {};
      if (auth.kind === 'key') {
        if (!billable) accounts.refund(auth.acct, price);
        extra['X-Credits-Charged'] = String(billable ? price : 0);
        extra['X-Credits-Remaining'] = String(auth.acct.credits);
      } else if (billable) {
        const sr = ledger.settle(auth.verified);
        if (!sr.success) throw challengeError(ctx, route, price, sr.errorReason);
        extra['PAYMENT-RESPONSE'] = encodeHeader(sr);
        const response = { status: out.status, body: out.body, headers: { ...(out.headers || {}), 'PAYMENT-RESPONSE': extra['PAYMENT-RESPONSE'] } };
        ledger.settled.set(auth.verified.nonceKey, { fingerprint: ctx.fingerprint, response });
        ledger.recent = ledger.recent || [];
        ledger.recent.push(auth.verified.nonceKey);
        if (ledger.recent.length > REPLAY_CACHE) {
          const old = ledger.settled.get(ledger.recent.shift());
          if (old) old.response = null; // keep the nonce burned, drop the cached body
        }
      }
      return reply(res, { ...base, ...slot.headers, ...extra }, out);
    } finally {
      slot.release();
      if (oilDone) oilDone();
      if (pendingKey) ledger.pending.delete(pendingKey);
    }
  }

  function reply(res, headers, out) {
    if (!out) return;
    sendJson(res, out.status || 200, out.body, { ...headers, ...(out.headers || {}) });
  }

  return async function onRequest(req, res) {
    const base = { 'X-Request-Id': randomUUID(), 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSE };
    try {
      await dispatch(req, res, base);
    } catch (e) {
      if (e instanceof ApiError) return sendError(res, e, base);
      // Never a 500: an unexpected fault is reported as a temporary outage.
      process.stderr.write(`internal error ${base['X-Request-Id']}: ${e && e.stack ? e.stack.split('\n').slice(0, 3).join(' | ') : e}\n`);
      sendJson(res, 503, { error: 'service_unavailable', message: 'The service could not complete the request; retry later.' }, { ...base, 'Retry-After': '1' });
    }
  };
}
