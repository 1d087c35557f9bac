/**
 * The request a per-operation test sends (issue 34: every rule judged on every operation it applies to): one the
 * target answers with success, found through its API (suites/support/paid-requests.ts `discoverRequest`, shared
 * between the tests that need it), or the test SKIPs as "no instance" with the discovery's reason.
 */
import { test } from './fixtures.ts';
import { discoverRequest, type PaidRequest } from './paid-requests.ts';
import type { TargetClient } from './client.ts';

/**
 * A request of `operationId` the target answers with success.
 * @param paid the run's paying client (discovery may spend on it; its answers are shared)
 * @param target the target's base URL
 * @throws SKIP "no instance: …" when no such request was found
 */
export async function requestFor(paid: TargetClient, target: string, operationId: string): Promise<PaidRequest> {
  const found = await discoverRequest(paid, target, operationId);
  test.skip('skip' in found, 'skip' in found ? `no instance: ${found.skip}` : '');
  return (found as { request: PaidRequest }).request;
}
