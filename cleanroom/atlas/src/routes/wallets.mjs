// Wallet attestation: link tokens (issued to an account), the x402 link
// route that attests the settled payer wallet, and the signature-challenge
// alternative (SIWE-style message signed by the wallet).
import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress, recoverMessageAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { ApiError, invalid, notFound, sendJson } from '../util/http.mjs';
import { rejectUnknownFields } from '../util/params.mjs';
import { decodePayment, paymentRequired, encodeHeader, PaymentError } from '../platform/x402.mjs';
import { iso, MINUTE } from '../util/time.mjs';

export const LINK_TOKEN_TTL = 15 * MINUTE;
export const LINK_PRICE = 5; // credits ($0.005), paid by the wallet being linked
const TOKEN = /^svc_[A-Za-z0-9_-]{43}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export class Wallets {
  constructor() {
    this.tokens = new Map();
    this.attested = new Map(); // lower address -> attestation
    this.challenges = new Map();
  }
  attest(address, accountId, chainId, method, now) {
    const k = address.toLowerCase();
    const prior = this.attested.get(k);
    if (prior && prior.accountId !== accountId) throw new ApiError(409, 'wallet_already_attested', 'This wallet is already attested to a different account.');
    if (prior) return { wallet: view(prior), already_attested: true };
    const rec = { address: getAddress(address), chain_id: chainId, provider: null, method, attested_at: now, accountId };
    this.attested.set(k, rec);
    return { wallet: view(rec), already_attested: false };
  }
  assertFree(address, accountId) {
    const prior = this.attested.get(address.toLowerCase());
    if (prior && prior.accountId !== accountId) throw new ApiError(409, 'wallet_already_attested', 'This wallet is already attested to a different account.');
  }
}
const view = (r) => ({ address: r.address, chain_id: r.chain_id, provider: r.provider, method: r.method, attested_at: iso(r.attested_at) });

function issueValidate({ body }) {
  rejectUnknownFields(body, ['label']);
  if (body.label !== undefined && (typeof body.label !== 'string' || body.label.length > 80)) throw invalid("Body field 'label' must be a string of at most 80 characters.");
  return {};
}

function issueHandle(p, ctx, auth) {
  const token = 'svc_' + randomBytes(32).toString('base64url');
  const expires = ctx.now + LINK_TOKEN_TTL;
  ctx.wallets.tokens.set(token, { accountId: auth.acct.id, expiresAt: expires, consumed: false });
  return {
    status: 201,
    body: { token, expires_at: iso(expires), expires_in_seconds: LINK_TOKEN_TTL / 1000, single_use: true, link: { method: 'GET', endpoint: '/api/v1/wallets/link', query_parameter: 'token', payment: 'x402 from the wallet to link' } },
  };
}

function linkValidate({ query: q }) {
  const token = q.raw('token');
  if (token === undefined || token === '') throw invalid("Parameter 'token' is required.");
  if (!TOKEN.test(token)) throw invalid("Parameter 'token' is not a well-formed link token.");
  return { token };
}

function paymentRequiredError(ctx, reason) {
  const pr = paymentRequired(ctx.baseUrl + ctx.path, 'Wallet link attestation payment', LINK_PRICE, reason || 'payment_required');
  return new ApiError(422, 'x402_payment_required', reason ? `No verifiable payer: ${reason}.` : 'Attach an x402 payment (PAYMENT-SIGNATURE) from the wallet to link.', {}, { 'PAYMENT-REQUIRED': encodeHeader(pr) });
}

async function linkHandle(p, ctx) {
  const t = ctx.wallets.tokens.get(p.token);
  if (!t || t.consumed) throw new ApiError(404, 'link_token_not_found', t ? 'This link token was already used.' : 'No link token matches.');
  if (ctx.now > t.expiresAt) throw invalid('The link token has expired; issue a new one.');
  const slot = ctx.limiter.admit('standard', t.accountId, ctx.now);
  try {
    const header = ctx.req.headers['payment-signature'];
    if (header === undefined) throw paymentRequiredError(ctx);
    let v;
    try {
      v = await ctx.ledger.verify(decodePayment(header), LINK_PRICE);
    } catch (e) {
      if (e instanceof PaymentError) throw paymentRequiredError(ctx, e.reason);
      throw e;
    }
    if (ctx.ledger.settled.has(v.nonceKey) || ctx.ledger.pending.has(v.nonceKey)) throw new ApiError(409, 'payment_replay_mismatch', 'This payment authorization was already used.');
    ctx.wallets.assertFree(v.payer, t.accountId);
    if (t.consumed) throw new ApiError(404, 'link_token_not_found', 'This link token was already used.');
    const sr = ctx.ledger.settle(v);
    if (!sr.success) throw paymentRequiredError(ctx, sr.errorReason);
    ctx.ledger.settled.set(v.nonceKey, { fingerprint: ctx.fingerprint, response: null });
    t.consumed = true;
    const chainId = Number(v.token.network.split(':')[1]);
    const out = ctx.wallets.attest(v.payer, t.accountId, chainId, 'x402', ctx.now);
    return { status: 200, body: out, headers: { 'PAYMENT-RESPONSE': encodeHeader(sr), ...slot.headers } };
  } finally {
    slot.release();
  }
}

function challengeValidate({ body }) {
  rejectUnknownFields(body, ['address', 'chain_id']);
  if (typeof body.address !== 'string' || !ADDRESS.test(body.address)) throw invalid("Body field 'address' must be a 0x-prefixed 20-byte hex address.");
  const chainId = body.chain_id === undefined ? 8453 : body.chain_id;
  if (!Number.isInteger(chainId) || chainId < 1 || chainId > 2 ** 31) throw invalid("Body field 'chain_id' must be a positive integer.");
  return { address: getAddress(body.address.toLowerCase()), chainId };
}

function challengeHandle(p, ctx, auth) {
  ctx.wallets.assertFree(p.address, auth.acct.id);
  const id = randomUUID();
  const nonce = randomBytes(12).toString('hex');
  const expires = ctx.now + 10 * MINUTE;
  const host = (ctx.req.headers.host || 'localhost').replace(/[^A-Za-z0-9.:-]/g, '') || 'localhost';
  const message = createSiweMessage({
    address: p.address, chainId: p.chainId, domain: host, nonce, uri: `${ctx.baseUrl}/api/auth/wallets/attest`, version: '1',
    statement: 'Attest this wallet to my Forecast Intelligence account.', issuedAt: new Date(ctx.now), expirationTime: new Date(expires),
  });
  ctx.wallets.challenges.set(id, { accountId: auth.acct.id, address: p.address, chainId: p.chainId, message, expiresAt: expires, used: false });
  return { status: 201, body: { challenge_id: id, address: p.address, chain_id: p.chainId, nonce, message, expires_at: iso(expires) } };
}

function attestValidate({ body }) {
  rejectUnknownFields(body, ['challenge_id', 'signature']);
  if (typeof body.challenge_id !== 'string' || body.challenge_id.length < 1 || body.challenge_id.length > 64) throw invalid("Body field 'challenge_id' is required.");
  if (typeof body.signature !== 'string' || !/^0x[0-9a-fA-F]{130,}$/.test(body.signature) || body.signature.length > 2000) throw invalid("Body field 'signature' must be a hex signature.");
  return { challengeId: body.challenge_id, signature: body.signature };
}

async function attestHandle(p, ctx, auth) {
  const c = ctx.wallets.challenges.get(p.challengeId);
  if (!c || c.accountId !== auth.acct.id || c.used) throw notFound('No open challenge with this id for this account.');
  if (ctx.now > c.expiresAt) throw invalid('The challenge has expired; request a new one.');
  let signer;
  try {
    signer = await recoverMessageAddress({ message: c.message, signature: p.signature });
  } catch {
    throw invalid('The signature could not be verified.');
  }
  if (signer.toLowerCase() !== c.address.toLowerCase()) throw invalid('The signature was not made by the challenged wallet.');
  const out = ctx.wallets.attest(c.address, auth.acct.id, c.chainId, 'signature', ctx.now);
  c.used = true;
  return { status: 200, body: out };
}

export const walletRoutes = [
  { method: 'POST', path: '/api/auth/wallets/x402-token', kind: 'key', body: true, bodyRequired: false, summary: 'Issue a single-use wallet link token', validate: issueValidate, handle: issueHandle },
  { method: 'GET', path: '/api/v1/wallets/link', kind: 'special', summary: 'Attest the paying wallet to the token account', validate: linkValidate, handle: linkHandle },
  { method: 'POST', path: '/api/auth/wallets/challenge', kind: 'key', body: true, summary: 'Signature challenge for wallet attestation', validate: challengeValidate, handle: challengeHandle },
  { method: 'POST', path: '/api/auth/wallets/attest', kind: 'key', body: true, summary: 'Attest a wallet with a signed challenge', validate: attestValidate, handle: attestHandle },
];
export { sendJson };
