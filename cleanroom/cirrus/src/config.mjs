// Operator configuration from the environment. Keys and tokens are kept in
// memory only and never printed (except the generated development key, which
// exists only when no key was configured).
import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { sha256Hex } from './util/rng.mjs';

export function loadConfig(env = process.env) {
  const keys = (env.API_KEYS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  let devKey = null;
  if (keys.length === 0) {
    devKey = 'ck_dev_' + randomBytes(18).toString('base64url');
    keys.push(devKey);
  }
  const credits = Number.parseInt(env.ACCOUNT_CREDITS ?? '1000000', 10);
  return {
    port: Number.parseInt(env.PORT ?? '4100', 10),
    host: env.HOST || '127.0.0.1',
    siteUrl: (env.SITE_URL || 'https://site.example').replace(/\/+$/, ''),
    apiKeys: [...new Set(keys)],
    devKey,
    accountCredits: Number.isFinite(credits) && credits >= 0 ? credits : 1000000,
    deviations: env.DEVIATIONS === 'on',
    controlToken: env.CONTROL_TOKEN ? env.CONTROL_TOKEN : null,
    idpSecret: env.IDP_JWT_SECRET || null,
    limitsLifted: env.RATE_LIMITS === 'off',
    profilingConfigured: env.X_PROFILING !== 'off',
    payTo: getAddress(env.PAY_TO && /^0x[0-9a-fA-F]{40}$/.test(env.PAY_TO) ? env.PAY_TO : '0x' + sha256Hex('cirrus-payee').slice(0, 40)),
  };
}
