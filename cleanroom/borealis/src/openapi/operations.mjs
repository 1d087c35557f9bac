// Per-operation details (parameters, bodies, success shapes, extra statuses)
// that the route table does not carry.
import { ref, arr, obj, nul } from './schemas.mjs';

const q = (name, schema, description, required = false, extra = {}) => ({ name, in: 'query', required, description, schema, ...extra });
const path = (name, schema, description) => ({ name, in: 'path', required: true, description, schema });
const S = (min, max, extra = {}) => ({ type: 'string', minLength: min, maxLength: max, ...extra });
const INT = (min, max, def) => ({ type: 'integer', minimum: min, ...(max ? { maximum: max } : {}), ...(def !== undefined ? { default: def } : {}) });
const BOOL = (def) => ({ type: 'boolean', ...(def !== undefined ? { default: def } : {}) });
const venue = q('venue', ref('VenueKey'), 'Venue namespace; omitted means venue_a for slugs.');
const topic = q('topic', S(1, 100), 'Case-insensitive exact event/market tag or category; broker_a selects broker-listed markets.');
const slug = path('slug', S(1, 512), 'Market slug, marketKey (<venue>:<native id>) or venue_a condition id.');
const json = (schema) => ({ required: true, content: { 'application/json': { schema } } });

export const OPS = {
  getForecastAvailability: {
    params: [q('market_key', S(1, 512), 'Preferred identity; do not combine with venue.'), q('market_id', S(1, 512), 'Venue-native id (needs venue).'), q('slug', S(1, 512), 'Slug (venue defaults to venue_a).'), venue],
    ok: ref('Availability'), errors: [422, 503],
  },
  getForecastTargets: { params: [q('ref', S(1, 2048), 'venue_b event URL or ticker, child ticker, venue_b:/venue_a: marketKey, or venue_a /event or /market URL.', true)], ok: ref('TargetResolution'), errors: [404, 422, 503] },
  getPricing: { params: [], ok: ref('Pricing'), errors: [] },
  createForecastRequest: {
    params: [{ name: 'Idempotency-Token', in: 'header', required: true, description: 'Idempotency key: repeating it with the same body returns the same job (200, not billed again); with another body it answers 409.', schema: S(1, 255, { pattern: '^[\\x21-\\x7e]+$' }) }],
    body: json(ref('GenerationBody')), okStatus: 201, ok: ref('ForecastRequest'), okHeaders: ['Location', 'Retry-After'], alsoOk: { 200: 'Idempotent replay of an existing job (header Idempotent-Replay: true).' }, errors: [401, 403, 404, 409, 422, 429],
  },
  getForecastRequest: { params: [path('jobId', { type: 'string', format: 'uuid' }, 'Job id.'), q('view', { type: 'string', enum: ['status', 'result'], default: 'result' }, 'status: no expansion, for polling; result: includes the published forecast after success.')], ok: ref('ForecastRequest'), okHeaders: ['Retry-After'], errors: [401, 403, 404, 422] },
  listMarkets: {
    params: [topic, venue, q('max_forecast_age', INT(1, undefined, 48), 'Hours; windows forecast_count and latest_forecast_at.'), q('changed_within', INT(1, 168), 'Hours; only markets whose latest forecast is that recent.'), q('sort', { type: 'string', enum: ['updated_desc', 'volume_desc', 'signal_count_desc'], default: 'updated_desc' }, 'Order.')],
    ok: obj({ markets: arr(ref('MarketListItem')), venue_facets: arr(obj({ venue: ref('VenueKey'), count: { type: 'integer' } })) }), errors: [422],
  },
  searchMarkets: {
    params: [q('text', S(1, 200), 'Search text.', true), q('tag', S(1, 100), 'Tag filter; broker_a selects broker-listed markets.'), q('category', S(1, 100), 'Category filter.'), venue, q('as_of', { type: 'string' }, 'YYYY-MM-DD (end of that UTC day) or an RFC 3339 instant.'), q('limit', INT(1, 100, 25), 'Maximum rows.')],
    ok: obj({ query: { type: 'string' }, as_of: nul({ type: 'string', format: 'date-time' }), results: arr(ref('MarketSearchRow')), count: { type: 'integer' }, retrieval: ref('Retrieval') }), errors: [422],
  },
  listMispricedMarkets: { params: [topic, venue, q('min_gap_pp', { type: 'number', minimum: 0, maximum: 100, default: 7.5 }, 'Minimum |forecast - price| in percentage points.')], ok: obj({ markets: arr(ref('MispricedRow')), count: { type: 'integer' }, mispricing_threshold_pp: { type: 'number' }, as_of: { type: 'string', format: 'date-time' } }), errors: [422] },
  getMarketForecast: { params: [slug, venue, q('include_history', BOOL(false), 'Include earlier forecasts, newest first.'), q('history_limit', INT(1, 50, 10), 'How many earlier forecasts.')], ok: obj({ market: ref('CanonicalMarketWithRelationships'), serviceUrl: nul({ type: 'string' }), venueAUrl: nul({ type: 'string' }), forecast: ref('Forecast'), history: arr(ref('Forecast')) }, ['market', 'serviceUrl', 'venueAUrl', 'forecast']), errors: [404, 422] },
  getMarketEvidence: { params: [slug, venue], ok: obj({ market: ref('CanonicalMarketWithRelationships'), market_slug: { type: 'string' }, serviceUrl: nul({ type: 'string' }), venueAUrl: nul({ type: 'string' }), signals: arr(ref('ArticleEvidenceItem')), total: { type: 'integer' }, last_updated: nul({ type: 'string', format: 'date-time' }) }), errors: [404, 422] },
  listSources: {
    params: [q('markets', { type: 'string' }, 'Comma-separated slugs, 1..10; exclusive with market_keys.'), q('market_keys', { type: 'string' }, 'Comma-separated marketKeys, 1..10 (preferred).'), venue, q('window', INT(1, 168, 48), 'Hours.'), q('types', { type: 'string', default: 'article,x_post' }, 'Comma-separated subset of article, x_post.')],
    ok: obj({ sources: arr(ref('SourceItem')) }), errors: [404, 422],
  },
  getLatest: {
    params: [q('hours', INT(1, 6, 3), 'Window in hours.'), q('types', { type: 'string', default: 'forecast,article,x_post' }, 'Comma-separated subset of forecast, article, x_post.')],
    ok: obj({ as_of: { type: 'string', format: 'date-time' }, window: obj({ hours: { type: 'integer' }, since: { type: 'string', format: 'date-time' } }), types: arr({ type: 'string', enum: ['forecast', 'article', 'x_post'] }), events: arr(ref('LatestEvent')), count: { type: 'integer' } }), errors: [422],
  },
  searchAssets: {
    params: [q('q', S(1, 200), "Name, ticker, key, identifier or keyword; '*' lists the filtered directory. Exclusive with reference."), q('reference', arr(S(1, 512), { maxItems: 50 }), 'Exact references, repeatable (reference=a&reference=b), up to 50.', false, { style: 'form', explode: true }), q('platform', S(1, 80), 'Identifier platform namespace (case-insensitive).'), q('asset_type', S(1, 80), 'Asset type (case-insensitive).'), q('material_only', BOOL(false), 'Keep assets with a priced or forecast active direct market.')],
    ok: obj({ query: nul({ type: 'string' }), references: arr({ type: 'string' }), material_only: { type: 'boolean' }, assets: arr(ref('AssetSearchItem')), retrieval: ref('Retrieval') }), errors: [422],
  },
  listAssets: { params: [q('platform', S(1, 80), 'Identifier platform filter.'), q('asset_type', S(1, 80), 'Asset type filter.')], ok: obj({ assets: arr(ref('AssetMeta')), count: { type: 'integer' } }), errors: [422] },
  getAssetStance: { params: [q('asset', S(1, 200), 'Asset UUID, assetKey or ticker.', true)], ok: ref('AssetStance'), errors: [404, 422] },
  listTradeSignals: { params: [topic, venue, q('status', { type: 'string', enum: ['active', 'expired'] }, 'Status of the newest publication.'), q('exclude_drawdown_risk', BOOL(false), 'Drop markets whose newest signal has drawdown risk true or unknown (null).'), q('exclude_crash_risk', { ...BOOL(false), deprecated: true }, 'Former name of exclude_drawdown_risk.')], ok: obj({ signals: arr(ref('TradeSignal')), count: { type: 'integer' }, as_of: { type: 'string', format: 'date-time' } }), errors: [422] },
  listPerpSignals: { params: [], ok: obj({ signals: arr(ref('PerpSignal'), { maxItems: 1 }), count: { type: 'integer' }, as_of: { type: 'string', format: 'date-time' } }), errors: [] },
  getOilSignal: { params: [q('include_marks', BOOL(true), 'Fetch live venue marks (two upstream fetches).')], ok: ref('OilSignal'), errors: [422] },
  searchSocial: { body: json(obj({ text: S(1, 500), days: INT(1, 180, 30), count: INT(1, 30, 15) }, ['text'], { additionalProperties: false })), ok: ref('SocialSearch'), errors: [422, 502] },
  profileSocialAccount: { body: json(obj({ handle: { type: 'string', pattern: '^@?[A-Za-z0-9_]{1,15}$' }, lookback_days: INT(14, 365, 365), focus: { type: 'string', enum: ['general', 'trading', 'reasoning'], default: 'general' } }, ['handle'], { additionalProperties: false })), ok: ref('SocialProfile'), errors: [404, 422, 502, 503] },
  issueWalletLinkToken: { params: [], okStatus: 201, ok: ref('LinkToken'), errors: [401, 403] },
  linkWallet: { params: [q('token', { type: 'string', pattern: '^svc_[A-Za-z0-9_-]{43}$' }, 'Single-use link token (15 minutes).', true)], ok: ref('WalletLinkResult'), errors: [404, 409, 422] },
  createWalletChallenge: { body: json(obj({ address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, chain_id: { type: 'integer', default: 8453 } }, ['address'], { additionalProperties: false })), okStatus: 201, ok: ref('WalletChallenge'), errors: [401, 403, 422] },
  attestWallet: { body: json(obj({ challenge_id: { type: 'string' }, signature: { type: 'string', pattern: '^0x[0-9a-fA-F]+$' } }, ['challenge_id', 'signature'], { additionalProperties: false })), ok: ref('WalletLinkResult'), errors: [401, 403, 404, 409, 422] },
  getAccount: { params: [], ok: ref('Account'), errors: [401, 403] },
  getPortfolio: { params: [q('wallet_address', { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, 'Wallet address.', true), q('venues', arr(ref('VenueKey'), { minItems: 1 }), 'Venues to read, repeated (venues=venue_a&venues=venue_b).', true, { style: 'form', explode: true })], ok: ref('Portfolio'), errors: [422, 502] },
  getOpenApi: { params: [], ok: { type: 'object' }, errors: [] },
  getOpenApiV1: { params: [], ok: { type: 'object' }, errors: [] },
};
