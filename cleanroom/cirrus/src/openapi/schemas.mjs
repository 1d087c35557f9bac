// Component schemas of the served OpenAPI 3.1 document. They describe the
// shapes the views in src/views and the route handlers actually produce.
const str = { type: 'string' };
const strN = { type: ['string', 'null'] };
const num = { type: 'number' };
const numN = { type: ['number', 'null'] };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const dt = { type: 'string', format: 'date-time' };
const dtN = { type: ['string', 'null'], format: 'date-time' };
const uri = { type: 'string', format: 'uri' };
const uriN = { type: ['string', 'null'], format: 'uri' };
const prob = { type: 'number', minimum: 0, maximum: 1 };
const probN = { type: ['number', 'null'], minimum: 0, maximum: 1 };
const ref = (n) => ({ $ref: `#/components/schemas/${n}` });
const nul = (n) => ({ oneOf: [ref(n), { type: 'null' }] });
const arr = (items, extra = {}) => ({ type: 'array', items, ...extra });
const obj = (properties, required = Object.keys(properties), extra = {}) => ({ type: 'object', required, properties, ...extra });
const strs = arr(str);

const routingProps = {
  venue: ref('VenueKey'), nativeMarketId: str, nativeEventId: strN, seriesTicker: strN, marketKey: str,
  serviceMarketId: { type: 'string', description: 'Bare numeric for venue_a rows, <venue>:<native id> elsewhere.' }, slug: strN, marketUrl: uriN, sourceUrl: uriN,
  broker_channels: arr({ type: 'string', enum: ['broker_a'] }), broker_a_category: strN, broker_a_url: uriN,
};
const listItemProps = {
  ...routingProps, question: strN, event: obj({ id: str, title: str, slug: strN }), tags: strs, categories: strs, end_date: dtN, market_odds: probN,
  venue_quote: nul('VenueQuote'), inDispute: bool, clarifications: { oneOf: [arr(obj({ issued_at: dt, text: str })), { type: 'null' }], description: 'Venue clarifications, oldest first; null when none.' },
  volume_24h: numN, signal_count: { type: 'integer', description: 'Published trade signals on the market.' }, forecast_count: { type: 'integer', description: 'Forecasts within max_forecast_age.' },
  latest_forecast_at: dtN, market_updated_at: dt, latest_forecast_delta: numN, latest_forecast_refresh_reason: strN, serviceUrl: uriN, venueAUrl: uriN,
};
const factsProps = { has_forecast: bool, latest_service_probability: probN, forecast_at: dtN, market_odds_at_forecast: probN, has_published_signal: bool, published_signal_count: int };
const common = { relationship: { type: 'string', enum: ['HAS_MARKET', 'ON_MARKET', 'ON_FORECAST', 'HAS_SIGNAL'] }, direction: { type: 'string', enum: ['incoming', 'outgoing'] }, via: { type: 'string', enum: ['direct', 'market', 'asset'] } };
const reasoningForecast = {
  id: str, question: strN, probability: prob, created_at: dt, headline: strN, bluf: strN, thesis: strN, reasoning: strN, reasoning_summary: strN,
  uncertainty: obj({ lower: prob, upper: prob, interval: num }), sources: arr(obj({ title: str, url: uri, source_name: str, published_at: dt })), citation_count: int,
  resolution_pathway: ref('ResolutionPathway'), delta_from_prior: numN, delta_reasoning: strN, refresh_reason: strN, market_odds_at_forecast: probN,
  drawdown_risk_72h: ref('DrawdownRisk'), crash_risk: { ...ref('DrawdownRisk'), description: 'Former name of drawdown_risk_72h, kept as an alias for one release.' },
};

export const SCHEMAS = {
  ErrorEnvelope: obj({
    error: str, message: str, retry_after: { type: 'integer', description: 'Seconds to wait (429 only).' }, retryAfter: { type: 'integer', description: 'Seconds to wait on the owner-scoped generation quota.' },
    limit_scope: { type: 'string', description: 'standard, x_research, ip_guard, oil_signal or owner_daily.' }, quotaScope: str, limit: int, reason: str, ticker: { type: 'string', description: 'Unresolved reference (forecast-targets 404).' },
    price: obj({ usd: str, credits: int }), required: int, balance: int, post_count: int, unresolved: strs, targetResolution: { type: 'object' },
  }, ['error', 'message'], { additionalProperties: true }),
  VenueKey: { type: 'string', enum: ['venue_a', 'venue_a_us', 'venue_b', 'venue_c'] },
  MarketRouting: obj(routingProps),
  AssetRef: obj({ ...common, id: { type: 'string', format: 'uuid' }, assetKey: str, name: str, ticker: strN, asset_type: str }),
  MarketRef: obj({ ...common, marketKey: str, venue: ref('VenueKey'), nativeMarketId: str, question: strN }),
  SignalRef: obj({ ...common, id: str, signal_type: { const: 'prediction_market' }, canonical_endpoint: { const: '/api/v1/signals' }, side: strN, published_at: dtN }),
  Relationships: obj({ assets: arr(ref('AssetRef'), { maxItems: 50 }), markets: arr(ref('MarketRef'), { maxItems: 50 }), signals: arr(ref('SignalRef'), { maxItems: 50 }), truncated: obj({ assets: bool, markets: bool, signals: bool }) }),
  MarketWithRelationships: obj({ ...routingProps, relationships: ref('Relationships') }),
  VenueQuote: obj({ schema_version: { const: '1' }, venue: { oneOf: [ref('VenueKey'), { type: 'null' }] }, market_id: strN, yes_bid: probN, yes_ask: probN, yes_last: probN, selected_probability: probN, quote_method: { type: ['string', 'null'], enum: ['midpoint', 'bid', 'ask', 'last_trade_fresh', 'graph_snapshot', null] }, venue_timestamp: dtN, observed_at: dtN, freshness: { type: 'string', enum: ['verified', 'stale'] } }),
  MarketListItem: obj(listItemProps),
  LinkedMarket: obj({ ...listItemProps, ...factsProps, thesis: strN }),
  MarketSearchRow: obj({ ...listItemProps, ...factsProps, relevance: ref('Relevance') }),
  MispricedRow: obj({ ...listItemProps, service_probability: prob, forecast_id: str, forecast_at: dt, gap_pp: num, mispricing_side: { type: 'string', enum: ['yes_underpriced', 'yes_overpriced'] } }),
  Relevance: obj({ score: num, matched_by: strs, matched_fields: strs }),
  Retrieval: obj({ graph: { const: 'ok' }, lexical: { type: 'string', description: 'The optional lexical lane; unconfigured here, failing open to the graph lane.' } }),
  MarketList: obj({ markets: arr(ref('MarketListItem')), venue_facets: arr(obj({ venue: ref('VenueKey'), count: int }), { description: 'Counts before the venue filter, all four venues.' }) }),
  MarketSearch: obj({ query: strN, as_of: dt, filters: obj({ tag: strN, category: strN, venue: strN }), results: arr(ref('MarketSearchRow')), count: int, retrieval: ref('Retrieval') }),
  MispricedList: obj({ threshold_pp: num, markets: arr(ref('MispricedRow')), count: int, note: str }),
  ResolutionPathway: obj({ criteria: strN, crux: strN, deadline: dtN, source: strN }),
  DrawdownRisk: obj({ yes: prob, no: prob, anchored_at: dt, horizon_hours: int }, ['yes', 'no'], { description: 'Path risk only; never adjusts the probability.' }),
  StoredForecast: obj({ ...reasoningForecast, relationships: ref('Relationships') }, [...Object.keys(reasoningForecast), 'relationships']),
  HistoricalForecast: obj(reasoningForecast),
  ForecastRead: obj({ market: ref('MarketWithRelationships'), serviceUrl: uriN, forecast: ref('StoredForecast'), history: arr(ref('HistoricalForecast'), { description: 'Older forecasts, newest first; only with include_history=true.' }) }, ['market', 'serviceUrl', 'forecast']),
  EvidenceItem: obj({ id: str, title: str, comment: str, direction: { type: ['string', 'null'], enum: ['yes', 'no', null] }, url: uri, source: str, published_at: dt, correlated_at: dt, confidence: str, evidence_quote: str }),
  EvidenceList: obj({ market: ref('MarketWithRelationships'), market_slug: str, serviceUrl: uriN, venueAUrl: uriN, signals: arr(ref('EvidenceItem')), total: int, last_updated: dtN }),
  SourceItem: obj({ type: { type: 'string', enum: ['article', 'x_post'] }, market_slug: { type: 'string', description: 'The slug, or the marketKey when the slug is null.' }, market: ref('MarketWithRelationships'), title: str, url: uri, source_name: str, feed_tier: { type: 'string', enum: ['wire', 'primary', 'aggregator'], description: 'Articles only.' }, published_at: dt, relevance: obj({ confidence: str, reasoning: str, evidence_quote: str }), author_handle: { type: 'string', description: 'x_post only.' }, is_expert: { type: 'boolean', description: 'x_post only.' } }, ['type', 'market_slug', 'market', 'title', 'url', 'source_name', 'published_at', 'relevance']),
  Sources: obj({ sources: arr(ref('SourceItem')) }),
  CompactForecast: obj({ venue: { oneOf: [ref('VenueKey'), { type: 'null' }] }, market: nul('MarketRouting'), id: str, probability: prob, created_at: dt, headline: strN, thesis: strN, resolution_pathway: ref('ResolutionPathway'), delta_from_prior: numN, delta_reasoning: strN, refresh_reason: strN, relationships: ref('Relationships') }),
  LatestMarket: obj({ ...routingProps, id: strN, question: str, condition_id: strN, end_date: dtN, serviceUrl: uriN, venueAUrl: uriN, venue_data: obj({ yes_odds: probN, volume_24h: numN }), venue_quote: nul('VenueQuote'), relationships: ref('Relationships') }, [...Object.keys(routingProps), 'id', 'condition_id', 'end_date', 'serviceUrl', 'venueAUrl', 'venue_data', 'venue_quote', 'relationships']),
  LatestEvent: obj({ type: { type: 'string', enum: ['forecast', 'article', 'x_post'] }, id: str, occurred_at: dt, source: { type: ['object', 'null'], description: 'Article or post metadata; null for forecasts.' }, market: ref('LatestMarket'), forecast: nul('CompactForecast') }),
  Latest: obj({ as_of: dt, window: obj({ hours: int, since: dt }), types: arr({ type: 'string', enum: ['forecast', 'article', 'x_post'] }), events: arr(ref('LatestEvent'), { description: 'Oldest first.' }), count: int }),
  Identifier: obj({ platform: str, kind: str, value: str }),
  AssetMeta: obj({ id: { type: 'string', format: 'uuid' }, assetKey: str, name: str, ticker: strN, asset_type: str, aliases: strs, identifiers: arr(ref('Identifier')), description: str }),
  AssetSearchItem: obj({ id: { type: 'string', format: 'uuid' }, assetKey: str, name: str, ticker: strN, asset_type: str, aliases: strs, identifiers: arr(ref('Identifier')), linked_market_count: int, linked_markets: arr(ref('LinkedMarket')), market_summary: obj({ active_market_count: int, markets_with_forecast: int, markets_with_published_signal: int, mispriced_market_count: int, mispricing_threshold_pp: num }), relevance: ref('Relevance') }),
  AssetSearch: obj({ query: strN, references: strs, material_only: bool, assets: arr(ref('AssetSearchItem')), retrieval: ref('Retrieval') }),
  AssetDirectory: obj({ assets: arr(ref('AssetMeta'), { description: 'Ordered by name.' }), count: int }),
  AssetStance: obj({ asset: obj({ id: str, assetKey: str, name: str, ticker: strN, asset_type: str }), stance: obj({ direction: { type: 'string', enum: ['bullish', 'bearish', 'neutral'] }, score: { type: 'number', minimum: -1, maximum: 1 }, confidence: { type: 'string', enum: ['low', 'medium', 'high'] }, mean_edge_pp: num, basis_market_count: int, basis_forecast_count: int, as_of: dt, summary: str }), relationships: ref('Relationships') }),
  TradeSignal: obj({ id: str, signal_type: { const: 'prediction_market' }, status: { type: 'string', enum: ['open', 'closed', 'settled'] }, side: { type: 'string', enum: ['yes', 'no'] }, published_at: dt, market: ref('MarketRouting'), question: strN, forecast_id: strN, conviction: prob, convergence: obj({ forecast_probability: prob, market_probability_at_publication: prob, gap_pp: num, converged_pp: num }), capacity: obj({ max_notional_usd: int, book_depth_usd: int }), entry_price: prob, drawdown_risk_elevated: { type: ['boolean', 'null'], description: 'true: at least 15% probability of losing most remaining value within about 72 h; null: no current read (unknown, not safe).' }, crash_risk_elevated: { type: ['boolean', 'null'], description: 'Former name of drawdown_risk_elevated.' }, drawdown_risk: obj({ probability: numN, threshold: num, horizon_hours: int }) }),
  TradeSignals: obj({ signals: arr(ref('TradeSignal')), count: int, as_of: dt }),
  Perps: obj({ scope: { const: 'wti-only' }, signals: arr(obj({ id: str, asset: { const: 'crude-wti' }, scope: { const: 'wti-only' }, canonical_endpoint: { const: '/api/v1/signals/oil' }, reading_date: { type: 'string', format: 'date' }, state: str, side: str, intensity: str, z: num, is_current: bool, published_at: dt }), { maxItems: 1 }), count: int }),
  OilReading: obj({ id: str, reading_date: { type: 'string', format: 'date' }, is_current: bool, days_since_reading: num, state: { type: 'string', enum: ['bullish', 'bearish', 'neutral'] }, side: { type: 'string', enum: ['long', 'short', 'flat'] }, z: num, gap: num, intensity: { type: 'string', enum: ['weak', 'moderate', 'strong'] }, basis_forecasts: num, basis_markets: num, headline: str, summary: str, formula_version: str, relationships: ref('Relationships') }),
  OilEpisode: obj({ id: strN, opened_at: dtN, side: strN, days: num, status: { type: 'string', enum: ['open', 'closed', 'none'] }, ref_price: numN, outcome_price: numN, outcome_at: dtN, return_pct: numN, live_return_pct: numN }),
  OilSignal: obj({ asset: { const: 'crude-wti' }, reading: nul('OilReading'), episode: ref('OilEpisode'), marks: obj({ venue_a_perps: { oneOf: [obj({ symbol: str, mark: num, index: num, funding_rate: num, at: dt }), { type: 'null' }] }, perp_venue_b: { oneOf: [obj({ coin: str, mid: num, at: dt }), { type: 'null' }] } }), degraded: bool, reading_missing: bool }),
  ProfileRequest: obj({ handle: { type: 'string', pattern: '^@?[A-Za-z0-9_]{1,15}$' }, lookback_days: { type: 'integer', minimum: 14, maximum: 365, default: 365 }, focus: { type: 'string', enum: ['general', 'trading', 'reasoning'], default: 'general' } }, ['handle'], { additionalProperties: false }),
  Profile: obj({
    handle: str, display_name: strN, profile_url: uri,
    service_metadata: obj({ handle: str, display_name: strN, x_user_id: strN, current_username: strN, is_service_expert: bool, service_expert: { oneOf: [obj({ designation: { const: 'reviewed_expert' }, policy_version: strN }), { type: 'null' }] } }),
    window: obj({ from_date: { type: 'string', format: 'date' }, to_date: { type: 'string', format: 'date' }, lookback_days: int, post_count: int }),
    interests: arr(obj({ post_ids: strs, topic: str, weight: prob })), beliefs: arr(obj({ post_ids: strs, claim: str, confidence: str })), tendencies: arr(obj({ post_ids: strs, trait: str, description: str })),
    risk_profile: { oneOf: [obj({ post_ids: strs, posture: str, time_horizon: str, position_sizing: str, reaction_to_loss: str }), { type: 'null' }] },
    information_processing: { oneOf: [obj({ post_ids: strs, style: str, evidence_preference: str, handles_ambiguity: str, changes_mind_when: str }), { type: 'null' }] },
    recommendation_hints: { oneOf: [obj({ market_categories: strs, tone: str, avoid: strs }), { type: 'null' }] },
    observations: arr(obj({ dimension: str, statement: str, post_ids: strs })), evidence: arr(obj({ post_id: str, url: uri, published_at: strN, excerpt: str })),
    confidence: { type: 'string', enum: ['low', 'medium', 'high'] }, gaps: strs,
    meta: obj({ research_turns: { type: 'integer', minimum: 1, maximum: 3 }, research_ceiling: { const: 3 }, focus: str, searches: arr(obj({ turn: int, query: str })), model: str, generated_at: dt, cached: bool, cache_expires_at: dt, cache_age_seconds: int }, ['research_turns', 'research_ceiling', 'focus', 'searches', 'model', 'generated_at', 'cached', 'cache_expires_at']),
  }),
  XSearchRequest: obj({ query: { type: 'string', minLength: 1, maxLength: 256 }, range_days: { type: 'integer', minimum: 1, maximum: 180, default: 30 }, max_results: { type: 'integer', minimum: 1, maximum: 30, default: 15 }, handles: arr({ type: 'string', pattern: '^@?[A-Za-z0-9_]{1,15}$' }, { maxItems: 10 }), experts_only: { type: 'boolean', default: false }, sort: { type: 'string', enum: ['relevance', 'recent'], default: 'relevance' } }, ['query'], { additionalProperties: false }),
  XSearch: obj({ query: str, range: obj({ from: dt, to: dt, days: int }), sort: str, results: arr(obj({ post_id: str, url: uri, author_handle: str, author_display_name: strN, is_expert: bool, text: str, published_at: dt, metrics: obj({ likes: int, reposts: int, replies: int }), matched_terms: strs, score: num })), count: int, stored: { const: false }, provider: obj({ status: str, executed: bool }) }),
  GenerationBody: obj({ kind: { const: 'venue_market' }, venue: ref('VenueKey'), market_id: { type: 'string', minLength: 1, maxLength: 512 } }, ['kind', 'venue', 'market_id'], { additionalProperties: false }),
  JobAccepted: obj({ jobId: { type: 'string', format: 'uuid' }, status: { type: 'string', enum: ['accepted', 'submitted', 'running', 'succeeded', 'rejected', 'failed'] }, createdAt: dt }),
  ForecastRequestForecast: obj({ id: str, question: strN, probability: prob, createdAt: dt, headline: strN, bluf: strN, thesis: strN, reasoningSummary: strN, citationCount: { type: 'integer', minimum: 0 }, relationships: ref('Relationships') }),
  ForecastRequest: obj({ jobId: { type: 'string', format: 'uuid' }, status: { type: 'string', enum: ['accepted', 'submitted', 'running', 'succeeded', 'rejected', 'failed'] }, createdAt: dt, updatedAt: dt, forecastIds: strs, forecasts: arr(ref('ForecastRequestForecast')), errorCode: strN, listing: nul('MarketRouting') }),
  Availability: obj({
    tracked: bool, available: bool, market: nul('MarketWithRelationships'), question: strN,
    latestForecast: { oneOf: [obj({ id: str, createdAt: dt, relationships: ref('Relationships') }), { type: 'null' }] },
    read: { oneOf: [obj({ method: { const: 'GET' }, endpoint: str, paid: { const: true }, priceUsd: str }), { type: 'null' }] },
    generation: { oneOf: [obj({ method: { const: 'POST' }, endpoint: { const: '/api/auth/forecast-requests' }, authentication: obj({ type: { const: 'api_key' }, header: { const: 'x-service-api-key' } }), idempotencyKeyRequired: { const: true }, idempotencyKeyHeader: { const: 'Idempotency-Key' }, costUsd: str, body: ref('GenerationBody') }), { type: 'null' }] },
    targetResolution: { oneOf: [obj({ endpoint: str, reason: { const: 'venue_event_requires_market' }, message: str, marketCount: { type: 'integer', minimum: 1 } }), { type: 'null' }] },
    excluded: { oneOf: [obj({ reason: { type: 'string', enum: ['sports', 'mentions', 'crypto_up_down'] }, message: str }), { type: 'null' }] },
  }),
  ChildMarketB: obj({ ticker: str, eventTicker: str, title: str, subtitle: str, strikeType: str, floorStrike: numN, capStrike: numN, yesBid: probN, yesAsk: probN, lastPrice: probN, volume24h: numN, openInterest: numN, status: str, closeTime: dt, generation: { oneOf: [obj({ costUsd: str, body: ref('GenerationBody') }), { type: 'null' }] } }),
  ChildMarketA: obj({ marketId: str, question: strN, outcome: str, slug: strN, yesBid: probN, yesAsk: probN, lastPrice: probN, volume24h: numN, status: str, closeTime: dt, generation: { oneOf: [obj({ costUsd: str, body: ref('GenerationBody') }), { type: 'null' }] } }),
  TargetEvent: obj({ ticker: str, title: str, subtitle: str, category: str, mutuallyExclusive: bool, sourceUrl: uriN }),
  TargetResolutionB: obj({ input: str, venue: { const: 'venue_b' }, targetType: { type: 'string', enum: ['event', 'market'] }, selectionRequired: bool, event: ref('TargetEvent'), selectedMarket: ref('ChildMarketB'), markets: arr(ref('ChildMarketB')), generation: nul('GenerationBody'), allContracts: ref('AllContracts'), excluded: obj({ reason: str, message: str }) }, ['input', 'venue', 'targetType', 'selectionRequired', 'event', 'markets', 'allContracts']),
  TargetResolutionA: obj({ input: str, venue: { const: 'venue_a' }, targetType: { type: 'string', enum: ['event', 'market'] }, selectionRequired: bool, event: ref('TargetEvent'), selectedMarket: ref('ChildMarketA'), markets: arr(ref('ChildMarketA')), generation: nul('GenerationBody'), allContracts: ref('AllContracts'), excluded: obj({ reason: str, message: str }) }, ['input', 'venue', 'targetType', 'selectionRequired', 'event', 'markets', 'allContracts']),
  TargetResolution: { oneOf: [ref('TargetResolutionB'), ref('TargetResolutionA')], discriminator: { propertyName: 'venue', mapping: { venue_b: '#/components/schemas/TargetResolutionB', venue_a: '#/components/schemas/TargetResolutionA' } } },
  AllContracts: obj({ marketCount: { type: 'integer', minimum: 1 }, estimatedCostUsd: str, requests: arr(ref('GenerationBody')) }),
  Pricing: obj({ currency: { const: 'USD' }, creditsPerUsd: int, priceIncrementUsd: str, operations: arr(obj({ method: str, path: str, operationId: str, priceUsd: str, credits: int, payment: strs, limitScope: strN })), x402: { type: 'object' }, apiKeyHeader: str }),
  Wallet: obj({ address: str, chain_id: int, provider: strN, method: { type: 'string', enum: ['x402', 'signature'] }, attested_at: dt }),
  WalletLink: obj({ wallet: ref('Wallet'), already_attested: bool }),
  Wallets: obj({ wallets: arr(ref('Wallet')) }),
  LinkToken: obj({ token: { type: 'string', pattern: '^svc_[A-Za-z0-9_-]{43}$' }, expiresAt: dt, expiresInSeconds: { const: 900 }, singleUse: { const: true }, link: obj({ method: { const: 'GET' }, endpoint: str, payment: { const: 'x402' } }) }),
  ChallengeRequest: obj({ address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, chain_id: { type: 'integer', enum: [8453, 4663], default: 8453 }, provider: { type: 'string', maxLength: 64 } }, ['address'], { additionalProperties: false }),
  Challenge: obj({ challengeId: { type: 'string', format: 'uuid' }, message: { type: 'string', description: 'EIP-4361 message to sign with personal_sign.' }, nonce: str, issuedAt: dt, expiresAt: dt }),
  AttestRequest: obj({ challengeId: str, signature: { type: 'string', pattern: '^0x[0-9a-fA-F]+$' } }, ['challengeId', 'signature'], { additionalProperties: false }),
  Portfolio: obj({ owner: str, venues: arr(ref('VenueKey')), positions: arr(obj({ venue: ref('VenueKey'), market: ref('MarketRouting'), question: strN, outcome: { type: 'string', enum: ['YES', 'NO'] }, size: num, avg_price: num, mark_price: numN, value_usd: numN, unrealized_pnl_usd: numN, updated_at: dt })), totals: obj({ position_count: int, value_usd: num, unrealized_pnl_usd: num }), as_of: dt }),
};
