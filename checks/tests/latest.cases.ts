/** Fixtures of the latest-feed checks (LATEST-*, PARAM-063, and the ROUTE/QUOTE/REL rules of its markets). */
import { CHECKS } from '../registry.ts';
import { cases, lift, mutate } from './cases.ts';
import { ENVELOPE_MUTANTS, marketRow, QUOTE_MUTANTS, ROUTING_MUTANTS, routingOf, SERVICE_URL_MUTANTS, SITE } from './parts.ts';

const C = CHECKS;
type Row = Record<string, unknown>;

const NOW = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number): string => new Date(NOW + minutes * 60_000).toISOString();
const latestMarket = (): Row =>
  mutate(marketRow(), (m) => {
    delete m.market_odds;
    m.venue_data = { yes_odds: 0.4, volume_24h: 1200 };
  });
/** Mutants of a latest-feed market: odds live in venue_data.yes_odds. */
const LATEST_MARKET_MUTANTS: Record<string, (m: Row) => void> = {
  ...ROUTING_MUTANTS,
  ...SERVICE_URL_MUTANTS,
  ...QUOTE_MUTANTS,
  'QUOTE-003': (m) => ((m.venue_data as Row).yes_odds = 0.5),
};
const forecastEvent = (minutes: number, id = 'fc_9'): Row => ({
  type: 'forecast',
  id,
  occurred_at: at(minutes),
  market: latestMarket(),
  forecast: { id, venue: 'venue_a', market: routingOf('venue_a', '512'), probability: 0.4, created_at: at(minutes) },
});
const articleEvent = (minutes: number, id = 'art_1'): Row => ({
  type: 'article',
  id,
  occurred_at: at(minutes),
  market: latestMarket(),
  forecast: null,
});
const feed = (events: Row[], hours = 3): Row => ({
  as_of: at(0),
  window: { hours, since: at(-hours * 60) },
  types: ['forecast', 'article', 'x_post'],
  count: events.length,
  events,
});
const body = feed([forecastEvent(-10), articleEvent(-60)]);
const req = { siteUrl: SITE, hours: 3, types: ['forecast', 'article', 'x_post'], sentMs: NOW - 100, receivedMs: NOW + 100, skewMs: 1000 };
const { hours: _h, types: _t, ...defaults } = req;
const events = (b: Row): Row[] => b.events as Row[];
const fc = (b: Row): Row => events(b)[0]!.forecast as Row;
const set = (base: Row, change: Row): Row => ({ ...structuredClone(base), ...change });

export const LATEST_CASES = [
  cases({
    check: C.checkLatestMarket,
    ok: [[latestMarket(), SITE, '/events/0/market']],
    bad: lift(C.checkLatestMarket, [latestMarket(), SITE, ''], LATEST_MARKET_MUTANTS, ([m]) => m as Row),
  }),
  cases({
    check: C.checkLatest,
    ok: [
      [body, req],
      [body, defaults],
      [feed([articleEvent(-100), forecastEvent(-10)]), req],
      [feed([]), req],
    ],
    bad: {
      'LATEST-001': [set(body, { as_of: at(5), window: { hours: 3, since: at(5 - 180) } }), req],
      'LATEST-002': [set(body, { window: { hours: 4, since: at(-240) } }), req],
      'PARAM-063': [set(body, { window: { hours: 4, since: at(-240) } }), defaults],
      'LATEST-003': [set(body, { window: { hours: 3, since: at(-120) } }), req],
      'LATEST-004': [feed([forecastEvent(-10), articleEvent(-240)]), req],
      'LATEST-005': [feed([articleEvent(-60), forecastEvent(-10), articleEvent(-120, 'art_2')]), req],
      'LATEST-009': [set(body, { count: 5 }), req],
      'LATEST-010': [set(body, { types: ['forecast', 'article'] }), req],
      'LATEST-011': [set(body, { types: ['forecast'] }), defaults],
      'LATEST-012': [mutate(body, (b) => (events(b)[1]!.forecast = fc(b))), req],
      'LATEST-013': [mutate(body, (b) => (fc(b).venue = 'venue_b')), req],
      'LATEST-014': [mutate(body, (b) => (fc(b).probability = 1.5)), req],
      'LATEST-015': [mutate(body, (b) => (fc(b).created_at = at(-11))), req],
      'LATEST-016': [feed([forecastEvent(-10), articleEvent(-60), articleEvent(-60)]), req],
      ...lift(C.checkLatest, [body, req], LATEST_MARKET_MUTANTS, ([b]) => events(b as Row)[1]!.market as Row),
      ...lift(C.checkLatest, [body, req], ENVELOPE_MUTANTS, ([b]) => (events(b as Row)[1]!.market as Row).relationships as Row),
    },
  }),
  cases({
    check: C.checkChronological,
    ok: [[events(body)], [[...events(body)].reverse()], [[articleEvent(-60), articleEvent(-60, 'art_2')]]],
    bad: { 'LATEST-005': [[articleEvent(-60), forecastEvent(-10), articleEvent(-120, 'art_2')]] },
  }),
  cases({
    check: C.checkWindowsAgree,
    ok: [[body, feed([forecastEvent(-10), articleEvent(-60), articleEvent(-300, 'art_old')], 6), 1000]],
    bad: { 'LATEST-007': [body, feed([forecastEvent(-10), articleEvent(-300, 'art_old')], 6), 1000] },
  }),
  cases({
    check: C.checkKindsServed,
    ok: [[feed([articleEvent(-60)]), feed([forecastEvent(-10), articleEvent(-60)]), 1000, 'types=forecast,article']],
    bad: { 'LATEST-019': [feed([articleEvent(-60)]), feed([forecastEvent(-10)]), 1000, 'types=forecast,article'] },
  }),
  cases({
    check: C.checkBoardWide,
    ok: [
      [
        body,
        {
          markets: [
            { marketKey: 'venue_a:512', latest_forecast_at: at(-10) },
            { marketKey: 'venue_a:7', latest_forecast_at: at(-600) },
          ],
        },
        1000,
      ],
    ],
    bad: { 'LATEST-008': [body, { markets: [{ marketKey: 'venue_a:7', latest_forecast_at: at(-30) }] }, 1000] },
  }),
];
