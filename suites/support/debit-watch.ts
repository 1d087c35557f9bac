/**
 * Each call's debit, judged where a test already makes the call (issue 34: a price that depends on a value the
 * request carries, such as the profile's focus or the number of references; round-5 bugs). With a control plane the
 * test's calls go out on an account of their own, whose balance is read before and after each call (so calls are
 * sent one at a time): a 2xx debits the route's reference price (BILL-001; a route the spec prices only by its
 * challenge is no instance here, suites/billing.spec.ts reads its live price), and a 404 (BILL-002), a 429 (LIM-017)
 * or a 502 (BILL-003) debits nothing. Another status is no instance (the spec states no debit for it). Without a
 * control plane nothing is judged: the calls go out on the test's own client and the test withdraws the rules.
 * The rules a test does not declare join it as cross-cutting ones (suites/support/answer-checks.ts `join`).
 */
import { PRICES } from '../../contract/pricing.ts';
import { checkDebit } from '../../checks/billing.ts';
import type { Violation } from '../../lib/violation.ts';
import { judged } from './annotations.ts';
import { join } from './answer-checks.ts';
import type { TargetClient } from './client.ts';
import type { ControlPlane } from './control.ts';

/** The unbilled statuses the spec names (Authentication rule 7; Limits rule 2) and the rule each is judged by. */
const UNBILLED: Readonly<Record<number, string>> = { 404: 'BILL-002', 429: 'LIM-017', 502: 'BILL-003' };

/** Credits of a watched account: enough for any one test's calls ($1,000 of test credits). */
const WATCHED_CREDITS = 1_000_000;

export interface DebitWatch {
  /** The client whose calls are watched (the fallback client without a control plane). */
  readonly client: TargetClient;
  /** The violations found so far. */
  readonly found: Violation[];
  /**
   * Sends one call of `operationId` through `send` (on `client`) and judges its debit by its status.
   * @returns what `send` returned
   */
  call<T extends { status: number }>(what: string, operationId: string, send: () => Promise<T>): Promise<T>;
}

/**
 * A watch of each call's debit on an account of its own when `plane` is given; otherwise `fallback`, unjudged.
 * @throws ControlPlaneError when the control plane fails to create or read the account
 */
export async function watchDebits(api: TargetClient, plane: ControlPlane | undefined, fallback: TargetClient): Promise<DebitWatch> {
  const found: Violation[] = [];
  if (!plane) return { client: fallback, found, call: (_what, _op, send) => send() };
  const account = await plane.createAccount(WATCHED_CREDITS);
  const client = api.withKey(account.apiKey);
  return {
    client,
    found,
    async call(what, operationId, send) {
      const before = await plane.balance(account.accountId);
      const answer = await send();
      const price = PRICES[operationId];
      const billed = answer.status >= 200 && answer.status < 300;
      const rule = billed ? 'BILL-001' : UNBILLED[answer.status];
      // A 2xx of a route priced only by its challenge (a PRICE gap) has no reference price to hold the debit to.
      if (!rule || !price || (billed && price.gap)) return answer;
      join([rule]);
      judged(rule, 1, billed ? 'a successful API-key call' : `a ${answer.status} answer of an API-key call`, operationId);
      found.push(
        ...checkDebit(rule, `${what} (${answer.status})`, before, await plane.balance(account.accountId), billed ? price.credits : 0),
      );
      return answer;
    },
  };
}
