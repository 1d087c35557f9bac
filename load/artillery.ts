/**
 * The Artillery engine of `npm run load -- --engine artillery` (issue 36): a profile becomes an
 * Artillery script (phases from the schedule, the in-flight cap as maxVusers, headers and keys from the
 * environment, the thresholds Artillery can judge as `ensure` checks), Artillery runs it, and its JSON
 * and the per-request records of the project's hooks come back to the project's own judgement
 * (load/artillery-results.ts, load/judge.ts), so a verdict reads the same whichever engine ran.
 *
 * Artillery lives in its own tool folder, tools/artillery (its own package.json and lockfile, pinned,
 * outside the published package), and runs under a Node ≥ 22.18 (Artillery 2.0.22+ needs it): this
 * process's when it is one, else the npm-packaged Node of tools/node-lts. Two ways to scale out on one
 * machine: `workers` (Artillery's local runner cuts the script over worker threads) and `processes`
 * (the script cut by Artillery's own splitter, one `artillery run` each, merged as its launcher merges
 * its workers: tools/artillery/fc/tool.mjs). Telemetry is off (ARTILLERY_DISABLE_TELEMETRY).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../lib/errors.ts';
import { METRIC } from './metrics.ts';
import type { LoadProfile } from './profiles.ts';
import type { PlannedRequest } from './scheduler.ts';
import { parseThreshold } from './thresholds.ts';
import { pickEnvironment } from '../lib/settings.ts';

/** The project's root (this file is load/artillery.ts). */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The engine's tool folder and the Node LTS tool folder (neither in the published package). */
export const ARTILLERY_DIR = join(ROOT, 'tools', 'artillery');
const NODE_LTS_DIR = join(ROOT, 'tools', 'node-lts');
/**
 * How long after their spawn the processes of a `--processes` run start their phases together, ms: room for
 * every process to load Artillery on a busy machine (about 2 s each on an idle 2-core one).
 */
const PROCESS_START_MS = 8_000;
/** The oldest Node the pinned Artillery accepts (its `engines`). */
const MIN_NODE: readonly [number, number] = [22, 18];

/** A runnable Artillery: the Node that runs it and the pinned version. */
export interface ArtilleryTool {
  /** Path of a Node ≥ 22.18 binary. */
  node: string;
  nodeVersion: string;
  /** Artillery's CLI entry (tools/artillery/node_modules/artillery/bin/run). */
  bin: string;
  version: string;
}

const atLeast = (version: string, [major, minor]: readonly [number, number]) => {
  const [a = 0, b = 0] = version.replace(/^v/, '').split('.').map(Number);
  return a > major || (a === major && b >= minor);
};

/**
 * Finds the installed engine: Artillery in tools/artillery/node_modules and a Node ≥ 22.18 to run it
 * (`node` if given; else this process's Node when new enough; else tools/node-lts's node24, node22).
 * @throws ConfigError naming the install command when either is missing.
 */
export function findArtillery(node?: string): ArtilleryTool {
  const bin = join(ARTILLERY_DIR, 'node_modules', 'artillery', 'bin', 'run');
  if (!existsSync(bin))
    throw new ConfigError(
      'the Artillery engine is not installed: run `npm ci --prefix tools/artillery` in a clone of the project (with Node ≥ 22.18 first on PATH, e.g. after `npm ci --prefix tools/node-lts`); it is not part of the published package',
    );
  const version = (
    JSON.parse(readFileSync(join(ARTILLERY_DIR, 'node_modules', 'artillery', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const candidates = node
    ? [node]
    : [process.execPath, ...['node24', 'node22'].map((n) => join(NODE_LTS_DIR, 'node_modules', n, 'bin', 'node'))];
  for (const candidate of candidates) {
    if (candidate !== process.execPath && !existsSync(candidate)) continue;
    const nodeVersion =
      candidate === process.execPath ? process.version : spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (atLeast(nodeVersion, MIN_NODE)) return { node: candidate, nodeVersion, bin, version };
  }
  throw new ConfigError(
    `Artillery ${version} needs Node ≥ ${MIN_NODE.join('.')} (this is ${process.version}): run \`npm ci --prefix tools/node-lts\` (Node 22 and 24 as npm packages)`,
  );
}

/** An Artillery script (the parts this project writes). */
export interface ArtilleryScript {
  config: {
    target: string;
    phases: ({ name: string; duration: number; maxVusers: number } & ({ arrivalRate: number } | { arrivalCount: number }))[];
    http: { timeout: number };
    processor?: string;
    plugins?: Record<string, object>;
    ensure?: { thresholds: Record<string, number>[]; conditions: { expression: string; strict: boolean }[] };
  };
  scenarios: { name: string; weight: number; flow: object[] }[];
}

/** What the script is made of: the vetted target, the schedule and the profile's requests. */
export interface ArtilleryPlan {
  /** Origin Artillery connects to (a loopback target's vetted address). */
  target: string;
  /** Host header to send when it differs from the target's host. */
  hostHeader?: string;
  /** Requests per second, all workers together. */
  rate: number;
  durationS: number;
  /** Requests in all (rate × duration unless a count bound cut it). */
  count: number;
  /** Most requests in flight at once, all workers together (Artillery's maxVusers: one request per virtual user). */
  maxInFlight: number;
  /** Per-request timeout, s. */
  timeoutS: number;
  /** One request per operation of the profile, built without a key (the hooks add the principal's). */
  requests: readonly PlannedRequest[];
  /** The profile's requests carry an API key. */
  withKey: boolean;
}

/** Lower-case HTTP method names Artillery's flow steps use. */
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/**
 * The `ensure` checks of a profile's thresholds that Artillery can judge from its own metrics:
 * `http_req_duration` `p(N)<X` as `http.response_time.pN < X`, and `http_req_failed` `rate<X` as a
 * condition on the hooks' `fc.failed` counter and Artillery's failed virtual users. The rest need
 * per-request judgement (load/judge.ts) and are not Artillery's to check.
 */
export function ensureOf(profile: LoadProfile): NonNullable<ArtilleryScript['config']['ensure']> {
  const thresholds: Record<string, number>[] = [];
  const conditions: { expression: string; strict: boolean }[] = [];
  for (const source of profile.thresholds[METRIC.duration] ?? []) {
    const e = parseThreshold(source);
    if (e.percentile !== undefined && e.operator === '<')
      thresholds.push({ [`http.response_time.p${String(e.percentile).replace('.', '')}`]: e.value });
  }
  for (const source of profile.thresholds[METRIC.failed] ?? []) {
    const e = parseThreshold(source);
    if (e.aggregation === 'rate' && e.operator === '<')
      conditions.push({ expression: `fc.failed + vusers.failed < ${e.value} * vusers.created`, strict: true });
  }
  return { thresholds, conditions };
}

/**
 * The Artillery script of a profile (pure). One phase: `arrivalRate` for a whole rate, else an
 * `arrivalCount` spread evenly over the duration (Artillery's splitter gives such a phase to its first
 * worker whole); `maxVusers` is the in-flight cap. One scenario per operation, equally weighted; each
 * takes the next principal (`fcPrincipal`: the key comes from FC_API_KEY in Artillery's environment,
 * never from the script) and records its answer (`fcRecord`).
 */
export function artilleryScript(profile: LoadProfile, plan: ArtilleryPlan): ArtilleryScript {
  const whole = Number.isInteger(plan.rate) && plan.count === plan.rate * plan.durationS;
  const phase = {
    name: `${profile.name} at ${plan.rate}/s`,
    duration: plan.durationS,
    ...(whole ? { arrivalRate: plan.rate } : { arrivalCount: plan.count }),
    maxVusers: plan.maxInFlight,
  };
  const scenarios = plan.requests.map((r) => {
    const method = r.method.toLowerCase();
    if (!METHODS.has(method)) throw new ConfigError(`${r.operationId}: method ${r.method} has no Artillery flow step`);
    const headers: Record<string, string> = { ...r.headers };
    delete headers['x-service-api-key'];
    if (plan.withKey) headers['x-service-api-key'] = '{{ fcKey }}';
    if (plan.hostHeader) headers.host = plan.hostHeader;
    delete headers['content-type'];
    const request = {
      url: r.path,
      headers,
      ...(r.body === undefined ? {} : { json: JSON.parse(r.body) as unknown }),
      afterResponse: 'fcRecord',
    };
    return { name: r.operationId, weight: 1, flow: [{ function: 'fcPrincipal' }, { [method]: request }] };
  });
  return {
    config: {
      target: plan.target,
      phases: [phase],
      http: { timeout: plan.timeoutS },
      processor: join(ARTILLERY_DIR, 'fc', 'processor.cjs'),
      plugins: { ensure: {}, 'fc-sketches': {} },
      ensure: ensureOf(profile),
    },
    scenarios,
  };
}

/**
 * The script cut for `count` machines that each run it whole (Artillery's `run-fargate` / `run-lambda
 * --count N` multiply, they do not divide): arrival rates, arrival counts and maxVusers divided by
 * `count`, rounded up, so the machines together offer at least the profile's rate (at most count − 1
 * arrivals a second more) and hold at most about its in-flight cap. Pure.
 */
export function perMachine(script: ArtilleryScript, count: number): ArtilleryScript {
  const div = (n: number) => Math.max(1, Math.ceil(n / count));
  return {
    ...script,
    config: {
      ...script.config,
      phases: script.config.phases.map((p) =>
        'arrivalRate' in p
          ? { ...p, arrivalRate: div(p.arrivalRate), maxVusers: div(p.maxVusers) }
          : { ...p, arrivalCount: div(p.arrivalCount), maxVusers: div(p.maxVusers) },
      ),
    },
  };
}

/** How to run a script: Artillery's local runner with N worker threads, or N separate processes merged. */
export type ScaleOut = { workers: number } | { processes: number };

/** What a run of Artillery left: its JSON (merged for processes), the records folder, its exit codes. */
export interface ArtilleryOutput {
  /** The `--output` JSON, or the merge of the processes' per-period sketches (same shape). */
  json: ArtilleryJson;
  /** Each process's own JSON (processes only): their counts add up to the merged ones. */
  parts: ArtilleryJson[];
  /** Folder of the hooks' JSON-lines files (records and samples). */
  recordsDir: string;
  /** Artillery's exit codes (1 when an `ensure` check failed). */
  exitCodes: number[];
  /** Wall time from the first spawn to the last exit, ms. */
  elapsedMs: number;
  /** Epoch ms of the first spawn. */
  startedAt: number;
  /** Why the engine stopped early, if it did (a remote run's 5xx spike). */
  stoppedBy?: '5xx spike';
}

/** The parts of Artillery's JSON report this project reads. */
export interface ArtilleryJson {
  aggregate: {
    counters: Record<string, number>;
    summaries: Record<string, Record<string, number>>;
    firstMetricAt?: number;
    lastMetricAt?: number;
  };
}

export interface ArtilleryRunOptions {
  tool: ArtilleryTool;
  script: ArtilleryScript;
  scale: ScaleOut;
  /** Folder for the script, the JSON and the records (emptied first). */
  workDir: string;
  /** API keys of the principals (handed to Artillery as FC_API_KEY, never written). */
  keys: readonly string[];
  sampleEvery: number;
  /** Stops the run when it returns true, asked every second with the statuses answered so far (in answer order). */
  abortWhen?: (statuses: number[]) => boolean;
}

/** Artillery's environment: no FC_* variable of ours but the keys, telemetry off, the hooks' folders. */
function artilleryEnv(opts: ArtilleryRunOptions, extra: Record<string, string>): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'];
  return {
    ...pickEnvironment(keep),
    ARTILLERY_DISABLE_TELEMETRY: 'true',
    ARTILLERY_PLUGIN_PATH: join(ARTILLERY_DIR, 'fc', 'plugins'),
    FC_API_KEY: opts.keys.join(','),
    FC_ARTILLERY_RECORDS: join(opts.workDir, 'records'),
    FC_ARTILLERY_SAMPLE_EVERY: String(opts.sampleEvery),
    ...extra,
  };
}

/** Runs a command to its end; resolves its exit code. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log: string,
  children: Set<ReturnType<typeof spawn>>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      children.delete(child);
      writeFileSync(log, Buffer.concat(out));
      resolve(code ?? 1);
    });
  });
}

/** The statuses of the records written so far, in answer order (for a remote run's 5xx-spike abort). */
function statusesSoFar(dir: string): number[] {
  if (!existsSync(dir)) return [];
  const rows: { end: number; s: number }[] = [];
  for (const f of readdirRecords(dir))
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n'))
      if (line) {
        try {
          const r = JSON.parse(line) as { t: number; ms: number; s: number };
          rows.push({ end: r.t + r.ms, s: r.s });
        } catch {
          // a line being written
        }
      }
  return rows.sort((a, b) => a.end - b.end).map((r) => r.s);
}

/** The hooks' record files of a folder. */
export function readdirRecords(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.records.jsonl')) : [];
}

/**
 * Runs a script with Artillery on this machine: `workers` through its local runner (one process,
 * worker threads), `processes` as that many `artillery run` processes started together on the parts
 * Artillery's splitter cut, their per-period sketches merged afterwards. Never throws on a crossed
 * `ensure` check (exit code 1): the project's own thresholds judge the run.
 * @throws Error when Artillery writes no JSON (it failed to start or crashed).
 */
export async function runArtillery(opts: ArtilleryRunOptions): Promise<ArtilleryOutput> {
  const { tool, workDir } = opts;
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(join(workDir, 'records'), { recursive: true });
  const scriptPath = join(workDir, 'script.json');
  writeFileSync(scriptPath, JSON.stringify(opts.script, null, 2));
  const children = new Set<ReturnType<typeof spawn>>();
  let stoppedBy: ArtilleryOutput['stoppedBy'];
  const watch = opts.abortWhen
    ? setInterval(() => {
        if (!stoppedBy && opts.abortWhen!(statusesSoFar(join(workDir, 'records')))) {
          stoppedBy = '5xx spike';
          for (const c of children) c.kill('SIGTERM');
        }
      }, 1000)
    : undefined;
  const startedAt = Date.now();
  try {
    if ('workers' in opts.scale) {
      const out = join(workDir, 'artillery.json');
      const env = artilleryEnv(opts, { FC_ARTILLERY_WORKERS: String(opts.scale.workers) });
      const preload = join(ARTILLERY_DIR, 'fc', 'workers.mjs');
      const code = await run(
        tool.node,
        ['--import', preload, tool.bin, 'run', '--quiet', '--output', out, scriptPath],
        env,
        join(workDir, 'artillery.log'),
        children,
      );
      return {
        json: readJson(out, workDir),
        parts: [],
        recordsDir: join(workDir, 'records'),
        exitCodes: [code],
        elapsedMs: Date.now() - startedAt,
        startedAt,
        ...(stoppedBy ? { stoppedBy } : {}),
      };
    }
    const n = opts.scale.processes;
    const helper = join(ARTILLERY_DIR, 'fc', 'tool.mjs');
    const split = spawnSync(tool.node, [helper, 'split', scriptPath, String(n), join(workDir, 'parts')], { encoding: 'utf8' });
    if (split.status !== 0) throw new Error(`Artillery's splitter failed: ${split.stderr}`);
    const parts = split.stdout.split('\n').filter(Boolean);
    // The parts' phases start together, once every process has had the time to start (processor.cjs fcStartGate).
    const startAt = String(Date.now() + PROCESS_START_MS);
    const codes = await Promise.all(
      parts.map((part, k) => {
        const env = artilleryEnv(opts, {
          FC_ARTILLERY_SKETCHES: join(workDir, `part-${k + 1}.sketches.jsonl`),
          FC_ARTILLERY_START_AT: startAt,
        });
        return run(
          tool.node,
          [tool.bin, 'run', '--quiet', '--output', join(workDir, `part-${k + 1}.json`), part],
          env,
          join(workDir, `part-${k + 1}.log`),
          children,
        );
      }),
    );
    const merged = join(workDir, 'artillery.json');
    const sketches = parts.map((_, k) => join(workDir, `part-${k + 1}.sketches.jsonl`)).filter((f) => existsSync(f));
    const merge = spawnSync(tool.node, [helper, 'merge', merged, ...sketches], { encoding: 'utf8' });
    if (merge.status !== 0) throw new Error(`merging the parts with Artillery's SSMS failed: ${merge.stderr}`);
    return {
      json: readJson(merged, workDir),
      parts: parts.map((_, k) => readJson(join(workDir, `part-${k + 1}.json`), workDir)),
      recordsDir: join(workDir, 'records'),
      exitCodes: codes,
      elapsedMs: Date.now() - startedAt,
      startedAt,
      ...(stoppedBy ? { stoppedBy } : {}),
    };
  } finally {
    if (watch) clearInterval(watch);
  }
}

/** Reads an Artillery JSON report. @throws Error naming the log to read when it is missing. */
function readJson(path: string, workDir: string): ArtilleryJson {
  if (!existsSync(path)) throw new Error(`Artillery wrote no report (${path}); see the logs in ${workDir}`);
  return JSON.parse(readFileSync(path, 'utf8')) as ArtilleryJson;
}
