/**
 * This worker's link to the run coordinator (lib/run-coordinator.ts): one client per worker process,
 * opened by the fixtures (suites/support/fixtures.ts) from FC_RUN_COORDINATOR. The target's health goes
 * through it: every connection failure or timeout is told to the coordinator, which aborts the run at
 * the threshold (consecutive, across workers) and pushes the abort to every worker; any answer at all
 * resets the count. Without a coordinator (the harness's own tests) nothing is shared and nothing aborts.
 */
import { CoordinatorClient } from '../../lib/run-coordinator.ts';

let client: CoordinatorClient | undefined;
let threshold = Infinity;

/**
 * This worker's client of the coordinator at `address` ("host:port"; '' = none), and the number of
 * consecutive failures that aborts the run (0 = never).
 */
export function linkWorker(address: string, abortAfter: number): CoordinatorClient | undefined {
  if (address && client?.address !== address) client = new CoordinatorClient(address);
  threshold = abortAfter > 0 ? abortAfter : Infinity;
  return address ? client : undefined;
}

/** This worker's client, when it is linked to a coordinator. */
export const runLink = (): CoordinatorClient | undefined => client;

/** The reason the run was aborted, when it was (checked before every call; pushed, never polled). */
export const abortedReason = (): string | undefined => client?.abortedReason;

/** Records an answer: the run's consecutive-failure count starts again. */
export const recordAnswer = (): void => client?.answered();

/** Records a connection failure or timeout; at the threshold the coordinator aborts the run. */
export async function recordFailure(reason: string): Promise<void> {
  await client?.failed(reason, threshold);
}
