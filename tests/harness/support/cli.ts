/**
 * Runs the `forecast-conformance` CLI (cli/main.ts through tsx) in a child process, asynchronously,
 * so that servers this test process holds keep answering the child.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { childEnv } from './env.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `forecast-conformance ...args` with FC_* cleared and `env` added; never rejects. */
export function runCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 120_000,
  cwd = ROOT,
): Promise<CliResult> {
  const clean: Record<string, string | undefined> = {};
  for (const k of Object.keys(process.env)) if (k.startsWith('FC_')) clean[k] = undefined;
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(ROOT, 'cli/main.ts'), ...args],
      { cwd, env: childEnv({ ...clean, CI: '1', ...env }), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr, ms: Date.now() - started }),
    );
  });
}
