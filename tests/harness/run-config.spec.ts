/**
 * One typed run configuration (lib/run-config.ts, issue 35): the CLI writes what it decided once, checked
 * against a schema; every process resolves the same settings from it (lib/settings.ts readSettings), the
 * secrets and what the runner itself started (the embedded stub, the run coordinator) from the environment;
 * a file that is not a run configuration is refused with the reason. Credits no catalogue rule.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { readRunConfig, writeRunConfig, type RunConfig } from '../../lib/run-config.ts';
import { readSettings } from '../../lib/settings.ts';

const config = (over: Partial<RunConfig> = {}): RunConfig => ({
  version: 1,
  target: 'https://staging.example.test',
  siteUrl: '',
  control: '',
  maxSpendUsd: 2,
  unbilledStatuses: [409],
  seed: 7,
  reportDir: '/tmp/r',
  requestTimeoutMs: 15000,
  workers: 6,
  abortAfter: 5,
  maxBodyBytes: 1024,
  tier: 'standard',
  commandLine: 'forecast-conformance run',
  selectedRules: ['ERR-001', 'ERR-002'],
  failOnSkip: false,
  minCoverage: null,
  shard: '',
  stubVariant: '',
  spendPlan: '',
  driftBaseline: '',
  failOnDrift: '',
  servedContract: '',
  terminal: 'rules',
  ...over,
});

const written = (c: unknown): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'fc-run-config-')), 'run-config.json');
  writeFileSync(file, typeof c === 'string' ? c : JSON.stringify(c));
  return file;
};

test('every process resolves the same settings from the file; secrets come from the environment, never the file', () => {
  const file = written(config());
  const env = { FC_RUN_CONFIG: file, FC_API_KEY: 'k1', FC_CONTROL_TOKEN: 't', FC_TARGET: 'http://ignored', FC_MAX_SPEND: '999' };
  const s = readSettings(env);
  expect(s).toMatchObject({
    target: 'https://staging.example.test',
    control: 'https://staging.example.test',
    maxSpendUsd: 2,
    selectedRules: 'ERR-001,ERR-002',
    unbilledStatuses: [409],
    apiKey: 'k1',
    controlToken: 't',
    terminal: 'rules',
  });
  // A worker, with the runner's variables added, resolves the same.
  expect(readSettings({ ...env, FC_RUN_COORDINATOR: '127.0.0.1:1' })).toEqual({ ...s, runCoordinator: '127.0.0.1:1' });
});

test('the embedded stub: an unlimited budget in every process; its coordinates are the global setup’s', () => {
  const file = written(config({ target: '', maxSpendUsd: null }));
  const runner = readSettings({ FC_RUN_CONFIG: file });
  const worker = readSettings({
    FC_RUN_CONFIG: file,
    FC_EMBEDDED: '1',
    FC_TARGET: 'http://127.0.0.1:5000',
    FC_CONTROL: 'http://127.0.0.1:5000',
    FC_CONTROL_TOKEN: 'tok',
  });
  expect(runner.maxSpendUsd).toBe(Infinity);
  expect(worker.maxSpendUsd).toBe(Infinity);
  expect(runner.target).toBe('');
  expect(worker).toMatchObject({ target: 'http://127.0.0.1:5000', control: 'http://127.0.0.1:5000', embedded: true });
});

test('a file that is not a run configuration is refused with the reason, never half-read', () => {
  expect(() => readRunConfig(written('{'))).toThrow(/cannot be read/);
  expect(() => readRunConfig(written({ ...config(), workers: 0 }))).toThrow(/\/workers must be >= 1/);
  expect(() => readRunConfig(written({ ...config(), apiKey: 'k1' }))).toThrow(/must NOT have additional properties/);
  expect(() => readRunConfig(written({ ...config(), tier: 'gold' }))).toThrow(/\/tier must be equal to one of the allowed values/);
  expect(() => readSettings({ FC_RUN_CONFIG: written({ version: 2 }) })).toThrow(/not a run configuration/);
  expect(() => writeRunConfig(join(tmpdir(), 'never.json'), { ...config(), seed: 1.5 })).toThrow(/\/seed must be integer/);
  expect(readRunConfig(written(config()))).toEqual(config());
});
