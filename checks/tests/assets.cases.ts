/**
 * Fixtures of the asset checks (ASRCH-*, ASSET-*): hydrated and q-mode search answers, the
 * directory and the stance. Linked-market mutants recount the asset's summary so that only the
 * rule under test breaks.
 */
import type { SearchRequest } from '../assets.ts';
import { CHECKS } from '../registry.ts';
import { assetSightings } from '../assets.ts';
import { alsoBreaks, cases, lift, mutate } from './cases.ts';
import { marketRow, ROW_MUTANTS, SITE, UUID } from './parts.ts';

const C = CHECKS;
type Row = Record<string, unknown>;
const ctx = { siteUrl: SITE };
const CREATED = '2026-11-20T09:00:00.000Z';

const linked = (native = '512'): Row => ({
  ...marketRow(native),
  has_forecast: true,
  latest_service_probability: 0.55,
  thesis: 'rain is likely',
  forecast_at: CREATED,
  has_published_signal: true,
  published_signal_count: 2,
});
/** A linked market with neither odds nor a forecast probability (not material). */
const dormant = (signals: number): Row => ({
  ...linked('513'),
  venue_quote: { ...(marketRow('513').venue_quote as Row), selected_probability: null, quote_method: null },
  market_odds: null,
  has_forecast: false,
  latest_service_probability: null,
  thesis: null,
  forecast_at: null,
  has_published_signal: signals > 0,
  published_signal_count: signals,
});
/** An asset's summary fields recomputed from its linked markets (the stub's choices, ASRCH-103/-104). */
function recount(asset: Row): Row {
  const markets = asset.linked_markets as Row[];
  asset.linked_market_count = markets.length;
  asset.market_summary = {
    active_market_count: markets.length,
    markets_with_forecast: markets.filter((m) => m.has_forecast === true).length,
    markets_with_published_signal: markets.filter((m) => m.has_published_signal === true).length,
    mispricing_threshold_pp: 7.5,
  };
  return asset;
}
const asset = (n: number, markets: Row[], score = 1): Row =>
  recount({
    id: UUID(n),
    assetKey: `asset-${n}`,
    name: `Asset ${n}`,
    ticker: `AS${n}`,
    asset_type: 'company',
    aliases: [],
    identifiers: [{ platform: 'NASDAQ', value: `AS${n}` }],
    relevance: { score, matched_by: ['graph'] },
    linked_markets: markets,
  });
const retrieval = { graph: 'ok', lexical: 'unconfigured' };
const refReq: SearchRequest = { mode: 'reference', references: ['AS1', 'AS2', 'AS1'], materialOnly: true };
const refBody: Row = {
  query: null,
  references: ['AS1', 'AS2'],
  material_only: true,
  retrieval,
  assets: [asset(1, [linked()], 2), asset(2, [linked('600')], 1)],
};
const qReq: SearchRequest = { mode: 'q', q: 'rain' };
const qBody: Row = {
  query: 'rain',
  references: [],
  material_only: false,
  retrieval,
  assets: [mutate(asset(1, [linked()]), (a) => (a.linked_markets = []))],
};
const matReq: SearchRequest = { mode: 'material', materialOnly: true };
const matBody: Row = { ...structuredClone(refBody), query: '*', references: [] };
const set = (base: Row, change: Row): Row => ({ ...structuredClone(base), ...change });
const first = (b: Row): Row => (b.assets as Row[])[0]!;
const firstLinked = (b: Row): Row => (first(b).linked_markets as Row[])[0]!;
/** `base` with the first asset's first linked market changed, its summary recounted. */
const onLinked = (base: Row, change: (m: Row) => void): Row =>
  mutate(base, (b) => {
    change(firstLinked(b));
    recount(first(b));
  });

/** Echo fixtures shared by checkSearchEcho and checkAssetSearch: [base body, request, violating change]. */
const ECHO: Record<string, [Row, SearchRequest, Row, string[]?]> = {
  'ASRCH-010': [qBody, qReq, { query: 'snow' }],
  'ASRCH-011': [refBody, refReq, { query: 'AS1' }],
  'ASRCH-012': [qBody, qReq, { references: ['AS1', 'AS1'] }, ['ASRCH-101']],
  'ASRCH-013': [refBody, refReq, { references: ['AS1'] }],
  'ASRCH-014': [qBody, qReq, { material_only: true }],
  'ASRCH-101': [refBody, refReq, { references: ['AS2', 'AS1'] }],
  'ASRCH-102': [matBody, matReq, { query: null }],
};

const LINKED_MUTANTS: Record<string, (m: Row) => void> = {
  'ASRCH-025': (m) => (m.forecast_at = null),
  'ASRCH-026': (m) => Object.assign(m, { has_forecast: false, latest_service_probability: null, forecast_at: null }),
  'ASRCH-027': (m) => (m.has_published_signal = false),
  'ASRCH-028': (m) => (m.latest_service_probability = 1.5),
};

export const ASSET_CASES = [
  cases({
    check: C.checkLinkedMarket,
    ok: [
      [linked(), '/assets/0/linked_markets/0'],
      [dormant(0), ''],
    ],
    bad: lift(C.checkLinkedMarket, [linked(), ''], LINKED_MUTANTS, ([m]) => m as Row),
  }),
  cases({
    check: C.checkSearchEcho,
    ok: [
      [qBody, qReq],
      [refBody, refReq],
      [matBody, matReq],
    ],
    bad: Object.fromEntries(
      Object.entries(ECHO).map(([rule, [body, req, change, also]]) => [rule, alsoBreaks([set(body, change), req], ...(also ?? []))]),
    ),
  }),
  cases({
    check: C.checkRetrieval,
    ok: [[refBody]],
    bad: {
      'ASRCH-015': [set(refBody, { retrieval: { ...retrieval, graph: 'degraded' } })],
      'ASRCH-016': [set(refBody, { retrieval: { ...retrieval, lexical: 'ok' } })],
    },
  }),
  cases({
    check: C.checkRelevanceOrder,
    ok: [[refBody.assets as Row[]], [[{ relevance: { score: 1 } }, { relevance: { score: 1 } }]]],
    bad: { 'ASRCH-050': [[{ relevance: { score: 1 } }, { relevance: { score: 2 } }]] },
  }),
  cases({
    check: C.checkFilters,
    ok: [[refBody.assets as Row[], { mode: 'q', q: 'x', platform: 'nasdaq', assetType: 'COMPANY' }]],
    bad: {
      'ASRCH-060': [refBody.assets as Row[], { mode: 'q', platform: 'NYSE' }],
      'ASRCH-062': [refBody.assets as Row[], { mode: 'q', assetType: 'etf' }],
    },
  }),
  cases({
    check: C.checkAssetSearch,
    ok: [
      [refBody, refReq, ctx],
      [qBody, qReq, ctx],
      [matBody, matReq, ctx],
      [set(refBody, { material_only: false, assets: [asset(1, [linked(), dormant(0)])] }), { ...refReq, materialOnly: false }, ctx],
    ],
    bad: {
      ...Object.fromEntries(
        Object.entries(ECHO).map(([rule, [body, req, change, also]]) => [rule, alsoBreaks([set(body, change), req, ctx], ...(also ?? []))]),
      ),
      'ASRCH-015': [set(refBody, { retrieval: { ...retrieval, graph: 'degraded' } }), refReq, ctx],
      'ASRCH-016': [set(refBody, { retrieval: { ...retrieval, lexical: 'ok' } }), refReq, ctx],
      'ASRCH-050': [set(refBody, { assets: [asset(1, [linked()], 1), asset(2, [linked('600')], 2)] }), refReq, ctx],
      'ASRCH-060': [refBody, { ...refReq, platform: 'NYSE' }, ctx],
      'ASRCH-062': [refBody, { ...refReq, assetType: 'etf' }, ctx],
      'ASRCH-020': [set(qBody, { assets: [asset(1, [linked()])] }), qReq, ctx],
      'ASRCH-024': alsoBreaks(
        [mutate(refBody, (b) => ((first(b).market_summary as Row).active_market_count = 51)), refReq, ctx],
        'ASRCH-104',
      ),
      'ASRCH-029': [mutate(refBody, (b) => ((first(b).market_summary as Row).mispricing_threshold_pp = 5)), refReq, ctx],
      'ASRCH-030': [set(refBody, { assets: [asset(1, [dormant(0)])] }), refReq, ctx],
      'ASRCH-031': [set(refBody, { assets: [asset(1, [dormant(2)])] }), refReq, ctx],
      'ASRCH-051': [mutate(refBody, (b) => ((first(b).relevance as Row).matched_by = ['lexical'])), refReq, ctx],
      'ASRCH-103': [
        mutate(refBody, (b) =>
          Object.assign(first(b), {
            linked_market_count: 2,
            market_summary: { ...(first(b).market_summary as Row), active_market_count: 2 },
          }),
        ),
        refReq,
        ctx,
      ],
      'ASRCH-104': [mutate(refBody, (b) => ((first(b).market_summary as Row).markets_with_forecast = 0)), refReq, ctx],
      'ASSET-006': [mutate(refBody, (b) => (first(b).stance = 'bullish')), refReq, ctx],
      'ROUTE-002': [set(refBody, { assets: [asset(1, [linked(), linked()])] }), refReq, ctx],
      ...Object.fromEntries(
        Object.entries({ ...ROW_MUTANTS, ...LINKED_MUTANTS }).map(([rule, change]) => [
          rule,
          [onLinked(refBody, change), refReq, ctx] as [Row, SearchRequest, typeof ctx],
        ]),
      ),
    },
  }),
  cases({
    check: C.checkSameAssetSet,
    ok: [[['a', 'b'], ['b', 'a'], 'ASRCH-040', '/assets', 'repeated references']],
    bad: { 'ASRCH-040': [['a'], ['a', 'b'], 'ASRCH-040', '/assets', 'repeated references'] },
  }),
  cases({
    check: C.checkContainsAssets,
    ok: [[['a', 'b'], ['a'], 'ASRCH-033', '/assets', 'by alias']],
    bad: { 'ASRCH-033': [['a'], ['b'], 'ASRCH-033', '/assets', 'by alias'] },
  }),
];

const entry = (n: number): Row => ({
  id: UUID(n),
  assetKey: `asset-${n}`,
  name: `Asset ${n}`,
  ticker: `AS${n}`,
  asset_type: 'company',
  aliases: [],
  identifiers: [{ platform: 'NASDAQ', value: `AS${n}` }],
});
const directory: Row = { assets: [entry(1), entry(2)] };

export const DIRECTORY_CASES = [
  cases({
    check: C.checkDirectory,
    ok: [[directory]],
    bad: {
      'ASSET-002': [{ assets: [{ ...entry(1), linked_markets: [] }] }],
      'ASSET-003': [{ assets: [{ ...entry(1), latest_probability: 0.4 }] }],
      'ASSET-004': [{ assets: [entry(1), entry(1)] }],
      'ASSET-006': [{ assets: [{ ...entry(1), stance: 'bullish' }] }],
      'ASSET-100': [{ assets: [mutate(entry(1), (e) => delete e.aliases)] }],
    },
  }),
  cases({
    check: C.checkDirectoryMatchesSearch,
    ok: [[directory, { assets: [entry(2)] }]],
    bad: {
      'ASSET-005': [directory, { assets: [{ ...entry(1), identifiers: [{ platform: 'NYSE', value: 'AS1' }] }] }],
      'ASSET-103': [directory, { assets: [{ ...entry(1), name: 'Renamed' }] }],
    },
  }),
  cases({
    check: C.checkStance,
    ok: [
      [
        { asset: { id: UUID(1), assetKey: 'asset-1' }, stance: 'bullish', score: 0.4, basis: { markets_considered: 3 }, as_of: CREATED },
        { id: UUID(1), assetKey: 'asset-1' },
      ],
    ],
    bad: {
      'ASSET-112': [
        { asset: { id: UUID(1), assetKey: 'asset-1' }, stance: 'up', score: 0.4, basis: { markets_considered: 3 }, as_of: CREATED },
        { id: UUID(1), assetKey: 'asset-1' },
      ],
    },
  }),
  cases({
    check: C.checkSummaryAcrossModes,
    ok: [
      [
        [
          {
            id: UUID(1),
            assetKey: 'btc',
            market_summary: { active_market_count: 4, markets_with_forecast: 2, mispricing_threshold_pp: 7.5 },
          },
        ],
        [
          {
            id: UUID(1),
            assetKey: 'btc',
            market_summary: { active_market_count: 4, markets_with_forecast: 2, mispricing_threshold_pp: 7.5 },
          },
          { id: UUID(2), assetKey: 'eth', market_summary: { active_market_count: 1, markets_with_forecast: 0 } },
        ],
      ],
    ],
    // Round-7 bug: q mode counting forecasts of a narrower window than reference mode.
    bad: {
      'ASRCH-118': [
        [{ id: UUID(1), assetKey: 'btc', market_summary: { active_market_count: 4, markets_with_forecast: 1 } }],
        [{ id: UUID(1), assetKey: 'btc', market_summary: { active_market_count: 4, markets_with_forecast: 2 } }],
      ],
    },
  }),
  cases({
    check: C.checkAssetSeenTwice,
    // One Asset as a search item and as an AssetRef (ticker left out there: no statement); an Asset without a ticker
    // stated null twice; another Asset.
    ok: [
      [
        assetSightings([
          { id: UUID(1), assetKey: 'btc', name: 'Bitcoin', ticker: 'BTC', asset_type: 'crypto' },
          {
            relationship: 'HAS_MARKET',
            direction: 'incoming',
            via: 'direct',
            id: UUID(1),
            assetKey: 'btc',
            name: 'Bitcoin',
            asset_type: 'crypto',
          },
          { id: UUID(3), assetKey: 'fed-funds-rate', name: 'Fed funds rate', ticker: null, asset_type: 'rate' },
          { id: UUID(3), assetKey: 'fed-funds-rate', name: 'Fed funds rate', ticker: null, asset_type: 'rate' },
          { id: UUID(2), assetKey: 'eth', name: 'Ether', ticker: 'ETH', asset_type: 'crypto' },
        ]),
        new Map(),
        'test',
      ],
    ],
    bad: {
      'ASSET-115': [
        assetSightings([
          { id: UUID(1), assetKey: 'btc', name: 'Bitcoin', ticker: 'BTC', asset_type: 'crypto' },
          { id: UUID(1), assetKey: 'btc', name: 'Bitcoin', ticker: 'btc', asset_type: 'crypto' },
        ]),
        new Map(),
        'test',
      ],
    },
  }),
  cases({
    check: C.checkAssetSeenTwice,
    ok: [],
    // Round-24 bug: the latest feed's AssetRefs stating ticker null for an Asset whose ticker the directory states.
    bad: {
      'ASSET-115': [
        assetSightings([
          { id: UUID(1), assetKey: 'btc', name: 'Bitcoin', ticker: 'BTC', asset_type: 'crypto' },
          {
            relationship: 'HAS_MARKET',
            direction: 'incoming',
            via: 'direct',
            id: UUID(1),
            assetKey: 'btc',
            name: 'Bitcoin',
            ticker: null,
            asset_type: 'crypto',
          },
        ]),
        new Map(),
        'test',
      ],
    },
  }),
];
