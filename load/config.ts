/**
 * The load CLI's config file (`--config FILE`, default ./forecast-conformance.load.json when it exists):
 * the operator's stated ceilings and the engine's settings, so a staging run's limits live in a
 * reviewed file rather than a command line. Flags override it. Never a key: keys come from FC_API_KEY.
 *
 * { "maxRate": 500, "maxInFlight": 64, "engine": "artillery", "workers": 4, "principals": 25 }
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { ConfigError } from '../lib/errors.ts';
import { HARD_CAPS } from './safety.ts';

export const LOAD_CONFIG_FILE = 'forecast-conformance.load.json';

/** What the file may hold. */
export interface LoadConfig {
  /** Stated ceiling, req/s (all workers, processes and principals together). */
  maxRate?: number;
  /** Stated ceiling and the run's in-flight cap. */
  maxInFlight?: number;
  engine?: 'scheduler' | 'artillery';
  /** Artillery's local worker threads. */
  workers?: number;
  /** Separate Artillery processes, merged. */
  processes?: number;
  /** Principals to spread the load over (keys from FC_API_KEY; accounts on the embedded stub). */
  principals?: number;
}

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    maxRate: { type: 'number', exclusiveMinimum: 0, maximum: HARD_CAPS.maxRate },
    maxInFlight: { type: 'integer', minimum: 1, maximum: HARD_CAPS.maxInFlight },
    engine: { enum: ['scheduler', 'artillery'] },
    workers: { type: 'integer', minimum: 1, maximum: 64 },
    processes: { type: 'integer', minimum: 1, maximum: 64 },
    principals: { type: 'integer', minimum: 1, maximum: 1000 },
  },
} as const;

const validate = new Ajv({ allErrors: true }).compile<LoadConfig>(SCHEMA);

/**
 * Reads and validates the config file: `path` when given, else ./forecast-conformance.load.json if it exists.
 * @returns the settings and the file's path, or an empty config without a file.
 * @throws ConfigError when a given file is missing, is not JSON, or breaks the schema (a key field included).
 */
export function readLoadConfig(path?: string, cwd = process.cwd()): { config: LoadConfig; file?: string } {
  const file = resolve(cwd, path ?? LOAD_CONFIG_FILE);
  if (!existsSync(file)) {
    if (path) throw new ConfigError(`load config file ${path} does not exist`);
    return { config: {} };
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(`load config file ${file} is not JSON: ${(e as Error).message}`);
  }
  if (!validate(data)) {
    const why = (validate.errors ?? []).map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    );
    throw new ConfigError(`load config file ${file}: ${why.join('; ')} (keys come from FC_API_KEY only)`);
  }
  return { config: data, file };
}
