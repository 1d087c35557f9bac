// JSON Schemas (OpenAPI 3.1 dialect) of every body the service emits or reads.
export const ref = (n) => ({ $ref: `#/components/schemas/${n}` });
export const nul = (s) => (s.$ref ? { anyOf: [s, { type: 'null' }] } : { ...s, type: [].concat(s.type, 'null'), ...(s.enum ? { enum: [...s.enum, null] } : {}) });
export const arr = (items, extra = {}) => ({ type: 'array', items, ...extra });
export const obj = (properties, required = Object.keys(properties), extra = {}) => ({ type: 'object', properties, required, ...extra });
const S = { type: 'string' }, I = { type: 'integer' }, N = { type: 'number' }, B = { type: 'boolean' };
const DT = { type: 'string', format: 'date-time' }, URI = { type: 'string', format: 'uri' }, P01 = { type: 'number', minimum: 0, maximum: 1 };
const strs = arr(S);

const routing = {
  venue: ref('VenueKey'), nativeMarketId: S, nativeEventId: nul(S), seriesTicker: nul(S), marketKey: S, serviceMarketId: S,
  slug: nul(S), marketUrl: nul(URI), sourceUrl: nul(URI), broker_channels: arr({ type: 'string', enum: ['broker_a'] }),
  broker_a_category: nul(S), broker_a_url: nul(URI),
};
const refCommon = { relationship: { type: 'string', enum: ['HAS_MARKET', 'ON_MARKET', 'ON_FORECAST', 'HAS_SIGNAL'] }, direction: { type: 'string', enum: ['incoming', 'outgoing'] }, via: { type: 'string', enum: ['direct', 'market', 'asset'] } };
const listItemProps = {
  ...routing, question: nul(S), event: obj({ id: S, title: S, slug: nul(S) }), tags: strs, categories: strs, end_date: nul(DT),
  market_odds: nul(P01), venue_quote: ref('VenueQuoteV1'), inDispute: B, clarifications: nul(arr(obj({ issued_at: DT, text: S }))),
  volume_24h: nul(N), signal_count: I, forecast_count: I, latest_forecast_at: nul(DT), market_updated_at: DT,
  latest_forecast_delta: nul(N), latest_forecast_refresh_reason: nul(S), serviceUrl: nul(URI), venueAUrl: nul(URI),
};
const facts = { has_forecast: B, latest_service_probability: nul(P01), thesis: nul(S), forecast_at: nul(DT), market_odds_at_forecast: nul(P01), has_published_signal: B, published_signal_count: I };
const relevance = obj({ score: N, matched_by: strs, matched_fields: strs });
const genBody = obj({ kind: { const: 'venue_market' }, venue: ref('VenueKey'), market_id: { type: 'string', minLength: 1, maxLength: 512 } }, ['kind', 'venue', 'market_id'], { additionalProperties: false });
const child = obj({
  ticker: nul(S), eventTicker: S, title: S, subtitle: S, strikeType: S, floorStrike: nul(N), capStrike: nul(N), yesBid: nul(N), yesAsk: nul(N), lastPrice: nul(N),
  volume24h: nul(N), openInterest: N, status: S, closeTime: DT, generation: obj({ costUsd: S, body: ref('GenerationBody') }),
  question: S, outcome: S, marketId: S,
}, ['ticker', 'eventTicker', 'title', 'subtitle', 'strikeType', 'floorStrike', 'capStrike', 'yesBid', 'yesAsk', 'lastPrice', 'volume24h', 'openInterest', 'status', 'closeTime', 'generation']);
const pathway = obj({ criteria: nul(S), crux: nul(S), deadline: nul(DT), source: nul(S) });
const wallet = obj({ address: S, chain_id: I, provider: nul(S), method: { type: 'string', enum: ['x402', 'signature'] }, attested_at: DT });
const ids = arr(S);

export const SCHEMAS = {
  VenueKey: { type: 'string', enum: ['venue_a', 'venue_a_us', 'venue_b', 'venue_c'] },
  Error: obj({ error: S, message: S, retry_after: I, retryAfter: I, limit_scope: S, quotaScope: S, limit: I, parameter: S, field: S }, ['error', 'message'], { additionalProperties: true }),
  PaymentRequirements: obj({ scheme: { const: 'exact' }, network: { type: 'string', enum: ['eip155:8453', 'eip155:4663'] }, asset: S, amount: S, payTo: S, maxTimeoutSeconds: I, extra: obj({ name: S, version: S }) }),
  PaymentRequired: obj({ error: S, message: S, x402Version: { const: 2 }, resource: obj({ url: S, description: S, mimeType: S }), accepts: arr(ref('PaymentRequirements')) }),
  CanonicalMarketRouting: obj(routing),
  AssetRef: obj({ ...refCommon, id: { type: 'string', format: 'uuid' }, assetKey: S, name: S, ticker: nul(S), asset_type: S }),
  MarketRef: obj({ ...refCommon, marketKey: S, venue: ref('VenueKey'), nativeMarketId: S, question: nul(S) }),
  SignalRef: obj({ ...refCommon, id: S, signal_type: { const: 'prediction_market' }, canonical_endpoint: { const: '/api/v1/signals' }, side: nul(S), published_at: nul(DT) }),
  Relationships: obj({ assets: arr(ref('AssetRef'), { maxItems: 50 }), markets: arr(ref('MarketRef'), { maxItems: 50 }), signals: arr(ref('SignalRef'), { maxItems: 50 }), truncated: obj({ assets: B, markets: B, signals: B }) }),
  CanonicalMarketWithRelationships: obj({ ...routing, relationships: ref('Relationships') }),
  VenueQuoteV1: obj({ schema_version: { const: '1' }, venue: nul(ref('VenueKey')), market_id: nul(S), yes_bid: nul(P01), yes_ask: nul(P01), yes_last: nul(P01), selected_probability: nul(P01), quote_method: nul({ type: 'string', enum: ['midpoint', 'bid', 'ask', 'last_trade_fresh', 'graph_snapshot'] }), venue_timestamp: nul(DT), observed_at: nul(DT), freshness: { type: 'string', enum: ['verified', 'stale', 'unavailable'] } }),
  MarketListItem: obj(listItemProps),
  LinkedMarket: obj({ ...listItemProps, ...facts }),
  MarketSearchRow: obj({ ...listItemProps, ...facts, relevance }),
  MispricedRow: obj({ ...listItemProps, ...facts, gap_pp: N, underpriced_side: { type: 'string', enum: ['yes', 'no'] } }),
  AssetIdentifier: obj({ platform: S, kind: S, value: S }),
  AssetMeta: obj({ id: { type: 'string', format: 'uuid' }, assetKey: S, name: S, ticker: nul(S), asset_type: S, aliases: strs, identifiers: arr(ref('AssetIdentifier')) }),
  AssetSearchItem: obj({
    id: { type: 'string', format: 'uuid' }, assetKey: S, name: S, ticker: nul(S), asset_type: S, aliases: strs, identifiers: arr(ref('AssetIdentifier')),
    linked_market_count: I, linked_markets: arr(ref('LinkedMarket')),
    market_summary: obj({ active_market_count: I, markets_with_forecast: I, markets_with_published_signal: I, mispriced_market_count: I, mispricing_threshold_pp: N }),
    relevance,
  }),
  Retrieval: obj({ graph: S, lexical: S }),
  ArticleEvidenceItem: obj({ id: S, title: S, comment: S, direction: nul(S), url: S, source: S, published_at: DT, correlated_at: DT, confidence: S, evidence_quote: S }),
  SourceItem: obj({ type: { type: 'string', enum: ['article', 'x_post'] }, market_slug: S, market: ref('CanonicalMarketWithRelationships'), title: S, url: S, source_name: S, feed_tier: { type: 'string', enum: ['wire', 'tier_1', 'tier_2', 'blog', 'expert', 'community'] }, published_at: DT, relevance: obj({ confidence: S, reasoning: S, evidence_quote: S }), author_handle: S, is_expert: B, last_seen_at: DT }, ['type', 'market_slug', 'market', 'title', 'url', 'source_name', 'feed_tier', 'published_at', 'relevance', 'author_handle', 'is_expert']),
  GenerationBody: genBody,
  ForecastRequestForecast: obj({ id: S, question: nul(S), probability: P01, createdAt: DT, headline: nul(S), bluf: nul(S), thesis: nul(S), reasoningSummary: nul(S), citationCount: { type: 'integer', minimum: 0 }, relationships: ref('Relationships') }),
  ForecastRequest: obj({ jobId: { type: 'string', format: 'uuid' }, status: { type: 'string', enum: ['accepted', 'submitted', 'running', 'succeeded', 'rejected', 'failed'] }, createdAt: DT, updatedAt: DT, forecastIds: ids, forecasts: arr(ref('ForecastRequestForecast')), errorCode: nul(S), listing: nul(ref('CanonicalMarketRouting')) }),
  CompactForecast: obj({ venue: nul(ref('VenueKey')), market: nul(ref('CanonicalMarketRouting')), id: S, probability: P01, created_at: DT, headline: nul(S), thesis: nul(S), resolution_pathway: pathway, delta_from_prior: nul(N), delta_reasoning: nul(S), refresh_reason: nul(S), relationships: ref('Relationships') }),
  LatestMarket: obj({ ...routing, id: nul(S), question: S, condition_id: nul(S), end_date: nul(DT), serviceUrl: nul(S), venueAUrl: nul(S), venue_data: obj({ yes_odds: nul(P01), volume_24h: nul(N) }), venue_quote: ref('VenueQuoteV1'), relationships: ref('Relationships') }, [...Object.keys(routing), 'id', 'condition_id', 'end_date', 'serviceUrl', 'venueAUrl', 'venue_data', 'venue_quote', 'relationships']),
  LatestEvent: obj({ type: { type: 'string', enum: ['forecast', 'article', 'x_post'] }, id: S, occurred_at: DT, source: nul({ type: 'object', additionalProperties: true }), market: ref('LatestMarket'), forecast: nul(ref('CompactForecast')) }),
  Availability: obj({
    tracked: B, available: B, market: nul(ref('CanonicalMarketWithRelationships')), question: nul(S),
    latestForecast: nul(obj({ id: S, createdAt: DT, relationships: ref('Relationships') })),
    read: nul(obj({ method: { const: 'GET' }, endpoint: S, paid: { const: true }, price_usd: S }, ['method', 'endpoint', 'paid'])),
    generation: nul(obj({ method: { const: 'POST' }, endpoint: { const: '/api/auth/forecast-requests' }, authentication: obj({ header: { const: 'x-service-api-key' } }), idempotencyKeyRequired: { const: true }, idempotencyKeyHeader: { const: 'Idempotency-Token' }, price_usd: S, body: ref('GenerationBody') }, ['method', 'endpoint', 'authentication', 'idempotencyKeyRequired', 'body'])),
    targetResolution: nul(obj({ endpoint: S, reason: { const: 'venue_event_requires_market' }, message: S, marketCount: { type: 'integer', minimum: 1 } })),
    excluded: nul(obj({ reason: { type: 'string', enum: ['sports', 'mentions', 'crypto_up_down'] }, message: S })),
  }),
  ChildMarket: child,
  TargetResolution: obj({
    input: S, venue: { type: 'string', enum: ['venue_b', 'venue_a'] }, targetType: { type: 'string', enum: ['event', 'market'] }, selectionRequired: B,
    event: obj({ ticker: S, title: S, subtitle: S, category: S, mutuallyExclusive: B, sourceUrl: S }),
    selectedMarket: ref('ChildMarket'), markets: arr(ref('ChildMarket')), generation: ref('GenerationBody'),
    allContracts: obj({ marketCount: { type: 'integer', minimum: 1 }, estimatedCostUsd: S, requests: arr(ref('GenerationBody')) }),
  }, ['input', 'venue', 'targetType', 'selectionRequired', 'event', 'markets', 'allContracts']),
  Forecast: obj({
    id: S, probability: P01, created_at: DT, headline: S, bluf: S, thesis: S, reasoning: strs, reasoning_summary: S,
    sources: arr(obj({ id: S, title: S, url: S, source: S, published_at: DT })), citation_count: I,
    uncertainty: obj({ lower: P01, upper: P01, interval: N }), resolution_pathway: pathway, market_odds_at_forecast: nul(P01),
    delta_from_prior: nul(N), delta_reasoning: nul(S), refresh_reason: nul(S),
    drawdown_risk_72h: obj({ yes: P01, no: P01 }), crash_risk: { ...obj({ yes: P01, no: P01 }), deprecated: true }, relationships: ref('Relationships'),
  }, ['id', 'probability', 'created_at', 'drawdown_risk_72h']),
  TradeSignal: obj({
    id: S, signal_type: { const: 'prediction_market' }, canonical_endpoint: { const: '/api/v1/signals' }, market: ref('CanonicalMarketRouting'), question: nul(S),
    side: { type: 'string', enum: ['yes', 'no'] }, status: { type: 'string', enum: ['active', 'expired'] }, conviction: S, convergence: N, capacity: N, edge_pp: N,
    forecast_id: S, forecast_probability: nul(P01), market_odds: nul(P01), published_at: DT, drawdown_risk_elevated: nul(B), crash_risk_elevated: { ...nul(B), deprecated: true }, serviceUrl: nul(S),
  }),
  PerpSignal: obj({ id: S, scope: { const: 'wti-only' }, canonical_endpoint: { const: '/api/v1/signals/oil' }, asset: { const: 'crude-wti' }, venue: S, symbol: S, side: S, state: S, intensity: S, z: N, reading_date: { type: 'string', format: 'date' }, published_at: DT }),
  OilSignal: obj({
    asset: { const: 'crude-wti' },
    reading: nul(obj({ id: S, reading_date: { type: 'string', format: 'date' }, is_current: B, days_since_reading: N, state: S, side: S, z: N, gap: N, intensity: S, basis_forecasts: N, basis_markets: N, headline: S, summary: S, formula_version: S, relationships: ref('Relationships') })),
    episode: obj({ id: S, opened_at: DT, days: N, status: S, side: S, ref_price: N, outcome_price: nul(N), outcome_at: nul(DT), return_pct: nul(N), live_return_pct: nul(N) }),
    marks: obj({ venue_a_perps: nul(obj({ symbol: S, mark: N, index: N, funding_rate: N, at: DT })), perp_venue_b: nul(obj({ coin: S, mid: N, at: DT })) }),
    degraded: B, reading_missing: B,
  }),
  SocialProfile: obj({
    handle: S, display_name: nul(S), profile_url: S,
    service_metadata: obj({ handle: S, display_name: nul(S), x_user_id: nul(S), current_username: nul(S), is_service_expert: B, service_expert: nul(obj({ designation: { const: 'reviewed_expert' }, policy_version: nul(S) })) }),
    window: obj({ from_date: { type: 'string', format: 'date' }, to_date: { type: 'string', format: 'date' }, lookback_days: I, post_count: I }),
    interests: arr(obj({ post_ids: ids, topic: S, weight: P01 })), beliefs: arr(obj({ post_ids: ids, claim: S, confidence: S })),
    tendencies: arr(obj({ post_ids: ids, trait: S, description: S })),
    risk_profile: nul(obj({ post_ids: ids, posture: S, time_horizon: S, position_sizing: S, reaction_to_loss: S })),
    information_processing: nul(obj({ post_ids: ids, style: S, evidence_preference: S, handles_ambiguity: S, changes_mind_when: S })),
    recommendation_hints: nul(obj({ market_categories: strs, tone: S, avoid: strs })),
    observations: arr(obj({ dimension: S, statement: S, post_ids: ids })),
    evidence: arr(obj({ post_id: S, url: S, published_at: nul(S), excerpt: S })),
    confidence: { type: 'string', enum: ['low', 'medium', 'high'] }, gaps: strs,
    meta: obj({ focus: S, research_turns: { type: 'integer', maximum: 3 }, turns: arr({ type: 'object' }), synthesis: S, model: S, generated_at: DT, cached: B, cache_age_seconds: I }, ['focus', 'research_turns', 'cached']),
  }),
  SocialSearch: obj({ query: S, window: obj({ from_date: { type: 'string', format: 'date' }, to_date: { type: 'string', format: 'date' }, days: I }), results: arr(obj({ post_id: S, url: S, author_handle: S, author_display_name: nul(S), is_expert: B, published_at: DT, text: S, matched_terms: strs })), count: I, stored: { const: false } }),
  WalletAttestation: wallet,
  WalletLinkResult: obj({ wallet: ref('WalletAttestation'), already_attested: B }),
  LinkToken: obj({ token: { type: 'string', pattern: '^svc_[A-Za-z0-9_-]{43}$' }, url: S, expires_at: DT }),
  WalletChallenge: obj({ challenge_id: { type: 'string', format: 'uuid' }, address: S, chain_id: I, message: S, nonce: S, issued_at: DT, expires_at: DT }),
  Portfolio: obj({ wallet_address: S, venues: arr(ref('VenueKey')), positions: arr(obj({ venue: ref('VenueKey'), market: ref('CanonicalMarketRouting'), question: nul(S), side: { type: 'string', enum: ['yes', 'no'] }, size: N, avg_price: N, mark_price: N, cost_usd: N, value_usd: N, unrealized_pnl_usd: N })), totals: obj({ positions: I, cost_usd: N, value_usd: N, unrealized_pnl_usd: N }), as_of: DT }),
  Account: obj({ account_id: S, entitlement: obj({ active: B }), credits: I, credits_usd: S, charged_credits: I, refunded_credits: I, wallets: arr(ref('WalletAttestation')), limits: { type: 'object', additionalProperties: obj({ per_second: I, per_minute: I, per_day: I, in_flight: nul(I) }) }, forecast_request_quota: obj({ quotaScope: S, used: I, limit: I }) }),
  Pricing: { type: 'object', additionalProperties: true, properties: { currency: S, credits_per_usd: I, routes: arr({ type: 'object' }), x402: { type: 'object' } } },
  AssetStance: obj({ asset: obj({ id: S, assetKey: S, name: S, ticker: nul(S), asset_type: S }), stance: { type: 'string', enum: ['bullish', 'bearish', 'neutral', 'insufficient_data'] }, score: N, basis: obj({ markets: I, forecasts: I }), drivers: arr(obj({ marketKey: S, question: S, forecast_probability: P01, market_odds: P01, contribution: N })), as_of: DT }),
};
