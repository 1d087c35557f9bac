/**
 * The run configuration: what `forecast-conformance run` (and `merge`) decided, validated once by the CLI
 * (cli/settings.ts) and written as one JSON file into the report folder (`run-config.json`, named by
 * FC_RUN_CONFIG), which every process of the run reads through the one resolver (lib/settings.ts
 * `readSettings`): the Playwright config in the runner and in each worker, the global setup, the reporter.
 * It holds no secret: API keys and the control token stay in the environment; so do the coordinates of
 * what the runner itself starts (the embedded stub, the run coordinator). It is part of the signed bundle,
 * so a reviewer reads the settings a report was made under. Schema-checked (ajv) where it is read; a file
 * that does not match is refused with the reason, never half-read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv, type JSONSchemaType } from 'ajv';

/** The settings of one run, as the CLI resolved them (units: ms, bytes, USD). */
export interface RunConfig {
  version: 1;
  /** Base URL of the API under test; '' = the embedded reference stub. */
  target: string;
  /** Public site address serviceUrl is built from; '' = the target's own. */
  siteUrl: string;
  /** Control-plane base URL; '' = the target (used only with a control token in the environment). */
  control: string;
  /** Spend budget, USD; null = unlimited (the embedded stub's). */
  maxSpendUsd: number | null;
  /** Statuses (400..599) the operator states the target never bills (gap BILL-013). */
  unbilledStatuses: number[];
  /** fast-check seed. */
  seed: number;
  reportDir: string;
  /** Per-request timeout, ms. */
  requestTimeoutMs: number;
  workers: number;
  /** Consecutive connection failures or timeouts after which the run aborts. */
  abortAfter: number;
  /** Per-request limit of an answer's body, bytes. */
  maxBodyBytes: number;
  /** smoke, standard or certify (cli/settings.ts RUN_TIERS). */
  tier: string;
  /** The command line, redacted. */
  commandLine: string;
  /** The selected rule IDs; [] = every rule. */
  selectedRules: string[];
  failOnSkip: boolean;
  /** Percent of testable rules that must be PASSED; null = no gate. */
  minCoverage: number | null;
  /** "i/n" for one shard of several; '' otherwise. */
  shard: string;
  /** The embedded stub's variant ('' = main, `alt`). */
  stubVariant: string;
  /** Files the CLI wrote or was given ('' = none): the spend plan, the drift baseline, the served contract. */
  spendPlan: string;
  driftBaseline: string;
  /** "breaking" = a breaking difference of the served contract fails the run; '' = report only. */
  failOnDrift: string;
  servedContract: string;
  /** What the run prints: Playwright's reporter and the rule summary, the rule summary, or nothing. */
  terminal: 'full' | 'rules' | 'quiet';
}

const text = { type: 'string' } as const;
const SCHEMA: JSONSchemaType<RunConfig> = {
  type: 'object',
  additionalProperties: false,
  required: [
    'version',
    'target',
    'siteUrl',
    'control',
    'maxSpendUsd',
    'unbilledStatuses',
    'seed',
    'reportDir',
    'requestTimeoutMs',
    'workers',
    'abortAfter',
    'maxBodyBytes',
    'tier',
    'commandLine',
    'selectedRules',
    'failOnSkip',
    'minCoverage',
    'shard',
    'stubVariant',
    'spendPlan',
    'driftBaseline',
    'failOnDrift',
    'servedContract',
    'terminal',
  ],
  properties: {
    version: { type: 'integer', const: 1 },
    target: text,
    siteUrl: text,
    control: text,
    // ajv's types do not derive a nullable number's schema: the cast is only that.
    maxSpendUsd: { type: 'number', minimum: 0, nullable: true } as never,
    unbilledStatuses: { type: 'array', items: { type: 'integer', minimum: 400, maximum: 599 } },
    seed: { type: 'integer' },
    reportDir: { type: 'string', minLength: 1 },
    requestTimeoutMs: { type: 'integer', minimum: 1 },
    workers: { type: 'integer', minimum: 1 },
    abortAfter: { type: 'integer', minimum: 0 },
    maxBodyBytes: { type: 'integer', minimum: 1 },
    tier: { type: 'string', enum: ['smoke', 'standard', 'certify'] },
    commandLine: text,
    selectedRules: { type: 'array', items: { type: 'string', minLength: 1 } },
    failOnSkip: { type: 'boolean' },
    minCoverage: { type: 'number', minimum: 0, maximum: 100, nullable: true } as never,
    shard: { type: 'string', pattern: '^(|[0-9]+/[0-9]+)$' },
    stubVariant: { type: 'string', enum: ['', 'main', 'alt'] },
    spendPlan: text,
    driftBaseline: text,
    failOnDrift: { type: 'string', enum: ['', 'breaking'] },
    servedContract: text,
    terminal: { type: 'string', enum: ['full', 'rules', 'quiet'] },
  },
};

const validate = new Ajv({ allErrors: true }).compile(SCHEMA);

/**
 * Checks a parsed value as a run configuration.
 * @throws Error naming the file and the first mismatches
 */
export function checkRunConfig(value: unknown, source: string): RunConfig {
  if (validate(value)) return value;
  const why = (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
    .join('; ');
  throw new Error(`${source}: not a run configuration of forecast-conformance (${why})`);
}

/**
 * Reads and checks the run configuration at `path`.
 * @throws Error when it cannot be read, is not JSON or does not match the schema
 */
export function readRunConfig(path: string): RunConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: the run configuration cannot be read (${(err as Error).message})`, { cause: err });
  }
  return checkRunConfig(parsed, path);
}

/** Writes `config` to `path` after checking it (the CLI's half of the hand-off). @throws Error for an invalid one */
export function writeRunConfig(path: string, config: RunConfig): void {
  writeFileSync(path, `${JSON.stringify(checkRunConfig(config, 'the run configuration'), null, 2)}\n`);
}
