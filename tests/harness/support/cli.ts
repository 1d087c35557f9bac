/**
 * Runs the `forecast-conformance` CLI (cli/main.ts through tsx) in a child process, asynchronously,
 * so that servers this test process holds keep answering the child; optionally samples the peak
 * memory of the child's whole process tree (the runner, its workers, any grandchild).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from '@playwright/test';
import { childEnv } from './env.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Fails when `s` (a CLI's stderr) holds a stack trace: a CI gate's errors are one line, never a crash dump. */
export const noStack = (s: string): void => expect(s, 'no stack trace').not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /**
   * Peak of the summed resident set size (VmRSS) of the CLI's process tree, bytes, sampled every
   * MEMORY_SAMPLE_MS (`sampleMemory`); undefined without sampling or without /proc (not Linux).
   * Shared pages count once per process, so this overstates the tree's memory, never understates it.
   */
  peakRssBytes?: number;
}

/** How often the process tree's memory is sampled, ms. */
const MEMORY_SAMPLE_MS = 250;

/** Summed VmRSS of `root` and every descendant, bytes (0 once the tree is gone). */
function treeRssBytes(root: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces, in parentheses): state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while we read.
    }
  }
  let total = 0;
  for (const todo = [root]; todo.length;) {
    const pid = todo.pop()!;
    try {
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      // Gone.
    }
    todo.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Whether this system exposes processes under /proc (Linux). */
const hasProc = (): boolean => {
  try {
    readFileSync('/proc/self/status');
    return true;
  } catch {
    return false;
  }
};

/** `forecast-conformance ...args` with FC_* cleared and `env` added; never rejects. */
export function runCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 120_000,
  cwd = ROOT,
  options: { sampleMemory?: boolean } = {},
): Promise<CliResult> {
  const clean: Record<string, string | undefined> = {};
  for (const k of Object.keys(process.env)) if (k.startsWith('FC_')) clean[k] = undefined;
  const started = Date.now();
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(ROOT, 'cli/main.ts'), ...args],
      { cwd, env: childEnv({ ...clean, CI: '1', ...env }), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        clearInterval(sampler);
        resolve({
          code: err ? ((err as { code?: number }).code ?? null) : 0,
          stdout,
          stderr,
          ms: Date.now() - started,
          ...(sampler ? { peakRssBytes: peak } : {}),
        });
      },
    );
    if (options.sampleMemory && child.pid && hasProc()) {
      const pid = child.pid;
      sampler = setInterval(() => (peak = Math.max(peak, treeRssBytes(pid))), MEMORY_SAMPLE_MS);
    }
  });
}
