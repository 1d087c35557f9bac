/**
 * Target health across workers: consecutive connection failures and timeouts are counted in a file
 * shared by every worker process; at the threshold the run is declared aborted (a marker file with
 * the reason), every later call fails at once without sending, and the CLI stops the run, marks the
 * rest NOT_RUN with the reason and exits 2. Any answer at all resets the count.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_FILES } from './run-state.ts';

const { targetFailures: FAILURES_FILE, abortMarker: ABORT_FILE } = PROJECT_FILES;

/** The abort marker's content. */
export interface AbortMarker {
  reason: string;
  at: string;
}

let dir: string | undefined;
let threshold = Infinity;

/** Configures this worker (fixtures.ts): where the shared files live and the failure threshold. */
export function configureHealth(outputDir: string, abortAfter: number): void {
  dir = outputDir;
  threshold = abortAfter > 0 ? abortAfter : Infinity;
}

/** The abort marker of the run in `outputDir`, or undefined while the run is healthy. */
export function readAbort(outputDir: string): AbortMarker | undefined {
  const file = join(outputDir, ABORT_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as AbortMarker;
  } catch {
    return { reason: 'run aborted', at: new Date().toISOString() };
  }
}

/** The reason the run was aborted, when it was (checked before every call). */
export function abortedReason(): string | undefined {
  return dir ? readAbort(dir)?.reason : undefined;
}

/** Records an answer: the consecutive-failure count starts again. */
export function recordAnswer(): void {
  if (!dir) return;
  const file = join(dir, FAILURES_FILE);
  try {
    if (statSync(file).size > 0) writeFileSync(file, '');
  } catch {
    // No failure recorded yet.
  }
}

/**
 * Declares the run in `outputDir` aborted with `reason` (the first reason stays): every later call
 * fails at once, the CLI stops the run, and the rules not yet judged are NOT_RUN with the reason.
 */
export function abortRun(outputDir: string, reason: string): void {
  const file = join(outputDir, ABORT_FILE);
  if (existsSync(file)) return;
  mkdirSync(outputDir, { recursive: true });
  const marker: AbortMarker = { reason, at: new Date().toISOString() };
  writeFileSync(file, JSON.stringify(marker));
}

/** Records a connection failure or timeout; at the threshold, writes the abort marker. */
export function recordFailure(reason: string): void {
  if (!dir) return;
  const file = join(dir, FAILURES_FILE);
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${reason.replace(/\n/g, ' ')}\n`);
  const count = readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  if (count >= threshold) abortRun(dir, `target stopped answering (${count} consecutive connection failures or timeouts; last: ${reason})`);
}
