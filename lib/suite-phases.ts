/**
 * Which suites run in which phase of a run (playwright.config.ts projects; cli/selection.ts and
 * cli/run.ts choose the projects a selection needs). Paths are matched against a suite file's path.
 */
import { isIP } from 'node:net';

/**
 * Suites that move the target's clock through the control plane (contract/control.yaml): they run in
 * the serial conformance-clock project, after every other suite, so no other test sees the clock move.
 * They run in file-name order; quota-reset.spec.ts, which moves the clock hours ahead, comes after
 * limits.spec.ts (whose discovery wants recent posts) when that suite runs serially too.
 */
export const CLOCK_SUITES = /(^|\/)(wallet-link|forecast-jobs-model|social-clock|quota-reset)\.spec\.ts$/;

/**
 * Suites whose bursts must meet a per-IP guard no other test feeds (limits.spec.ts; fixtures.ts
 * `oneSource`). On a loopback target they send from an address of their own and run beside the other
 * suites; on any other target every test shares the system's address, so they run in the serial
 * project with the clock suites. They are left out of the smoke tier (seconds of window waits).
 */
export const ONE_ADDRESS_SUITES = /(^|\/)limits\.spec\.ts$/;

/** The suites of the serial conformance-clock project for a target whose calls can (or cannot) leave from loopback addresses of their own. */
export function serialSuites(ownAddresses: boolean): RegExp {
  return ownAddresses ? CLOCK_SUITES : new RegExp(`${CLOCK_SUITES.source}|${ONE_ADDRESS_SUITES.source}`);
}

/**
 * Whether a run's calls to `target` can leave from loopback addresses of their own (an IPv4 loopback
 * target, as suites/support/transport.ts binds them; undefined or empty = the embedded stub on 127.0.0.1).
 */
export function ownsSourceAddresses(target: string | undefined): boolean {
  if (!target) return true;
  try {
    const host = new URL(target).hostname;
    return isIP(host) === 4 && host.startsWith('127.');
  } catch {
    return false;
  }
}

/**
 * Whether the run's target serves a control plane, decided alike in the runner, which loads the suites before
 * the global setup starts the embedded stub, and in its workers: the embedded stub (no target configured, or
 * FC_EMBEDDED) always serves one; another target when FC_CONTROL_TOKEN is set. A suite's scheduling may depend on
 * it (limits.spec.ts: fresh accounts let its bursts run side by side).
 */
export function controlPlaneConfigured(s: { target: string; embedded: boolean; controlToken: string | undefined }): boolean {
  return !s.target || s.embedded || Boolean(s.controlToken);
}
