/**
 * Before the run: links to the run coordinator (lib/run-coordinator.ts) the CLI started, or starts one
 * for a plain `playwright test`; starts the embedded reference stub when no target is configured and
 * hands its coordinates to the workers through the environment (which playwright.config.ts reads); against
 * a target with a control plane, restores its seeded state (POST /__control/reset) so that every run,
 * including a second one against the same staging target, starts from the same state.
 */
import { randomBytes } from 'node:crypto';
import type { FullConfig } from '@playwright/test';
import { startStubProcess } from '../../stub/process.ts';
import type { TargetOptions } from './fixtures.ts';
import { registerSecret } from '../../lib/redact.ts';
import { DEFAULT_STUB_SEED, handToWorkers } from '../../lib/settings.ts';
import { CoordinatorClient, startRunCoordinator } from '../../lib/run-coordinator.ts';
import { createAgent, DEFAULT_MAX_BODY_BYTES, exchange } from '../../lib/http-client.ts';

const RESET_TIMEOUT_MS = 10_000;

/**
 * POST {control}/__control/reset (contract/control.yaml), through the harness's bounded client.
 * @param maxBodyBytes the run's body limit, bytes
 * @throws Error with the status on failure; a HarnessError of the target when it cannot answer
 */
async function resetTarget(control: string, token: string, maxBodyBytes: number): Promise<void> {
  const agent = createAgent(undefined, RESET_TIMEOUT_MS);
  try {
    const res = await exchange(
      agent,
      new URL('/__control/reset', control),
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
      { timeoutMs: RESET_TIMEOUT_MS, maxBodyBytes },
    );
    if (res.status < 200 || res.status > 299) throw new Error(`control-plane reset answered ${res.status}`);
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const use = (config.projects[0]?.use ?? {}) as Partial<TargetOptions>;
  // One coordinator per run: the CLI's when it started one, else this runner's own (closed at the teardown;
  // its state stays readable in this process for the rule reporter).
  const started = use.runCoordinator ? undefined : await startRunCoordinator();
  if (started) handToWorkers({ FC_RUN_COORDINATOR: started.address });
  const link = new CoordinatorClient(use.runCoordinator || started!.address);
  const closeCoordinator = async () => {
    link.close();
    await started?.close();
  };
  if (use.target) {
    if (use.control && use.controlToken) {
      // Not fatal: the tests that need the control plane report its absence themselves.
      await resetTarget(use.control, use.controlToken, use.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES).catch((err: unknown) =>
        console.warn(`warning: could not reset the target through its control plane: ${err instanceof Error ? err.message : String(err)}`),
      );
    }
    return closeCoordinator;
  }
  const keys: [string, string] = [`fc_${randomBytes(16).toString('hex')}`, `fc_${randomBytes(16).toString('hex')}`];
  const controlToken = randomBytes(24).toString('hex');
  const siteUrl = 'https://forecast.site.test';
  // The reporters run in this process: they mask these in every report.
  for (const s of [...keys, controlToken]) registerSecret(s);
  // Its readiness is not awaited: the stub loads in its own process while the runner loads the suites
  // and starts the workers (stub/process.ts); their first calls wait on its socket.
  const stub = await startStubProcess({
    siteUrl,
    apiKeys: keys,
    controlToken,
    seed: Number(config.metadata.stubSeed ?? DEFAULT_STUB_SEED),
    ...(typeof config.metadata.stubMutant === 'string' ? { mutant: config.metadata.stubMutant } : {}),
    ...(typeof config.metadata.stubVariant === 'string' ? { variant: config.metadata.stubVariant } : {}),
  });
  // A stub that cannot start, or dies, is the harness's failure, not the target's: the run is aborted
  // with the reason (every later call fails at once, the rest is NOT_RUN, `run` exits 2), and the
  // teardown fails the Playwright run with it.
  let stubFailure: string | undefined;
  void stub.failure.then((reason) => {
    stubFailure = reason;
    console.error(`forecast-conformance: ${reason}`);
    void link.abort(reason);
  });
  handToWorkers({
    FC_TARGET: stub.url,
    FC_SITE_URL: siteUrl,
    FC_API_KEY: keys[0],
    FC_API_KEY_2: keys[1],
    FC_CONTROL: stub.url,
    FC_CONTROL_TOKEN: controlToken,
    FC_EMBEDDED: '1',
  });
  return async () => {
    await stub.close();
    await closeCoordinator();
    if (stubFailure) throw new Error(stubFailure);
  };
}
