/**
 * The secret-leak tests (tests/harness/redaction.spec.ts, tests/harness/secrets.spec.ts): run a short child
 * conformance run against an in-process stub, then gather every text it left behind (each report
 * file, the entries of any ZIP a file is or embeds, and what the run printed) to search for secrets.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStub, type RunningStub } from '../../../stub/app.ts';
import { childEnv } from './env.ts';
import { unzip } from './zip.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ZIP_MAGIC = 0x04034b50;

/** One searchable text: `where` names its file (relative to the report folder, `!entry` inside a ZIP) or the stream. */
export interface ScannedText {
  where: string;
  text: string;
}

export interface RunOutput {
  stdout: string;
  stderr: string;
}

/**
 * Runs `playwright test --project=conformance ...args` in a child process from the project root,
 * with `env` (build it with childEnv()). Asynchronous on purpose: the stub answering the child
 * lives in this process's event loop. Never rejects; a failed or timed-out run just prints less.
 */
export function runConformance(args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<RunOutput> {
  // --no-deps: the conformance project's teardown (the clock suites, limits bursts included) is not what these runs scan for.
  const argv = ['node_modules/@playwright/test/cli.js', 'test', '--project=conformance', '--no-deps', ...args];
  return new Promise<RunOutput>((resolve) => {
    execFile(process.execPath, argv, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs }, (_err, stdout, stderr) =>
      resolve({ stdout, stderr }),
    );
  });
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The readable contents of a report file: itself plus the entries of any ZIP it is or embeds. */
function contentsOf(path: string): ScannedText[] {
  const buf = readFileSync(path);
  const out = [{ where: path, text: buf.toString('utf8') }];
  const zips: Buffer[] = [];
  if (buf.length >= 4 && buf.readUInt32LE(0) === ZIP_MAGIC) zips.push(buf);
  for (const m of out[0]!.text.matchAll(/data:application\/zip;base64,([A-Za-z0-9+/=]+)/g)) zips.push(Buffer.from(m[1]!, 'base64'));
  for (const zip of zips) for (const e of unzip(zip)) out.push({ where: `${path}!${e.name}`, text: e.data.toString('utf8') });
  return out;
}

/**
 * What a run left to search: `files`, the paths written under `reportDir` (relative to it), and
 * `scanned`, every file's contents (ZIP entries included) followed by the run's stdout and stderr.
 * @throws Error when a file looks like a ZIP but is not a readable one.
 */
export function reportTexts(reportDir: string, output: RunOutput): { files: string[]; scanned: ScannedText[] } {
  const paths = filesUnder(reportDir);
  const scanned = [
    ...paths.flatMap(contentsOf).map((c) => ({ ...c, where: relative(reportDir, c.where) })),
    { where: 'stdout', text: output.stdout },
    { where: 'stderr', text: output.stderr },
  ];
  return { files: paths.map((p) => relative(reportDir, p)), scanned };
}

/** The secrets of one scanned run: an in-process stub started with them, and the report folder. */
export interface SecretRun {
  stub: RunningStub;
  /** FC_API_KEY and FC_API_KEY_2: fresh random keys. */
  keys: [string, string];
  controlToken: string;
  reportDir: string;
}

/**
 * Starts an in-process stub (seed 42) with fresh random API keys and control token, and a temporary
 * report folder named `fc-<name>-...`; runs `fn`; then closes the stub and removes the folder.
 */
export async function withSecretRun<T>(name: string, fn: (run: SecretRun) => Promise<T>): Promise<T> {
  const keys: [string, string] = [`fc_${randomBytes(16).toString('hex')}`, `fc_${randomBytes(16).toString('hex')}`];
  const controlToken = randomBytes(24).toString('hex');
  const stub = await startStub({ port: 0, apiKeys: keys, controlToken, seed: 42 });
  const reportDir = mkdtempSync(join(tmpdir(), `fc-${name}-`));
  try {
    return await fn({ stub, keys, controlToken, reportDir });
  } finally {
    await stub.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
}

/**
 * The child run's environment (childEnv): the stub as target and control plane, the run's keys and
 * token, its report folder, a $5 spend cap, one worker, CI; `extra` adds or overrides variables.
 */
export const secretRunEnv = (run: SecretRun, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv =>
  childEnv({
    FC_TARGET: run.stub.url,
    FC_SITE_URL: 'https://forecast.site.test',
    FC_API_KEY: run.keys[0],
    FC_API_KEY_2: run.keys[1],
    FC_CONTROL: run.stub.url,
    FC_CONTROL_TOKEN: run.controlToken,
    FC_REPORT_DIR: run.reportDir,
    FC_EMBEDDED: undefined,
    FC_MAX_SPEND: '5',
    FC_WORKERS: '1',
    CI: '1',
    ...extra,
  });
