/**
 * Fixtures of the availability and target-resolution checks (AVAIL-*, TOPIC-*, TGT-*): an
 * available venue_a market, a generatable one, an untracked identity, and venue_b / venue_a
 * event and exact-child resolutions.
 */
import { CHECKS } from '../registry.ts';
import { alsoBreaks, cases, lift, mutate } from './cases.ts';
import { canonicalMarket, CANONICAL_MUTANTS, envelope, moveToVenue } from './parts.ts';

const C = CHECKS;
type Row = Record<string, unknown>;

const CREATED = '2026-11-20T09:00:00.000Z';
/** A tracked venue_a market with a stored forecast. */
const available: Row = {
  tracked: true,
  available: true,
  question: 'Will it rain?',
  market: canonicalMarket(),
  latestForecast: { id: 'fc_1', createdAt: CREATED, relationships: envelope() },
  read: { endpoint: '/api/v1/markets/will-it-rain-512/forecast', auth: 'x-service-api-key or x402' },
  generation: null,
  targetResolution: null,
  excluded: null,
};
/** A tracked venue_a market without a forecast: generation offered. */
const generatable: Row = {
  ...available,
  available: false,
  latestForecast: null,
  read: null,
  generation: {
    method: 'POST',
    endpoint: '/api/auth/forecast-requests',
    authentication: { type: 'header', name: 'x-service-api-key' },
    idempotencyKeyRequired: true,
    body: { kind: 'venue_market', venue: 'venue_a', market_id: '512' },
  },
};
const untracked: Row = { ...generatable, tracked: false, market: null, generation: null };
const set = (base: Row, change: Row): Row => ({ ...structuredClone(base), ...change });
const gen = (body: Row): Row => ({ ...(generatable.generation as Row), body });
const row: Row = { marketKey: 'venue_a:512', forecast_count: 1, latest_forecast_at: CREATED, question: 'Will it rain?' };

export const AVAILABILITY_CASES = [
  cases({
    check: C.checkAvailability,
    ok: [[available], [generatable, '/a'], [untracked]],
    bad: {
      'AVAIL-011': [set(available, { market: null })],
      'AVAIL-012': alsoBreaks([set(untracked, { available: true })], 'AVAIL-013', 'AVAIL-015'),
      'AVAIL-013': [set(available, { latestForecast: null })],
      'AVAIL-015': [set(available, { read: null })],
      'AVAIL-016': alsoBreaks([set(generatable, { read: available.read })], 'AVAIL-019'),
      'AVAIL-017': [set(available, { read: { endpoint: '/api/v1/markets/another-market/forecast' } })],
      'AVAIL-019': [set(available, { generation: generatable.generation })],
      'AVAIL-020': [set(generatable, { generation: null })],
      'AVAIL-021': [
        set(generatable, { generation: { endpoint: '/api/auth/forecast-requests', body: (generatable.generation as Row).body } }),
      ],
      'AVAIL-022': [set(generatable, { generation: gen({ kind: 'venue_market', venue: 'venue_b', market_id: '512' }) })],
      'AVAIL-041': [
        mutate(set(generatable, { generation: gen({ kind: 'venue_market', venue: 'venue_c', market_id: 'c-512' }) }), (b) =>
          moveToVenue(b.market as Row, 'venue_c'),
        ),
      ],
      'AVAIL-023': [set(generatable, { excluded: { reason: 'sports' } })],
      'AVAIL-024': [set(available, { latestForecast: { id: 'fc_1', createdAt: CREATED, probability: 0.4 } })],
      'AVAIL-030': [set(generatable, { targetResolution: { venue: 'venue_b', endpoint: '/api/public/forecast-targets?ref=EVT' } })],
      'TOPIC-006': [set(available, { excluded: { reason: 'sports' } })],
      'TOPIC-013': [
        set(generatable, { generation: null, excluded: { reason: 'sports', message: 'Out of scope: sports outcome market.' } }),
      ],
      'AVAIL-032': [set(available, { read: { endpoint: 'https://api.example.test/api/v1/markets/will-it-rain-512/forecast' } })],
      'AVAIL-042': [
        set(generatable, {
          generation: { ...(generatable.generation as Row), authentication: undefined, authenticationHeader: 'x-service-api-key' },
        }),
      ],
      ...lift(C.checkAvailability, [available], CANONICAL_MUTANTS, ([b]) => (b as Row).market as Row),
    },
  }),
  cases({
    check: C.checkAvailabilityIdentity,
    ok: [
      [available, { market_key: 'venue_a:512' }],
      [available, { slug: 'will-it-rain-512' }],
      [available, { slug: 'WILL-IT-RAIN-512', venue: 'venue_a' }, '/x'],
      [available, { market_id: '512', venue: 'venue_a' }],
      [untracked, { market_key: 'venue_a:9' }],
    ],
    bad: {
      'AVAIL-005': [available, { slug: 'another-market' }],
      'AVAIL-006': [available, { slug: 'will-it-rain-512', venue: 'venue_b' }],
      'AVAIL-007': [available, { market_id: '513', venue: 'venue_a' }],
      'AVAIL-008': [available, { market_key: 'venue_a:513' }],
    },
  }),
  cases({
    check: C.checkAvailabilityAgainstRow,
    ok: [
      [available, row],
      [generatable, { ...row, forecast_count: 0, latest_forecast_at: null }],
      [generatable, { marketKey: 'venue_a:512', has_forecast: false }],
    ],
    bad: {
      'AVAIL-009': [set(available, { tracked: false }), row],
      'AVAIL-014': [generatable, row],
      'AVAIL-025': [available, { ...row, latest_forecast_at: '2026-11-20T08:00:00Z' }],
      'AVAIL-034': [available, { ...row, question: 'Will it snow?' }],
    },
  }),
  cases({
    check: C.checkExclusion,
    ok: [
      [available, 'in_scope', 'venue_a:512'],
      [available, 'crypto_in_scope', 'k'],
      [set(generatable, { generation: null, excluded: { reason: 'sports' } }), 'sports', 'k'],
      [available, 'unclear', 'k'],
    ],
    bad: {
      'TOPIC-001': [available, 'sports', 'k'],
      'TOPIC-002': [available, 'mentions', 'k'],
      'TOPIC-003': [available, 'crypto_up_down', 'k'],
      'TOPIC-004': [set(available, { excluded: { reason: 'crypto_up_down' } }), 'crypto_in_scope', 'k'],
      'TOPIC-007': [set(available, { excluded: { reason: 'sports' } }), 'in_scope', 'k'],
    },
  }),
];

// ---- forecast targets ----------------------------------------------------------------------------

const childOf = (venue: string, id: string): Row => ({
  ...(venue === 'venue_b'
    ? { ticker: id, eventTicker: 'EVT', yesBid: 0.41, yesAsk: 0.44 }
    : { question: 'Will it rain?', outcome: 'Yes', yesBid: 0.41, yesAsk: 0.44, marketId: id }),
  status: 'open',
  generation: { costUsd: '1.00', body: { kind: 'venue_market', venue, market_id: id } },
});
/** An event resolution of `venue` with children `ids`. */
function eventOf(venue: string, ids: string[]): Row {
  const markets = ids.map((id) => childOf(venue, id));
  return {
    input: 'EVT',
    venue,
    targetType: 'event',
    selectionRequired: true,
    generation: null,
    selectedMarket: null,
    event: { ticker: 'EVT', title: 'Weather' },
    markets,
    allContracts: {
      marketCount: ids.length,
      requests: markets.map((m) => (m.generation as Row).body),
      estimatedCostUsd: `${ids.length}.00`,
    },
  };
}
const event = eventOf('venue_b', ['EVT-A', 'EVT-B']);
const exact: Row = {
  ...structuredClone(event),
  input: 'EVT-A',
  targetType: 'market',
  selectionRequired: false,
  selectedMarket: childOf('venue_b', 'EVT-A'),
  generation: (childOf('venue_b', 'EVT-A').generation as Row).body,
};
const expectEvent = { ref: 'EVT', kind: 'event', venue: 'venue_b', eventTicker: 'EVT' } as const;
const expectExact = { ref: 'EVT-A', kind: 'market', venue: 'venue_b', selected: 'EVT-A', selectedRule: 'TGT-021' } as const;
const child0 = (b: Row): Row => (b.markets as Row[])[0]!;
/** The catalog's venue quotes by marketKey (lower case), as checkChildYesSide reads them: EVT-A's YES book near 0.14. */
const YES_QUOTES = new Map([['venue_b:evt-a', { yes_bid: 0.12, yes_ask: 0.16 }]]);

export const TARGET_CASES = [
  cases({
    check: C.checkTargetResolution,
    ok: [
      [event, expectEvent],
      [exact, expectExact, '/EVT-A'],
      [eventOf('venue_a', ['101', '102']), { ref: 'EVT', kind: 'event', venue: 'venue_a', eventSlug: 'evt' }],
      // Open statuses the harness reads as open, any letter case; a venue_a child's id under another name.
      [mutate(event, (b) => (child0(b).status = undefined)), expectEvent],
    ],
    bad: {
      'TGT-001': [set(event, { input: 'EVT-X' }), expectEvent],
      'TGT-002': [event, { ...expectEvent, venue: 'venue_a' }],
      'TGT-003': [set(event, { targetType: 'market' }), expectEvent],
      'TGT-004': [set(event, { selectionRequired: false }), expectEvent],
      'TGT-005': [set(event, { generation: exact.generation }), expectEvent],
      'TGT-006': [set(event, { selectedMarket: exact.selectedMarket }), expectEvent],
      'TGT-007': [mutate(event, (b) => (child0(b).eventTicker = 'OTHER')), expectEvent],
      'TGT-009': [mutate(event, (b) => (child0(b).status = 'closed')), expectEvent],
      'TGT-010': [set(exact, { targetType: 'event' }), expectExact],
      'TGT-012': [set(exact, { selectedMarket: null }), expectExact],
      'TGT-013': [set(exact, { generation: null }), expectExact],
      // the estimate follows the children's own prices (TGT-018), so it moves with the wrong price
      'TGT-014': [
        mutate(event, (b) => {
          (child0(b).generation as Row).costUsd = '2.00';
          const all = b.allContracts as Row;
          all.estimatedCostUsd = (Number(all.estimatedCostUsd) + 1).toFixed(2);
        }),
        expectEvent,
      ],
      'TGT-015': [
        mutate(event, (b) => {
          ((child0(b).generation as Row).body as Row).kind = 'market';
          (((b.allContracts as Row).requests as Row[])[0] as Row).kind = 'market';
        }),
        expectEvent,
      ],
      'TGT-016': alsoBreaks([mutate(event, (b) => ((b.allContracts as Row).requests as Row[]).pop()), expectEvent], 'TGT-017'),
      'TGT-017': [
        mutate(event, (b) => {
          const requests = (b.allContracts as Row).requests as Row[];
          requests[0] = { ...requests[0], market_id: 'OTHER' };
        }),
        expectEvent,
      ],
      'TGT-018': [mutate(event, (b) => ((b.allContracts as Row).estimatedCostUsd = '3.00')), expectEvent],
      'TGT-020': [event, { ...expectEvent, eventTicker: 'OTHER' }],
      'TGT-021': [exact, { ...expectExact, selected: 'EVT-B' }],
      'TGT-033': [eventOf('venue_a', ['abc']), { ref: 'EVT', kind: 'event', venue: 'venue_a' }],
      'TGT-035': [mutate(event, (b) => ((child0(b).generation as Row).costUsd = '1')), expectEvent],
      'TGT-038': [set(exact, { selectionRequired: true }), expectExact],
      'TGT-036': [mutate(event, (b) => (child0(b).status = 'active')), expectEvent],
      'TGT-042': [eventOf('venue_a', ['101']), { ref: 'EVT', kind: 'event', venue: 'venue_a', eventSlug: 'another-event' }],
      'TGT-045': [mutate(event, (b) => (child0(b).yesBid = 41)), expectEvent],
      'TGT-046': [mutate(exact, (b) => delete b.allContracts), expectExact],
      'TGT-047': [
        mutate(eventOf('venue_a', ['101']), (b) => {
          const c = child0(b);
          c.venueMarketId = c.marketId;
          delete c.marketId;
        }),
        { ref: 'EVT', kind: 'event', venue: 'venue_a' },
      ],
    },
  }),
  cases({
    check: C.checkSameChildren,
    ok: [
      [event, structuredClone(event), 'TGT-011'],
      [exact, event, 'TGT-011', '/EVT-A'],
    ],
    bad: {
      'TGT-037': [event, mutate(event, (b) => (b.markets as Row[]).reverse()), 'TGT-011'],
      'TGT-011': [event, eventOf('venue_b', ['EVT-A']), 'TGT-011'],
    },
  }),
  cases({
    check: C.checkSameResolution,
    ok: [[event, set(event, { input: 'https://venue-b.test/events/EVT' }), 'TGT-019']],
    bad: { 'TGT-019': [event, eventOf('venue_b', ['EVT-A']), 'TGT-019'] },
  }),
  cases({
    check: C.checkNotFoundEcho,
    ok: [[{ error: 'not_found', message: 'no such event', ticker: 'ZZZ' }, 'ZZZ']],
    bad: {
      'TGT-029': [{ error: 'not_found', message: 'no such event' }, 'ZZZ'],
      'TGT-034': [{ error: 'not_found', message: 'no such event', details: { ticker: 'ZZZ' } }, 'ZZZ'],
    },
  }),
  cases({
    check: C.checkChildYesSide,
    ok: [
      // The child's YES book lies by the catalog quote's YES midpoint (0.14), far from even.
      [mutate(event, (b) => Object.assign(child0(b), { yesBid: 0.12, yesAsk: 0.16 })), YES_QUOTES],
      // In cents (gap TGT-045), the same side.
      [mutate(event, (b) => Object.assign(child0(b), { yesBid: 12, yesAsk: 16 })), YES_QUOTES],
      // A quote near even cannot tell the sides apart: not read.
      [
        mutate(event, (b) => Object.assign(child0(b), { yesBid: 0.52, yesAsk: 0.56 })),
        new Map([['venue_b:evt-a', { yes_bid: 0.45, yes_ask: 0.47 }]]),
      ],
    ],
    bad: {
      // The NO side's book as yesBid/yesAsk (round-17 bug).
      'TGT-049': [mutate(event, (b) => Object.assign(child0(b), { yesBid: 0.84, yesAsk: 0.88 })), YES_QUOTES],
    },
  }),
];
