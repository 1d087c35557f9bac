/**
 * Child Playwright runs from inside a harness test: the worker's own variables (TEST_WORKER_INDEX,
 * PLAYWRIGHT_TEST, FORCE_COLOR...) must not leak into the child, which would take them for its own; nor
 * must the run coordinator of the run this test is part of (FC_RUN_COORDINATOR): the child's spend, counts
 * and abort are its own run's.
 */
const WORKER_VARS = /^(TEST_|PW_|PLAYWRIGHT_TEST$|FORCE_COLOR$|FC_RUN_COORDINATOR$)/;

/** The parent environment without this worker's variables, plus `extra` (undefined removes a key). */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!WORKER_VARS.test(k)) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Runs `fn` with this process's environment stripped of the worker's variables, then restores it. */
export function withChildEnv<T>(fn: () => T): T {
  const saved = { ...process.env };
  for (const k of Object.keys(process.env)) if (WORKER_VARS.test(k)) delete process.env[k];
  try {
    return fn();
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}
