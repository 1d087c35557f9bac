// The request pipeline shared by every operation:
//   IP guard -> credentials (key, then payment) -> scope limits -> route
//   pre-debit gates (429s) -> debit -> handler (parameters, work) -> billing
//   outcome (refund / skip settlement for 404, 429, 5xx) -> response.
import { createHash } from 'node:crypto';
import { ApiError, invalid, isUnbilledStatus } from '../http/errors.mjs';
import { b64json } from './x402.mjs';
import { verifyBearer } from './idp.mjs';

const KEY_HEADER = 'x-service-api-key';
const MAX_BODY = 64 * 1024;

export function createGate({ cfg, accounts, x402, ledger, limits, log }) {
  const pending = new Set(); // nonces verified but not yet settled

  const resourceUrl = (req) => `http://${req.headers.host || `${cfg.host}:${cfg.port}`}${req.url}`;
  const fingerprint = (req) => createHash('sha256').update(req.method + ' ' + req.url + '\n' + (req.body?.raw || '')).digest('hex');

  function rateLimited(rej) {
    const what = { '1s': 'per-second', '1m': 'per-minute', '1d': 'daily', in_flight: 'in-flight' }[rej.window];
    return new ApiError(429, 'rate_limited', `Rate limit exceeded: ${what} bound of ${rej.limit} for scope '${rej.scope}'.`, { retry_after: rej.retryAfter, limit_scope: rej.scope }, rej.headers);
  }

  function challenge(def, req, reason, { status = 402, code = 'payment_required' } = {}) {
    const pr = x402.paymentRequired(resourceUrl(req), def.summary, def.price, reason);
    const message = reason ? `Payment was not accepted: ${reason}.` : `This route costs $${(def.price / 1000).toFixed(3)}; pay with x402 or send an API key in ${KEY_HEADER}.`;
    const { error: _omit, ...members } = pr;
    return new ApiError(status, code, message, members, { 'payment-required': b64json(pr), 'cache-control': 'no-store' });
  }

  function makeCtx(def, req, at) {
    return {
      def, req, at, cfg, ip: req.ip || req.socket?.remoteAddress || 'unknown',
      query: req.query && typeof req.query === 'object' ? req.query : {},
      params: req.params || {},
      headers: req.headers,
      account: null, payment: null, principal: null,
      baseUrl: `http://${req.headers.host || `${cfg.host}:${cfg.port}`}`,
      json() {
        const b = req.body;
        if (!b || typeof b.raw !== 'string' || b.raw.length === 0) throw invalid('A JSON request body is required.');
        if (!/^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(b.type || '')) throw invalid('Content-Type must be application/json.');
        if (Buffer.byteLength(b.raw) > MAX_BODY) throw invalid('The request body exceeds 64 KiB.');
        try { return JSON.parse(b.raw); } catch {
          // DEV-3: a body that does not parse is answered 400, the usual HTTP status, not 422.
          if (cfg.deviations) throw new ApiError(400, 'invalid_request', 'The request body is not valid JSON.');
          throw invalid('The request body is not valid JSON.');
        }
      },
    };
  }

  function keyAccount(ctx, { required }) {
    const raw = ctx.headers[KEY_HEADER];
    if (raw === undefined) {
      if (required) throw new ApiError(401, 'gateway_required', `This route needs an API key in the ${KEY_HEADER} header.`);
      return null;
    }
    const acct = accounts.verify(Array.isArray(raw) ? raw.join(',') : raw);
    if (!acct) throw new ApiError(401, 'invalid_api_key', 'The API key is not valid.');
    if (!acct.active) throw new ApiError(403, 'api_entitlement_inactive', 'The account has no active API entitlement.');
    return acct;
  }

  // Verify an x402 payment; returns a cached response for an exact replay.
  async function payment(def, ctx, onFail) {
    const header = ctx.headers['payment-signature'];
    if (header === undefined) throw onFail(null);
    const v = await x402.verify(Array.isArray(header) ? header[0] : header, def.price);
    if (!v.ok) throw onFail(v.reason);
    const prior = ledger.settledRecord(v.nonceKey);
    if (prior || pending.has(v.nonceKey)) {
      if (prior && prior.fingerprint === fingerprint(ctx.req)) return { replay: prior.response };
      throw new ApiError(409, 'payment_replay_mismatch', 'This payment authorization was already used for a different request.');
    }
    if (!x402.hasFunds(v)) throw onFail('insufficient_funds');
    pending.add(v.nonceKey);
    return { v };
  }

  async function authenticate(def, ctx) {
    if (def.auth === 'free') return null;
    if (def.auth === 'key') { ctx.account = keyAccount(ctx, { required: true }); ctx.principal = 'acct:' + ctx.account.id; return null; }
    if (def.auth === 'keyOrBearer') {
      if (ctx.headers[KEY_HEADER] === undefined && /^Bearer\s/i.test(String(ctx.headers.authorization || ''))) {
        const id = verifyBearer(ctx.headers.authorization, cfg.idpSecret);
        const acct = id && accounts.byId(id);
        if (!acct) throw new ApiError(401, 'invalid_api_key', 'The bearer token is not valid.');
        if (!acct.active) throw new ApiError(403, 'api_entitlement_inactive', 'The account has no active API entitlement.');
        ctx.account = acct;
      } else ctx.account = keyAccount(ctx, { required: true });
      ctx.principal = 'acct:' + ctx.account.id;
      return null;
    }
    if (def.auth === 'paid') {
      ctx.account = keyAccount(ctx, { required: false });
      if (ctx.account) { ctx.principal = 'acct:' + ctx.account.id; return null; }
      const r = await payment(def, ctx, (reason) => challenge(def, ctx.req, reason));
      if (r.replay) return r.replay;
      ctx.payment = r.v; ctx.principal = 'wallet:' + r.v.payer.toLowerCase();
      return null;
    }
    if (def.auth === 'link') {
      const r = await payment(def, ctx, (reason) => challenge(def, ctx.req, reason || 'no verifiable payer', { status: 422, code: 'x402_payment_required' }));
      if (r.replay) return r.replay;
      ctx.payment = r.v; ctx.principal = 'wallet:' + r.v.payer.toLowerCase();
      return null;
    }
    throw new Error('unknown auth mode ' + def.auth);
  }

  const send = (reply, status, body, headers) => reply.code(status).headers(headers).send(body);

  return function wrap(def) {
    return async function route(req, reply) {
      const at = Date.now();
      const ctx = makeCtx(def, req, at);
      const headers = {};
      const releases = [];
      reply.raw.once('close', () => releases.forEach((f) => f()));
      let result;
      try {
        const ip = limits.admit('ip_guard', ctx.ip, at);
        if (!ip.ok) throw rateLimited(ip.rejection);
        const replay = await authenticate(def, ctx);
        if (replay) return send(reply, replay.status, replay.body, replay.headers);
        if (def.scope && ctx.principal) {
          const r = limits.admit(def.scope, ctx.principal, at);
          if (!r.ok) throw rateLimited(r.rejection);
          Object.assign(headers, r.headers);
          releases.push(r.release);
        }
        if (def.preDebit) {
          const early = await def.preDebit(ctx, releases);
          if (early) return send(reply, early.status, early.body, { ...headers, ...(early.headers || {}) });
        }
        if (ctx.account && def.price) {
          if (!accounts.debit(ctx.account, def.price)) throw new ApiError(403, 'insufficient_credits', `This call needs ${def.price} credits; the account has ${ctx.account.credits}.`, { required_credits: def.price, balance_credits: ctx.account.credits });
          ctx.debited = def.price;
        }
        try {
          result = await def.handler(ctx);
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          result = { status: e.status, body: e.body(), headers: e.headers };
        }
      } catch (e) {
        if (!(e instanceof ApiError)) {
          log.error({ err: e, route: def.id }, 'unexpected failure');
          e = new ApiError(503, 'temporarily_unavailable', 'The service could not complete this request; retry shortly.', {}, { 'retry-after': '5' });
        }
        result = { status: e.status, body: e.body(), headers: e.headers };
      }
      result.status = result.status || 200;
      const outHeaders = { ...headers, ...(result.headers || {}) };
      // A handler may also flag a 200 built on a missing upstream answer as unbilled.
      const unbilled = isUnbilledStatus(result.status) || result.unbilled === true || (def.auth === 'link' && result.status >= 300);
      if (ctx.debited && unbilled) { accounts.refund(ctx.account, ctx.debited); ctx.debited = 0; }
      if (ctx.account && def.price && ctx.debited !== undefined) {
        outHeaders['x-credits-charged'] = String(ctx.debited);
        outHeaders['x-credits-balance'] = String(ctx.account.credits);
      }
      if (ctx.payment) {
        pending.delete(ctx.payment.nonceKey);
        if (!unbilled) {
          const s = x402.settle(ctx.payment);
          if (!s.success) {
            const e = challenge(def, req, s.errorReason);
            return send(reply, e.status, e.body(), { ...outHeaders, ...e.headers });
          }
          outHeaders['payment-response'] = b64json(s);
          ledger.remember(ctx.payment.nonceKey, { fingerprint: fingerprint(req), response: { status: result.status, body: result.body, headers: outHeaders } });
        }
      }
      return send(reply, result.status, result.body, outHeaders);
    };
  };
}
