/**
 * Run settings of `forecast-conformance run`, resolved in one place: flags first, then the config
 * file (`forecast-conformance.config.json`, validated against cli/config.schema.json), then FC_*
 * environment variables. Secrets (API keys, control token) come only from the environment or a
 * file named by a `*_FILE` variable, never from a flag or the config file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DEFAULT_MAX_BODY_BYTES } from '../lib/http-client.ts';

export const CONFIG_FILE = 'forecast-conformance.config.json';
const SCHEMA_PATH = join(dirname(fileURLToPath(import.meta.url)), 'config.schema.json');

/** A run tier (`--tier`): how much of the catalogue a run judges (smoke, standard, certify); not a limit tier (load/profiles.ts). */
export type RunTier = 'smoke' | 'standard' | 'certify';
export const RUN_TIERS: readonly RunTier[] = ['smoke', 'standard', 'certify'];
/** The embedded stub's variants (stub/choices.ts; the CLI may not import stub/, so the names are repeated here). */
export const STUB_VARIANT_NAMES: readonly string[] = ['main', 'alt'];

/** A configuration the CLI refuses: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Settings from flags or the config file (secrets excluded). */
export interface RunSettings {
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
 * Reads and validates a config file. `path` undefined: ./forecast-conformance.config.json when it exists.
 * @throws UsageError naming the file and the offending field.
 */
export function readConfigFile(path: string | undefined, cwd = process.cwd()): FileSettings {
  const file = path ? resolve(cwd, path) : join(cwd, CONFIG_FILE);
  if (!existsSync(file)) {
    if (path) throw new UsageError(`config file ${path} does not exist`);
    return {};
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
  return data as FileSettings;
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

/** The secrets of a run, from the environment. */
export function readSecrets(env: NodeJS.ProcessEnv = process.env): Secrets {
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
 * Resolves every run setting: flag, else config file, else FC_* environment, else default.
 * @throws UsageError for a malformed value, naming its source field.
 */
export function resolveSettings(flags: Flags, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): RunSettings {
  const file = readConfigFile(flags.config, cwd);
  const pick = <T>(flag: T | undefined, fromFile: T | undefined, fromEnv: T | undefined): T | undefined => flag ?? fromFile ?? fromEnv;
  const envNum = (name: string, parse: (field: string, v: string) => number) => (env[name] ? parse(name, env[name]) : undefined);

  const target = pick(flags.target, file.target, env.FC_TARGET || undefined);
  const siteUrl = pick(flags.siteUrl, file.siteUrl, env.FC_SITE_URL || undefined);
  const control = pick(flags.control, file.control, env.FC_CONTROL || undefined);
  const tier = pick(flags.tier, file.tier, (env.FC_TIER || undefined) as RunTier | undefined) ?? 'standard';
  if (!RUN_TIERS.includes(tier)) throw new UsageError(`tier: must be one of ${RUN_TIERS.join(', ')}, got ${JSON.stringify(tier)}`);
  const settings: RunSettings = {
    reportDir: pick(flags.reportDir, file.reportDir, env.FC_REPORT_DIR || undefined) ?? 'reports',
    timeoutMs:
      pick(
        flags.timeoutMs,
        file.timeoutMs,
        envNum('FC_TIMEOUT_MS', (f, v) => positiveInt(f, v)),
      ) ?? 15_000,
    tier,
    rules: flags.rule?.length ? flags.rule : (file.rules ?? list(env.FC_RULES)),
    families: flags.family?.length ? flags.family : (file.families ?? list(env.FC_FAMILIES)),
    operations: flags.operation?.length ? flags.operation : (file.operations ?? list(env.FC_OPERATIONS)),
    failOnSkip: flags.failOnSkip ?? file.failOnSkip ?? env.FC_FAIL_ON_SKIP === '1',
    unbilledStatuses: [],
    abortAfter:
      pick(
        flags.abortAfter,
        file.abortAfter,
        envNum('FC_ABORT_AFTER', (f, v) => positiveInt(f, v, 1000)),
      ) ?? 5,
    maxBodyBytes:
      pick(
        flags.maxBodyBytes,
        file.maxBodyBytes,
        envNum('FC_MAX_BODY_BYTES', (f, v) => bodyLimit(f, v)),
      ) ?? DEFAULT_MAX_BODY_BYTES,
  };
  if (target) settings.target = httpUrl(flags.target ? '--target' : file.target ? 'target' : 'FC_TARGET', target);
  if (siteUrl) settings.siteUrl = httpUrl(flags.siteUrl ? '--site-url' : file.siteUrl ? 'siteUrl' : 'FC_SITE_URL', siteUrl);
  if (control) settings.control = httpUrl(flags.control ? '--control' : file.control ? 'control' : 'FC_CONTROL', control);
  const maxSpend = pick(flags.maxSpend, file.maxSpend, envNum('FC_MAX_SPEND', nonNegative));
  if (maxSpend !== undefined) settings.maxSpend = maxSpend;
  const unbilled = flags.unbilledStatus?.length
    ? (['--unbilled-status', flags.unbilledStatus] as const)
    : file.unbilledStatuses
      ? (['unbilledStatuses', file.unbilledStatuses] as const)
      : env.FC_UNBILLED_STATUS
        ? (['FC_UNBILLED_STATUS', env.FC_UNBILLED_STATUS] as const)
        : undefined;
  if (unbilled) settings.unbilledStatuses = statusList(unbilled[0], unbilled[1]);
  const seed = pick(
    flags.seed,
    file.seed,
    envNum('FC_SEED', (f, v) => nonNegative(f, v)),
  );
  if (seed !== undefined) settings.seed = seed;
  const workers = pick(
    flags.workers,
    file.workers,
    envNum('FC_WORKERS', (f, v) => positiveInt(f, v, 64)),
  );
  if (workers !== undefined) settings.workers = workers;
  const minCoverage = pick(flags.minCoverage, file.minCoverage, envNum('FC_MIN_COVERAGE', nonNegative));
  if (minCoverage !== undefined) {
    if (minCoverage > 100) throw new UsageError(`min-coverage: must be a percentage from 0 to 100, got ${minCoverage}`);
    settings.minCoverage = minCoverage;
  }
  const signingKey = pick(flags.signingKey, file.signingKey, env.FC_SIGNING_KEY_FILE || undefined);
  if (signingKey) settings.signingKey = signingKey;
  const stubVariant = pick(flags.stubVariant, file.stubVariant, env.FC_STUB_VARIANT || undefined);
  if (stubVariant !== undefined) {
    if (!STUB_VARIANT_NAMES.includes(stubVariant))
      throw new UsageError(`stub-variant: must be one of ${STUB_VARIANT_NAMES.join(', ')}, got ${JSON.stringify(stubVariant)}`);
    if (settings.target && stubVariant !== 'main')
      throw new UsageError('stub-variant: names a variant of the embedded stub; it cannot be combined with a target');
    settings.stubVariant = stubVariant;
  }
  const baseline = pick(flags.baseline, file.baseline, env.FC_DRIFT_BASELINE || undefined);
  if (baseline) settings.baseline = resolve(cwd, baseline);
  const failOnDrift = pick<string>(flags.failOnDrift, file.failOnDrift, env.FC_FAIL_ON_DRIFT || undefined);
  if (failOnDrift !== undefined) {
    if (failOnDrift !== 'breaking') throw new UsageError(`fail-on-drift: must be "breaking", got ${JSON.stringify(failOnDrift)}`);
    settings.failOnDrift = failOnDrift;
  }
  return settings;
}
