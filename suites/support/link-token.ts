/**
 * The wallet link's single-use token (spec: Endpoints / GET /api/v1/wallets/link; Other operations referenced):
 * issuing one, and a link request that takes a fresh token for every send, so the per-operation x402 tests
 * judge the link route on a live token (issue 34) instead of reading its "token consumed" 404 as the answer.
 */
import type { APIResponse } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { TargetClient } from './client.ts';
import type { PaidRequest } from './paid-requests.ts';
import { jsonOrNull } from './operations.ts';
import { findString } from './choices.ts';

export const LINK_PATH = '/api/v1/wallets/link';
/** The issuing operation (createWalletLinkToken): its request and response are not shown (gap WAL-016). */
export const ISSUE_PATH = '/api/auth/wallets/x402-token';
/** Spec: token pattern ^svc_[A-Za-z0-9_-]{43}$. */
export const LINK_TOKEN = /^svc_[A-Za-z0-9_-]{43}$/;

/** What issuing a link token gave: the answer, the token found in it, and a malformed token it carries (WAL-001). */
export interface Issued {
  res: APIResponse;
  /** The string of the documented pattern in the answer (findString): the spec shows no member name (WAL-016). */
  token?: string;
  /** A string under a member named like a token that does not match the pattern. */
  malformed?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Issues a link token for the account of `client`'s key (POST, an empty JSON body: the request is not shown).
 * Any 2xx is an issue; the token is the string of the documented pattern wherever the answer puts it.
 * The answer is checked against the contract (createWalletLinkToken).
 */
export async function issueLinkToken(client: TargetClient): Promise<Issued> {
  const res = await client.post(ISSUE_PATH, { headers: { 'content-type': 'application/json' }, data: '{}' });
  await expect(res).toMatchContract('createWalletLinkToken');
  if (res.status() < 200 || res.status() >= 300) return { res };
  const body = await jsonOrNull(res);
  const token = findString(body, LINK_TOKEN)?.value;
  const malformed = isObject(body) ? Object.entries(body).find(([k, v]) => /token/i.test(k) && typeof v === 'string')?.[1] : undefined;
  return { res, ...(token ? { token } : typeof malformed === 'string' ? { malformed } : {}) };
}

/**
 * A link request (GET /api/v1/wallets/link?token=…, expected 200) on a token just issued to `issuer`'s account,
 * whose `renew` issues another for the next send: the token is consumed on first use.
 * @returns the request, or why none can be made (the key issues no token): a need, so the caller SKIPs
 */
export async function linkRequest(issuer: TargetClient): Promise<PaidRequest | { skip: string }> {
  const { res, token } = await issueLinkToken(issuer);
  if (!token)
    return {
      // Refused for its credentials, the run lacks a key that issues tokens (a need); otherwise no token was shown.
      skip:
        res.status() === 401 || res.status() === 403
          ? `needs an API key that issues link tokens (POST ${ISSUE_PATH} answered ${res.status()})`
          : `no instance: POST ${ISSUE_PATH} answered ${res.status()} with no string of the token pattern`,
    };
  return { method: 'GET', path: LINK_PATH, params: { token }, expect: 200, renew: () => renewed(issuer) };
}

/** Another link request on a token of its own. @throws SKIP when no second token is issued (no instance) */
async function renewed(issuer: TargetClient): Promise<PaidRequest> {
  const r = await linkRequest(issuer);
  test.skip('skip' in r, 'skip' in r ? `${r.skip} (for a later send of the link)` : '');
  return r as PaidRequest;
}

/** The request to send now: a fresh equivalent of a single-use one (`renew`), else the request itself. */
export const fresh = async (r: PaidRequest): Promise<PaidRequest> => (r.renew ? r.renew() : r);
