// Operator configuration (deployment environment, not part of the API).
import { randomBytes } from 'node:crypto';

function parseFunds(raw) {
  const out = new Map();
  for (const part of String(raw || '').split(',')) {
    const [addr, usd] = part.split('=').map((s) => (s || '').trim());
    if (!/^0x[0-9a-fA-F]{40}$/.test(addr || '')) continue;
    const n = Number(usd);
    if (!Number.isFinite(n) || n < 0) continue;
    out.set(addr.toLowerCase(), n);
  }
  return out;
}

const list = (raw) => String(raw || '').split(',').map((s) => s.trim()).filter(Boolean);

export function loadConfig(env = process.env) {
  let apiKeys = list(env.API_KEYS);
  let generatedKey = null;
  if (apiKeys.length === 0) {
    generatedKey = 'dev_' + randomBytes(18).toString('base64url');
    apiKeys = [generatedKey];
  }
  const credits = Number.parseInt(env.ACCOUNT_CREDITS ?? '1000000', 10);
  return {
    port: Number.parseInt(env.PORT ?? '4100', 10) || 4100,
    host: env.HOST || '127.0.0.1',
    siteUrl: String(env.SITE_URL || 'https://site.example').replace(/\/+$/, ''),
    apiKeys,
    generatedKey,
    inactiveKeys: list(env.INACTIVE_API_KEYS),
    accountCredits: Number.isFinite(credits) && credits >= 0 ? credits : 1000000,
    deviations: env.DEVIATIONS === 'on',
    walletFunds: parseFunds(env.WALLET_FUNDS),
    // Secret of the simulated identity provider (HS256 bearer tokens).
    idpSecret: env.IDP_SECRET || 'borealis-dev-idp-secret',
    payTo: /^0x[0-9a-fA-F]{40}$/.test(env.PAY_TO || '') ? env.PAY_TO : null,
    // Simulated upstream outages: availability, targets, x_provider, portfolio,
    // marks_venue_a, marks_venue_b, profiling (= not configured -> 503).
    outages: new Set(list(env.SIMULATE_OUTAGES)),
    profilingEnabled: env.PROFILING !== 'off',
  };
}
