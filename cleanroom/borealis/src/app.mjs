// Assembles the service: dataset, billing, routes, and the HTTP edge rules
// (error envelope everywhere, 405 with Allow, lenient body capture so that
// credentials are always checked before the body is judged).
import Fastify from 'fastify';
import { buildStore } from './data/store.mjs';
import { makeMarketViews } from './views/market.mjs';
import { makeForecastViews } from './views/forecast.mjs';
import { createAccounts } from './billing/accounts.mjs';
import { createLedger } from './billing/ledger.mjs';
import { createX402, NETWORKS } from './billing/x402.mjs';
import { createLimits } from './billing/limits.mjs';
import { createGate } from './billing/gate.mjs';
import { createJobs } from './jobs.mjs';
import { publicRoutes } from './routes/public.mjs';
import { jobRoutes } from './routes/jobs.mjs';
import { marketRoutes } from './routes/markets.mjs';
import { evidenceRoutes } from './routes/evidence.mjs';
import { assetRoutes } from './routes/assets.mjs';
import { signalRoutes } from './routes/signals.mjs';
import { socialRoutes } from './routes/social.mjs';
import { walletRoutes } from './routes/wallets.mjs';
import { buildOpenApi } from './openapi/doc.mjs';

const envelope = (reply, status, error, message, headers = {}) => reply.code(status).headers(headers).send({ error, message });

export function buildApp(cfg) {
  const log = { error: (obj, msg) => process.stderr.write(`[borealis] ${msg}: ${obj?.err?.stack || obj?.err || ''}\n`) };
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    exposeHeadRoutes: false,
    routerOptions: { maxParamLength: 4096 },
    frameworkErrors: (err, req, reply) => envelope(reply, 422, 'invalid_request', 'The request URL is malformed.'),
  });

  const store = buildStore();
  const mv = makeMarketViews(store, cfg);
  const fv = makeForecastViews(store, mv);
  const accounts = createAccounts(cfg);
  const ledger = createLedger(cfg, NETWORKS);
  const x402 = createX402(cfg, ledger);
  const limits = createLimits(cfg);
  const jobs = createJobs(store);
  const deps = { cfg, store, mv, fv, accounts, ledger, x402, limits, jobs, routes: [] };

  const routes = [
    ...publicRoutes(deps), ...jobRoutes(deps), ...marketRoutes(deps), ...evidenceRoutes(deps),
    ...assetRoutes(deps), ...signalRoutes(deps), ...socialRoutes(deps), ...walletRoutes(deps),
  ];
  let openapi = null;
  const spec = () => ({ body: openapi || (openapi = buildOpenApi(routes, cfg, x402)) });
  routes.push(
    { id: 'getOpenApi', method: 'GET', path: '/openapi.json', auth: 'free', summary: 'This OpenAPI 3.1 document', handler: spec },
    { id: 'getOpenApiV1', method: 'GET', path: '/api/v1/openapi.json', auth: 'free', summary: 'This OpenAPI 3.1 document (compatibility path)', handler: spec },
  );
  deps.routes = routes;

  // Capture bodies as text for every content type; routes parse them later.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => done(null, { raw: body, type: req.headers['content-type'] || '' }));

  const wrap = createGate({ cfg, accounts, x402, ledger, limits, log });
  const patterns = [];
  for (const r of routes) {
    app.route({ method: r.method, url: r.path.replace(/\{(\w+)\}/g, ':$1'), handler: wrap(r) });
    patterns.push({ re: new RegExp('^' + r.path.replace(/\{\w+\}/g, '[^/]+') + '$'), method: r.method });
  }
  const allowed = (path) => [...new Set(patterns.filter((p) => p.re.test(path)).map((p) => p.method))];

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const methods = allowed(path);
    if (methods.length === 0) return envelope(reply, 404, 'not_found', `No route serves ${path}.`);
    const allow = [...methods, 'OPTIONS'].join(', ');
    if (req.method === 'OPTIONS') return reply.code(204).header('allow', allow).send();
    return envelope(reply, 405, 'method_not_allowed', `${req.method} is not supported on ${path}.`, { allow });
  });

  app.setErrorHandler((err, req, reply) => {
    const code = err.statusCode || 500;
    if (code === 413) return envelope(reply, 422, 'invalid_request', 'The request body is too large.');
    if (code >= 400 && code < 500) return envelope(reply, 422, 'invalid_request', 'The request could not be read.');
    log.error({ err }, 'framework failure');
    return envelope(reply, 503, 'temporarily_unavailable', 'The service could not complete this request; retry shortly.', { 'retry-after': '5' });
  });

  return { app, deps };
}
