/**
 * Starts the embedded reference stub when no target is given (FC_TARGET unset) and hands its
 * coordinates to the workers through the environment, which playwright.config.ts reads.
 */
import { randomBytes } from 'node:crypto';
import type { FullConfig } from '@playwright/test';
import { startStub } from '../../stub/app.ts';

export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  if (process.env.FC_TARGET) return undefined;
  const keys = [`fc_${randomBytes(16).toString('hex')}`, `fc_${randomBytes(16).toString('hex')}`];
  const controlToken = randomBytes(24).toString('hex');
  const siteUrl = 'https://forecast.site.test';
  const stub = await startStub({ port: 0, siteUrl, apiKeys: keys, controlToken, seed: Number(process.env.FC_STUB_SEED ?? 42) });
  Object.assign(process.env, {
    FC_TARGET: stub.url,
    FC_SITE_URL: siteUrl,
    FC_API_KEY: keys[0],
    FC_API_KEY_2: keys[1],
    FC_CONTROL: stub.url,
    FC_CONTROL_TOKEN: controlToken,
    FC_EMBEDDED: '1',
  });
  return async () => {
    await stub.close();
  };
}
