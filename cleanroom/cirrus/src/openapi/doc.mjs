// Builds the served OpenAPI 3.1 document from the route table (paths,
// methods, prices, auth kinds, limit scopes) plus the per-operation details
// below (parameters, bodies, answers), so the document follows the code.
import { SCHEMAS } from './schemas.mjs';

const ref = (n) => ({ $ref: `#/components/schemas/${n}` });
const q = (name, schema, description, required = false) => ({ name, in: 'query', required, schema, description });
const p = (name, description, schema = { type: 'string', minLength: 1, maxLength: 512 }) => ({ name, in: 'path', required: true, schema, description });
const venue = q('venue', ref('VenueKey'), 'Venue namespace; omitted = venue_a.');
const S = (min, max) => ({ type: 'string', minLength: min, maxLength: max });
const I = (min, max, def) => ({ type: 'integer', minimum: min, ...(max ? { maximum: max } : {}), ...(def !== undefined ? { default: def } : {}) });
const B = (def) => ({ type: 'boolean', default: def });

// operationId -> {params, body, ok: [status, schema], errors, description}
const OPS = {
  getForecastAvailability: { params: [q('market_key', S(1, 512), 'Preferred identity <venue>:<native id>; not with venue.'), q('market_id', S(1, 512), 'Venue-native id; needs venue.'), q('slug', S(1, 512), 'Slug; venue defaults to venue_a.'), venue], ok: [200, 'Availability'], errors: [422, 503], description: 'Exactly one of market_key, market_id, slug. A venue_b event ticker with several contracts answers targetResolution.' },
  getPricing: { params: [], ok: [200, 'Pricing'], errors: [] },
  resolveForecastTargets: { params: [q('ref', S(1, 2048), 'venue_b event URL or ticker, exact child ticker, venue_b:/venue_a: marketKey, or venue_a /event/… or /market/… URL.', true)], ok: [200, 'TargetResolution'], errors: [404, 422, 503] },
  listMarkets: { params: [q('topic', S(1, 200), 'Case-insensitive exact tag or category; broker_a = broker-listed markets.'), venue, q('max_forecast_age', I(1, 8760, 48), 'Hours windowing forecast_count and latest_forecast_at.'), q('changed_within', I(1, 168), 'Hours; only markets whose latest forecast (unwindowed) is this recent.'), q('sort', { type: 'string', enum: ['updated_desc', 'volume_desc', 'signal_count_desc'], default: 'updated_desc' }, 'Order of rows.')], ok: [200, 'MarketList'] },
  searchMarkets: { params: [q('search', S(1, 200), 'Free text.'), q('tag', S(1, 80), 'Exact tag; broker_a = broker-listed.'), q('category', S(1, 80), 'Exact category.'), venue, q('as_of', { type: 'string' }, 'YYYY-MM-DD (end of that UTC day) or RFC 3339 instant; forecast and signal facts as of then.'), q('limit', I(1, 100, 25), 'Rows returned.'), q('include_closed', B(false), 'Include settled markets.')], ok: [200, 'MarketSearch'], description: 'Needs search or at least one of tag, category, venue.' },
  listMispricedMarkets: { params: [q('topic', S(1, 200), 'Tag or category; broker_a = broker-listed.'), venue, q('min_gap_pp', { type: 'number', minimum: 0.5, maximum: 50, default: 7.5 }, 'Minimum |forecast - price| in percentage points.'), q('limit', I(1, 200, 50), 'Rows returned.')], ok: [200, 'MispricedList'] },
  getMarketForecast: { params: [p('slug', 'Slug, marketKey, or native id in the venue namespace.'), venue, q('include_history', B(false), 'Add older forecasts.'), q('history_limit', I(1, 50, 10), 'Older forecasts returned.')], ok: [200, 'ForecastRead'], errors: [404] },
  getMarketEvidence: { params: [p('slug', 'Slug, marketKey, or native id in the venue namespace.'), venue], ok: [200, 'EvidenceList'], errors: [404], description: 'Article evidence (not trade signals). 404 when the market is unknown or has no evidence; never billed.' },
  listSources: { params: [q('markets', { type: 'string' }, 'Comma-separated slugs, 1..10; not with market_keys.'), q('market_keys', { type: 'string' }, 'Comma-separated marketKeys, 1..10 (preferred); a venue given with them must still be a venue key, and its value is ignored.'), venue, q('window', I(1, 168, 48), 'Hours.'), q('types', { type: 'string', default: 'article,x_post' }, 'Subset of article, x_post.')], ok: [200, 'Sources'], errors: [404] },
  getLatest: { params: [q('hours', I(1, 6, 3), 'Window in hours.'), q('types', { type: 'string', default: 'forecast,article,x_post' }, 'Subset of forecast, article, x_post.')], ok: [200, 'Latest'] },
  searchAssets: { params: [q('q', S(1, 200), "Name, ticker, key, identifier or keyword; '*' = filtered directory. Not with reference."), { name: 'reference', in: 'query', schema: { type: 'array', items: S(1, 512), maxItems: 50 }, style: 'form', explode: true, description: 'Repeatable exact reference; not with q.' }, q('platform', S(1, 80), 'Identifier platform namespace (case-insensitive).'), q('asset_type', S(1, 80), 'Asset type (case-insensitive).'), q('material_only', B(false), 'Only assets with a material active direct market; may be given alone.')], ok: [200, 'AssetSearch'] },
  listAssets: { params: [q('platform', S(1, 80), 'Identifier platform filter.'), q('asset_type', S(1, 80), 'Asset type filter.')], ok: [200, 'AssetDirectory'] },
  getAssetStance: { params: [q('asset', S(1, 512), 'Asset UUID or assetKey.', true)], ok: [200, 'AssetStance'], errors: [404] },
  listTradeSignals: { params: [q('topic', S(1, 200), 'Tag or category; broker_a = broker-listed.'), venue, q('status', { type: 'string', enum: ['open', 'closed', 'settled'] }, 'Status filter (applied after choosing each market\'s newest signal).'), q('side', { type: 'string', enum: ['yes', 'no'] }, 'Side filter.'), q('exclude_drawdown_risk', { type: 'boolean' }, 'true drops rows whose drawdown_risk_elevated is true or null.'), q('exclude_crash_risk', { type: 'boolean' }, 'Former name of exclude_drawdown_risk.'), q('limit', I(1, 200, 100), 'Rows returned.')], ok: [200, 'TradeSignals'] },
  listPerpSignals: { params: [], ok: [200, 'Perps'] },
  getOilSignal: { params: [q('include_marks', B(true), 'Fetch the two live venue marks.'), { name: 'X-Fault-Scope', in: 'header', required: false, schema: S(1, 128), description: 'Test scope set through the control plane.' }], ok: [200, 'OilSignal'], description: 'One request in flight per principal; starts at least one second apart. A degraded answer (a mark could not be fetched) is not billed.' },
  profileSocialAccount: { body: 'ProfileRequest', ok: [200, 'Profile'], errors: [404, 502, 503], params: [{ name: 'X-Fault-Scope', in: 'header', required: false, schema: S(1, 128), description: 'Test scope set through the control plane.' }] },
  searchSocialPosts: { body: 'XSearchRequest', ok: [200, 'XSearch'], errors: [502] },
  createForecastRequest: { body: 'GenerationBody', params: [{ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', pattern: '^[\\x21-\\x7E]{1,255}$' }, description: 'Required. A replay with the same body answers 200 with the same job and is not billed again; another body answers 422.' }], ok: [202, 'JobAccepted'], extraOk: { 200: 'Idempotent replay: the same job, current status.' }, errors: [404, 409, 422], description: 'Billed $1.00 at acceptance; a job ending rejected or failed stays billed. Owner quota: 3 generations per market per UTC day (429 quotaScope venue_market_daily).' },
  getForecastRequest: { params: [p('jobId', 'The job id.', { type: 'string', format: 'uuid' }), q('view', { type: 'string', enum: ['status', 'result'], default: 'result' }, 'status: no forecast expansion; result: includes the published forecast after success.')], ok: [200, 'ForecastRequest'], errors: [404], description: 'Non-terminal answers carry Retry-After (seconds).' },
  issueWalletLinkToken: { ok: [201, 'LinkToken'], body: null, description: 'Authenticated by x-service-api-key or an identity-provider bearer (HS256 JWT, sub = account id).' },
  createWalletChallenge: { body: 'ChallengeRequest', ok: [201, 'Challenge'] },
  attestWalletSignature: { body: 'AttestRequest', ok: [200, 'WalletLink'], errors: [404, 409] },
  listAttestedWallets: { ok: [200, 'Wallets'] },
  linkWallet: { params: [q('token', { type: 'string', pattern: '^svc_[A-Za-z0-9_-]{43}$' }, 'Single-use link token (15 minutes).', true)], ok: [200, 'WalletLink'], errors: [404, 409], description: 'Needs an x402 payment from the wallet to link; an API key answers 422 x402_payment_required. 422 also for a missing or expired token. No error is billed.' },
  getPortfolio: { params: [q('owner', { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, 'Wallet address.', true), q('venues', { type: 'string' }, 'Required comma-separated venue keys.', true)], ok: [200, 'Portfolio'], errors: [502], description: 'Fails closed (502 upstream_unavailable) when the venue data source is down.' },
};

const err = (d) => ({ description: d, content: { 'application/json': { schema: ref('ErrorEnvelope') } } });
const rateHeaders = { RateLimit: { schema: { type: 'string' }, description: 'limit=N, remaining=N, reset=S' }, 'RateLimit-Policy': { schema: { type: 'string' }, description: 'e.g. 20;w=1, 600;w=60, 20000;w=86400' } };

function operation(r, cfg) {
  const o = OPS[r.operationId] || { ok: [200, null] };
  const [okStatus, okSchema] = o.ok;
  const headers = {};
  if (r.scope) Object.assign(headers, rateHeaders);
  if (r.kind === 'paid') headers['PAYMENT-RESPONSE'] = { schema: { type: 'string' }, description: 'Base64 JSON settlement {success, transaction, network, payer, amount} (x402 payments only).' };
  if ((r.credits ?? 0) > 0 && r.kind !== 'free') { headers['X-Credits-Charged'] = { schema: { type: 'string' }, description: 'Credits kept for this call (API key).' }; headers['X-Credits-Balance'] = { schema: { type: 'string' }, description: 'Balance after the call (API key).' }; }
  if (r.operationId === 'getForecastRequest' || r.operationId === 'createForecastRequest') headers['Retry-After'] = { schema: { type: 'integer' }, description: 'Seconds; on non-terminal jobs.' };
  const responses = { [okStatus]: { description: 'Success.', headers, content: okSchema ? { 'application/json': { schema: ref(okSchema) } } : undefined } };
  for (const [s, d] of Object.entries(o.extraOk || {})) responses[s] = { description: d, content: { 'application/json': { schema: ref(okSchema) } } };
  if (r.kind === 'paid' || r.kind === 'key') responses[401] = err('invalid_api_key (bad key) or gateway_required (key-only route without key).');
  if (r.kind === 'paid') responses[402] = { ...err('payment_required: the x402 challenge; PAYMENT-REQUIRED carries the authoritative accepts.'), headers: { 'PAYMENT-REQUIRED': { schema: { type: 'string' }, description: 'Base64 JSON {x402Version: 2, error, resource, accepts[]}.' } } };
  if ((r.credits ?? 0) > 0 || r.entitled) responses[403] = err('insufficient_credits, or entitlement_required on the job routes.');
  for (const s of o.errors || []) responses[s] = err({ 404: 'Not found (never billed).', 409: 'Conflict (payment_replay_mismatch, wallet_already_attested).', 502: 'Upstream unavailable (never billed).', 503: 'Source unavailable or not configured.', 422: 'Invalid request.' }[s]);
  if (r.kind === 'paid') responses[409] ??= err('payment_replay_mismatch: the payment was already used for another request.');
  responses[422] = err('invalid_request (or x402_payment_required, forecast_topic_excluded, link_token_expired where stated).');
  responses[429] = { ...err('rate_limited'), headers: { 'Retry-After': { schema: { type: 'integer' } }, ...rateHeaders, 'X-Quotient-Max-Concurrent': { schema: { type: 'integer' }, description: 'Concurrency bound of the scope (absent for the IP guard).' } } };
  const security = r.kind === 'paid' ? (r.link ? [{ x402: [] }] : [{ apiKey: [] }, { x402: [] }]) : r.kind === 'key' ? (r.bearer ? [{ apiKey: [] }, { idpBearer: [] }] : [{ apiKey: [] }]) : [];
  const out = {
    operationId: r.operationId, summary: r.summary, tags: [r.path.split('/')[2]], security,
    parameters: [...(o.params || []), { $ref: '#/components/parameters/FaultScope' }].filter((x, i, a) => x.$ref || a.findIndex((y) => y.name === x.name) === i),
    responses,
    'x-price-usd': ((r.credits ?? 0) / 1000).toFixed(3), 'x-credits': r.credits ?? 0, 'x-limit-scope': r.scope ?? (r.kind === 'free' ? 'ip_guard' : null),
  };
  if (o.description) out.description = o.description;
  if (o.body) out.requestBody = { required: true, content: { 'application/json': { schema: ref(o.body) } } };
  else if (r.operationId === 'issueWalletLinkToken') out.requestBody = { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false } } } };
  if (out.parameters.some((x) => x.name === 'X-Fault-Scope')) out.parameters = out.parameters.filter((x) => !x.$ref);
  return out;
}

export function buildOpenApi(routes, cfg) {
  const paths = {};
  for (const r of routes) {
    paths[r.path] ??= {};
    paths[r.path][r.method.toLowerCase()] = operation(r, cfg);
  }
  const meta = { get: { operationId: 'getOpenApi', summary: 'This document', tags: ['meta'], security: [], responses: { 200: { description: 'OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } } } } };
  paths['/openapi.json'] = meta;
  paths['/api/v1/openapi.json'] = { get: { ...meta.get, operationId: 'getOpenApiCompat', summary: 'This document (compatibility path)' } };
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Forecast Intelligence API (cirrus)', version: '5.0.0-cirrus', description: 'Prediction-market intelligence over covered markets on four venues. Paid routes take x-service-api-key (credits, 10 credits = $0.01) or an x402 v2 payment (exact scheme, EIP-3009, networks eip155:8453 and eip155:4663). The live 402 challenge is authoritative for payment behaviour.' },
    servers: [{ url: '/' }],
    tags: ['public', 'v1', 'auth', 'meta'].map((name) => ({ name })),
    paths,
    components: {
      schemas: SCHEMAS,
      parameters: { FaultScope: { name: 'X-Fault-Scope', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 128 }, description: 'Test scope for control-plane faults and states.' } },
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-service-api-key' },
        x402: { type: 'apiKey', in: 'header', name: 'PAYMENT-SIGNATURE', description: 'Base64 JSON x402 v2 payment payload answering the PAYMENT-REQUIRED challenge.' },
        idpBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}
