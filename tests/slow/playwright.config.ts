/**
 * Slow harness checks, outside `npm test` (run: `npm run test:slow`): sharded runs merged against
 * one unsharded run, through the CLI. Each spawns several full CLI runs. The default config's
 * `harness` project ignores this folder (playwright.config.ts `testIgnore`).
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  timeout: 900_000,
  workers: 1,
  reporter: [['list']],
  outputDir: '../../reports/test-results-slow',
});
