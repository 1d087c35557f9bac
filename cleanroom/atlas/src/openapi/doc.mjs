// Builds the served OpenAPI 3.1 document from the route table plus the
// per-operation descriptions below, so prices, auth kinds and paths always
// match what the server runs.
import { schemas, S } from './schemas.mjs';
import { TOKENS, PAY_TO } from '../platform/x402.mjs';

const { str, int, num, bool, arr, ref, obj, dt, en } = S;
const V = ['venue_a', 'venue_a_us', 'venue_b', 'venue_c'];
const q = (name, schema, description, required = false) => ({ name, in: 'query', required, schema, description });
const venueQ = (d = 'Venue namespace; omitted means venue_a for slug lookups.') => q('venue', { type: 'string', enum: V }, d);
const slugP = { name: 'slug', in: 'path', required: true, schema: str({ minLength: 1, maxLength: 512 }), description: 'Market slug, venue_a condition id, or a marketKey (<venue>:<native id>, URL-encoded) for markets whose slug is null.' };
const json = (schema) => ({ 'application/json': { schema } });

const OPS = {
  'GET /api/public/forecast-availability': {
    params: [q('market_key', str({ minLength: 1, maxLength: 512 }), 'Preferred identity; not combinable with venue.'), q('market_id', str({ minLength: 1, maxLength: 512 }), 'Venue-native id; venue required.'),
      q('slug', str({ minLength: 1, maxLength: 512 }), 'Slug; venue defaults to venue_a.'), venueQ('Venue (required with market_id, forbidden with market_key).')],
    ok: ref('Availability'), errors: [422, 503],
  },
  'GET /api/public/forecast-targets': {
    params: [q('ref', str({ minLength: 1, maxLength: 2048 }), 'venue_b daily-event URL, venue_b event or child ticker, venue_b:/venue_a: marketKey, or venue_a /event/{slug}[/{market-slug}] or /market/{slug} URL. Bare refs are venue_b tickers.', true)],
    ok: ref('TargetResolution'), errors: [404, 422, 503],
  },
  'GET /api/public/pricing': { params: [], ok: { type: 'object', description: 'Per-operation prices, x402 networks and limits.' }, errors: [] },
  'POST /api/auth/forecast-requests': {
    params: [{ name: 'X-Idempotency-Key', in: 'header', required: true, schema: str({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' }), description: 'Idempotency key (per account). Same key and body replays the job (200); same key with another body is 422.' }],
    body: ref('GenerationBody'), okStatus: '202', ok: ref('ForecastRequest'),
    okHeaders: { Location: { schema: str() }, 'Retry-After': { schema: str(), description: 'HTTP-date' } },
    extraOk: { 200: 'Idempotent replay of an earlier submission (header Idempotent-Replayed: true).' }, errors: [401, 403, 404, 422, 429],
  },
  'GET /api/auth/forecast-requests/:jobId': {
    params: [{ name: 'jobId', in: 'path', required: true, schema: str({ format: 'uuid' }) }, q('view', { type: 'string', enum: ['status', 'result'], default: 'result' }, 'status: no forecast expansion; result: include the published forecast after success.')],
    ok: ref('ForecastRequest'), okHeaders: { 'Retry-After': { schema: str(), description: 'HTTP-date; present while the job is not terminal.' } }, errors: [401, 403, 404, 422],
  },
  'GET /api/v1/markets': {
    params: [q('topic', str({ minLength: 1, maxLength: 100 }), 'Case-insensitive exact event or market tag or category; broker_a selects broker-listed markets.'), venueQ('Venue filter.'),
      q('max_forecast_age', int({ minimum: 1, maximum: 720, default: 48 }), 'Hours; windows forecast_count and latest_forecast_at.'), q('changed_within', int({ minimum: 1, maximum: 168 }), 'Hours; latest (unwindowed) forecast created within.'),
      q('sort', { type: 'string', enum: ['updated_desc', 'volume_desc', 'signal_count_desc'], default: 'updated_desc' })],
    ok: obj({ markets: arr(ref('MarketListItem')), venue_facets: arr(obj({ venue: ref('VenueKey'), count: int() })) }), errors: [422],
  },
  'GET /api/v1/markets/search': {
    params: [q('query', str({ minLength: 1, maxLength: 200 }), 'Free text or an exact identifier.'), q('tag', str({ minLength: 1, maxLength: 100 }), 'Tag filter; broker_a selects broker-listed markets.'),
      q('category', str({ minLength: 1, maxLength: 100 })), venueQ('Venue filter.'), q('as_of', str(), 'YYYY-MM-DD (end of that UTC day) or an RFC 3339 instant; future values are clamped to now.'),
      q('limit', int({ minimum: 1, maximum: 100, default: 25 }))],
    ok: obj({ query: { type: ['string', 'null'] }, tag: { type: ['string', 'null'] }, category: { type: ['string', 'null'] }, venue: { type: ['string', 'null'] }, as_of: dt(), results: arr(ref('MarketSearchRow')), count: int(), retrieval: ref('Retrieval') }),
    errors: [422], note: 'At least one of query, tag or category is required.',
  },
  'GET /api/v1/markets/mispriced': {
    params: [venueQ('Venue filter.'), q('topic', str({ minLength: 1, maxLength: 100 }), 'Same matching as the catalog; broker_a supported.'), q('min_gap_pp', num({ minimum: 0.5, maximum: 50, default: 7.5 })), q('limit', int({ minimum: 1, maximum: 200, default: 50 }))],
    ok: obj({ as_of: dt(), mispricing_threshold_pp: num(), markets: arr({ allOf: [ref('MarketListItem'), obj({ forecast_id: str(), forecast_probability: num(), forecast_at: dt(), gap_pp: num(), direction: en(['yes_underpriced', 'yes_overpriced']), has_published_signal: bool() })] }), count: int() }),
    errors: [422],
  },
  'GET /api/v1/markets/:slug/forecast': {
    params: [slugP, venueQ(), q('include_history', { type: 'boolean', default: false }), q('history_limit', int({ minimum: 1, maximum: 50, default: 10 }))],
    ok: obj({ market: ref('CanonicalMarketWithRelationships'), forecast: ref('Forecast'), history: arr(ref('ForecastHistoryRow')), serviceUrl: { type: ['string', 'null'] }, venueAUrl: { type: ['string', 'null'] } }, ['history']),
    errors: [404, 422],
  },
  'GET /api/v1/markets/:slug/signals': {
    params: [slugP, venueQ()],
    ok: obj({ market: ref('CanonicalMarketWithRelationships'), market_slug: str(), serviceUrl: { type: ['string', 'null'] }, venueAUrl: { type: ['string', 'null'] }, signals: arr(ref('ArticleEvidence')), total: int(), last_updated: { type: ['string', 'null'], format: 'date-time' } }),
    errors: [404, 422],
  },
  'GET /api/v1/sources': {
    params: [q('markets', str(), 'Comma-separated slugs (1..10); not with market_keys.'), q('market_keys', str(), 'Comma-separated marketKeys (1..10); not with markets or venue.'), venueQ('Slug namespace for markets (default venue_a).'),
      q('window', int({ minimum: 1, maximum: 168, default: 48 }), 'Hours.'), q('types', str(), 'Comma-separated subset of article, x_post.')],
    ok: obj({ sources: arr(ref('SourceItem')) }), errors: [404, 422],
  },
  'GET /api/v1/latest': {
    params: [q('hours', int({ minimum: 1, maximum: 6, default: 3 })), q('types', str(), 'Comma-separated subset of forecast, article, x_post.')],
    ok: obj({ as_of: dt(), window: obj({ hours: int(), since: dt() }), types: arr(en(['forecast', 'article', 'x_post'])), events: arr(ref('LatestEvent'), { description: 'Oldest first.' }), count: int() }),
    errors: [422],
  },
  'GET /api/v1/signals': {
    params: [venueQ('Venue filter.'), q('topic', str({ minLength: 1, maxLength: 100 }), 'broker_a selects broker-listed markets.'), q('status', { type: 'string', enum: ['active', 'expired', 'all'], default: 'active' }),
      q('market_key', str({ minLength: 1, maxLength: 512 })), q('exclude_drawdown_risk', { type: 'boolean', default: false }, 'Drops rows whose drawdown_risk_elevated is true or null.'),
      { ...q('exclude_crash_risk', { type: 'boolean' }, 'Former name of exclude_drawdown_risk.'), deprecated: true }],
    ok: obj({ as_of: dt(), signals: arr(ref('TradeSignal')), count: int() }), errors: [422],
  },
  'GET /api/v1/signals/perps': { params: [], ok: obj({ as_of: dt(), signals: arr({ type: 'object', description: 'scope wti-only, canonical_endpoint /api/v1/signals/oil' }, { maxItems: 1 }), count: int() }), errors: [] },
  'GET /api/v1/signals/oil': { params: [q('include_marks', { type: 'boolean', default: true }, 'Fetch live venue marks (two upstream fetches).')], ok: ref('OilSignal'), errors: [422] },
  'GET /api/v1/assets/search': {
    params: [q('q', str({ minLength: 1, maxLength: 200 }), "Name, ticker, key, identifier or keyword; '*' is the filtered directory."),
      { ...q('reference', arr(str({ minLength: 1, maxLength: 512 }), { maxItems: 50 }), 'Repeatable exact reference.'), style: 'form', explode: true },
      q('platform', str({ minLength: 1, maxLength: 80 })), q('asset_type', str({ minLength: 1, maxLength: 80 })), q('material_only', { type: 'boolean', default: false })],
    ok: obj({ query: { type: ['string', 'null'] }, references: arr(str()), material_only: bool(), assets: arr(ref('AssetSearchItem')), retrieval: ref('Retrieval') }), errors: [422],
  },
  'GET /api/v1/assets': { params: [q('platform', str({ minLength: 1, maxLength: 80 })), q('asset_type', str({ minLength: 1, maxLength: 80 }))], ok: obj({ assets: arr(ref('AssetMeta')), count: int() }), errors: [422] },
  'GET /api/v1/assets/stance': {
    params: [q('asset', str({ minLength: 1, maxLength: 200 }), 'Asset UUID, assetKey or ticker.', true)],
    ok: obj({ asset: { type: 'object' }, stance: en(['bullish', 'bearish', 'neutral', 'insufficient_data']), score: { type: ['number', 'null'] }, as_of: dt(), basis: obj({ markets: int(), forecasts: int() }), drivers: arr({ type: 'object' }), method: str() }),
    errors: [404, 422],
  },
  'POST /api/v1/x/profile': {
    body: obj({ handle: str({ pattern: '^@?[A-Za-z0-9_]{1,15}$' }), lookback_days: int({ minimum: 14, maximum: 365, default: 365 }), focus: en(['general', 'trading', 'reasoning']) }, ['lookback_days', 'focus']),
    ok: ref('SocialProfile'), errors: [404, 422, 502, 503],
  },
  'POST /api/v1/x/search': {
    body: obj({ query: str({ minLength: 1, maxLength: 500 }), range_days: int({ minimum: 1, maximum: 180, default: 30 }), max_results: int({ minimum: 1, maximum: 30, default: 15 }), handles: arr(str(), { maxItems: 10 }), expert_only: bool() }, ['range_days', 'max_results', 'handles', 'expert_only']),
    ok: obj({ query: str(), range: obj({ from: dt(), to: dt(), days: int() }), results: arr({ type: 'object' }), count: int(), stored: { const: false } }), errors: [422, 502],
  },
  'GET /api/v1/portfolio': {
    params: [q('address', str({ pattern: '^0x[0-9a-fA-F]{40}$' }), 'Wallet address.', true), q('venues', str(), 'Comma-separated venue keys (1..4).', true)],
    ok: obj({ address: str(), venues: arr(ref('VenueKey')), as_of: dt(), positions: arr({ type: 'object' }), totals: { type: 'object' }, sources: arr({ type: 'object' }) }), errors: [422, 502],
  },
  'POST /api/auth/wallets/x402-token': { body: obj({ label: str({ maxLength: 80 }) }, ['label']), bodyOptional: true, okStatus: '201', ok: obj({ token: str({ pattern: '^svc_[A-Za-z0-9_-]{43}$' }), expires_at: dt(), expires_in_seconds: int(), single_use: bool(), link: { type: 'object' } }), errors: [401, 403, 422] },
  'GET /api/v1/wallets/link': {
    params: [q('token', str({ pattern: '^svc_[A-Za-z0-9_-]{43}$' }), 'Single-use link token (15 minutes).', true), { name: 'PAYMENT-SIGNATURE', in: 'header', required: true, schema: str(), description: 'x402 payment from the wallet to link ($0.005).' }],
    ok: obj({ wallet: ref('WalletAttestation'), already_attested: bool() }), okHeaders: { 'PAYMENT-RESPONSE': { schema: str() } }, errors: [404, 409, 422, 429],
  },
  'POST /api/auth/wallets/challenge': { body: obj({ address: str({ pattern: '^0x[0-9a-fA-F]{40}$' }), chain_id: int({ default: 8453 }) }, ['chain_id']), okStatus: '201', ok: obj({ challenge_id: str(), address: str(), chain_id: int(), nonce: str(), message: str(), expires_at: dt() }), errors: [401, 403, 409, 422] },
  'POST /api/auth/wallets/attest': { body: obj({ challenge_id: str(), signature: str() }), ok: obj({ wallet: ref('WalletAttestation'), already_attested: bool() }), errors: [401, 403, 404, 409, 422] },
  'GET /openapi.json': { params: [], ok: { type: 'object' }, errors: [] },
  'GET /api/v1/openapi.json': { params: [], ok: { type: 'object' }, errors: [] },
};

const ERR_TEXT = {
  401: 'invalid_api_key or gateway_required', 402: 'payment_required (x402 challenge in PAYMENT-REQUIRED)', 403: 'insufficient_credits or api_entitlement_inactive',
  404: 'not found (code per route)', 409: 'payment_replay_mismatch or wallet_already_attested', 422: 'invalid_request, forecast_topic_excluded or x402_payment_required',
  429: 'rate_limited', 502: 'upstream unavailable', 503: 'source unavailable or not configured',
};

function errorResponse(code) {
  const r = { description: ERR_TEXT[code], content: json(ref('Error')) };
  if (code === 402) r.headers = { 'PAYMENT-REQUIRED': { schema: str(), description: 'base64 JSON, see PaymentRequired' } };
  if (code === 429) r.headers = { 'Retry-After': { schema: str() }, 'RateLimit-Policy': { schema: str() }, RateLimit: { schema: str() }, 'X-Quotient-Max-Concurrent': { schema: str() } };
  if (code === 422) r.headers = { 'PAYMENT-REQUIRED': { schema: str(), description: 'Present on x402_payment_required (wallet link).' } };
  return r;
}

export function buildOpenApi(routes, config) {
  const paths = {};
  for (const r of routes) {
    const oapiPath = r.path.replace(/:(\w+)/g, '{$1}');
    const d = OPS[`${r.method} ${r.path}`] || { params: [], ok: { type: 'object' }, errors: [] };
    const errs = new Set(d.errors);
    const paid = r.kind === 'paid';
    if (paid) [401, 402, 403, 409].forEach((e) => errs.add(e));
    if (r.kind === 'key') [401, 403].forEach((e) => errs.add(e));
    errs.add(429);
    const responses = { [d.okStatus || '200']: { description: 'Success', headers: { ...(paid ? { 'PAYMENT-RESPONSE': { schema: str(), description: 'x402 settlement (base64 JSON, see SettleResponse) when paid by x402' }, 'X-Credits-Charged': { schema: str() }, 'X-Credits-Remaining': { schema: str() }, RateLimit: { schema: str() }, 'RateLimit-Policy': { schema: str() }, 'X-Quotient-Max-Concurrent': { schema: str() } } : {}), ...(d.okHeaders || {}) }, content: json(d.ok) } };
    for (const [st, text] of Object.entries(d.extraOk || {})) responses[st] = { description: text, content: json(d.ok) };
    for (const e of [...errs].sort()) responses[String(e)] = errorResponse(e);
    const op = {
      operationId: `${r.method.toLowerCase()}_${r.path.replace(/[/:{}.-]+/g, '_').replace(/^_|_$/g, '')}`, summary: r.summary || r.path,
      description: [paid ? `Price: $${(r.price / 1000).toFixed(3)} (${r.price} credits); API key or x402. Limit scope: ${r.scope}.` : r.kind === 'key' ? `API key only.${r.price ? ` Price: $${(r.price / 1000).toFixed(2)}.` : ' Free.'}` : r.kind === 'special' ? 'x402 payment from the wallet to link.' : 'Free, no authentication.', d.note || ''].join(' ').trim(),
      parameters: [...(d.params || [])],
      responses,
      security: paid ? [{ apiKey: [] }, { x402: [] }] : r.kind === 'key' ? [{ apiKey: [] }] : r.kind === 'special' ? [{ x402: [] }] : [],
    };
    if (r.body) op.requestBody = { required: !d.bodyOptional, content: json(d.body || { type: 'object' }) };
    paths[oapiPath] = paths[oapiPath] || {};
    paths[oapiPath][r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Forecast Intelligence API (atlas implementation)', version: '5.0.0', description: 'Prediction-market intelligence over covered markets on four venues. Live 402 challenges are authoritative for payment terms.' },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-service-api-key' },
        x402: { type: 'apiKey', in: 'header', name: 'PAYMENT-SIGNATURE', description: `x402 v2 exact scheme (EIP-3009). Networks: ${TOKENS.map((t) => `${t.network} asset ${t.asset}`).join('; ')}. payTo ${PAY_TO}.` },
      },
    },
    'x-site-url': config.siteUrl,
  };
}
