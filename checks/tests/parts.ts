/**
 * Hand-made parts shared by the checks' fixtures: a relationships envelope, a venue quote, a
 * market list row (routing, serviceUrl, quote, odds, relationships) and per-rule mutants of each,
 * which composite checks lift onto the market they embed (cases.ts `lift`).
 */
type Row = Record<string, unknown>;

export const SITE = 'https://site.test';
export const UUID = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An AssetRef of a market's relationships. */
export const assetRef = (n: number): Row => ({
  relationship: 'HAS_MARKET',
  direction: 'incoming',
  via: 'direct',
  id: UUID(n),
  assetKey: `asset-${n}`,
  name: `Asset ${n}`,
  ticker: null,
  asset_type: 'company',
});

/** A relationships envelope: one asset ref, nothing truncated. */
export const envelope = (): Row => ({
  assets: [assetRef(1)],
  markets: [],
  signals: [],
  truncated: { assets: false, markets: false, signals: false },
});

/** Envelope mutants (REL-*): each breaks one rule of checkRelationships. */
export const ENVELOPE_MUTANTS: Record<string, (env: Row) => void> = {
  'REL-001': (e) => {
    e.assets = Array.from({ length: 51 }, (_, i) => assetRef(i + 1));
    e.truncated = { assets: true, markets: false, signals: false };
  },
  'REL-002': (e) => {
    (e.truncated as Row).assets = true;
  },
  'REL-003': (e) => {
    (e.assets as Row[])[0]!.relationships = envelope();
  },
  'REL-004': (e) => {
    (e.assets as Row[])[0]!.market_odds = 0.4;
  },
  'REL-005': (e) => {
    (e.assets as Row[])[0]!.relationship = 'AFFECTS';
  },
  'REL-006': (e) => {
    e.forecasts = [];
  },
  'REL-009': (e) => {
    (e.assets as Row[]).push(assetRef(1));
  },
};

/** A live venue_a quote (midpoint, verified) of probability 0.4. */
export const liveQuote = (venue = 'venue_a', p = 0.4): Row => ({
  schema_version: '1',
  venue,
  market_id: '512',
  yes_bid: 0.39,
  yes_ask: 0.41,
  yes_last: 0.4,
  selected_probability: p,
  quote_method: 'midpoint',
  venue_timestamp: '2026-11-20T10:00:00Z',
  observed_at: '2026-11-20T10:00:01Z',
  freshness: 'verified',
});

/** The routing fields of a row on `venue` with native id `native`, consistent with each other. */
export function routingOf(venue: string, native: string): Row {
  const sid = `${venue}:${native}`;
  return {
    marketKey: sid,
    venue,
    nativeMarketId: native,
    nativeEventId: null,
    seriesTicker: null,
    serviceMarketId: sid,
    marketUrl: null,
    sourceUrl: null,
    slug: venue === 'venue_a' ? `will-it-rain-${native}` : null,
    broker_channels: venue === 'venue_b' ? ['broker_a'] : [],
    broker_a_category: venue === 'venue_b' ? 'weather' : null,
    broker_a_url: null,
    venueAUrl: venue === 'venue_a' ? `https://venue-a.test/markets/${native}` : null,
    serviceUrl: `${SITE}/markets/${encodeURIComponent(sid)}`,
  };
}

/** A canonical market with relationships (no quote): routing + envelope. */
export const canonicalMarket = (native = '512', venue = 'venue_a'): Row => ({
  ...routingOf(venue, native),
  question: 'Will it rain?',
  relationships: envelope(),
});

/** A market list item: routing, serviceUrl, a live quote, market_odds equal to it, relationships. */
export const marketRow = (native = '512', venue = 'venue_a'): Row => ({
  ...canonicalMarket(native, venue),
  event: { id: 'evt_1', title: 'Weather', slug: null },
  tags: ['weather'],
  categories: ['climate'],
  end_date: '2026-12-31T00:00:00Z',
  inDispute: false,
  clarifications: null,
  venue_quote: { ...liveQuote(venue), market_id: native },
  market_odds: 0.4,
  volume_24h: 1200,
  signal_count: 1,
  forecast_count: 1,
  latest_forecast_at: '2026-11-20T09:00:00Z',
  market_updated_at: '2026-11-20T09:30:00Z',
  latest_forecast_delta: null,
  latest_forecast_refresh_reason: null,
});

/** Rewrites a row's routing to `venue` consistently (venueAUrl, broker fields, serviceUrl). */
export function moveToVenue(row: Row, venue: string): void {
  Object.assign(row, routingOf(venue, String(row.nativeMarketId)));
}

/** Routing mutants of a row (ROUTE-001, -003, -004, -006, -008). */
export const ROUTING_MUTANTS: Record<string, (row: Row) => void> = {
  'ROUTE-001': (r) => {
    r.marketKey = `${String(r.venue)}:other`;
  },
  'ROUTE-003': (r) => {
    r.serviceMarketId = `x${String(r.nativeMarketId)}`;
    r.serviceUrl = null;
  },
  'ROUTE-004': (r) => {
    r.broker_channels = r.venue === 'venue_b' ? ['broker_z'] : ['broker_a'];
  },
  'ROUTE-006': (r) => {
    r.venueAUrl = r.venue === 'venue_a' ? null : 'https://venue-a.test/markets/1';
  },
  'ROUTE-008': (r) => {
    r.broker_channels = [];
    r.broker_a_category = 'weather';
  },
};

/** The serviceUrl mutant of a row (ROUTE-005). */
export const SERVICE_URL_MUTANTS: Record<string, (row: Row) => void> = {
  'ROUTE-005': (r) => {
    r.serviceUrl = `${SITE}/market/${encodeURIComponent(String(r.serviceMarketId))}`;
  },
};

/** Quote mutants of a row carrying venue_quote and market_odds (QUOTE-001..005, -008). */
export const QUOTE_MUTANTS: Record<string, (row: Row) => void> = {
  'QUOTE-001': (r) => {
    (r.venue_quote as Row).freshness = 'stale';
  },
  'QUOTE-002': (r) => {
    moveToVenue(r, 'venue_c');
    Object.assign(r.venue_quote as Row, { venue: 'venue_c', quote_method: 'graph_snapshot', freshness: 'verified' });
  },
  'QUOTE-003': (r) => {
    r.market_odds = 0.5;
  },
  'QUOTE-004': (r) => {
    (r.venue_quote as Row).quote_method = null;
  },
  'QUOTE-005': (r) => {
    (r.venue_quote as Row).quote_method = 'graph_snapshot';
  },
  'QUOTE-008': (r) => {
    (r.venue_quote as Row).venue = 'venue_b';
  },
};

/** Envelope mutants applied to a row's relationships. */
export const ROW_RELATIONSHIP_MUTANTS: Record<string, (row: Row) => void> = Object.fromEntries(
  Object.entries(ENVELOPE_MUTANTS).map(([rule, change]) => [rule, (r: Row) => change(r.relationships as Row)]),
);

/** Every mutant of a canonical market (routing and relationships). */
export const CANONICAL_MUTANTS = { ...ROUTING_MUTANTS, ...ROW_RELATIONSHIP_MUTANTS };

/** Every mutant of a market list item (ROUTE-002 needs two rows: list checks add it). */
export const ROW_MUTANTS = { ...ROUTING_MUTANTS, ...SERVICE_URL_MUTANTS, ...QUOTE_MUTANTS, ...ROW_RELATIONSHIP_MUTANTS };
