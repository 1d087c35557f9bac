/**
 * A client whose calls have their debit judged, for a test about a price that must not depend on a value the request
 * carries (issue 34: the profile's focus, the number of references, the hours asked; round-5 to round-24 bugs). With a
 * control plane it is an account of the test's own, and the ledger watch (suites/support/ledger-watch.ts) judges each
 * call's debit (BILL-001 on a 2xx, BILL-002/LIM-017/BILL-003 on a 404/429/502): a test awaiting its calls one at a
 * time gets each call's debit pinned to that call. Without a control plane nothing is judged: the calls go out on
 * `fallback` and `withdraw` leaves the test with the reason.
 */
import { withdrawRules } from './annotations.ts';
import type { TargetClient } from './client.ts';
import type { ControlPlane } from './control.ts';

/** Credits of a watched account: enough for any one test's calls ($1,000 of test credits). */
const WATCHED_CREDITS = 1_000_000;

/**
 * The watched client: a fresh account's when `plane` is given; otherwise `fallback`, with `withdraw` withdrawn.
 * @param withdraw the rules the test declares for these debits (withdrawn without a control plane)
 * @throws ControlPlaneError when the control plane fails to create the account
 */
export async function watchDebits(
  api: TargetClient,
  plane: ControlPlane | undefined,
  fallback: TargetClient,
  withdraw: readonly string[] = ['BILL-001'],
): Promise<TargetClient> {
  if (!plane) {
    withdrawRules(withdraw, 'needs control plane (FC_CONTROL_TOKEN): the exact debit of each call');
    return fallback;
  }
  return api.withKey((await plane.createAccount(WATCHED_CREDITS)).apiKey);
}
