/**
 * One x402 payment for one request, signed by hand (suites/support/x402.ts signPayment) so that the test
 * chooses where it is presented (its own request, another one, with fault headers): the payment, its sending,
 * and the two outcomes the billing rules name, settled once or not at all. Wallets are funded through the
 * control plane, so these payments spend no budget.
 */
import type { APIResponse } from '@playwright/test';
import { test } from './fixtures.ts';
import { BASE_NETWORK } from '../../checks/x402.ts';
import { checkDebit } from '../../checks/billing.ts';
import { violation, type Violation } from '../../lib/violation.ts';
import {
  encodePayment,
  newWallet,
  pickEntry,
  readChallenge,
  signPayment,
  unixSeconds,
  type PaymentRequirements,
  type Wallet,
} from './x402.ts';
import { send } from './limit-calls.ts';
import type { PaidRequest } from './paid-requests.ts';
import type { TargetClient } from './client.ts';
import type { ControlPlane } from './control.ts';
import { drawnFrom } from './exhibit.ts';

/** Funding of a test wallet: $1 in atomic units of a 6-decimal token. */
export const FUNDING = 1_000_000n;

/** A signed payment: its wallet, the accepts entry it pays, and the PAYMENT-SIGNATURE value. */
export interface Payment {
  wallet: Wallet;
  entry: PaymentRequirements;
  header: string;
}

/**
 * A payment for one call of `request` (its own challenge, read unpaid, signed by a fresh wallet holding FUNDING
 * on Base through the control plane).
 * @throws SKIP ("no instance") when the unpaid call offers no exact entry on Base (a 401 gateway_required is allowed)
 */
export async function paymentFor(api: TargetClient, controlPlane: ControlPlane, request: PaidRequest): Promise<Payment> {
  const c = await readChallenge(api, request.method, request.path, { params: request.params, data: request.body });
  const entry = c.challenge && pickEntry(c.challenge, BASE_NETWORK);
  test.skip(!entry, `no instance: the unpaid call answered ${c.status} without an exact entry on ${BASE_NETWORK} to pay`);
  const wallet = newWallet();
  await controlPlane.fundWallet(BASE_NETWORK, wallet.address, FUNDING);
  const nowS = Math.max(unixSeconds((await controlPlane.clock()).now), unixSeconds(new Date()));
  return { wallet, entry: entry!, header: encodePayment(await signPayment(wallet, c.challenge!, entry!, nowS)) };
}

/** Sends `request` paid with `header` (and `extra` headers), without a key, at once, a 429 returned as is. */
export const sendPaid = (
  api: TargetClient,
  request: PaidRequest,
  header: string,
  extra: Record<string, string> = {},
): Promise<APIResponse> => send(api.withKey(undefined), request, { 'PAYMENT-SIGNATURE': header, ...extra });

/** Not settled: no PAYMENT-RESPONSE and the payer's Base wallet still holds `held` (FUNDING by default), as `rule` demands. */
export async function notSettled(
  rule: string,
  what: string,
  res: APIResponse,
  controlPlane: ControlPlane,
  wallet: Wallet,
  held: bigint = FUNDING,
): Promise<Violation[]> {
  const found: Violation[] = [];
  if (res.headers()['payment-response'] !== undefined)
    found.push(violation(rule, 'header:PAYMENT-RESPONSE', `${what} carries a PAYMENT-RESPONSE: the payment was settled`));
  found.push(...checkDebit(rule, what, held, await controlPlane.walletBalance(BASE_NETWORK, wallet.address), 0n));
  // Its exhibit is the unsettled answer, whichever answers the test reads after it.
  return drawnFrom(res, found);
}
