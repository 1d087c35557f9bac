/**
 * How `run` supervises its Playwright run (cli/supervise.ts): a run that ignores the graceful stop,
 * with a child of its own holding the output, is killed whole after the grace period, so `run`
 * never hangs on a stuck teardown. Credits no catalogue rule.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { supervise } from '../../cli/supervise.ts';
import { RunCoordinator } from '../../lib/run-coordinator.ts';

/** A "runner" that ignores SIGINT and starts a "worker" that ignores it too, both living on. */
const STUBBORN = `
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
process.on('SIGINT', () => {});
const worker = spawn(process.execPath, ['-e', "process.on('SIGINT', () => {}); setInterval(() => {}, 1000)"], { stdio: 'inherit' });
writeFileSync(process.argv[1], String(worker.pid));
setInterval(() => {}, 1000);
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('a run that ignores the stop is killed with its children after the grace period; the abort reason is kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fc-supervise-'));
  const pidFile = join(dir, 'worker.pid');
  const coordinator = new RunCoordinator();
  // The stop is asked for only once the runner has installed its SIGINT handler and started its
  // worker (it writes the pid file after both): on a loaded machine node can take longer than any
  // fixed delay to start, and a SIGINT before the handler exists ends the runner by the signal.
  const ask = setInterval(() => {
    if (existsSync(pidFile)) {
      clearInterval(ask);
      coordinator.abort('target stopped answering (test)');
    }
  }, 20);
  const end = await supervise(['-e', STUBBORN, pidFile], {
    cwd: dir,
    env: process.env,
    onAbort: (stop) => coordinator.onAbort(stop),
    graceMs: 500,
  });
  expect(end).toMatchObject({ code: null, signal: 'SIGKILL', stoppedBy: 'target stopped answering' });
  const worker = Number(readFileSync(pidFile, 'utf8'));
  await expect.poll(() => alive(worker), { message: 'the worker the run started' }).toBe(false);
});

test('a run that ends by itself is left alone: its exit code, no stop reason', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fc-supervise-'));
  const end = await supervise(['-e', 'process.exit(3)'], {
    cwd: dir,
    env: process.env,
    onAbort: (stop) => new RunCoordinator().onAbort(stop),
  });
  expect(end).toEqual({ code: 3, signal: null });
});
