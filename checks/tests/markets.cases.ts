/** Fixtures of the market catalog, search and mispriced checks (MKT-*, MSRCH-*, MISP-*). */
import { CHECKS } from '../registry.ts';
import { alsoBreaks, cases, mutate } from './cases.ts';
import { marketRow } from './parts.ts';

const C = CHECKS;
type Row = Record<string, unknown>;

const NOW = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): string => new Date(NOW + minutes * 60_000).toISOString();
const windowCtx = { hours: 48, clock: [NOW, NOW + 100] as [number, number], skewMs: 1000 };
const a1 = marketRow('1');
const b1 = mutate(marketRow('2'), (r) => Object.assign(r, { venue: 'venue_b', marketKey: 'venue_b:2' }));
const catalog: Row = {
  markets: [a1, b1],
  venue_facets: [
    { venue: 'venue_a', count: 1 },
    { venue: 'venue_b', count: 1 },
  ],
};
const onlyA: Row = {
  markets: [a1],
  venue_facets: [
    { venue: 'venue_a', count: 1 },
    { venue: 'venue_b', count: 0 },
  ],
};
const upd = (minutes: number): Row => ({ marketKey: `venue_a:${minutes}`, market_updated_at: at(minutes) });
const vol = (v: number | null): Row => ({ marketKey: `venue_a:${String(v)}`, volume_24h: v });
const sc = (n: number): Row => ({ marketKey: `venue_a:${n}`, signal_count: n });

const withForecast: Row = {
  marketKey: 'venue_a:1',
  has_forecast: true,
  latest_service_probability: 0.5,
  forecast_at: at(-60),
  latest_forecast_at: at(-60),
  market_odds_at_forecast: 0.4,
  thesis: 'likely',
  has_published_signal: true,
  published_signal_count: 1,
};
const without: Row = {
  marketKey: 'venue_a:2',
  has_forecast: false,
  latest_service_probability: null,
  forecast_at: null,
  latest_forecast_at: null,
  market_odds_at_forecast: null,
  thesis: null,
  has_published_signal: false,
  published_signal_count: 0,
};
const searchCtx = { asOfMs: NOW, skewMs: 1000 };
const set = (base: Row, change: Row): Row => ({ ...structuredClone(base), ...change });
const tagged: Row = { marketKey: 'venue_b:2', venue: 'venue_b', tags: ['Weather'], categories: ['Climate'], broker_channels: ['broker_a'] };

export const MARKETS_CASES = [
  cases({
    check: C.checkListedForReason,
    ok: [
      [{ forecast_count: 1, signal_count: 0 }, '/markets/0'],
      [{ forecast_count: 0, signal_count: 2 }, ''],
    ],
    bad: { 'MKT-003': [{ forecast_count: 0, signal_count: 0 }, '/markets/0'] },
  }),
  cases({
    check: C.checkForecastWindow,
    ok: [
      [{ latest_forecast_at: at(-60), forecast_count: 2 }, windowCtx, ''],
      [{ latest_forecast_at: null, forecast_count: 0, latest_forecast_delta: null }, windowCtx, ''],
    ],
    bad: {
      'MKT-020': [{ latest_forecast_at: at(-49 * 60), forecast_count: 1 }, windowCtx, ''],
      'MKT-021': [{ latest_forecast_at: null, forecast_count: 2 }, windowCtx, ''],
      'MKT-034': [{ latest_forecast_at: null, forecast_count: 0, latest_forecast_delta: 0.1 }, windowCtx, ''],
    },
  }),
  cases({
    check: C.checkVenueRows,
    ok: [[[a1], 'venue_a', 'MKT-006']],
    bad: { 'MKT-006': [[a1, b1], 'venue_a', 'MKT-006'] },
  }),
  cases({
    check: C.checkBrokerRows,
    ok: [[[tagged], 'MKT-017']],
    bad: { 'MKT-017': [[tagged, a1], 'MKT-017'] },
  }),
  cases({
    check: C.checkTopicShown,
    ok: [
      [[tagged], 'weather'],
      [[tagged], 'CLIMATE'],
    ],
    bad: { 'MKT-019': [[tagged], 'sports'] },
  }),
  cases({
    check: C.checkContains,
    ok: [[[a1, b1], ['venue_a:1', 'venue_b:2'], 'MKT-001', 'listed in the feed']],
    bad: { 'MKT-001': [[a1], ['venue_a:1', 'venue_b:2'], 'MKT-001', 'listed in the feed'] },
  }),
  cases({
    check: C.checkSameKeys,
    ok: [[[a1, b1], [b1, a1], 'MKT-013', 'same request twice']],
    bad: { 'MKT-013': [[a1, b1], [a1], 'MKT-013', 'same request twice'] },
  }),
  cases({
    check: C.checkVenueFacets,
    ok: [
      [catalog],
      [onlyA, 'venue_a'],
      [
        set(onlyA, {
          venue_facets: [
            { venue: 'venue_a', count: 1 },
            { venue: 'venue_b', count: 1 },
          ],
        }),
        'venue_a',
        catalog,
      ],
    ],
    bad: {
      'MKT-005': alsoBreaks(
        [
          set(catalog, {
            venue_facets: [
              { venue: 'venue_a', count: 1 },
              { venue: 'venue_b', count: 1 },
              { venue: 'venue_c', count: 1 },
            ],
          }),
        ],
        'MKT-009',
      ),
      'MKT-008': [
        set(catalog, {
          venue_facets: [
            { venue: 'venue_a', count: 1 },
            { venue: 'venue_a', count: 0 },
            { venue: 'venue_b', count: 1 },
          ],
        }),
      ],
      'MKT-009': [
        set(catalog, {
          venue_facets: [
            { venue: 'venue_a', count: 2 },
            { venue: 'venue_b', count: 0 },
          ],
        }),
      ],
      'MKT-010': [set(onlyA, { venue_facets: [{ venue: 'venue_a', count: 2 }] }), 'venue_a'],
      'MKT-011': [
        set(onlyA, {
          venue_facets: [
            { venue: 'venue_a', count: 1 },
            { venue: 'venue_b', count: 5 },
          ],
        }),
        'venue_a',
        catalog,
      ],
    },
  }),
  cases({
    check: C.checkSortOrder,
    ok: [
      [[upd(-1), upd(-5)], undefined],
      [[upd(-1), upd(-1)], 'updated_desc'],
      [[vol(10), vol(5), vol(null)], 'volume_desc'],
      [[sc(3), sc(1)], 'signal_count_desc'],
    ],
    bad: {
      'MKT-027': [[upd(-5), upd(-1)], 'updated_desc'],
      'PARAM-041': [[upd(-5), upd(-1)], undefined, 'PARAM-041'],
      'MKT-028': [[vol(5), vol(10)], 'volume_desc'],
      'MKT-029': [[vol(null), vol(5)], 'volume_desc'],
      'MKT-030': [[sc(1), sc(3)], 'signal_count_desc'],
    },
  }),
  cases({
    check: C.checkSearchRow,
    ok: [
      [withForecast, searchCtx, '/markets/0'],
      [without, searchCtx, ''],
      [withForecast, { skewMs: 0 }, ''],
    ],
    bad: {
      'MSRCH-001': [mutate(withForecast, (r) => delete r.published_signal_count), searchCtx, ''],
      'MSRCH-002': [set(without, { latest_service_probability: 0.5 }), searchCtx, ''],
      'MSRCH-003': [set(without, { forecast_at: at(-60) }), searchCtx, ''],
      'MSRCH-004': [set(withForecast, { forecast_at: null, latest_forecast_at: null }), searchCtx, ''],
      'MSRCH-005': [set(withForecast, { has_published_signal: false }), searchCtx, ''],
      'MSRCH-012': [set(withForecast, { forecast_at: at(60), latest_forecast_at: null }), searchCtx, ''],
      'MSRCH-013': [set(without, { latest_forecast_at: at(60) }), searchCtx, ''],
      'MSRCH-021': [set(withForecast, { latest_forecast_at: at(-120) }), searchCtx, ''],
      'MSRCH-022': [set(without, { thesis: 'likely' }), searchCtx, ''],
    },
  }),
  cases({
    check: C.checkSearchFilters,
    ok: [
      [[tagged], { venue: 'venue_b', tag: 'weather', category: 'climate' }],
      [[tagged], { tag: 'BROKER_A' }],
      [[a1], {}],
    ],
    bad: {
      'MSRCH-006': [[tagged], { venue: 'venue_a' }],
      'MSRCH-007': [[tagged], { tag: 'sports' }],
      'MSRCH-008': [[tagged], { category: 'sports' }],
      'MSRCH-009': [[set(tagged, { broker_channels: [] })], { tag: 'broker_a' }],
    },
  }),
  cases({
    check: C.checkSameSearchState,
    ok: [[[withForecast, without], [without, withForecast], 'MSRCH-010', 'as_of now and omitted']],
    bad: {
      'MSRCH-010': [
        [withForecast, without],
        [set(withForecast, { latest_service_probability: 0.6 }), without],
        'MSRCH-010',
        'as_of now and omitted',
      ],
    },
  }),
  cases({
    check: C.checkMispricedRows,
    ok: [
      [
        [
          { marketKey: 'venue_a:1', latest_service_probability: 0.6, market_odds: 0.5 },
          { marketKey: 'venue_a:2', latest_service_probability: 0.575, market_odds: 0.5 },
        ],
        7.5,
      ],
    ],
    bad: { 'MISP-001': [[{ marketKey: 'venue_a:1', latest_service_probability: 0.55, market_odds: 0.5 }], 7.5] },
  }),
  cases({
    check: C.checkFilteredWindow,
    // The filtered row as the unfiltered one (an instant in another form); a market only one answer lists: no case.
    ok: [
      [
        [{ ...a1, forecast_count: 3, latest_forecast_at: '2026-11-18T10:00:00Z' }],
        [
          { ...a1, forecast_count: 3, latest_forecast_at: '2026-11-18T10:00:00.000Z' },
          { ...b1, forecast_count: 1 },
        ],
        'topic=x&max_forecast_age=168',
      ],
    ],
    // Round-7 bug: beside a topic, the default 48 h window counted instead of the 168 h asked.
    bad: {
      'MKT-041': [
        [{ ...a1, forecast_count: 1, latest_forecast_at: '2026-11-20T09:00:00Z' }],
        [{ ...a1, forecast_count: 3, latest_forecast_at: '2026-11-20T09:00:00Z' }],
        'topic=x&max_forecast_age=168',
      ],
    },
  }),
];
