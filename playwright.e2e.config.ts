/**
 * The e2e lane (`npm run test:e2e`, issue 35): whole CLI runs that take minutes (tests/lanes.ts `E2E_TESTS`),
 * outside `npm test`'s bound; `.ci/run` runs it as a check of its own. Each test starts its own embedded stubs
 * through the CLI: no global setup, no rule reporter, nothing written under reports/.
 */
import { defineConfig } from '@playwright/test';
import { E2E_TESTS } from './tests/lanes.ts';
import { readSettings } from './lib/settings.ts';

const { ci } = readSettings();

export default defineConfig({
  timeout: 15 * 60_000,
  forbidOnly: ci,
  retries: 0,
  // One at a time: each test's runs use the machine's cores themselves.
  workers: 1,
  reporter: ci ? 'dot' : 'list',
  outputDir: 'node_modules/.cache/test-e2e',
  projects: [{ name: 'e2e', testDir: '.', testMatch: E2E_TESTS }],
});
