// Component schemas of the served OpenAPI 3.1 document (JSON Schema 2020-12
// dialect). These mirror the serializers in src/domain/views.mjs and the
// route modules; keep them in step when a shape changes.
export const S = {
  str: (extra = {}) => ({ type: 'string', ...extra }),
  strN: (extra = {}) => ({ type: ['string', 'null'], ...extra }),
  num: (extra = {}) => ({ type: 'number', ...extra }),
  numN: (extra = {}) => ({ type: ['number', 'null'], ...extra }),
  int: (extra = {}) => ({ type: 'integer', ...extra }),
  bool: () => ({ type: 'boolean' }),
  boolN: () => ({ type: ['boolean', 'null'] }),
  dt: () => ({ type: 'string', format: 'date-time' }),
  dtN: () => ({ type: ['string', 'null'], format: 'date-time' }),
  uri: () => ({ type: 'string', format: 'uri' }),
  uriN: () => ({ type: ['string', 'null'], format: 'uri' }),
  arr: (items, extra = {}) => ({ type: 'array', items, ...extra }),
  ref: (n) => ({ $ref: `#/components/schemas/${n}` }),
  refN: (n) => ({ anyOf: [{ $ref: `#/components/schemas/${n}` }, { type: 'null' }] }),
  c: (v) => ({ const: v }),
  en: (values) => ({ enum: values }),
  obj(props, optional = []) {
    return { type: 'object', properties: props, required: Object.keys(props).filter((k) => !optional.includes(k)) };
  },
};
const { str, strN, num, numN, int, bool, boolN, dt, dtN, uri, uriN, arr, ref, refN, c, en, obj } = S;
const p01 = numN({ minimum: 0, maximum: 1 });

const routingProps = {
  venue: ref('VenueKey'), nativeMarketId: str(), nativeEventId: strN(), seriesTicker: strN(), marketKey: str(),
  serviceMarketId: str({ description: 'Bare numeric for venue_a rows, <venue>:<native id> elsewhere.' }), slug: strN(),
  marketUrl: uriN(), sourceUrl: uriN(), broker_channels: arr(en(['broker_a'])), broker_a_category: strN(), broker_a_url: uriN(),
};
const refCommon = { relationship: en(['HAS_MARKET', 'ON_MARKET', 'ON_FORECAST', 'HAS_SIGNAL']), direction: en(['incoming', 'outgoing']), via: en(['direct', 'market', 'asset']) };
const listItemProps = {
  ...routingProps, question: strN(), event: obj({ id: str(), title: str(), slug: strN() }), tags: arr(str()), categories: arr(str()), end_date: dtN(),
  market_odds: p01, venue_quote: refN('VenueQuoteV1'), inDispute: bool(),
  clarifications: { type: ['array', 'null'], items: obj({ issued_at: dt(), text: str() }), description: 'Null when the market has no clarification notes.' },
  volume_24h: numN(), signal_count: int({ minimum: 0, description: 'Published trade-signal publications on the market.' }),
  forecast_count: int({ minimum: 0, description: 'Forecasts inside the max_forecast_age window.' }), latest_forecast_at: dtN(), market_updated_at: dt(),
  latest_forecast_delta: numN(), latest_forecast_refresh_reason: strN(), serviceUrl: uriN(), venueAUrl: uriN(),
};
const hydration = {
  has_forecast: bool(), latest_service_probability: p01, thesis: strN(), forecast_at: dtN(), market_odds_at_forecast: p01,
  has_published_signal: bool(), published_signal_count: int({ minimum: 0 }),
};
const relevance = obj({ score: num(), matched_by: arr(str()), matched_fields: arr(str()) });
const genBody = obj({ kind: c('venue_market'), venue: ref('VenueKey'), market_id: str({ minLength: 1, maxLength: 512 }) });
const drawdown = obj({ yes: num({ minimum: 0, maximum: 1 }), no: num({ minimum: 0, maximum: 1 }), anchored_at: dt() });
const pathway = obj({ criteria: strN(), crux: strN(), deadline: dtN(), source: strN() });

export const schemas = {
  VenueKey: { type: 'string', enum: ['venue_a', 'venue_a_us', 'venue_b', 'venue_c'] },
  Error: {
    ...obj({
      error: str(), message: str(), retry_after: int({ description: 'Seconds to wait (429 only).' }), retryAfter: int({ description: 'Owner-scoped forecast-request quota errors.' }),
      limit_scope: str({ description: 'standard, x_research, ip or oil_signal' }), quotaScope: str(), limit: int(), reason: str(), marketKey: str(), ticker: str(),
      post_count: int(), required: int(), x402Version: int(),
    }, ['retry_after', 'retryAfter', 'limit_scope', 'quotaScope', 'limit', 'reason', 'marketKey', 'ticker', 'post_count', 'required', 'x402Version']),
  },
  CanonicalMarketRouting: obj(routingProps),
  AssetRef: obj({ ...refCommon, id: str({ format: 'uuid' }), assetKey: str(), name: str(), ticker: strN(), asset_type: str() }),
  MarketRef: obj({ ...refCommon, marketKey: str(), venue: ref('VenueKey'), nativeMarketId: str(), question: strN() }),
  SignalRef: obj({ ...refCommon, id: str(), signal_type: c('prediction_market'), canonical_endpoint: c('/api/v1/signals'), side: strN(), published_at: dtN() }),
  Relationships: obj({
    assets: arr(ref('AssetRef'), { maxItems: 50 }), markets: arr(ref('MarketRef'), { maxItems: 50 }), signals: arr(ref('SignalRef'), { maxItems: 50 }),
    truncated: obj({ assets: bool(), markets: bool(), signals: bool() }),
  }),
  CanonicalMarketWithRelationships: obj({ ...routingProps, relationships: ref('Relationships') }),
  VenueQuoteV1: obj({
    schema_version: c('1'), venue: { anyOf: [ref('VenueKey'), { type: 'null' }] }, market_id: strN(), yes_bid: p01, yes_ask: p01, yes_last: p01, selected_probability: p01,
    quote_method: { type: ['string', 'null'], enum: ['midpoint', 'bid', 'ask', 'last_trade_fresh', 'graph_snapshot', null] }, venue_timestamp: dtN(), observed_at: dtN(),
    freshness: en(['verified', 'stale']),
  }),
  MarketListItem: obj(listItemProps),
  LinkedMarket: obj({ ...listItemProps, ...hydration }),
  MarketSearchRow: obj({ ...listItemProps, ...hydration, relevance }),
  AssetIdentifier: obj({ platform: str(), kind: str(), value: str() }),
  AssetMeta: obj({ id: str({ format: 'uuid' }), assetKey: str(), name: str(), ticker: strN(), asset_type: str(), aliases: arr(str()), identifiers: arr(ref('AssetIdentifier')) }),
  AssetSearchItem: obj({
    id: str({ format: 'uuid' }), assetKey: str(), name: str(), ticker: strN(), asset_type: str(), aliases: arr(str()), identifiers: arr(ref('AssetIdentifier')),
    linked_market_count: int({ minimum: 0 }), linked_markets: arr(ref('LinkedMarket')),
    market_summary: obj({ active_market_count: int(), markets_with_forecast: int(), markets_with_published_signal: int(), mispriced_market_count: int(), mispricing_threshold_pp: num() }),
    relevance,
  }),
  Retrieval: obj({ graph: str(), lexical: str() }),
  ArticleEvidence: obj({
    id: str(), title: str(), comment: str(), direction: { type: ['string', 'null'], enum: ['yes', 'no', null] }, url: uri(), source: str(),
    published_at: dt(), correlated_at: dt(), confidence: en(['high', 'medium', 'low']), evidence_quote: str(),
  }),
  SourceItem: obj({
    type: en(['article', 'x_post']), market_slug: str({ description: 'The market slug, or its marketKey when the slug is null.' }), market: ref('CanonicalMarketWithRelationships'),
    title: str(), url: uri(), source_name: str(), feed_tier: en(['tier_1', 'tier_2', 'tier_3', 'social']), published_at: dt(),
    relevance: obj({ confidence: str(), reasoning: str(), evidence_quote: str() }), author_handle: str(), is_expert: bool(),
  }),
  GenerationBody: genBody,
  ForecastRequestForecast: obj({
    id: str(), question: strN(), probability: num({ minimum: 0, maximum: 1 }), createdAt: dt(), headline: strN(), bluf: strN(), thesis: strN(), reasoningSummary: strN(),
    citationCount: int({ minimum: 0 }), relationships: ref('Relationships'),
  }),
  ForecastRequest: obj({
    jobId: str({ format: 'uuid' }), status: en(['accepted', 'submitted', 'running', 'succeeded', 'rejected', 'failed']), createdAt: dt(), updatedAt: dt(),
    forecastIds: arr(str()), forecasts: arr(ref('ForecastRequestForecast')), errorCode: strN({ description: 'market_not_open (rejected) or research_pipeline_error (failed).' }),
    listing: refN('CanonicalMarketRouting'),
  }),
  CompactForecast: obj({
    venue: { anyOf: [ref('VenueKey'), { type: 'null' }] }, market: refN('CanonicalMarketRouting'), id: str(), probability: num(), created_at: dt(), headline: strN(), thesis: strN(),
    resolution_pathway: pathway, delta_from_prior: numN(), delta_reasoning: strN(), refresh_reason: strN(), relationships: ref('Relationships'),
  }),
  LatestMarket: obj({
    ...routingProps, id: strN({ description: 'Legacy numeric id for venue_a rows, null elsewhere.' }), question: str(), condition_id: strN(), end_date: dtN(),
    serviceUrl: uriN(), venueAUrl: uriN(), venue_data: obj({ yes_odds: p01, volume_24h: numN() }), venue_quote: refN('VenueQuoteV1'), relationships: ref('Relationships'),
  }, ['question']),
  LatestEvent: obj({
    type: en(['forecast', 'article', 'x_post']), id: str(), occurred_at: dt(),
    source: { type: ['object', 'null'], description: 'article: title, url, source_name, feed_tier, published_at, confidence, direction. x_post: author_handle, url, text, published_at, is_expert. forecast: null.' },
    market: ref('LatestMarket'), forecast: refN('CompactForecast'),
  }),
  Forecast: obj({
    id: str(), probability: num({ minimum: 0, maximum: 1 }), created_at: dt(), headline: strN(), bluf: strN(), thesis: strN(), reasoning: strN(), reasoning_summary: strN(),
    sources: arr(obj({ id: str(), title: str(), url: uri(), source_name: str(), published_at: dt() })),
    uncertainty: obj({ lower: num(), upper: num(), interval: num() }), resolution_pathway: pathway, market_odds_at_forecast: p01,
    delta_from_prior: numN(), delta_reasoning: strN(), refresh_reason: strN(), drawdown_risk_72h: drawdown,
    crash_risk: { ...drawdown, description: 'Former name of drawdown_risk_72h; same value.', deprecated: true }, relationships: ref('Relationships'),
  }),
  ForecastHistoryRow: obj({ id: str(), probability: num(), created_at: dt(), headline: strN(), delta_from_prior: numN(), refresh_reason: strN(), market_odds_at_forecast: p01, drawdown_risk_72h: drawdown }),
  ChildMarket: obj({
    ticker: str(), eventTicker: str(), title: strN(), subtitle: strN(), strikeType: strN(), floorStrike: numN(), capStrike: numN(),
    yesBid: p01, yesAsk: p01, lastPrice: p01, volume24h: numN(), openInterest: numN(), status: en(['open', 'closed']), closeTime: dtN(),
    generation: obj({ costUsd: str(), body: genBody }), question: strN(), outcomeLabel: strN(), marketId: str(),
  }, ['question', 'outcomeLabel', 'marketId']),
  TargetResolution: obj({
    input: str(), venue: en(['venue_b', 'venue_a']), targetType: en(['event', 'market']), selectionRequired: bool(),
    event: obj({ ticker: str(), title: str(), subtitle: str(), category: str(), mutuallyExclusive: bool(), sourceUrl: uri() }),
    selectedMarket: ref('ChildMarket'), markets: arr(ref('ChildMarket')), generation: genBody,
    allContracts: obj({ marketCount: int({ minimum: 1 }), estimatedCostUsd: str(), requests: arr(genBody) }),
  }, ['selectedMarket', 'generation']),
  Availability: obj({
    tracked: bool(), available: bool(), market: refN('CanonicalMarketWithRelationships'), question: strN(),
    latestForecast: { anyOf: [obj({ id: str(), createdAt: dt(), relationships: ref('Relationships') }), { type: 'null' }] },
    read: { anyOf: [obj({ method: c('GET'), endpoint: str(), paid: c(true), priceUsd: str() }), { type: 'null' }] },
    generation: {
      anyOf: [obj({
        method: c('POST'), endpoint: c('/api/auth/forecast-requests'), authenticationHeader: c('x-service-api-key'), idempotencyKeyRequired: c(true),
        idempotencyKeyHeader: c('X-Idempotency-Key'), body: genBody, priceUsd: str(),
      }), { type: 'null' }],
    },
    targetResolution: { anyOf: [obj({ endpoint: str(), reason: c('venue_event_requires_market'), message: str(), marketCount: int({ minimum: 1 }) }), { type: 'null' }] },
    excluded: { anyOf: [obj({ reason: en(['sports', 'mentions', 'crypto_up_down']), message: str() }), { type: 'null' }] },
  }),
  TradeSignal: obj({
    id: str(), signal_type: c('prediction_market'), canonical_endpoint: c('/api/v1/signals'), market: ref('CanonicalMarketRouting'), question: strN(),
    side: en(['yes', 'no']), status: en(['active', 'expired']), published_at: dt(), headline: str(), conviction: en(['high', 'medium', 'low']), conviction_score: num(),
    convergence: obj({ forecast_probability: num(), market_probability_at_publish: num(), gap_pp: num(), state: en(['diverging', 'stable', 'converging']) }),
    capacity: obj({ max_notional_usd: num(), book_depth_usd: num() }), entry_price: num(), forecast_id: str(),
    drawdown_risk_elevated: { ...boolN(), description: 'true: at least 15% modelled probability that the signal side loses most of its remaining value within ~72h. null: no current read (unknown, not safe).' },
    crash_risk_elevated: { ...boolN(), deprecated: true, description: 'Former name of drawdown_risk_elevated.' },
  }),
  OilSignal: obj({
    asset: c('crude-wti'),
    reading: {
      anyOf: [obj({
        id: str(), reading_date: str({ format: 'date' }), is_current: bool(), days_since_reading: num(), state: str(), side: str(), z: num(), gap: num(), intensity: str(),
        basis_forecasts: num(), basis_markets: num(), headline: str(), summary: str(), formula_version: str(), relationships: ref('Relationships'),
      }), { type: 'null' }],
    },
    reading_missing: bool(),
    episode: obj({ id: str(), opened_at: dt(), days: num(), status: str(), side: str(), ref_price: num(), outcome_price: numN(), outcome_at: dtN(), return_pct: numN(), live_return_pct: numN() }),
    marks: obj({
      venue_a_perps: { anyOf: [obj({ symbol: str(), mark: num(), index: num(), funding_rate: num(), at: dt() }), { type: 'null' }] },
      perp_venue_b: { anyOf: [obj({ coin: str(), mid: num(), at: dt() }), { type: 'null' }] },
    }),
    degraded: bool(),
  }),
  WalletAttestation: obj({ address: str(), chain_id: int(), provider: strN(), method: en(['x402', 'signature']), attested_at: dt() }),
  SocialProfile: obj({
    handle: str(), display_name: strN(), profile_url: uri(),
    service_metadata: obj({
      handle: str(), display_name: strN(), x_user_id: strN(), current_username: strN(), is_service_expert: bool(),
      service_expert: { anyOf: [obj({ designation: c('reviewed_expert'), policy_version: strN() }), { type: 'null' }] },
    }),
    window: obj({ from_date: str({ format: 'date' }), to_date: str({ format: 'date' }), lookback_days: int(), post_count: int() }),
    interests: arr(obj({ post_ids: arr(str()), topic: str(), weight: num({ minimum: 0, maximum: 1 }) })),
    beliefs: arr(obj({ post_ids: arr(str()), claim: str(), confidence: str() })),
    tendencies: arr(obj({ post_ids: arr(str()), trait: str(), description: str() })),
    risk_profile: { anyOf: [obj({ post_ids: arr(str()), posture: str(), time_horizon: str(), position_sizing: str(), reaction_to_loss: str() }), { type: 'null' }] },
    information_processing: { anyOf: [obj({ post_ids: arr(str()), style: str(), evidence_preference: str(), handles_ambiguity: str(), changes_mind_when: str() }), { type: 'null' }] },
    recommendation_hints: { anyOf: [obj({ market_categories: arr(str()), tone: str(), avoid: arr(str()) }), { type: 'null' }] },
    observations: arr(obj({ dimension: str(), statement: str(), post_ids: arr(str()) })),
    evidence: arr(obj({ post_id: str(), url: uri(), published_at: strN(), excerpt: str() })),
    confidence: en(['low', 'medium', 'high']), gaps: arr(str()),
    meta: { type: 'object', description: 'focus, research_turns, max_research_turns, searches, evidence_goals, cached, generated_at, cache_expires_at, model.' },
  }),
  PaymentRequired: {
    description: 'Decoded PAYMENT-REQUIRED header (base64 JSON, x402 v2).',
    ...obj({
      x402Version: c(2), error: str(), resource: obj({ url: str(), description: str(), mimeType: str() }),
      accepts: arr(obj({ scheme: c('exact'), network: en(['eip155:4663', 'eip155:8453']), asset: str(), amount: str(), payTo: str(), maxTimeoutSeconds: int(), extra: obj({ name: str(), version: str() }) })),
    }),
  },
  SettleResponse: { description: 'Decoded PAYMENT-RESPONSE header (base64 JSON).', ...obj({ success: bool(), transaction: str(), network: str(), payer: str(), amount: str() }) },
};
