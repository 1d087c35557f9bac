/**
 * Wallet attestation (spec: GET /api/v1/wallets/link; Authentication rule 8; "Link token
 * lifecycle"; Other operations referenced: POST /api/auth/wallets/x402-token, /challenge, /attest).
 * The gate authenticates (API key for the /api/auth routes) and verifies the link's x402 payment;
 * the link is settled only on 200, so none of its errors is billed. Shapes the contract does not show
 * are the stub's choices (catalogue gaps WAL-016, WAL-019 and later WAL gaps).
 */
import { getAddress } from 'viem';
import { LINK_TOKEN_PATTERN, CHALLENGE_TTL_MS, type Attestation } from '../money/accounts/index.ts';
import { LINK_TOKEN_TTL_MS } from './registry.ts';
import { ApiError, invalidRequest, notFound } from '../errors.ts';
import { iso } from '../present/time.ts';
import type { RouteRequest } from '../context.ts';
import type { RouteModule } from '../server.ts';
import type { Hex } from '../money/x402/tokens.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';
import { buildSiweMessage, verifySiwe } from './siwe.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){1,4096}$/;
/** The chain id of a signature challenge when the body names none (Base, like the first payment option). */
const DEFAULT_CHAIN_ID = 8453;

/** The account of an API-key call. @throws 401 gateway_required without one (the gate normally answers first). */
function keyAccount(req: RouteRequest): string {
  if (req.principal?.via !== 'api-key') throw new ApiError(401, 'gateway_required', 'This route needs an API key in x-service-api-key');
  return req.principal.accountId;
}

/** The JSON object body ({} when absent). @throws 422 otherwise. */
function bodyObject(req: RouteRequest): Record<string, unknown> {
  if (req.body === undefined || req.body === null) return {};
  if (typeof req.body !== 'object' || Array.isArray(req.body)) throw invalidRequest('the body must be a JSON object');
  return req.body as Record<string, unknown>;
}

const walletBody = (a: Attestation, chainId: number, method: string, provider: string | null = null) => ({
  address: a.address,
  chain_id: chainId,
  provider,
  method,
  attested_at: iso(a.attestedAt),
});

export const register: RouteModule = (route) => {
  route('createWalletLinkToken', (req, ctx) => {
    const link = ctx.wallets.issueToken(keyAccount(req));
    // WAL-016: the spec shows neither request nor response; the alternate stub answers 201 with other member names.
    if (alt('WAL-016'))
      return {
        status: 201,
        body: {
          link_token: link.token,
          link_url: new URL(`/api/v1/wallets/link?token=${encodeURIComponent(link.token)}`, req.url).href,
          expires_in_seconds: Math.round((link.expiresAt - link.issuedAt) / 1000),
        },
      };
    return {
      body: {
        token: link.token,
        expires_at: iso(link.expiresAt),
        link_path: `/api/v1/wallets/link?token=${encodeURIComponent(link.token)}`,
      },
    };
  });

  route('linkWallet', async (req, ctx) => {
    const token = req.query.requiredStr('token', { max: 512 });
    if (!LINK_TOKEN_PATTERN.test(token)) throw invalidRequest('token must match ^svc_[A-Za-z0-9_-]{43}$');
    const link = ctx.wallets.token(token);
    if (!link && mutant('wal-unknown-token-422')) throw invalidRequest('No such link token');
    if (!link) throw notFound('No such link token', 'link_token_not_found');
    const state = ctx.wallets.tokenState(link);
    // Mutant wal-expired-token-forgotten: an hour past its expiry a token is forgotten, answered as never issued (round-18 bug).
    if (state === 'expired' && mutant('wal-expired-token-forgotten') && ctx.clock.nowMs() > link.expiresAt + 3_600_000)
      throw notFound('No such link token', 'link_token_not_found');
    // Mutant wal-expired-keyed-billed: a keyed call with an expired token keeps 10 credits beside its 422 (round-27 bug).
    if (state === 'expired' && mutant('wal-expired-keyed-billed') && req.principal?.via === 'api-key')
      ctx.accounts.debit(req.principal.accountId, 10, 'linkWallet');
    if (state === 'expired') throw invalidRequest('The link token expired (15 minutes after issue)');
    // WAL-004: a consumed token answers 422 on the stub, 404 link_token_not_found on the alternate stub.
    if (state === 'consumed')
      throw alt('WAL-004')
        ? notFound('The link token was already used', 'link_token_not_found')
        : invalidRequest('The link token was already used');
    const payer = req.principal?.payer;
    // Mutant wal-unpaid-keyed-consumes-token: a keyed call without payment uses the token up before its 422 (round-11 bug).
    if (!payer && mutant('wal-unpaid-keyed-consumes-token') && req.principal?.via === 'api-key') ctx.wallets.consume(link);
    // Mutant wal-unpaid-use-extends-token: a keyed call without payment restarts the token's 15 minutes (round-44 bug).
    if (!payer && mutant('wal-unpaid-use-extends-token') && req.principal?.via === 'api-key')
      link.expiresAt = ctx.clock.nowMs() + LINK_TOKEN_TTL_MS;
    if (!payer)
      throw new ApiError(
        422,
        'x402_payment_required',
        'No verifiable payer: the call must carry an x402 payment (PAYMENT-SIGNATURE) from the wallet to link',
        {},
        // WAL-022: the alternate stub refuses every unpaid link so, with the challenge the client pays.
        alt('WAL-022') ? await ctx.gate.challengeHeaders(req.url, 'linkWallet') : {},
      );
    const result = ctx.wallets.attest(payer.address, link.accountId, payer.chainId, 'x402');
    if (result.kind === 'conflict') throw new ApiError(409, 'wallet_already_attested', 'This wallet is attested to a different account');
    const unconsume = ctx.wallets.consume(link);
    // Settlement happens after this handler; if it fails, the link did not happen.
    req.principal?.onUnbilled?.(() => {
      unconsume();
      result.undo();
    });
    // WAL-015: the provider of a payment attestation is null on the stub, a string on the alternate stub.
    const provider = alt('WAL-015') ? 'x402-exact' : null;
    return { body: { wallet: walletBody(result.attestation, payer.chainId, 'x402', provider), already_attested: result.alreadyAttested } };
  });

  route('createWalletChallenge', (req, ctx) => {
    const accountId = keyAccount(req);
    const body = bodyObject(req);
    if (typeof body.address !== 'string' || !ADDRESS.test(body.address))
      throw invalidRequest('address must be a 0x-prefixed 20-byte hex address');
    const chainId = body.chain_id ?? DEFAULT_CHAIN_ID;
    if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1)
      throw invalidRequest('chain_id must be a positive integer');
    const address = getAddress(body.address);
    const issuedAt = ctx.clock.nowMs();
    const expiresAt = issuedAt + CHALLENGE_TTL_MS;
    const { message, nonce } = buildSiweMessage({
      address,
      chainId,
      siteUrl: ctx.config.siteUrl,
      issuedAt: new Date(issuedAt),
      expiresAt: new Date(expiresAt),
    });
    const challenge = ctx.wallets.addChallenge({ accountId, address, chainId, nonce, message, issuedAt, expiresAt });
    return { body: { challenge_id: challenge.id, message, nonce, expires_at: iso(expiresAt) } };
  });

  route('attestWallet', async (req, ctx) => {
    const accountId = keyAccount(req);
    const body = bodyObject(req);
    const ref = typeof body.challenge_id === 'string' ? body.challenge_id : typeof body.challenge === 'string' ? body.challenge : undefined;
    if (ref === undefined) throw invalidRequest('challenge_id (or challenge) is required');
    if (typeof body.signature !== 'string' || !SIGNATURE.test(body.signature)) throw invalidRequest('signature must be 0x-prefixed hex');
    const challenge = ctx.wallets.findChallenge(ref);
    // Another account's challenge answers like an unknown one: challenges are not shared.
    if (!challenge || challenge.accountId !== accountId) throw invalidRequest('Unknown challenge');
    if (challenge.used) throw invalidRequest('The challenge was already used');
    const now = ctx.clock.nowMs();
    if (now >= challenge.expiresAt) throw invalidRequest('The challenge expired');
    const ok = await verifySiwe({
      message: challenge.message,
      signature: body.signature as Hex,
      address: challenge.address,
      nonce: challenge.nonce,
      siteUrl: ctx.config.siteUrl,
      time: new Date(now),
    });
    // Re-check after the await: a concurrent attest may have used the challenge meanwhile.
    if (!ok) throw invalidRequest('The signature does not sign the challenge with its wallet');
    if (challenge.used) throw invalidRequest('The challenge was already used');
    const result = ctx.wallets.attest(challenge.address, accountId, challenge.chainId, 'signature');
    if (result.kind === 'conflict') throw new ApiError(409, 'wallet_already_attested', 'This wallet is attested to a different account');
    challenge.used = true;
    return { body: { wallet: walletBody(result.attestation, challenge.chainId, 'signature'), already_attested: result.alreadyAttested } };
  });
};
