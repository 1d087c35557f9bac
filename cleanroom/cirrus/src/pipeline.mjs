// The request pipeline shared by every API route. Order of checks:
// per-IP guard -> credentials (API key, else x402 payment, else the 402
// challenge) -> scope limits (429 before any debit or settlement) -> input
// validation (prepare) -> credit check and debit -> injected upstream fault ->
// the route's work -> billing (keep the debit or refund it; settle or skip).
import { createHash } from 'node:crypto';
import { ApiError } from './errors.mjs';
import { send, errorBody, toApiError } from './util/http.mjs';
import * as limits from './limits.mjs';
import { accepts, paymentRequired, decodePayment, verifyPayment, settle, encodeSettlement, PaymentError } from './x402.mjs';
import { entry } from './accounts.mjs';
import { takeFault, faultCode } from './faults.mjs';
import { verifyIdpToken } from './idp.mjs';

const usd = (credits) => (credits / 1000).toFixed(3).replace(/0$/, '');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function challenge(ctx, route, reason, message) {
  const acc = accepts(ctx.cfg, route.credits);
  const url = `http://${ctx.req.headers.host || `${ctx.cfg.host}:${ctx.cfg.port}`}${ctx.req.url}`;
  const hdr = paymentRequired(url, route.summary, acc, reason ?? 'payment_required');
  const dflt = route.link ? `Linking a wallet needs an x402 payment of $${usd(route.credits)} from the wallet being linked.` : `This route costs $${usd(route.credits)}; pay with x402 or send x-service-api-key.`;
  return new ApiError(402, 'payment_required', message ?? dflt, { ...(reason ? { reason } : {}), price: { usd: usd(route.credits), credits: route.credits } }, { 'PAYMENT-REQUIRED': hdr, 'Cache-Control': 'no-store' });
}

function resourceKey(ctx) {
  const q = (ctx.rawQuery || '').split('&').filter(Boolean).sort().join('&');
  return `${ctx.method} ${ctx.path}?${q}#${createHash('sha256').update(ctx.rawBody || '').digest('hex')}`;
}

function apiKeyOf(ctx) {
  const k = ctx.req.headers['x-service-api-key'];
  return Array.isArray(k) ? k[0] : k;
}

export async function runRoute(ctx, route) {
  const { st, cfg } = ctx;
  const out = { headers: {} };
  let principal = null; // {type, key, acct?, payment?}
  let scopeAdmitted = null;
  let oilKey = null;
  let debited = 0;
  let pendingKey = null;
  try {
    // ---- credentials ----
    if (route.kind === 'key') {
      const key = apiKeyOf(ctx);
      let acct = null;
      if (key === undefined && route.bearer) acct = verifyIdpToken(ctx);
      if (!acct) {
        if (key === undefined) throw new ApiError(401, 'gateway_required', 'This route needs an API key in x-service-api-key.');
        acct = st.accounts.byKey.get(key);
        if (!acct) throw new ApiError(401, 'invalid_api_key', 'The API key is not valid.');
      }
      if (route.entitled && !acct.entitled) throw new ApiError(403, 'entitlement_required', 'The account has no active API entitlement.');
      principal = { type: 'account', key: acct.accountId, acct };
    } else if (route.kind === 'paid') {
      const key = apiKeyOf(ctx);
      const sig = ctx.req.headers['payment-signature'];
      if (key !== undefined) {
        const acct = st.accounts.byKey.get(key);
        if (!acct) throw new ApiError(401, 'invalid_api_key', 'The API key is not valid.');
        if (route.link) throw new ApiError(422, 'x402_payment_required', 'Linking a wallet needs an x402 payment from that wallet; an API key cannot stand in for it.');
        principal = { type: 'account', key: acct.accountId, acct };
      } else if (sig !== undefined) {
        let v;
        try {
          v = await verifyPayment(st.ledger, decodePayment(sig), accepts(cfg, route.credits), ctx.now);
        } catch (e) {
          if (!(e instanceof PaymentError)) throw e;
          if (route.link) throw new ApiError(422, 'x402_payment_required', `No verifiable payer: ${e.message}`, { reason: e.reason });
          throw challenge(ctx, route, e.reason, `Payment rejected: ${e.message}`);
        }
        if (v.replay) {
          if (!v.replay.pending && v.replay.resourceKey === resourceKey(ctx)) {
            // The same signed request again: answer what was paid for, once.
            return send(ctx.res, v.replay.status, v.replay.body, { ...ctx.baseHeaders, ...v.replay.headers, 'X-Payment-Replayed': 'true' });
          }
          throw new ApiError(409, 'payment_replay_mismatch', 'This payment authorization was already used for a different request.');
        }
        // Another request may have started with the same authorization meanwhile.
        if (st.ledger.pending.has(v.key) || st.ledger.used.has(v.key)) throw new ApiError(409, 'payment_replay_mismatch', 'This payment authorization is already being used by another request.');
        pendingKey = v.key;
        st.ledger.pending.add(pendingKey);
        principal = { type: 'payer', key: v.payer.toLowerCase(), payment: v };
      } else {
        throw challenge(ctx, route);
      }
    }
    ctx.principal = principal;
    ctx.account = principal?.acct ?? null;

    // ---- limits: rejected before any debit, settlement or upstream work ----
    if (route.scope && principal && !st.limitsLifted) {
      const r = limits.check(st, route.scope, principal.key, ctx.now, cfg.deviations);
      if (r) throw limits.rejection(r);
    }
    if (route.oil && principal) {
      const r = limits.oilCheck(st, principal.key, ctx.now);
      if (r) throw limits.rejection(r);
    }
    if (route.scope && principal && !st.limitsLifted) {
      limits.admit(st, route.scope, principal.key, ctx.now);
      scopeAdmitted = principal.key;
      Object.assign(out.headers, limits.rateHeaders(st, route.scope, principal.key, ctx.now));
    }
    if (route.oil && principal) { oilKey = principal.key; limits.oilAdmit(st, oilKey, ctx.now); }

    // ---- validation ----
    const prepared = route.prepare ? await route.prepare(ctx) : undefined;
    if (prepared && prepared.early) {
      // e.g. an idempotent replay: answered without debit or work.
      return finish(ctx, route, out, prepared.early, principal, 0);
    }

    // ---- debit at admission ----
    const price = route.credits ?? 0;
    if (principal?.acct && price > 0) {
      if (principal.acct.credits < price) throw new ApiError(403, 'insufficient_credits', `This call needs ${price} credits; the account holds ${principal.acct.credits}.`, { required: price, balance: principal.acct.credits });
      entry(principal.acct, 'debit', -price, ctx.now, route.operationId);
      debited = price;
    }

    // ---- injected upstream fault ----
    const f = takeFault(st, ctx.method, route.path, ctx.path, ctx.faultScope);
    if (f) {
      if (f.latencyMs) await sleep(f.latencyMs);
      if (f.status) throw new ApiError(f.status, faultCode(route, f.status), 'The upstream this route depends on failed; the call is not billed.');
    }

    // ---- work ----
    const result = await route.handler(ctx, prepared);
    const status = result.status ?? 200;
    const billed = result.billed !== false && status >= 200 && status < 300;
    if (!billed && debited) { entry(principal.acct, 'refund', debited, ctx.clock.now(), route.operationId); debited = 0; }
    if (principal?.payment && billed) {
      const s = settle(st.ledger, principal.payment, cfg.payTo, ctx.clock.now());
      out.headers['PAYMENT-RESPONSE'] = encodeSettlement(s);
      st.ledger.used.set(principal.payment.key, { resourceKey: resourceKey(ctx), status, body: result.body, headers: { ...(result.headers || {}), 'PAYMENT-RESPONSE': out.headers['PAYMENT-RESPONSE'] } });
    }
    return finish(ctx, route, out, result, principal, billed ? debited : 0);
  } catch (e0) {
    let e = toApiError(e0);
    if (e0 instanceof PaymentError) e = challenge(ctx, route, e0.reason, e0.message);
    if (debited && principal?.acct) {
      // DEVIATION D2 (DEVIATIONS=on): the stored-forecast read forgets to
      // refund its debit when it answers 404.
      const skip = cfg.deviations && route.operationId === 'getMarketForecast' && e.status === 404;
      if (!skip) entry(principal.acct, 'refund', debited, ctx.clock.now(), route.operationId);
      else out.headers['X-Credits-Charged'] = String(debited);
    }
    const h = { ...ctx.baseHeaders, ...out.headers, ...e.headers };
    if (principal?.acct && (route.credits ?? 0) > 0) { h['X-Credits-Balance'] = String(principal.acct.credits); h['X-Credits-Charged'] ??= '0'; }
    if (e.status >= 500 && e.status !== 502 && e.status !== 503 && e.status !== 504 && !(e0 instanceof ApiError)) console.error('internal error', e0?.stack || e0);
    return send(ctx.res, e.status, errorBody(e), h);
  } finally {
    if (scopeAdmitted) limits.release(st, route.scope, scopeAdmitted);
    if (oilKey) limits.oilRelease(st, oilKey);
    if (pendingKey) st.ledger.pending.delete(pendingKey);
  }
}

function finish(ctx, route, out, result, principal, charged) {
  const h = { ...ctx.baseHeaders, ...out.headers, ...(result.headers || {}) };
  if (principal?.acct && route.kind !== 'free' && (route.credits ?? 0) > 0) {
    h['X-Credits-Charged'] = String(charged);
    h['X-Credits-Balance'] = String(principal.acct.credits);
  }
  return send(ctx.res, result.status ?? 200, result.body, h);
}
