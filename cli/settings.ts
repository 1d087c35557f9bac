/**
 * Run settings of `forecast-conformance run`, resolved in one place: flags first, then FC_*
 * environment variables, then the config file (`forecast-conformance.config.json`, validated against
 * cli/config.schema.json), then defaults: the order of k6 and twelve-factor habits, so a CI job's
 * environment overrides the file checked into the repository. Secrets (API keys, control token) come only from the environment or a
 * file named by a `*_FILE` variable, never from a flag or the config file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DEFAULT_MAX_BODY_BYTES } from '../lib/http-client.ts';
import { registerSecret } from '../lib/redact.ts';
import { processEnvironment } from '../lib/settings.ts';

export const CONFIG_FILE = 'forecast-conformance.config.json';
const SCHEMA_PATH = join(dirname(fileURLToPath(import.meta.url)), 'config.schema.json');

/** A run tier (`--tier`): how much of the catalogue a run judges (smoke, standard, certify); not a limit scope (load/profiles.ts). */
export type RunTier = 'smoke' | 'standard' | 'certify';
export const RUN_TIERS: readonly RunTier[] = ['smoke', 'standard', 'certify'];
/** The embedded stub's variants (stub/variant.ts; the CLI may not import stub/, so the names are repeated here). */
export const STUB_VARIANT_NAMES: readonly string[] = ['main', 'alt'];

/** A configuration the CLI refuses: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Parallel workers of a run without --workers / FC_WORKERS / `workers`: the one default, stated by
 * `--help` and cli/config.schema.json. A conformance run mostly waits (on the target's limits, paced
 * through one hub, and on the target's answers), not on CPU: on 2 cores the standard tier against the
 * stub took 1 min 57 s with 4 workers, 1 min 45 s with 6 (93% CPU) and 1 min 46 s with 8.
 */
export const DEFAULT_WORKERS = 6;
/** The smoke tier's: a short run spends most of its CPU loading each worker (2 workers: 14 s; 4: 24 s). */
export const SMOKE_WORKERS = 2;

/** Settings from flags, the environment or the config file (secrets excluded). */
export interface RunSettings {
  /** The config file the settings were read from (absolute path); undefined when none was. */
  configFile?: string;
  target?: string;
  siteUrl?: string;
  control?: string;
  /** Spend budget, USD. */
  maxSpend?: number;
  /**
   * Statuses (400..599) the operator states the target never bills, beyond those the spec says are not
   * billed (its choice on gap BILL-013, e.g. 409 and 422): the budget gives their charge back and the
   * spend plan prices them free (issue 19). Without a control plane the run cannot verify it.
   */
  unbilledStatuses: number[];
  seed?: number;
  reportDir: string;
  workers?: number;
  /** Per-request timeout, ms. */
  timeoutMs: number;
  tier: RunTier;
  rules: string[];
  families: string[];
  operations: string[];
  /** Percent, 0..100. */
  minCoverage?: number;
  failOnSkip: boolean;
  signingKey?: string;
  /** An earlier served contract (file) the served one is also compared with (contract drift, deploy to deploy). */
  baseline?: string;
  /** "breaking": a breaking difference of the served contract exits 1; unset: the drift section only reports. */
  failOnDrift?: 'breaking';
  /** Consecutive connection failures or timeouts that abort the run. */
  abortAfter: number;
  /** The embedded stub's variant (`main` or `alt`); only without a target. */
  stubVariant?: string;
  /** Per-request limit of an answer's body, bytes, as received and decompressed (lib/http-client.ts). */
  maxBodyBytes: number;
}

/** Secrets, from the environment only. */
export interface Secrets {
  apiKey?: string;
  apiKey2?: string;
  controlToken?: string;
}

/** What a config file may hold (cli/config.schema.json). */
type FileSettings = Partial<Omit<RunSettings, 'failOnSkip'>> & { failOnSkip?: boolean };

/** Flags as commander hands them over. */
export interface Flags extends Partial<Omit<RunSettings, 'rules' | 'families' | 'operations' | 'unbilledStatuses'>> {
  rule?: string[];
  /** `--unbilled-status` values (repeatable, each a comma-separated list). */
  unbilledStatus?: string[];
  family?: string[];
  operation?: string[];
  config?: string;
}

/** Parses a URL setting: http(s) only, trailing slashes removed. @throws UsageError naming `field`. */
export function httpUrl(field: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${field}: not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${field}: must be an http:// or https:// URL, got ${url.protocol}//`);
  if (url.username || url.password) throw new UsageError(`${field}: must not carry credentials (use FC_API_KEY)`);
  return url.toString().replace(/\/+$/, '');
}

/** Parses a positive integer setting. @throws UsageError naming `field`. */
export function positiveInt(field: string, value: string | number, max = Number.MAX_SAFE_INTEGER): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`${field}: must be a whole number from 1 to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

/** Parses a non-negative number setting. @throws UsageError naming `field`. */
export function nonNegative(field: string, value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0 || (typeof value === 'string' && value.trim() === ''))
    throw new UsageError(`${field}: must be a non-negative number, got ${JSON.stringify(value)}`);
  return n;
}

/**
 * Parses a list of HTTP statuses from 400 to 599 (numbers, or comma-separated text), deduplicated and sorted.
 * @throws UsageError naming `field`.
 */
export function statusList(field: string, value: string | readonly (string | number)[]): number[] {
  const parts = (typeof value === 'string' ? [value] : value).flatMap((v) => String(v).split(',')).map((v) => v.trim());
  const codes = parts.map((v) => {
    const n = Number(v);
    if (!/^\d{3}$/.test(v) || n < 400 || n > 599)
      throw new UsageError(`${field}: must be HTTP statuses from 400 to 599, got ${JSON.stringify(v)}`);
    return n;
  });
  return [...new Set(codes)].sort((a, b) => a - b);
}

/** Least and largest per-request body limit, bytes (1 KiB .. 1 GiB). */
const BODY_LIMIT_RANGE = { min: 1024, max: 1024 ** 3 } as const;

/** Parses a body limit, bytes (BODY_LIMIT_RANGE). @throws UsageError naming `field`. */
export function bodyLimit(field: string, value: string | number): number {
  const n = positiveInt(field, value, BODY_LIMIT_RANGE.max);
  if (n < BODY_LIMIT_RANGE.min) throw new UsageError(`${field}: must be at least ${BODY_LIMIT_RANGE.min} bytes, got ${n}`);
  return n;
}

/**
 * Reads and validates a config file: its settings and its absolute path (`file` undefined: no file).
 * `path` undefined: ./forecast-conformance.config.json when it exists.
 * @throws UsageError naming the file and the offending field.
 */
function readConfig(path: string | undefined, cwd: string): { settings: FileSettings; file?: string } {
  const file = path ? resolve(cwd, path) : join(cwd, CONFIG_FILE);
  if (!existsSync(file)) {
    if (path) throw new UsageError(`config file ${path} does not exist`);
    return { settings: {} };
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`${file}: not JSON (${(err as Error).message})`);
  }
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);
  if (!validate(data)) {
    const first = validate.errors![0]!;
    const field =
      first.keyword === 'additionalProperties'
        ? (first.params as { additionalProperty: string }).additionalProperty
        : first.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(root)';
    const secret = /key|token|secret|password/i.test(field) && first.keyword === 'additionalProperties';
    const why =
      first.keyword === 'additionalProperties'
        ? secret
          ? 'secrets are read only from the environment (FC_API_KEY, FC_API_KEY_2, FC_CONTROL_TOKEN or their *_FILE variants)'
          : 'unknown setting'
        : first.message;
    throw new UsageError(`${file}: field "${field}": ${why}`);
  }
  return { settings: data as FileSettings, file };
}

/** A secret from `NAME` or from the file named by `NAME_FILE`. @throws UsageError when the file is unreadable. */
function secretFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const direct = env[name];
  if (direct) return direct;
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    throw new UsageError(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** Registers the run's secrets for masking, each under its variable's placeholder (`$FC_API_KEY`, ...). */
export function registerSecrets(secrets: Secrets): void {
  registerSecret(secrets.apiKey, 'FC_API_KEY');
  registerSecret(secrets.apiKey2, 'FC_API_KEY_2');
  registerSecret(secrets.controlToken, 'FC_CONTROL_TOKEN');
}

/** The secrets of a run, from the environment. */
export function readSecrets(env: NodeJS.ProcessEnv = processEnvironment()): Secrets {
  const out: Secrets = {};
  const apiKey = secretFrom(env, 'FC_API_KEY');
  const apiKey2 = secretFrom(env, 'FC_API_KEY_2');
  const controlToken = secretFrom(env, 'FC_CONTROL_TOKEN');
  if (apiKey) out.apiKey = apiKey;
  if (apiKey2) out.apiKey2 = apiKey2;
  if (controlToken) out.controlToken = controlToken;
  return out;
}

const list = (v: string | undefined): string[] =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/**
 * Resolves every run setting: flag, else FC_* environment, else config file, else default.
 * @throws UsageError for a malformed value, naming its source field.
 */
export function resolveSettings(flags: Flags, env: NodeJS.ProcessEnv = processEnvironment(), cwd = process.cwd()): RunSettings {
  const { settings: file, file: configFile } = readConfig(flags.config, cwd);
  const pick = <T>(flag: T | undefined, fromEnv: T | undefined, fromFile: T | undefined): T | undefined => flag ?? fromEnv ?? fromFile;
  const envNum = (name: string, parse: (field: string, v: string) => number) => (env[name] ? parse(name, env[name]) : undefined);
  const pickList = (flag: string[] | undefined, name: string, fromFile: string[] | undefined): string[] =>
    flag?.length ? flag : list(env[name]).length ? list(env[name]) : (fromFile ?? []);
  /** The name of the source a value came from, for an error message: the flag, the variable or the file's field. */
  const source = (flag: unknown, flagName: string, envName: string, field: string) =>
    flag !== undefined ? flagName : env[envName] ? envName : field;

  const target = pick(flags.target, env.FC_TARGET || undefined, file.target);
  const siteUrl = pick(flags.siteUrl, env.FC_SITE_URL || undefined, file.siteUrl);
  const control = pick(flags.control, env.FC_CONTROL || undefined, file.control);
  const tier = pick(flags.tier, (env.FC_TIER || undefined) as RunTier | undefined, file.tier) ?? 'standard';
  if (!RUN_TIERS.includes(tier)) throw new UsageError(`tier: must be one of ${RUN_TIERS.join(', ')}, got ${JSON.stringify(tier)}`);
  const settings: RunSettings = {
    ...(configFile ? { configFile } : {}),
    reportDir: pick(flags.reportDir, env.FC_REPORT_DIR || undefined, file.reportDir) ?? 'reports',
    timeoutMs:
      pick(
        flags.timeoutMs,
        envNum('FC_TIMEOUT_MS', (f, v) => positiveInt(f, v)),
        file.timeoutMs,
      ) ?? 15_000,
    tier,
    rules: pickList(flags.rule, 'FC_RULES', file.rules),
    families: pickList(flags.family, 'FC_FAMILIES', file.families),
    operations: pickList(flags.operation, 'FC_OPERATIONS', file.operations),
    failOnSkip: flags.failOnSkip ?? (env.FC_FAIL_ON_SKIP ? env.FC_FAIL_ON_SKIP === '1' : undefined) ?? file.failOnSkip ?? false,
    unbilledStatuses: [],
    abortAfter:
      pick(
        flags.abortAfter,
        envNum('FC_ABORT_AFTER', (f, v) => positiveInt(f, v, 1000)),
        file.abortAfter,
      ) ?? 5,
    maxBodyBytes:
      pick(
        flags.maxBodyBytes,
        envNum('FC_MAX_BODY_BYTES', (f, v) => bodyLimit(f, v)),
        file.maxBodyBytes,
      ) ?? DEFAULT_MAX_BODY_BYTES,
  };
  if (target) settings.target = httpUrl(source(flags.target, '--target', 'FC_TARGET', 'target'), target);
  if (siteUrl) settings.siteUrl = httpUrl(source(flags.siteUrl, '--site-url', 'FC_SITE_URL', 'siteUrl'), siteUrl);
  if (control) settings.control = httpUrl(source(flags.control, '--control', 'FC_CONTROL', 'control'), control);
  const maxSpend = pick(flags.maxSpend, envNum('FC_MAX_SPEND', nonNegative), file.maxSpend);
  if (maxSpend !== undefined) settings.maxSpend = maxSpend;
  const unbilled = flags.unbilledStatus?.length
    ? (['--unbilled-status', flags.unbilledStatus] as const)
    : env.FC_UNBILLED_STATUS
      ? (['FC_UNBILLED_STATUS', env.FC_UNBILLED_STATUS] as const)
      : file.unbilledStatuses
        ? (['unbilledStatuses', file.unbilledStatuses] as const)
        : undefined;
  if (unbilled) settings.unbilledStatuses = statusList(unbilled[0], unbilled[1]);
  const seed = pick(
    flags.seed,
    envNum('FC_SEED', (f, v) => nonNegative(f, v)),
    file.seed,
  );
  if (seed !== undefined) settings.seed = seed;
  const workers = pick(
    flags.workers,
    envNum('FC_WORKERS', (f, v) => positiveInt(f, v, 64)),
    file.workers,
  );
  if (workers !== undefined) settings.workers = workers;
  const minCoverage = pick(flags.minCoverage, envNum('FC_MIN_COVERAGE', nonNegative), file.minCoverage);
  if (minCoverage !== undefined) {
    if (minCoverage > 100) throw new UsageError(`min-coverage: must be a percentage from 0 to 100, got ${minCoverage}`);
    settings.minCoverage = minCoverage;
  }
  const signingKey = pick(flags.signingKey, env.FC_SIGNING_KEY_FILE || undefined, file.signingKey);
  if (signingKey) settings.signingKey = signingKey;
  const stubVariant = pick(flags.stubVariant, env.FC_STUB_VARIANT || undefined, file.stubVariant);
  if (stubVariant !== undefined) {
    if (!STUB_VARIANT_NAMES.includes(stubVariant))
      throw new UsageError(`stub-variant: must be one of ${STUB_VARIANT_NAMES.join(', ')}, got ${JSON.stringify(stubVariant)}`);
    if (settings.target && stubVariant !== 'main')
      throw new UsageError('stub-variant: names a variant of the embedded stub; it cannot be combined with a target');
    settings.stubVariant = stubVariant;
  }
  const baseline = pick(flags.baseline, env.FC_DRIFT_BASELINE || undefined, file.baseline);
  if (baseline) settings.baseline = resolve(cwd, baseline);
  const failOnDrift = pick<string>(flags.failOnDrift, env.FC_FAIL_ON_DRIFT || undefined, file.failOnDrift);
  if (failOnDrift !== undefined) {
    if (failOnDrift !== 'breaking') throw new UsageError(`fail-on-drift: must be "breaking", got ${JSON.stringify(failOnDrift)}`);
    settings.failOnDrift = failOnDrift;
  }
  return settings;
}
