/**
 * Fixtures own the target configuration. Option values are set in playwright.config.ts (the only
 * place that reads environment variables); tests receive ready clients.
 */
import { test as base } from '@playwright/test';
import { TargetClient } from './client.ts';
import { registerSecret } from './redact.ts';

export { expect } from './matchers.ts';
export { rules, contractRules } from './annotations.ts';

/** Target configuration (Playwright options; see playwright.config.ts). */
export interface TargetOptions {
  /** Base URL of the API under test. */
  target: string;
  /** Public site address `serviceUrl` is built from ({site_url}). */
  siteUrl: string;
  /** First principal's API key (x-service-api-key). */
  apiKey: string | undefined;
  /** Second principal's API key, for the isolation rules. */
  apiKey2: string | undefined;
  /** Base URL of the control plane (contract/control.yaml), or undefined when the target has none. */
  control: string | undefined;
  controlToken: string | undefined;
  /** Spend budget of the run, USD; Infinity = unlimited. */
  maxSpendUsd: number;
  /** fast-check seed. */
  seed: number;
  /** Per-request timeout, ms. */
  requestTimeoutMs: number;
}

export interface Fixtures {
  /** Client without an API key (free routes, auth negatives). */
  api: TargetClient;
  /** Client sending the first principal's API key; SKIPs the test when no key is configured. */
  paid: TargetClient;
}

export const test = base.extend<Fixtures & { targetOptions: TargetOptions }, TargetOptions>({
  target: ['', { option: true, scope: 'worker' }],
  siteUrl: ['', { option: true, scope: 'worker' }],
  apiKey: [undefined, { option: true, scope: 'worker' }],
  apiKey2: [undefined, { option: true, scope: 'worker' }],
  control: [undefined, { option: true, scope: 'worker' }],
  controlToken: [undefined, { option: true, scope: 'worker' }],
  maxSpendUsd: [0, { option: true, scope: 'worker' }],
  seed: [42, { option: true, scope: 'worker' }],
  requestTimeoutMs: [15_000, { option: true, scope: 'worker' }],

  targetOptions: async ({ target, siteUrl, apiKey, apiKey2, control, controlToken, maxSpendUsd, seed, requestTimeoutMs }, use) => {
    for (const s of [apiKey, apiKey2, controlToken]) registerSecret(s);
    await use({ target, siteUrl, apiKey, apiKey2, control, controlToken, maxSpendUsd, seed, requestTimeoutMs });
  },

  api: async ({ playwright, targetOptions }, use) => {
    if (!targetOptions.target) throw new Error('FC_CONFIG: no target configured (FC_TARGET) and no embedded stub started');
    const ctx = await playwright.request.newContext({ baseURL: targetOptions.target, extraHTTPHeaders: {} });
    await use(new TargetClient(ctx, { timeoutMs: targetOptions.requestTimeoutMs, maxRetries429: 2, maxRetryAfterS: 5 }));
    await ctx.dispose();
  },

  paid: async ({ api, targetOptions }, use) => {
    base.skip(!targetOptions.apiKey, 'needs an API key (FC_API_KEY)');
    await use(api.withKey(targetOptions.apiKey));
  },
});
