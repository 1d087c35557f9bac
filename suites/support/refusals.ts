/**
 * Free first for refusal probes (issue 19): a request the target must refuse 422 invalid_request is sent
 * first with neither an API key nor a payment. Nobody is named by it, so nothing can be billed. Whether a
 * paid route checks parameters before it asks for credentials is gap AUTH-020:
 *
 * - a target that checks them first answers 422 there, and the case is judged on that free answer;
 * - one that asks for credentials first (401 or 402, the stub's choice) gets every later probe of that
 *   operation on the key, as before (each may be billed, gap BILL-013).
 *
 * The first probe of an operation tells which (one observation of AUTH-020), and the answer is kept for
 * the worker: an order is a property of the target's route, not of the value probed.
 */
import { test, type APIResponse } from '@playwright/test';
import type { TargetClient } from './client.ts';
import { observeChoice } from './choices.ts';
import { ROUTE_OWN_ANSWERS } from '../../checks/errors.ts';
import { resultOf } from './annotations.ts';

/** AUTH-020: the gap rule on the order of the parameter and credential checks. */
export const ORDER_GAP = 'AUTH-020';

/** Which check a paid route makes first, as one anonymous refusal probe showed it. */
export type CheckOrder = 'parameters-first' | 'credentials-first';

/** What the first anonymous probe of each operation showed on this worker's target. */
const orderOf = new Map<string, CheckOrder>();

/** The status of an answer and its error code (undefined when it has none). */
export interface Refused {
  status: number;
  error: unknown;
}

/** Reads an APIResponse as `Refused`. */
export async function refusedOf(res: APIResponse): Promise<Refused> {
  let error: unknown;
  try {
    error = ((await res.json()) as { error?: unknown } | null)?.error;
  } catch {
    error = undefined;
  }
  return { status: res.status(), error };
}

/**
 * Learns the order from one anonymous answer to an invalid request, once per operation and worker:
 * 422 invalid_request is parameters first (AUTH-020 differs from the stub), 401 or 402 credentials
 * first. Any other answer (a 404 of the route's own text, a 429; another 422 code, which is a
 * payment's to answer) tells nothing, and the order stays unknown.
 * @returns the order now known, or undefined
 */
export function learnOrder(operationId: string, free: Refused): CheckOrder | undefined {
  const known = orderOf.get(operationId);
  if (known) return known;
  if (free.status === 422 && free.error === 'invalid_request') {
    orderOf.set(operationId, 'parameters-first');
    // A route whose own text answers a 422 before any payment (the wallet link) documents that order: no choice.
    if (!ROUTE_OWN_ANSWERS[operationId]?.some((a) => a.status === 422))
      observeChoice(ORDER_GAP, false, `${operationId}: an invalid request with neither key nor payment answered 422 before any 401/402`);
  } else if (free.status === 401 || free.status === 402) {
    orderOf.set(operationId, 'credentials-first');
    observeChoice(ORDER_GAP, true, `${operationId}: an invalid request with neither key nor payment answered ${free.status}`);
  }
  return orderOf.get(operationId);
}

/** The order this worker has seen `operationId` take, if any. */
export const knownOrder = (operationId: string): CheckOrder | undefined => orderOf.get(operationId);

/** Whether this worker has seen `operationId` check parameters before credentials (its refusals come free). */
export const refusalsFree = (operationId: string): boolean => orderOf.get(operationId) === 'parameters-first';

/**
 * Sends one refusal probe of `operationId`, free first: without credentials unless the target has shown
 * that it asks for them first, and on `keyed()`, the client the budget charges, whenever the free answer
 * is not a 422 invalid_request. A target that checks one parameter first and another after the
 * credentials costs only the keyed probes of the latter.
 *
 * A body that is not JSON at all is refused by many servers' body parsers before anything else (the
 * stub's among them), whatever order their own checks take: such a probe (`syntax: true`) always goes
 * free first, and its answer teaches nothing of the order.
 * @param send sends the probe with the client given (pacing included)
 * @param read the answer's status and error code
 * @param spent the credits the budget has charged this test so far: what the keyed probe cost is
 *   recorded for the spend plan (its result's `refusalSpend`, what a parameters-first target would not cost)
 * @returns the answer the case is judged on, and whether it came free (no credentials sent)
 */
export async function refusalAnswer<A>(
  operationId: string,
  anonymous: TargetClient,
  keyed: () => TargetClient,
  send: (client: TargetClient) => Promise<A>,
  read: (answer: A) => Refused | Promise<Refused>,
  o: { syntax?: boolean; spent?: () => number } = {},
): Promise<{ answer: A; free: boolean }> {
  if (o.syntax || orderOf.get(operationId) !== 'credentials-first') {
    const answer = await send(anonymous.withKey(undefined));
    const free = await read(answer);
    if (!o.syntax) learnOrder(operationId, free);
    if (free.status === 422 && free.error === 'invalid_request') return { answer, free: true };
  }
  const before = o.spent?.() ?? 0;
  const answer = await send(keyed());
  if (o.spent) refusalSpent(operationId, o.spent() - before);
  return { answer, free: false };
}

/**
 * Records credits the budget charged for a refusal probe sent on the key, per operation (the result's
 * `refusalSpend`, read by scripts/request-plan.ts): the part of a test's spend that a target checking
 * parameters first would not cost (cli/spend.ts prices it out for such a target).
 */
export function refusalSpent(operationId: string, credits: number): void {
  if (credits <= 0) return;
  const sums = resultOf(test.info()).refusalSpend;
  sums[operationId] = (sums[operationId] ?? 0) + credits;
}
