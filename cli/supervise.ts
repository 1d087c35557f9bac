/**
 * The Playwright run as `run` supervises it (cli/run.ts): started in its own process group, stopped
 * when the run is aborted (the run coordinator's abort, lib/run-coordinator.ts: an event, never polled)
 * or on SIGINT/SIGTERM.
 *
 * A stop is SIGINT first, which Playwright honours gracefully (workers tear down, reporters write
 * every report). A run that has not ended `graceMs` later, or a second signal, has its whole process
 * group killed (runner and workers), so a worker stuck in teardown never hangs `run`; `run` then
 * writes the reports itself, the rest NOT_RUN with the reason.
 */
import { spawn } from 'node:child_process';

/** How the run ended: its exit code or signal, and why it was stopped when it was. */
export interface RunEnd {
  code: number | null;
  signal: string | null;
  stoppedBy?: string;
}

export interface SuperviseOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * Subscribes to the run's abort (RunCoordinator.onAbort): once it is called, the run is stopped. Returns
   * the unsubscribe function.
   */
  onAbort?: (stop: (reason: string) => void) => () => void;
  /** ms a stopped run may take to tear down and write its reports before it is killed (default 30 s). */
  graceMs?: number;
}

/** Runs `node ...argv` and resolves when it ended; never rejects. */
export function supervise(argv: readonly string[], o: SuperviseOptions): Promise<RunEnd> {
  const graceMs = o.graceMs ?? 30_000;
  return new Promise((done) => {
    // Its own process group, so that one kill reaches the workers too (they hold our stdout).
    const child = spawn(process.execPath, argv, { cwd: o.cwd, env: o.env, stdio: 'inherit', detached: true });
    let stoppedBy: string | undefined;
    let grace: NodeJS.Timeout | undefined;
    const killGroup = () => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const stop = (why: string) => {
      if (stoppedBy) return killGroup();
      stoppedBy = why;
      child.kill('SIGINT');
      grace = setTimeout(() => {
        console.error(`forecast-conformance: the Playwright run had not ended ${graceMs / 1000} s after it was stopped; killed it`);
        killGroup();
      }, graceMs);
    };
    const offAbort = o.onAbort?.(() => {
      if (!stoppedBy) stop('target stopped answering');
    });
    const onSignal = (sig: NodeJS.Signals) => stop(`interrupted by ${sig}`);
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    // However this process ends, its run does not outlive it.
    process.on('exit', killGroup);
    child.on('exit', (code, signal) => {
      offAbort?.();
      clearTimeout(grace);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.off('exit', killGroup);
      done({ code, signal, ...(stoppedBy ? { stoppedBy } : {}) });
    });
  });
}
