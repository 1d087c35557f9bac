// Wallet linking (payment attestation with single-use link tokens, or a
// signed challenge), the account view and the read-only portfolio.
import { randomBytes, randomUUID } from 'node:crypto';
import { getAddress, verifyMessage } from 'viem';
import { ApiError, invalid, upstream } from '../http/errors.mjs';
import { str, repeated, assertObject, onlyFields, bodyStr, bodyInt, VENUES } from '../http/params.mjs';
import { iso, MIN } from '../core/clock.mjs';
import { round } from '../core/prng.mjs';
import { SCOPES } from '../billing/limits.mjs';

const TOKEN_RE = /^svc_[A-Za-z0-9_-]{43}$/;
const ADDR_RE = /^0x[0-9a-fA-F]{40}$/;
const TOKEN_TTL = 15 * MIN;
const CHALLENGE_TTL = 10 * MIN;

export function walletRoutes(d) {
  const { store, mv, accounts, cfg, limits } = d;
  const tokens = new Map(); // token -> { accountId, expiresAt, consumedAt }
  const challenges = new Map();

  function issueToken(ctx) {
    const token = 'svc_' + randomBytes(32).toString('base64url'); // 43 chars
    const expiresAt = ctx.at + TOKEN_TTL;
    tokens.set(token, { accountId: ctx.account.id, expiresAt, consumedAt: null });
    return { status: 201, body: { token, url: `${ctx.baseUrl}/api/v1/wallets/link?token=${token}`, expires_at: iso(expiresAt) } };
  }

  function attestTo(acct, address, chainId, method, at) {
    const prior = accounts.walletOf(address);
    if (prior && prior.accountId !== acct) throw new ApiError(409, 'wallet_already_attested', 'This wallet is attested to a different account.');
    const rec = prior || accounts.attest(address, { accountId: acct, address: getAddress(address), chain_id: chainId, provider: null, method, attested_at: iso(at) });
    const { accountId: _a, ...wallet } = rec;
    return { wallet, already_attested: !!prior };
  }

  // The payment has been verified by the gate (payer known); check the token.
  function link(ctx) {
    const token = str(ctx.query, 'token', { required: true, max: 200 });
    if (!TOKEN_RE.test(token)) throw invalid('token is malformed.', { parameter: 'token' });
    const t = tokens.get(token);
    if (!t || t.consumedAt) throw new ApiError(404, 'link_token_not_found', 'No live link token matches this value.');
    if (t.expiresAt <= ctx.at) throw invalid('The link token has expired; issue a new one.', { parameter: 'token' });
    const chainId = Number(ctx.payment.network.split(':')[1]);
    const out = attestTo(t.accountId, ctx.payment.payer, chainId, 'x402', ctx.at);
    t.consumedAt = ctx.at;
    return { body: out };
  }

  function challenge(ctx) {
    const body = assertObject(ctx.json());
    onlyFields(body, ['address', 'chain_id']);
    const address = bodyStr(body, 'address', { required: true, max: 42, pattern: ADDR_RE });
    const chainId = bodyInt(body, 'chain_id', { min: 1, max: 2 ** 31, def: 8453 });
    const id = randomUUID();
    const nonce = randomBytes(12).toString('hex');
    const issued = ctx.at;
    const message = [
      `${new URL(cfg.siteUrl).host} wants you to attest your wallet:`, getAddress(address), '',
      'Attest this wallet to your Forecast Intelligence account.', '',
      `URI: ${cfg.siteUrl}`, 'Version: 1', `Chain ID: ${chainId}`, `Nonce: ${nonce}`, `Issued At: ${iso(issued)}`, `Expiration Time: ${iso(issued + CHALLENGE_TTL)}`,
    ].join('\n');
    challenges.set(id, { accountId: ctx.account.id, address: getAddress(address), chainId, message, expiresAt: issued + CHALLENGE_TTL, used: false });
    return { status: 201, body: { challenge_id: id, address: getAddress(address), chain_id: chainId, message, nonce, issued_at: iso(issued), expires_at: iso(issued + CHALLENGE_TTL) } };
  }

  async function attest(ctx) {
    const body = assertObject(ctx.json());
    onlyFields(body, ['challenge_id', 'signature']);
    const id = bodyStr(body, 'challenge_id', { required: true, max: 64 });
    const signature = bodyStr(body, 'signature', { required: true, max: 600, pattern: /^0x[0-9a-fA-F]+$/ });
    const c = challenges.get(id);
    if (!c || c.used || c.accountId !== ctx.account.id) throw new ApiError(404, 'not_found', 'No open challenge with this id for this account.');
    if (c.expiresAt <= ctx.at) throw invalid('The challenge has expired.', { field: 'challenge_id' });
    let ok = false;
    try { ok = await verifyMessage({ address: c.address, message: c.message, signature }); } catch { ok = false; }
    if (!ok) throw invalid('The signature does not match the challenge address.', { field: 'signature' });
    const out = attestTo(c.accountId, c.address, c.chainId, 'signature', ctx.at);
    c.used = true;
    return { body: out };
  }

  function account(ctx) {
    const a = ctx.account;
    const q = limits.genQuota(a.id, ctx.at);
    return {
      body: {
        account_id: a.id, entitlement: { active: a.active }, credits: a.credits, credits_usd: (a.credits / 1000).toFixed(3),
        charged_credits: a.charged, refunded_credits: a.refunded,
        wallets: accounts.walletsOfAccount(a.id).map(({ accountId: _x, ...w }) => w),
        limits: Object.fromEntries(Object.entries(SCOPES).map(([k, v]) => [k, { per_second: v.perSecond, per_minute: v.perMinute, per_day: v.perDay, in_flight: v.inFlight }])),
        forecast_request_quota: { quotaScope: 'venue_market_daily', used: q.used, limit: q.limit },
      },
    };
  }

  function portfolio(ctx) {
    const wallet = str(ctx.query, 'wallet_address', { required: true, max: 42, pattern: ADDR_RE });
    const raw = repeated(ctx.query, 'venues');
    if (!raw) throw invalid('venues is required (repeat it for several venues).', { parameter: 'venues' });
    if (raw.length > 8 || raw.some((v) => !VENUES.includes(v))) throw invalid(`venues must be venue keys: ${VENUES.join(', ')}.`, { parameter: 'venues' });
    const venues = VENUES.filter((v) => raw.includes(v));
    // Fails closed: no partial portfolio when the venue data source is down.
    if (cfg.outages.has('portfolio') || wallet.toLowerCase().endsWith('dead')) throw upstream('The venue position source is unavailable.');
    const at = ctx.at;
    const positions = (store.positions.get(wallet.toLowerCase()) || []).map((p) => ({ p, m: store.market(p.marketKey) }))
      .filter(({ m }) => venues.includes(m.venue))
      .map(({ p, m }) => {
        const yes = mv.odds(m, at) ?? p.avgPrice;
        const mark = round(p.side === 'yes' ? yes : 1 - yes, 4);
        return { venue: m.venue, market: mv.routing(m), question: m.question, side: p.side, size: p.size, avg_price: p.avgPrice, mark_price: mark, cost_usd: round(p.size * p.avgPrice, 2), value_usd: round(p.size * mark, 2), unrealized_pnl_usd: round(p.size * (mark - p.avgPrice), 2) };
      });
    const sum = (k) => round(positions.reduce((s, x) => s + x[k], 0), 2);
    return { body: { wallet_address: getAddress(wallet), venues, positions, totals: { positions: positions.length, cost_usd: sum('cost_usd'), value_usd: sum('value_usd'), unrealized_pnl_usd: sum('unrealized_pnl_usd') }, as_of: iso(at) } };
  }

  return [
    { id: 'issueWalletLinkToken', method: 'POST', path: '/api/auth/wallets/x402-token', auth: 'keyOrBearer', summary: 'Issue a single-use wallet link token', handler: issueToken },
    { id: 'linkWallet', method: 'GET', path: '/api/v1/wallets/link', auth: 'link', price: 5, scope: 'standard', summary: 'Attest the paying wallet to the token account', handler: link },
    { id: 'createWalletChallenge', method: 'POST', path: '/api/auth/wallets/challenge', auth: 'keyOrBearer', summary: 'Signature challenge for wallet attestation', handler: challenge },
    { id: 'attestWallet', method: 'POST', path: '/api/auth/wallets/attest', auth: 'keyOrBearer', summary: 'Attest a wallet with a signed challenge', handler: attest },
    { id: 'getAccount', method: 'GET', path: '/api/auth/account', auth: 'keyOrBearer', summary: 'Account credits, limits and attested wallets', handler: account },
    { id: 'getPortfolio', method: 'GET', path: '/api/v1/portfolio', auth: 'paid', price: 10, scope: 'standard', summary: 'Read-only wallet positions by venue', handler: portfolio },
  ];
}
