/**
 * Fixtures of the market-row checks: routing (ROUTE-*), venue quote (QUOTE-*), relationships
 * (REL-*) and their composites (checks/market-row.ts).
 */
import { CHECKS } from '../registry.ts';
import { marketSightings } from '../routing.ts';
import { cases, lift, mutate } from './cases.ts';
import {
  assetRef,
  canonicalMarket,
  envelope,
  ENVELOPE_MUTANTS,
  liveQuote,
  marketRow,
  moveToVenue,
  CANONICAL_MUTANTS,
  ROUTING_MUTANTS,
  ROW_MUTANTS,
  SITE,
} from './parts.ts';

const C = CHECKS;
type Row = Record<string, unknown>;
const ctx = { siteUrl: SITE };
/** The market sightings of one answer holding `objects` in order (ROUTE-014). */
const marketsOf = (objects: unknown[]) => marketSightings(objects);
const row = marketRow();
/** A MarketRef of an envelope, seen from `via`'s node with `direction`. */
const marketRefOf = (direction: string, via: string, relationship = 'HAS_MARKET'): Row => ({
  relationship,
  direction,
  via,
  marketKey: 'venue_a:7',
  venue: 'venue_a',
  nativeMarketId: '7',
  question: null,
});

/** An envelope whose markets category holds 50 refs, flagged truncated or not. */
const cappedMarkets = (truncated: boolean): Row => ({
  ...envelope(),
  markets: Array.from({ length: 50 }, (_, i) => ({
    ...marketRefOf('outgoing', 'asset'),
    marketKey: `venue_a:${1000 + i}`,
    nativeMarketId: String(1000 + i),
  })),
  truncated: { assets: false, markets: truncated, signals: false },
});

/** A venue_c graph_snapshot quote (stored snapshot: stale, observed once at 10:05). */
const SNAPSHOT = {
  ...liveQuote('venue_c'),
  market_id: '0xabc',
  quote_method: 'graph_snapshot',
  venue_timestamp: '2026-11-20T10:00:00Z',
  observed_at: '2026-11-20T10:05:00Z',
  freshness: 'stale',
};

export const MARKET_CASES = [
  cases({
    check: C.checkRouting,
    ok: [
      [marketRow(), ''],
      [mutate(marketRow('7'), (r) => moveToVenue(r, 'venue_b')), '/m'],
      [mutate(marketRow(), (r) => (r.serviceMarketId = '512')), ''],
    ],
    bad: lift(C.checkRouting, [marketRow(), ''], ROUTING_MUTANTS, ([r]) => r),
  }),
  cases({
    check: C.checkVenueAUrl,
    ok: [
      ['venue_a', 'https://venue-a.test/markets/1', '/venueAUrl'],
      ['venue_b', null, '/venueAUrl'],
    ],
    bad: { 'ROUTE-006': ['venue_c', 'https://venue-a.test/markets/1', '/venueAUrl'] },
  }),
  cases({
    check: C.checkServiceUrl,
    ok: [
      [row.serviceUrl, row.serviceMarketId, SITE, '/serviceUrl'],
      [null, 'venue_a:512', SITE, '/serviceUrl'],
      ['anything', 'venue_a:512', '', '/serviceUrl'],
      // gap ROUTE-010: ':' is a valid path character, and the host's letter case is not the path's
      [`${SITE}/markets/venue_a:512`, 'venue_a:512', SITE, '/serviceUrl'],
      [`${SITE.toUpperCase().replace('HTTPS', 'https')}/markets/venue_a%3a512`, 'venue_a:512', `${SITE}/`, '/serviceUrl'],
    ],
    bad: {
      'ROUTE-005': [`${SITE}/markets/venue_a%253A512`, 'venue_a:512', SITE, '/serviceUrl'],
    },
  }),
  cases({
    check: C.checkListingBrokers,
    ok: [
      [
        { marketKey: 'venue_b:KXFED-26APR-T3.75', broker_channels: ['broker_a'] },
        { marketKey: 'venue_b:KXFED-26APR-T3.75', broker_channels: ['broker_a'] },
        '',
      ],
      [{ marketKey: 'venue_a:1', broker_channels: [] }, { marketKey: 'venue_a:1', broker_channels: [] }, ''],
      // Another market (which market a listing names is gap JOB-023), or a listing without broker_channels: no case.
      [{ marketKey: 'venue_b:X', broker_channels: [] }, { marketKey: 'venue_b:Y', broker_channels: ['broker_a'] }, ''],
      [null, { marketKey: 'venue_b:Y', broker_channels: ['broker_a'] }, ''],
    ],
    bad: {
      'ROUTE-013': [
        { marketKey: 'venue_b:KXFED-26APR-T3.75', broker_channels: [] },
        { marketKey: 'venue_b:KXFED-26APR-T3.75', broker_channels: ['broker_a'] },
        '',
      ],
    },
  }),
  cases({
    check: C.checkMarketSeenTwice,
    // One market as a list row, as availability's routing object (end_date written in another RFC 3339 form) and as a
    // MarketRef leaving question null (no statement); a second market with other members.
    ok: [
      [
        marketsOf([
          marketRow('512'),
          { ...canonicalMarket('512'), end_date: '2026-12-31T00:00:00.000+00:00' },
          { marketKey: 'venue_a:512', venue: 'venue_a', nativeMarketId: '512', question: null },
          { ...marketRow('513'), question: 'Will it snow?' },
        ]),
        new Map(),
        'test',
      ],
    ],
    bad: {
      // Round-4 kin: one route states the market's broker channels (or its question) otherwise.
      'ROUTE-014': [
        marketsOf([marketRow('7', 'venue_b'), { ...canonicalMarket('7', 'venue_b'), question: 'Will it snow?' }]),
        new Map(),
        'test',
      ],
    },
  }),
  cases({
    check: C.checkMarketSeenTwice,
    // A routing object's null seriesTicker is a statement (no series): null on both routes agrees; null where another
    // route states KXWTI does not (round-27 bug: the mispriced list's venue_b rows).
    ok: [[marketsOf([marketRow('9', 'venue_b'), canonicalMarket('9', 'venue_b')]), new Map(), 'test']],
    bad: {
      'ROUTE-014': [
        marketsOf([{ ...marketRow('9', 'venue_b'), seriesTicker: 'KXWTI' }, canonicalMarket('9', 'venue_b')]),
        new Map(),
        'test',
      ],
    },
  }),
  cases({
    check: C.checkUniqueMarketKeys,
    ok: [[[marketRow('1'), marketRow('2')], '/markets']],
    bad: { 'ROUTE-002': [[marketRow('1'), marketRow('1')], '/markets'] },
  }),
  cases({
    check: C.checkVenueQuote,
    ok: [
      [liveQuote(), 'venue_a', '/venue_quote'],
      [{ ...liveQuote('venue_c'), quote_method: 'graph_snapshot', freshness: 'stale' }, 'venue_c', ''],
      [{ ...liveQuote('venue_b'), quote_method: null, selected_probability: null }, 'venue_b', ''],
    ],
    bad: {
      'QUOTE-001': [{ ...liveQuote(), quote_method: 'model' }, 'venue_a', ''],
      'QUOTE-002': [{ ...liveQuote('venue_a_us'), quote_method: 'graph_snapshot', freshness: 'verified' }, 'venue_a_us', ''],
      'QUOTE-004': [{ ...liveQuote(), selected_probability: null }, 'venue_a', ''],
      'QUOTE-005': [{ ...liveQuote('venue_b'), quote_method: 'graph_snapshot' }, 'venue_b', ''],
      'QUOTE-008': [liveQuote('venue_b'), 'venue_a', ''],
    },
  }),
  cases({
    check: C.checkSnapshotObservedAt,
    // One stored snapshot seen twice with one observed_at; a new snapshot (another venue_timestamp) may be observed later.
    ok: [
      [
        [
          [SNAPSHOT, '/a/venue_quote'],
          [SNAPSHOT, '/b/venue_quote'],
        ],
      ],
      [
        [
          [SNAPSHOT, '/a/venue_quote'],
          [{ ...SNAPSHOT, venue_timestamp: '2026-11-20T11:00:00Z', observed_at: '2026-11-20T11:05:00Z' }, '/b/venue_quote'],
        ],
      ],
      // One snapshot's instants written in another RFC 3339 form.
      [
        [
          [SNAPSHOT, '/a/venue_quote'],
          [{ ...SNAPSHOT, venue_timestamp: '2026-11-20T10:00:00.000+00:00', observed_at: '2026-11-20T10:05:00.000Z' }, '/b/venue_quote'],
        ],
      ],
    ],
    // The same snapshot shown with the answer's time as observed_at (round-5 bug: the mispriced list's quotes).
    bad: {
      'QUOTE-012': [
        [
          [SNAPSHOT, '/a/venue_quote'],
          [{ ...SNAPSHOT, observed_at: '2026-11-29T18:00:00Z' }, '/b/venue_quote'],
        ],
      ],
    },
  }),
  cases({
    check: C.checkObservationClock,
    // One live observation seen twice with one source clock; a later observation (another observed_at) or a moved
    // book (other prices) may state another; a graph_snapshot is QUOTE-012's.
    ok: [
      [
        [
          [liveQuote(), '/a/venue_quote'],
          [{ ...liveQuote(), venue_timestamp: '2026-11-20T10:00:00.000+00:00' }, '/b/venue_quote'],
        ],
      ],
      [
        [
          [liveQuote(), '/a/venue_quote'],
          [{ ...liveQuote(), venue_timestamp: '2026-11-20T10:00:30Z', observed_at: '2026-11-20T10:00:31Z' }, '/b/venue_quote'],
        ],
      ],
      [
        [
          [liveQuote(), '/a/venue_quote'],
          [{ ...liveQuote(), yes_bid: 0.38, selected_probability: 0.395, venue_timestamp: '2026-11-20T10:00:01Z' }, '/b/venue_quote'],
        ],
      ],
      [
        [
          [SNAPSHOT, '/a/venue_quote'],
          [{ ...SNAPSHOT, venue_timestamp: '2026-11-20T09:00:00Z' }, '/b/venue_quote'],
        ],
      ],
    ],
    // The same observation stating its observed_at as the book's update time (round-25 bug: asset search's linked markets).
    bad: {
      'QUOTE-015': [
        [
          [liveQuote(), '/a/venue_quote'],
          [{ ...liveQuote(), venue_timestamp: '2026-11-20T10:00:01Z' }, '/b/venue_quote'],
        ],
      ],
    },
  }),
  cases({
    check: C.checkOddsEqualQuote,
    ok: [
      [0.4, liveQuote(), '/market_odds'],
      [0.4, null, '/market_odds'],
    ],
    bad: { 'QUOTE-003': [0.41, liveQuote(), '/market_odds'] },
  }),
  cases({
    check: C.checkRelationships,
    ok: [[envelope(), '/relationships']],
    bad: lift(C.checkRelationships, [envelope(), '/relationships'], ENVELOPE_MUTANTS, ([e]) => e as Row),
  }),
  cases({
    check: C.checkQuoteSelection,
    ok: [
      [
        [
          [liveQuote(), '/a'],
          [{ ...liveQuote(), quote_method: 'bid', selected_probability: 0.39 }, '/b'],
          [{ ...liveQuote(), quote_method: 'ask', selected_probability: 0.41 }, '/c'],
          [{ ...liveQuote(), quote_method: 'fresh_last', selected_probability: 0.4 }, '/d'],
          // a midpoint rounded to the cent (gap QUOTE-010: the rounding is a choice)
          [{ ...liveQuote(), yes_bid: 0.38, yes_ask: 0.41, selected_probability: 0.4 }, '/e'],
          [{ ...liveQuote('venue_c'), quote_method: 'graph_snapshot', freshness: 'stale', yes_last: 0.3, selected_probability: 0.3 }, '/f'],
          [{ ...liveQuote('venue_b'), quote_method: null, selected_probability: null, venue_timestamp: null, observed_at: null }, '/g'],
        ],
      ],
    ],
    bad: {
      'QUOTE-009': [
        [
          [liveQuote(), '/a'],
          [{ ...liveQuote(), quote_method: 'ask', selected_probability: 0.39 }, '/b'],
        ],
      ],
      'QUOTE-010': [[[{ ...liveQuote('venue_c'), quote_method: 'graph_snapshot', freshness: 'stale', selected_probability: 0.9 }, '/f']]],
      'QUOTE-013': [[[{ ...liveQuote(), venue_timestamp: '2026-11-20T10:00:02Z' }, '/a']]],
    },
  }),
  cases({
    check: C.checkForecastSignalEdge,
    ok: [
      [
        {
          latestForecast: {
            relationships: { ...envelope(), signals: [{ relationship: 'ON_FORECAST', direction: 'incoming', via: 'direct', id: 's1' }] },
          },
        },
      ],
      // A market's own signals: HAS_SIGNAL (or ON_MARKET, gap REL-010) is not this rule's.
      [
        {
          marketKey: 'venue_a:512',
          relationships: { ...envelope(), signals: [{ relationship: 'HAS_SIGNAL', direction: 'outgoing', via: 'direct', id: 's1' }] },
        },
      ],
    ],
    bad: {
      'REL-013': [
        {
          latestForecast: {
            relationships: { ...envelope(), signals: [{ relationship: 'HAS_SIGNAL', direction: 'incoming', via: 'direct', id: 's1' }] },
          },
        },
      ],
    },
  }),
  cases({
    check: C.checkForecastAssetVia,
    ok: [
      [{ latestForecast: { relationships: { ...envelope(), assets: [{ ...assetRef(2), via: 'market' }] } } }],
      // A market's own envelope: its assets are direct.
      [{ marketKey: 'venue_a:512', relationships: envelope() }],
    ],
    bad: {
      'REL-012': [{ forecasts: [{ id: 'f1', probability: 0.4, created_at: '2026-11-30T10:00:00Z', relationships: envelope() }] }],
    },
  }),
  cases({
    check: C.checkHasMarketHops,
    ok: [
      // A market's siblings via asset, an asset's co-linked assets via market, a forecast's assets via market.
      [{ marketKey: 'venue_a:512', relationships: { ...envelope(), markets: [marketRefOf('outgoing', 'asset')] } }],
      [{ assetKey: 'asset-1', relationships: { ...envelope(), assets: [{ ...assetRef(2), via: 'market' }] } }],
      // An asset's own markets are direct; a market's signals are not HAS_MARKET refs.
      [{ assetKey: 'asset-1', relationships: { ...envelope(), assets: [], markets: [marketRefOf('outgoing', 'direct')] } }],
    ],
    bad: {
      'REL-007': [{ market: { marketKey: 'venue_a:512', relationships: { ...envelope(), markets: [marketRefOf('outgoing', 'market')] } } }],
    },
  }),
  cases({
    check: C.checkAssetMarketEdge,
    ok: [
      // A forecast's assets via market, a market's siblings via asset; a forecast's own market is ON_MARKET, direct.
      [{ latestForecast: { relationships: { ...envelope(), assets: [{ ...assetRef(2), via: 'market' }] } } }],
      [{ marketKey: 'venue_a:512', relationships: { ...envelope(), markets: [marketRefOf('outgoing', 'asset')] } }],
      [{ latestForecast: { relationships: { ...envelope(), markets: [marketRefOf('outgoing', 'direct', 'ON_MARKET')] } } }],
    ],
    bad: {
      'REL-014': [
        { forecasts: [{ relationships: { ...envelope(), assets: [{ ...assetRef(2), via: 'market', relationship: 'ON_MARKET' }] } }] },
      ],
    },
  }),
  cases({
    check: C.checkRefDirections,
    ok: [
      [
        [
          { market: { marketKey: 'venue_a:512', relationships: { ...envelope(), markets: [{ ...marketRefOf('outgoing', 'asset') }] } } },
          {
            latestForecast: {
              relationships: {
                assets: [{ ...assetRef(2), via: 'market' }],
                markets: [marketRefOf('outgoing', 'direct', 'ON_MARKET')],
                signals: [],
              },
            },
          },
        ],
      ],
    ],
    bad: {
      // the second case: the same edge seen from the market end twice, in two answers, with two directions
      'REL-011': [
        [
          { marketKey: 'venue_a:512', relationships: envelope() },
          { relationships: { ...envelope(), assets: [{ ...assetRef(3), via: 'market', direction: 'outgoing' }] } },
        ],
      ],
    },
  }),
  cases({
    check: C.checkCappedCategories,
    ok: [
      // Two answers (an array of bodies): the market's markets category capped at 50 and flagged in both.
      [
        [
          { marketKey: 'venue_a:512', relationships: cappedMarkets(true) },
          { market: { marketKey: 'venue_a:512', relationships: cappedMarkets(true) } },
        ],
      ],
      // Another market's category short of the cap, unflagged: nothing says it holds more than 50.
      [
        [
          { marketKey: 'venue_a:512', relationships: cappedMarkets(true) },
          { marketKey: 'venue_a:9', relationships: envelope() },
        ],
      ],
    ],
    bad: {
      // The same market's category capped at 50 but unflagged after an answer flagged it (computed after capping).
      'REL-008': [
        [
          { marketKey: 'venue_a:512', relationships: cappedMarkets(true) },
          { marketKey: 'venue_a:512', relationships: cappedMarkets(false) },
        ],
      ],
    },
  }),
  cases({
    check: C.checkAllRelationships,
    ok: [[{ market: canonicalMarket(), items: [{ relationships: envelope() }] }]],
    bad: lift(
      C.checkAllRelationships,
      [{ market: canonicalMarket(), items: [{ relationships: envelope() }] }],
      ENVELOPE_MUTANTS,
      ([b]) => (b as { items: Row[] }).items[0]!.relationships as Row,
    ),
  }),
  cases({
    check: C.checkMarketListItem,
    ok: [[marketRow(), ctx, '/markets/0']],
    bad: lift(C.checkMarketListItem, [marketRow(), ctx, '/markets/0'], ROW_MUTANTS, ([r]) => r as Row),
  }),
  cases({
    check: C.checkMarketList,
    ok: [[[marketRow('1'), marketRow('2')], ctx, '/markets']],
    bad: {
      ...lift(C.checkMarketList, [[marketRow('1'), marketRow('2')], ctx, '/markets'], ROW_MUTANTS, ([rows]) => rows[1] as Row),
      'ROUTE-002': [[marketRow('1'), marketRow('1')], ctx, '/markets'],
    },
  }),
  cases({
    check: C.checkCanonicalMarket,
    ok: [
      [canonicalMarket(), '/market'],
      [null, '/market'],
    ],
    bad: lift(C.checkCanonicalMarket, [canonicalMarket(), '/market'], CANONICAL_MUTANTS, ([m]) => m as Row),
  }),
];
