// Entry point: node server.mjs. Builds the simulated dataset relative to the
// process start time, wires the platform (accounts, limits, x402 ledger,
// jobs, wallets) and serves the API on node:http.
import http from 'node:http';
import { loadConfig } from './src/config.mjs';
import { buildStore } from './src/data/store.mjs';
import { Accounts } from './src/platform/accounts.mjs';
import { Limiter, SCOPES, policyHeader } from './src/platform/limits.mjs';
import { Ledger, TOKENS, PAY_TO, X402_VERSION, MAX_TIMEOUT_SECONDS } from './src/platform/x402.mjs';
import { Jobs } from './src/platform/jobs.mjs';
import { createApp } from './src/platform/app.mjs';
import { Wallets, walletRoutes } from './src/routes/wallets.mjs';
import { publicRoutes } from './src/routes/public.mjs';
import { jobRoutes } from './src/routes/jobs.mjs';
import { marketRoutes } from './src/routes/markets.mjs';
import { feedRoutes } from './src/routes/feeds.mjs';
import { signalRoutes } from './src/routes/signals.mjs';
import { assetRoutes } from './src/routes/assets.mjs';
import { socialRoutes } from './src/routes/social.mjs';
import { portfolioRoutes } from './src/routes/portfolio.mjs';
import { buildOpenApi } from './src/openapi/doc.mjs';

export function createServer(config = loadConfig()) {
  const store = buildStore(config.startedAt);
  const accounts = new Accounts(config);
  const routes = [
    ...publicRoutes, ...jobRoutes, ...marketRoutes, ...feedRoutes, ...signalRoutes, ...assetRoutes, ...socialRoutes, ...portfolioRoutes, ...walletRoutes,
  ];
  let doc = null;
  const openapi = { kind: 'public', summary: 'Machine-readable contract', handle: () => ({ body: doc }) };
  routes.push({ ...openapi, method: 'GET', path: '/openapi.json' }, { ...openapi, method: 'GET', path: '/api/v1/openapi.json' });
  doc = buildOpenApi(routes, config);
  const deps = {
    config, store, accounts, routes,
    limiter: new Limiter(config), ledger: new Ledger(), jobs: new Jobs(store, accounts), wallets: new Wallets(), profileCache: new Map(),
    x402Info: () => ({
      version: X402_VERSION, scheme: 'exact', payTo: PAY_TO, maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
      networks: TOKENS.map((t) => ({ network: t.network, asset: t.asset, name: t.name, version: t.version, decimals: t.decimals, symbol: t.symbol, transferMethod: 'eip3009' })),
    }),
    limitsInfo: () => Object.fromEntries(Object.values(SCOPES).map((c) => [c.name, { perSecond: c.second, perMinute: c.minute, perUtcDay: c.day, inFlight: c.inflight, policy: policyHeader(c.name) }])),
  };
  const server = http.createServer({ maxHeaderSize: 32 * 1024, requestTimeout: 30e3, headersTimeout: 15e3, keepAliveTimeout: 5e3 }, createApp(deps));
  // Malformed HTTP or oversized headers: answer with the JSON error envelope, never a bare socket reset.
  server.on('clientError', (err, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({ error: 'invalid_request', message: err.code === 'HPE_HEADER_OVERFLOW' ? 'Request line or headers are too large.' : 'Malformed HTTP request.' });
    socket.end(`HTTP/1.1 422 Unprocessable Entity\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  return { server, deps };
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server.mjs');
if (isMain) {
  const config = loadConfig();
  const { server } = createServer(config);
  server.listen(config.port, config.host, () => {
    const addr = server.address();
    process.stdout.write(`listening on http://${config.host}:${addr.port}\n`);
    if (config.generatedKey) process.stdout.write(`development API key (no API_KEYS configured): ${config.generatedKey}\n`);
    if (config.deviations) process.stdout.write('DEVIATIONS=on: planted deviations are active\n');
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
