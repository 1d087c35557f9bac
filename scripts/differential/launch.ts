/**
 * Starts a differential target on loopback and runs the harness against it (scripts/differential.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { ROOT } from '../proof/playwright-run.ts';
import type { DifferentialTarget } from './targets.ts';

/** Every target is told this public site address ({site_url}); the harness checks serviceUrl against it. */
export const SITE_URL = 'https://site.differential.test';
/** How long a target may take to print its listening line, ms. */
const START_TIMEOUT_MS = 60_000;

/** A started target: its address, the secrets it was started with, and how to stop it. */
export interface RunningTarget {
  url: string;
  keys: [string, string];
  controlToken: string | undefined;
  /** The server's own output, for a reader of a failed run. */
  logFile: string;
  stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Stops a process group started detached: TERM, then KILL after 5 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts a target with fresh keys (and a control token when it serves the control plane) on a free port.
 * @throws Error when it exits or prints no listening line within START_TIMEOUT_MS
 */
export async function startTarget(
  target: DifferentialTarget,
  deviating: boolean,
  logDir = join(ROOT, 'reports', 'differential'),
): Promise<RunningTarget> {
  const port = await freePort();
  const keys: [string, string] = [`dk1_${randomBytes(12).toString('hex')}`, `dk2_${randomBytes(12).toString('hex')}`];
  const controlToken = target.controlPlane ? `ctl_${randomBytes(16).toString('hex')}` : undefined;
  const logFile = join(logDir, `${target.name}-${deviating ? 'deviating' : 'conforming'}.server.log`);
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...target.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL,
    // Clean-rooms read API_KEYS (their brief); the stub reads STUB_API_KEYS.
    API_KEYS: keys.join(','),
    STUB_API_KEYS: keys.join(','),
    ...(controlToken ? { CONTROL_TOKEN: controlToken } : {}),
    ...(deviating ? target.deviate : {}),
  };
  const [cmd, ...args] = target.start;
  const child = spawn(cmd === 'node' ? process.execPath : cmd!, args, {
    cwd: target.dir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.pipe(log, { end: false });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no listening line within ${START_TIMEOUT_MS / 1000} s (see ${logFile})`)),
      START_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening (see ${logFile})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      seen += chunk.toString('utf8');
      const m = /listening on (http:\/\/[^\s]+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace(/\/+$/, ''));
      }
    });
  }).catch(async (err: Error) => {
    await stopGroup(child);
    throw err;
  });
  return {
    url,
    keys,
    controlToken,
    logFile,
    stop: async () => {
      await stopGroup(child);
      log.end();
    },
  };
}

/**
 * Runs `forecast-conformance run` against a started target: standard tier (certify with a control plane),
 * two keys, `maxSpendUsd`. Its output goes to `<reportDir>.log`.
 * @returns the CLI's exit code (null when it was killed at `timeoutMs`)
 */
export async function runHarness(
  target: DifferentialTarget,
  running: RunningTarget,
  reportDir: string,
  opts: {
    maxSpendUsd: number;
    timeoutMs: number;
    grep?: string;
    operations?: readonly string[];
    families?: readonly string[];
    rules?: readonly string[];
  },
): Promise<number | null> {
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FC_')));
  env.FC_API_KEY = running.keys[0];
  env.FC_API_KEY_2 = running.keys[1];
  if (running.controlToken) env.FC_CONTROL_TOKEN = running.controlToken;
  const args = [
    '--import',
    'tsx',
    'cli/main.ts',
    'run',
    '--target',
    running.url,
    '--site-url',
    SITE_URL,
    '--max-spend',
    String(opts.maxSpendUsd),
    '--tier',
    target.controlPlane ? 'certify' : 'standard',
    '--report-dir',
    reportDir,
    ...(opts.grep ? ['--grep', opts.grep] : []),
    ...(opts.operations ?? []).flatMap((op) => ['--operation', op]),
    ...(opts.families ?? []).flatMap((f) => ['--family', f]),
    ...(opts.rules ?? []).flatMap((id) => ['--rule', id]),
  ];
  const log = createWriteStream(`${reportDir}.log`);
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const timer = setTimeout(() => void stopGroup(child), opts.timeoutMs);
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  log.end();
  return code;
}
