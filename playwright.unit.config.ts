/**
 * The unit lane (`npm run test:unit`, issue 35): the checks' fixture tests, the catalogue's and the harness's
 * pure units and the stub's in-process units. No global setup (no stub process, no run coordinator), no rule
 * reporter and nothing written under reports/: seconds, not minutes. `npm test` runs the same files as its
 * `unit` project (playwright.config.ts), beside the conformance suites. Which test file is a unit is stated
 * once, in tests/lanes.ts.
 */
import { defineConfig } from '@playwright/test';
import { UNIT_TESTS } from './tests/lanes.ts';
import { readSettings } from './lib/settings.ts';

const { ci } = readSettings();

export default defineConfig({
  timeout: 30_000,
  fullyParallel: true,
  forbidOnly: ci,
  retries: 0,
  // Units are CPU-bound and short: every core (the default is half).
  workers: '100%',
  reporter: ci ? 'dot' : 'list',
  outputDir: 'node_modules/.cache/test-unit',
  projects: [{ name: 'unit', testDir: '.', testMatch: UNIT_TESTS }],
});
