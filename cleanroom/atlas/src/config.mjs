// Operator configuration (deployment settings, not part of the API contract).
// Everything is read once at start; nothing here is ever logged except the
// generated development key when no API_KEYS are configured.
import { randomBytes } from 'node:crypto';

function intEnv(name, def, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) return def;
  return n;
}

function listEnv(name) {
  return (process.env[name] || '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function loadConfig() {
  const apiKeys = listEnv('API_KEYS');
  let generatedKey = null;
  if (apiKeys.length === 0) {
    generatedKey = 'dev_' + randomBytes(20).toString('hex');
    apiKeys.push(generatedKey);
  }
  let siteUrl = process.env.SITE_URL || 'https://site.example';
  siteUrl = siteUrl.replace(/\/+$/, '');
  return {
    port: intEnv('PORT', 4100, 0, 65535),
    host: process.env.HOST || '127.0.0.1',
    siteUrl,
    apiKeys,
    // Keys that authenticate but whose API entitlement is inactive (403 path).
    inactiveKeys: listEnv('INACTIVE_API_KEYS'),
    accountCredits: intEnv('ACCOUNT_CREDITS', 1000000, 0, Number.MAX_SAFE_INTEGER),
    deviations: process.env.DEVIATIONS === 'on',
    // Simulated upstream outages, e.g. SIM_OUTAGES=social,targets,venue_c
    outages: new Set(listEnv('SIM_OUTAGES').map((s) => s.toLowerCase())),
    generatedKey,
    startedAt: Date.now(),
  };
}
