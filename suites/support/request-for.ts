/**
 * The request a per-operation test sends (issue 34: every rule judged on every operation it applies to): one the
 * target answers with success, found through its API (suites/support/paid-requests.ts `discoverRequest`, shared
 * between the tests that need it), or the test SKIPs as "no instance" with the discovery's reason.
 */
import { test } from './fixtures.ts';
import { discoverRequest, sendRequest, type PaidRequest } from './paid-requests.ts';
import type { APIResponse } from '@playwright/test';
import type { TargetClient } from './client.ts';
import { linkRequest } from './link-token.ts';

/** The wallet link: its request is built on a link token issued to the discovery principal, renewed per send. */
const LINK_OPERATION = 'linkWallet';

/**
 * A request of `operationId` the target answers with success.
 * @param paid the run's paying client (discovery may spend on it; its answers are shared)
 * @param target the target's base URL
 * @throws SKIP "no instance: …" when no such request was found; SKIP when the key issues no link token (linkWallet)
 */
export async function requestFor(paid: TargetClient, target: string, operationId: string): Promise<PaidRequest> {
  if (operationId === LINK_OPERATION) {
    // Issuing needs the key; with the control plane the discovery principal is its own account's key.
    const link = await linkRequest(await paid.forDiscovery());
    test.skip('skip' in link, 'skip' in link ? link.skip : '');
    return link as PaidRequest;
  }
  const found = await discoverRequest(paid, target, operationId);
  test.skip('skip' in found, 'skip' in found ? `no instance: ${found.skip}` : '');
  return (found as { request: PaidRequest }).request;
}

/**
 * Why `res`, an answer to a request discovery found answered with success, is no instance of a success
 * case: a 404 (the route's own "nothing here", never a refusal of credentials or payment) when the same
 * request sent again by the discovery principal is not answered with success either, so the target's data
 * changed since discovery (a stance no market supports any more, a forecast aged out): a rule about a
 * successful or paid call has no case in it. Undefined for any other answer, and for a 404 the discovery
 * principal's own call does not share (this call's credentials or payment made it): the rule judges those.
 * @param paid the run's paying client, whose discovery principal sends the request again
 */
export async function goneSinceDiscovery(
  res: APIResponse,
  operationId: string,
  paid: TargetClient,
  request: PaidRequest,
): Promise<string | undefined> {
  // A single-use request was made fresh for this send (a link token just issued): its 404 is the route's
  // answer to live data, never a change since discovery.
  if (res.status() !== 404 || request.renew) return undefined;
  const again = await sendRequest(await paid.forDiscovery(), request);
  if (again.status() >= 200 && again.status() < 300) return undefined;
  const code = ((await res.json().catch(() => undefined)) as { error?: unknown } | undefined)?.error;
  return `no instance: the request discovery found for ${operationId} answers 404${typeof code === 'string' ? ` ${code}` : ''} now, to its discovery principal too (the target's data changed)`;
}
