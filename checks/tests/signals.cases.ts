/** Fixtures of the trade-signal, oil and portfolio checks (SIG-*, VER-009..012, OIL-*, PARAM-071, PORT-*). */
import { CHECKS } from '../registry.ts';
import { signalSightings } from '../signals.ts';
import { alsoBreaks, cases, lift, mutate } from './cases.ts';
import { canonicalMarket, CANONICAL_MUTANTS, SITE } from './parts.ts';

const C = CHECKS;
type Row = Record<string, unknown>;
const set = (base: Row, change: Row): Row => ({ ...structuredClone(base), ...change });

const T = (h: number): string => new Date(Date.parse('2026-11-20T10:00:00Z') - h * 3_600_000).toISOString();
const signalRef = (id: string, at: string): Row => ({
  relationship: 'HAS_SIGNAL',
  direction: 'outgoing',
  via: 'direct',
  id,
  side: 'yes',
  published_at: at,
});
/** A published trade signal on market venue_a:`native`, its market showing the publications `refs`. */
function signalRow(id: string, native: string, at: string, refs: Row[] = [signalRef(id, at)]): Row {
  const market = canonicalMarket(native);
  (market.relationships as Row).signals = refs;
  return {
    id,
    side: 'yes',
    status: 'published',
    conviction: 'high',
    convergence: 0.8,
    capacity: 1000,
    published_at: at,
    drawdown_risk_elevated: false,
    crash_risk_elevated: false,
    market,
    serviceUrl: market.serviceUrl,
  };
}
const row = signalRow('sig_2', '512', T(1), [signalRef('sig_2', T(1)), signalRef('sig_1', T(5))]);
const market = (r: Row): Row => r.market as Row;
const SIGNAL_ROW_BAD = {
  'SIG-001': set(row, { conviction: null }),
  'SIG-002': set(row, { status: '' }),
  'SIG-004': mutate(row, (r) => ((market(r).relationships as Row).signals as Row[]).push(signalRef('sig_3', T(0)))),
  'SIG-016': mutate(row, (r) => delete market(r).relationships),
  'SIG-017': set(row, { id: 'sig_9' }),
  'VER-009': set(row, { comment: 'an article field' }),
  'VER-011': mutate(row, (r) => delete r.crash_risk_elevated),
  'ROUTE-005': set(row, { serviceUrl: `${SITE}/markets/512` }),
};
const body = (rows: Row[], extra: Row = {}): Row => ({ signals: rows, count: rows.length, ...extra });
const other = signalRow('sig_7', '513', T(3));

export const SIGNAL_CASES = [
  cases({
    check: C.checkTradeSignalRow,
    ok: [
      [row, SITE, '/signals/0'],
      [set(row, { serviceUrl: undefined }), SITE, ''],
    ],
    bad: {
      ...Object.fromEntries(Object.entries(SIGNAL_ROW_BAD).map(([rule, r]) => [rule, [r, SITE, ''] as [Row, string, string]])),
      ...lift(C.checkTradeSignalRow, [row, SITE, ''], CANONICAL_MUTANTS, ([r]) => market(r as Row), ['ROUTE-003']),
      'ROUTE-003': alsoBreaks([mutate(row, (r) => CANONICAL_MUTANTS['ROUTE-003']!(market(r))), SITE, ''], 'ROUTE-005'),
    },
  }),
  cases({
    check: C.checkTradeSignals,
    ok: [
      [body([row, other]), SITE],
      [body([]), SITE],
      // Other member names (gaps SIG-024, SIG-025): the rows in the body's one array, the market in the row's one routing object.
      [{ items: [row, other].map(({ market: m, ...r }) => ({ ...r, listing: m })) }, SITE],
      // Rows that cannot be found are not judged.
      [{ rows: [], other: [] }, SITE],
    ],
    bad: {
      ...Object.fromEntries(Object.entries(SIGNAL_ROW_BAD).map(([rule, r]) => [rule, [body([r, other]), SITE] as [Row, string]])),
      'SIG-002': [body([row, signalRow('sig_2', '513', T(3))]), SITE],
      'SIG-003': alsoBreaks(
        [body([row, signalRow('sig_1', '512', T(5), [signalRef('sig_2', T(1)), signalRef('sig_1', T(5))])]), SITE],
        'SIG-004',
      ),
      'SIG-015': [body([other, row]), SITE],
      'SIG-016': [body([row, other], { count: 5 }), SITE],
      ...lift(C.checkTradeSignals, [body([row, other]), SITE], CANONICAL_MUTANTS, ([b]) => market((b as { signals: Row[] }).signals[0]!), [
        'ROUTE-003',
      ]),
      'ROUTE-003': alsoBreaks([body([mutate(row, (r) => CANONICAL_MUTANTS['ROUTE-003']!(market(r))), other]), SITE], 'ROUTE-005'),
    },
  }),
  cases({
    check: C.checkNoFallback,
    ok: [[[row], [row, other], 'side=yes']],
    bad: { 'SIG-005': [[set(row, { id: 'sig_1' })], [row, other], 'side=yes'] },
  }),
  cases({
    check: C.checkDrawdownFilter,
    ok: [
      [
        [row],
        [row, set(other, { drawdown_risk_elevated: true }), set(other, { id: 'sig_8', drawdown_risk_elevated: null })],
        'exclude_drawdown_risk=true',
      ],
    ],
    bad: {
      'SIG-008': [[row, set(other, { drawdown_risk_elevated: true })], [row, other], 'f'],
      'SIG-009': [[row, set(other, { drawdown_risk_elevated: null })], [row, other], 'f'],
      'SIG-010': [[row], [row, other], 'f'],
    },
  }),
  cases({
    check: C.checkBrokerFilter,
    ok: [
      [
        [mutate(row, (r) => (market(r).broker_channels = ['broker_a']))],
        [mutate(row, (r) => (market(r).broker_channels = ['broker_a'])), other],
      ],
    ],
    bad: {
      'SIG-011': [[row], [row]],
      'SIG-012': [[], [mutate(row, (r) => (market(r).broker_channels = ['broker_a']))]],
    },
  }),
  cases({
    check: C.checkSameRows,
    ok: [[[row, other], [row, other], 'VER-012', 'exclude_crash_risk and exclude_drawdown_risk']],
    bad: { 'VER-012': [[row, other], [other, row], 'VER-012', 'exclude_crash_risk and exclude_drawdown_risk'] },
  }),
  cases({
    check: C.checkPerpSignals,
    ok: [
      [
        { signals: [{ id: 'oil_1', side: 'long', scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil' }] },
        { reading: { id: 'oil_1', side: 'long' } },
      ],
      [{ signals: [] }],
    ],
    bad: {
      'SIG-018': [
        {
          signals: [
            { scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil' },
            { scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil' },
          ],
        },
      ],
      'SIG-019': [{ signals: [{ scope: 'brent', canonical_endpoint: '/api/v1/signals/oil' }] }],
      'SIG-020': [{ signals: [{ scope: 'wti-only', canonical_endpoint: '/api/v1/signals/perps' }] }],
      'SIG-021': [{ signals: [{ id: 'oil_1', scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil' }] }, { reading: null }],
      'SIG-022': [
        { signals: [{ id: 'oil_1', side: 'short', scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil' }] },
        { reading: { id: 'oil_1', side: 'long' } },
      ],
    },
  }),
  cases({
    check: C.checkArticleEvidence,
    ok: [[{ signals: [{ title: 'Rain', url: 'https://news.test/1', comment: 'x' }] }, 'evidence']],
    bad: { 'VER-010': [{ signals: [{ title: 'Rain', url: 'https://news.test/1', conviction: 'high' }] }, 'evidence'] },
  }),
];

const oil: Row = {
  reading: { id: 'oil_1', side: 'long', is_current: true, days_since_reading: 0 },
  reading_missing: false,
  degraded: false,
  marks: { venue_a_perps: { mark: 70.1 }, perp_venue_b: { mark: 70.3 } },
  episode: { days: 3 },
};
const oneMark = set(oil, { marks: { venue_a_perps: { mark: 70.1 }, perp_venue_b: null } });

export const OIL_CASES = [
  cases({
    check: C.checkOilSignal,
    ok: [
      [oil],
      [oil, { includeMarks: true }],
      [set(oil, { marks: {} }), { includeMarks: false }],
      [set(oil, { reading: null, reading_missing: true, episode: null })],
      [
        set(oil, {
          reading: { ...(oil.reading as Row), reading_date: '2026-11-29' },
          episode: { days: 6, status: 'open', opened_at: '2026-11-24T20:30:00Z' },
        }),
      ],
      // No episode runs yet: 0 consecutive days (issue 32 triage).
      [set(oil, { reading: null, reading_missing: true, episode: { days: 0, status: 'none' } })],
      [set(oneMark, { degraded: true })],
    ],
    bad: {
      'OIL-001': [set(oil, { reading: null })],
      'OIL-002': [set(oil, { reading_missing: true })],
      'OIL-006': [set(oil, { degraded: true })],
      'OIL-008': [oneMark, { includeMarks: true }],
      'PARAM-071': [oneMark],
      'OIL-009': [oil, { includeMarks: false }],
      'OIL-016': [set(oil, { episode: { days: 0, status: 'open' } })],
      'OIL-018': [set(oil, { reading: { id: 'oil_1', side: 'long', is_current: true, days_since_reading: 3 } })],
    },
  }),
  cases({
    check: C.checkOilSignal,
    ok: [],
    // An open episode from 11-24 through the 11-29 reading holds at most 6 reading days (round-14 bug).
    bad: {
      'OIL-016': [
        set(oil, {
          reading: { ...(oil.reading as Row), reading_date: '2026-11-29' },
          episode: { days: 7, status: 'open', opened_at: '2026-11-24T20:30:00Z' },
        }),
      ],
    },
  }),
  cases({
    check: C.checkStaleReading,
    ok: [[set(oil, { reading: { id: 'oil_1', is_current: false, days_since_reading: 2 } })]],
    bad: { 'OIL-003': [oil] },
  }),
  cases({
    check: C.checkLatestReading,
    ok: [
      [
        set(oil, { reading: { id: 'oil_2', is_current: true, reading_date: '2026-11-29' } }),
        set(oil, { reading: { id: 'oil_1', is_current: false, reading_date: '2026-11-27' } }),
      ],
      [oil, set(oil, { reading: null, reading_missing: true })],
    ],
    bad: {
      // The earlier (stale) block served again after the reading due was recorded (round-37 bug).
      'OIL-004': [
        set(oil, { reading: { id: 'oil_1', is_current: false, reading_date: '2026-11-27' } }),
        set(oil, { reading: { id: 'oil_1', is_current: false, reading_date: '2026-11-27' } }),
      ],
      'OIL-005': alsoBreaks(
        [set(oil, { reading: null, reading_missing: true }), set(oil, { reading: null, reading_missing: true })],
        'OIL-004',
      ),
    },
  }),
  cases({
    check: C.checkMarkDown,
    ok: [[set(oneMark, { degraded: true }), 'perp_venue_b']],
    bad: { 'OIL-007': [oneMark, 'perp_venue_b'], 'OIL-010': [set(oil, { degraded: true }), 'perp_venue_b'] },
  }),
];

const pos = (venue: string, n: number): Row => ({
  venue,
  wallet: '0xAbC0000000000000000000000000000000000001',
  marketKey: `${venue}:${n}`,
  outcome: 'yes',
  size: 10,
});
const wallet = '0xabc0000000000000000000000000000000000001';

export const PORTFOLIO_CASES = [
  cases({
    check: C.checkPositions,
    ok: [
      [{ positions: [pos('venue_a', 1), pos('venue_b', 2)] }, { wallet, venues: ['venue_a', 'venue_b'] }],
      [{ positions: [] }, { wallet, venues: ['venue_c'] }],
      // Another shape (gap PORT-007): positions found by their venue value, the wallet by its 0x value.
      [
        { address: wallet, holdings: [{ owner: wallet, platform: 'venue_a', market_key: 'venue_a:1', side: 'yes', quantity: 3 }] },
        { wallet, venues: ['venue_a'] },
      ],
      // A position naming no wallet cannot be judged for PORT-003: no violation.
      [{ positions: [{ venue: 'venue_a', marketKey: 'venue_a:1' }] }, { wallet, venues: ['venue_a'] }],
    ],
    bad: {
      'PORT-002': [{ positions: [pos('venue_a', 1), pos('venue_b', 2)] }, { wallet, venues: ['venue_a'] }],
      'PORT-003': [{ positions: [pos('venue_a', 1)] }, { wallet: '0xdef0000000000000000000000000000000000002', venues: ['venue_a'] }],
    },
  }),
  cases({
    check: C.checkVenuePartition,
    ok: [
      [
        { positions: [pos('venue_a', 1), pos('venue_b', 2)] },
        { venue_a: { positions: [pos('venue_a', 1)] }, venue_b: { positions: [pos('venue_b', 2)] } },
      ],
      // The answer without venues may hold a venue not requested alone (its default is gap PORT-005).
      [
        { positions: [pos('venue_a', 1)] },
        { venue_a: { positions: [pos('venue_a', 1)] } },
        { positions: [pos('venue_a', 1), pos('venue_c', 3)] },
      ],
    ],
    bad: {
      'PORT-002': [
        { positions: [pos('venue_a', 1), pos('venue_b', 2)] },
        { venue_a: { positions: [pos('venue_a', 1)] }, venue_b: { positions: [] } },
      ],
    },
  }),
  cases({
    check: C.checkVenuePartition,
    ok: [],
    bad: {
      // Round-30 bug: a venue dropped from every explicit list, both sides alike; the answer without venues shows it.
      'PORT-002': [
        { positions: [pos('venue_a', 1)] },
        { venue_a: { positions: [pos('venue_a', 1)] }, venue_c: { positions: [] } },
        { positions: [pos('venue_a', 1), pos('venue_c', 3)] },
      ],
    },
  }),
  cases({
    check: C.checkSignalSeenTwice,
    // One publication on the list and as a ref of another answer, its instant in another RFC 3339 form; a ref
    // without a side member states nothing of it.
    ok: [
      [
        [
          ...signalSightings('listSignals', { signals: [signalRow('ts_1', '512', '2026-11-20T09:00:00.000Z')] }),
          ...signalSightings('getForecastAvailability', {
            market: { relationships: { signals: [signalRef('ts_1', '2026-11-20T09:00:00Z'), { id: 'ts_2', published_at: null }] } },
          }),
        ],
        new Map(),
        'test',
      ],
    ],
    // Round-7 bug: a withdrawn publication's ref on availability with side null, the list stating its side.
    bad: {
      'SIG-027': [
        [
          ...signalSightings('listSignals', { signals: [signalRow('ts_1', '512', T(3))] }),
          ...signalSightings('getForecastAvailability', {
            market: { relationships: { signals: [{ ...signalRef('ts_1', T(3)), side: null }] } },
          }),
        ],
        new Map(),
        'test',
      ],
    },
  }),
];
