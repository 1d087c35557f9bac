// Wallet attestation: single-use link tokens redeemed by an x402 payment from
// the wallet to link (custodial wallets need no message signing), and the
// signature-challenge alternative (SIWE message signed by the wallet).
import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress, verifyMessage } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { ApiError, invalid } from '../errors.mjs';
import { parseJsonObject } from '../util/http.mjs';
import { bodyStr, onlyKeys } from '../util/validate.mjs';
import { iso, MINUTE } from '../util/time.mjs';
import { NETWORKS } from '../ledger.mjs';

export const LINK_TOKEN_TTL = 15 * MINUTE;
const CHALLENGE_TTL = 10 * MINUTE;
const TOKEN = /^svc_[A-Za-z0-9_-]{43}$/;

const walletView = (w) => ({ address: w.address, chain_id: w.chain_id, provider: w.provider, method: w.method, attested_at: w.attested_at });

// Attests `address` to `acct`; returns {wallet, already_attested} or throws 409.
function attest(st, acct, address, chainId, method, provider, now) {
  const owner = st.walletOwner.get(address.toLowerCase());
  if (owner && owner !== acct.accountId) throw new ApiError(409, 'wallet_already_attested', 'This wallet is already attested to a different account.');
  const existing = acct.wallets.find((w) => w.address.toLowerCase() === address.toLowerCase());
  if (existing) return { wallet: walletView(existing), already_attested: true };
  const w = { address: getAddress(address), chain_id: chainId, provider, method, attested_at: iso(now) };
  acct.wallets.push(w);
  st.walletOwner.set(address.toLowerCase(), acct.accountId);
  return { wallet: walletView(w), already_attested: false };
}

function prepareToken(ctx) {
  const b = parseJsonObject(ctx.rawBody, { required: false });
  if (b) onlyKeys(b, []);
  return {};
}
function issueToken(ctx) {
  const token = 'svc_' + randomBytes(32).toString('base64url');
  const expiresAt = ctx.now + LINK_TOKEN_TTL;
  ctx.st.linkTokens.set(token, { accountId: ctx.account.accountId, expiresAt, consumed: false });
  return { status: 201, body: { token, expiresAt: iso(expiresAt), expiresInSeconds: LINK_TOKEN_TTL / 1000, singleUse: true, link: { method: 'GET', endpoint: `/api/v1/wallets/link?token=${token}`, payment: 'x402' } } };
}

function prepareLink(ctx) {
  const t = ctx.query.single('token');
  if (t === undefined || t === '') throw invalid('The link token is missing.');
  if (!TOKEN.test(t)) throw invalid('The link token is malformed.');
  return { token: t };
}
function link(ctx, p) {
  const rec = ctx.st.linkTokens.get(p.token);
  if (!rec || rec.consumed) throw new ApiError(404, 'link_token_not_found', 'No live link token matches; tokens are single-use.');
  if (ctx.now >= rec.expiresAt) throw new ApiError(422, 'link_token_expired', 'The link token has expired (15 minutes).');
  const acct = ctx.st.accounts.byId.get(rec.accountId);
  const pay = ctx.principal.payment;
  const out = attest(ctx.st, acct, pay.payer, NETWORKS[pay.network].chainId, 'x402', null, ctx.now);
  rec.consumed = true;
  return { body: out };
}

function prepareChallenge(ctx) {
  const b = parseJsonObject(ctx.rawBody);
  onlyKeys(b, ['address', 'chain_id', 'provider']);
  const address = bodyStr(b, 'address', { required: true, max: 42, pattern: /^0x[0-9a-fA-F]{40}$/ });
  const chainId = b.chain_id ?? 8453;
  if (![8453, 4663].includes(chainId)) throw invalid('chain_id must be 8453 or 4663.');
  return { address: getAddress(address), chainId, provider: bodyStr(b, 'provider', { max: 64 }) ?? null };
}
function challenge(ctx, p) {
  const id = randomUUID();
  const nonce = randomBytes(12).toString('hex');
  const site = new URL(ctx.cfg.siteUrl);
  const message = createSiweMessage({ domain: site.host, address: p.address, statement: `Attest this wallet to account ${ctx.account.accountId}.`, uri: ctx.cfg.siteUrl, version: '1', chainId: p.chainId, nonce, issuedAt: new Date(ctx.now), expirationTime: new Date(ctx.now + CHALLENGE_TTL) });
  ctx.st.challenges.set(id, { accountId: ctx.account.accountId, ...p, message, expiresAt: ctx.now + CHALLENGE_TTL, used: false });
  return { status: 201, body: { challengeId: id, message, nonce, issuedAt: iso(ctx.now), expiresAt: iso(ctx.now + CHALLENGE_TTL) } };
}

function prepareAttest(ctx) {
  const b = parseJsonObject(ctx.rawBody);
  onlyKeys(b, ['challengeId', 'signature']);
  return { id: bodyStr(b, 'challengeId', { required: true, max: 64 }), signature: bodyStr(b, 'signature', { required: true, max: 1024, pattern: /^0x[0-9a-fA-F]+$/ }) };
}
async function attestSig(ctx, p) {
  const c = ctx.st.challenges.get(p.id);
  if (!c || c.used || c.accountId !== ctx.account.accountId) throw new ApiError(404, 'not_found', 'No open challenge with this id for this account.');
  if (ctx.now >= c.expiresAt) throw invalid('The challenge has expired; request a new one.');
  let ok = false;
  try { ok = await verifyMessage({ address: c.address, message: c.message, signature: p.signature }); } catch { ok = false; }
  if (!ok) throw invalid('The signature does not match the challenge and address.');
  const out = attest(ctx.st, ctx.account, c.address, c.chainId, 'signature', c.provider, ctx.now);
  c.used = true;
  return { body: out };
}

function list(ctx) { return { body: { wallets: ctx.account.wallets.map(walletView) } }; }

export default [
  { method: 'POST', path: '/api/auth/wallets/x402-token', operationId: 'issueWalletLinkToken', kind: 'key', bearer: true, credits: 0, summary: 'Issue a single-use wallet link token (15 minutes)', prepare: prepareToken, handler: issueToken },
  { method: 'POST', path: '/api/auth/wallets/challenge', operationId: 'createWalletChallenge', kind: 'key', credits: 0, body: true, summary: 'Create a sign-in message for the signature alternative', prepare: prepareChallenge, handler: challenge },
  { method: 'POST', path: '/api/auth/wallets/attest', operationId: 'attestWalletSignature', kind: 'key', credits: 0, body: true, summary: 'Attest a wallet with a signed challenge', prepare: prepareAttest, handler: attestSig },
  { method: 'GET', path: '/api/auth/wallets', operationId: 'listAttestedWallets', kind: 'key', credits: 0, summary: 'Wallets attested to the calling account', handler: list },
  { method: 'GET', path: '/api/v1/wallets/link', operationId: 'linkWallet', kind: 'paid', link: true, credits: 5, scope: 'standard', summary: 'Attest the paying wallet to a link token\'s account', prepare: prepareLink, handler: link },
];
