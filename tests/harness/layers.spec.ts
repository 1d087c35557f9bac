/**
 * The layer rule (eslint.config.js, boundaries/dependencies) rejects a wrong-direction import and
 * accepts the allowed ones: each probe is linted as if it were a file of that layer.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { ESLint, type Linter } from 'eslint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The project's config with only the layer rule on (no type-aware rules: the probes are not on disk). */
async function layerLinter(): Promise<ESLint> {
  const { default: config } = (await import(join(ROOT, 'eslint.config.js'))) as { default: Linter.Config[] };
  const layer = config.filter((c) => c.plugins && 'boundaries' in c.plugins);
  expect(layer.length, 'eslint.config.js declares the boundaries layer rule').toBe(1);
  return new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'] }, ...layer] });
}

/** Errors of the layer rule for `source` linted as the file `file` (relative to the root). */
async function layerErrors(eslint: ESLint, file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const WRONG: [string, string][] = [
  ['lib/probe.ts', "import { contract } from '../contract/index.ts';"],
  ['contract/probe.ts', "import { ruleRange } from '../checks/define.ts';"],
  ['checks/probe.ts', "import { startStub } from '../stub/app.ts';"],
  ['checks/probe.ts', "import { fixtures } from '../suites/support/fixtures.ts';"],
  ['stub/probe.ts', "import { send } from '../suites/support/operations.ts';"],
  ['load/probe.ts', "import { startStub } from '../stub/app.ts';"],
  ['load/probe.ts', "import { send } from '../suites/support/operations.ts';"],
  ['reporter/probe.ts', "import { Budget } from '../suites/support/budget.ts';"],
  ['suites/support/probe.ts', "import { PRICES } from '../../stub/server.ts';"],
];
const RIGHT: [string, string][] = [
  ['checks/probe.ts', "import { contract } from '../contract/index.ts';"],
  ['suites/probe.spec.ts', "import { send } from './support/operations.ts';"],
  ['stub/probe.ts', "import { ruleRange } from '../checks/define.ts';"],
  ['reporter/probe.ts', "import { redact } from '../lib/redact.ts';"],
  ['suites/support/global-setup.ts', "import { startStubProcess } from '../../stub/process.ts';"],
  ['tests/harness/probe.spec.ts', "import { startStub } from '../../stub/app.ts';"],
  ['tests/stub/probe.spec.ts', "import { startStub } from '../../stub/app.ts';"],
];

test('a wrong-direction import fails lint; an allowed one passes', async () => {
  test.setTimeout(60_000);
  const eslint = await layerLinter();
  for (const [file, source] of WRONG) expect(await layerErrors(eslint, file, source), `${file}: ${source}`).not.toEqual([]);
  for (const [file, source] of RIGHT) expect(await layerErrors(eslint, file, source), `${file}: ${source}`).toEqual([]);
});
