/** Fixtures of the evidence and stored-forecast checks (EVID-*, SRC-*, FCST-*, ROUTE-005/-007). */
import { CHECKS } from '../registry.ts';
import { alsoBreaks, cases, lift, mutate } from './cases.ts';
import { canonicalMarket, CANONICAL_MUTANTS, moveToVenue, SITE } from './parts.ts';

const C = CHECKS;
type Row = Record<string, unknown>;
const set = (base: Row, change: Row): Row => ({ ...structuredClone(base), ...change });

const article = (n: number, at: string): Row => ({
  id: `art_${n}`,
  title: `Article ${n}`,
  url: `https://news.test/${n}`,
  published_at: at,
  source: 'news.test',
  comment: 'relevant',
  evidence_quote: 'it rained',
});
const top = { serviceUrl: `${SITE}/markets/venue_a%3A512`, venueAUrl: 'https://venue-a.test/markets/512' };
const signalsBody: Row = {
  market: canonicalMarket(),
  market_slug: 'will-it-rain-512',
  ...top,
  signals: [article(1, '2026-11-20T09:00:00Z'), article(2, '2026-11-20T08:00:00Z')],
  total: 2,
  last_updated: '2026-11-20T09:00:00Z',
};
const signalsReq = { siteUrl: SITE, slug: 'will-it-rain-512' };
/** The same answer for a venue_b market (no slug: the path names its marketKey). */
const onVenueB = (body: Row): Row =>
  mutate(body, (b) => {
    moveToVenue(b.market as Row, 'venue_b');
    Object.assign(b, { market_slug: null, serviceUrl: `${SITE}/markets/venue_b%3A512`, venueAUrl: null });
  });
const market = (b: Row): Row => b.market as Row;

const NOW = Date.parse('2026-11-20T10:00:00Z');
const hoursAgo = (h: number): string => new Date(NOW - h * 3_600_000).toISOString();
const item = (type: string, n: number, h: number): Row => ({
  type,
  url: `https://${type}.test/${n}`,
  title: `${type} ${n}`,
  published_at: hoursAgo(h),
  market: canonicalMarket(),
  market_slug: 'will-it-rain-512',
});
const sourcesBody: Row = { sources: [item('x_post', 1, 1), item('article', 2, 2)] };
const keyReq = { siteUrl: SITE, marketKeys: ['venue_a:512'], windowHours: 48, nowMs: NOW, skewMs: 1000 };
const slugReq = { siteUrl: SITE, slugs: ['will-it-rain-512'], windowHours: 48, nowMs: NOW, skewMs: 1000 };
const withOld = set(sourcesBody, { sources: [item('x_post', 1, 1), item('article', 2, 50)] });

/** A market's signal list with articles 2 and 160 hours back, and a 168-hour sources answer of the same articles. */
const longList: Row = set(signalsBody, {
  signals: [article(1, hoursAgo(2)), article(2, hoursAgo(160))],
  total: 2,
  last_updated: hoursAgo(2),
});
const longSources: Row = {
  sources: [
    { ...item('article', 1, 2), url: 'https://news.test/1' },
    { ...item('article', 2, 160), url: 'https://news.test/2' },
  ],
};
const week = { sentMs: NOW, windowHours: 168, marginMs: 60_000 };

export const EVIDENCE_CASES = [
  cases({
    check: C.checkSignalListInSources,
    ok: [
      [longList, longSources, week],
      // No url in common: the two routes name articles otherwise, so nothing is looked for.
      [longList, { sources: [item('article', 7, 2)] }, week],
      // An article outside the window (160 h back, a 48-hour answer) is not owed.
      [longList, { sources: [(longSources.sources as Row[])[0]] }, { ...week, windowHours: 48 }],
    ],
    bad: {
      // The oldest day dropped (round-28 bug: 145..168 served as 144 hours).
      'SRC-019': [longList, { sources: [(longSources.sources as Row[])[0]] }, week],
    },
  }),
  cases({
    check: C.checkMarketSignals,
    ok: [
      [signalsBody, signalsReq],
      [signalsBody, { ...signalsReq, venue: 'venue_a' }],
      [onVenueB(signalsBody), { siteUrl: SITE, slug: 'venue_b:512', venue: 'venue_b' }],
    ],
    bad: {
      'EVID-001': [mutate(signalsBody, (b) => (b.signals as Row[]).reverse()), signalsReq],
      'EVID-002': [set(signalsBody, { total: 3 }), signalsReq],
      'EVID-004': [set(signalsBody, { last_updated: null }), signalsReq],
      'EVID-005': [set(signalsBody, { last_updated: '2026-11-20T08:30:00Z' }), signalsReq],
      'EVID-007': [signalsBody, { ...signalsReq, slug: 'another-market' }],
      'EVID-008': [onVenueB(signalsBody), { siteUrl: SITE, slug: 'venue_b:512', venue: 'venue_c' }],
      'EVID-010': [set(signalsBody, { signals: [], total: 0, last_updated: null }), signalsReq],
      'EVID-012': [mutate(signalsBody, (b) => ((b.signals as Row[])[1]!.conviction = 'high')), signalsReq],
      'EVID-013': [set(signalsBody, { market_slug: 'another-market' }), signalsReq],
      'EVID-015': [mutate(signalsBody, (b) => ((b.signals as Row[])[1]!.id = 'art_1')), signalsReq],
      'ROUTE-007': [onVenueB(signalsBody), { siteUrl: SITE, slug: 'venue_b:512' }],
      'ROUTE-005': [set(signalsBody, { serviceUrl: `${SITE}/markets/512` }), signalsReq],
      ...lift(C.checkMarketSignals, [signalsBody, signalsReq], CANONICAL_MUTANTS, ([b]) => market(b as Row), ['ROUTE-003']),
      'ROUTE-003': alsoBreaks([mutate(signalsBody, (b) => CANONICAL_MUTANTS['ROUTE-003']!(market(b))), signalsReq], 'ROUTE-005'),
    },
  }),
  cases({
    check: C.checkEvidencePublishedAt,
    // The same article on both routes, its instant written in another RFC 3339 form; another market's: no case.
    ok: [
      [
        signalsBody,
        {
          sources: [
            {
              type: 'article',
              url: 'https://news.test/1',
              published_at: '2026-11-20T09:00:00.000+00:00',
              market: { marketKey: 'venue_a:512' },
            },
            { type: 'article', url: 'https://news.test/2', published_at: '2026-11-19T00:00:00Z', market: { marketKey: 'venue_a:9' } },
          ],
        },
      ],
    ],
    // Round-7 bug: /sources dates the article when it was correlated.
    bad: {
      'EVID-019': [
        signalsBody,
        {
          sources: [
            { type: 'article', url: 'https://news.test/2', published_at: '2026-11-20T08:04:00Z', market: { marketKey: 'venue_a:512' } },
          ],
        },
      ],
    },
  }),
  cases({
    check: C.checkEvidenceCompleteness,
    ok: [
      [
        signalsBody,
        {
          sources: [
            { type: 'article', url: 'https://news.test/1', market: { marketKey: 'venue_a:512' } },
            { type: 'article', url: 'https://news.test/9', market: { marketKey: 'venue_a:9' } },
          ],
        },
      ],
    ],
    bad: {
      'EVID-003': [signalsBody, { sources: [{ type: 'article', url: 'https://news.test/3', market: { marketKey: 'venue_a:512' } }] }],
    },
  }),
  cases({
    check: C.checkSources,
    ok: [
      [sourcesBody, keyReq],
      [sourcesBody, slugReq],
      [set(sourcesBody, { sources: [item('article', 2, 2)] }), { ...keyReq, types: ['article'] }],
    ],
    bad: {
      'SRC-001': [mutate(sourcesBody, (b) => (b.sources as Row[]).reverse()), keyReq],
      'SRC-004': [sourcesBody, { ...keyReq, marketKeys: ['venue_a:9'] }],
      'SRC-005': [sourcesBody, { ...slugReq, slugs: ['another-market'] }],
      'SRC-006': [sourcesBody, { ...slugReq, venue: 'venue_b' }],
      'SRC-007': [withOld, keyReq],
      'PARAM-056': [withOld, { ...keyReq, windowRule: 'PARAM-056' }],
      'SRC-009': [sourcesBody, { ...keyReq, types: ['article'] }],
      'SRC-014': [mutate(sourcesBody, (b) => ((b.sources as Row[])[0]!.market_slug = 'another-market')), keyReq],
      ...lift(C.checkSources, [sourcesBody, slugReq], CANONICAL_MUTANTS, ([b]) => (b as { sources: Row[] }).sources[0]!.market as Row),
    },
  }),
  cases({
    check: C.checkSourcesSubset,
    ok: [[set(sourcesBody, { sources: [item('article', 2, 2)] }), sourcesBody, 'SRC-010', { label: 'the answer for both types' }]],
    bad: {
      'SRC-010': [set(sourcesBody, { sources: [item('article', 3, 2)] }), sourcesBody, 'SRC-010', { label: 'the answer for both types' }],
    },
  }),
];

const T1 = '2026-11-19T09:00:00Z';
const T2 = '2026-11-20T09:00:00Z';
const forecastBody: Row = {
  market: canonicalMarket(),
  ...top,
  forecast: {
    id: 'fc_2',
    probability: 0.4,
    reasoning: 'wet season',
    sources: [{ title: 'Rain ahead', url: 'https://news.example.test/rain', publisher: 'Example News' }],
    uncertainty: { low: 0.35, high: 0.45 },
    created_at: T2,
    drawdown_risk_72h: { yes: 0.1, no: 0.2 },
  },
  history: [{ id: 'fc_1', probability: 0.3, created_at: T1, drawdown_risk_72h: { yes: 0.1, no: 0.1 } }],
};
const forecastReq = { siteUrl: SITE, slug: 'will-it-rain-512' };
const current = (b: Row): Row => b.forecast as Row;
const past = (b: Row): Row => (b.history as Row[])[0]!;

export const FORECAST_CASES = [
  cases({
    check: C.checkMarketForecast,
    ok: [
      [forecastBody, forecastReq],
      [forecastBody, { ...forecastReq, venue: 'venue_a' }],
    ],
    bad: {
      'FCST-003': [mutate(forecastBody, (b) => delete current(b).reasoning), forecastReq],
      'FCST-004': [mutate(forecastBody, (b) => delete past(b).drawdown_risk_72h), forecastReq],
      'FCST-005': [mutate(forecastBody, (b) => ((current(b).drawdown_risk_72h as Row).yes = 1.2)), forecastReq],
      'FCST-009': [mutate(forecastBody, (b) => (past(b).probability = 2)), forecastReq],
      'FCST-012': [mutate(forecastBody, (b) => (past(b).created_at = '2026-11-21T09:00:00Z')), forecastReq],
      'FCST-013': [mutate(forecastBody, (b) => (current(b).uncertainty = { interval: [0.35, 0.45], level: 0.8 })), forecastReq],
      // The forecast's members at the top level, beside market, and no history by default.
      'FCST-016': alsoBreaks([{ ...(forecastBody.forecast as Row), market: canonicalMarket() }, forecastReq], 'FCST-012'),
      'FCST-014': [forecastBody, { ...forecastReq, venue: 'venue_b' }],
      'ROUTE-007': [onVenueB(forecastBody), { siteUrl: SITE, slug: 'venue_b:512' }],
      'ROUTE-005': [set(forecastBody, { serviceUrl: `${SITE}/markets/512` }), forecastReq],
      ...lift(C.checkMarketForecast, [forecastBody, forecastReq], CANONICAL_MUTANTS, ([b]) => market(b as Row), ['ROUTE-003']),
      'ROUTE-003': alsoBreaks([mutate(forecastBody, (b) => CANONICAL_MUTANTS['ROUTE-003']!(market(b))), forecastReq], 'ROUTE-005'),
    },
  }),
  cases({
    check: C.checkProbabilityMatchesFeed,
    ok: [
      [
        forecastBody,
        {
          events: [
            { type: 'forecast', forecast: { id: 'fc_2', probability: 0.4 } },
            { type: 'article', forecast: null },
          ],
        },
      ],
    ],
    bad: { 'FCST-007': [forecastBody, { events: [{ type: 'forecast', forecast: { id: 'fc_1', probability: 0.35 } }] }] },
  }),
  cases({
    check: C.checkDrawdownAnchored,
    // The same forecasts read 6 h later: equal values; a forecast only one read carries is no instance.
    ok: [
      [forecastBody, structuredClone(forecastBody), 21_600],
      [forecastBody, mutate(forecastBody, (b) => (current(b).id = 'fc_new')), 21_600],
    ],
    bad: {
      'FCST-006': [forecastBody, mutate(forecastBody, (b) => ((past(b).drawdown_risk_72h as Row).yes = 0.001)), 21_600],
    },
  }),
  cases({
    check: C.checkMatchesAvailability,
    ok: [[forecastBody, { latestForecast: { id: 'fc_2', createdAt: T2 } }]],
    bad: { 'FCST-008': [forecastBody, { latestForecast: { id: 'fc_1', createdAt: T1 } }] },
  }),
  cases({
    check: C.checkForecastSeenTwice,
    // One forecast seen in a job, availability (no probability) and the feed, its instant written in two RFC 3339
    // forms and to the second; a different forecast of the same market may be created later.
    ok: [
      [
        [
          {
            id: 'fc_9',
            createdMs: Date.parse('2026-11-20T10:00:00.250Z'),
            created: '2026-11-20T10:00:00.250Z',
            probability: 0.41,
            path: '/forecasts/0',
          },
          { id: 'fc_9', createdMs: Date.parse('2026-11-20T10:00:00+00:00'), created: '2026-11-20T10:00:00+00:00', path: '/latestForecast' },
          {
            id: 'fc_9',
            createdMs: Date.parse('2026-11-20T10:00:00Z'),
            created: '2026-11-20T10:00:00Z',
            probability: 0.41,
            path: '/events/0/forecast',
          },
          {
            id: 'fc_10',
            createdMs: Date.parse('2026-11-21T10:00:00Z'),
            created: '2026-11-21T10:00:00Z',
            probability: 0.6,
            path: '/events/1/forecast',
          },
        ],
      ],
    ],
    // Round-6 bug: a job's forecast dated with the job's own createdAt, availability naming the forecast's.
    bad: {
      'FCST-017': [
        [
          {
            id: 'fc_9',
            createdMs: Date.parse('2026-11-20T09:50:00Z'),
            created: '2026-11-20T09:50:00Z',
            probability: 0.41,
            path: '/forecasts/0',
          },
          { id: 'fc_9', createdMs: Date.parse('2026-11-20T10:00:00Z'), created: '2026-11-20T10:00:00Z', path: '/latestForecast' },
        ],
      ],
    },
  }),
  cases({
    check: C.checkForecastSeenTwice,
    // Within rounding to two decimals: one probability.
    ok: [
      [
        [
          {
            id: 'fc_9',
            createdMs: Date.parse('2026-11-20T10:00:00Z'),
            created: '2026-11-20T10:00:00Z',
            probability: 0.413,
            path: '/forecast',
          },
          {
            id: 'fc_9',
            createdMs: Date.parse('2026-11-20T10:00:00Z'),
            created: '2026-11-20T10:00:00Z',
            probability: 0.41,
            path: '/events/0/forecast',
          },
        ],
      ],
    ],
    // The read showing an earlier generation's probability under the current forecast's id.
    bad: {
      'FCST-017': [
        [
          {
            id: 'fc_9',
            createdMs: Date.parse('2026-11-20T10:00:00Z'),
            created: '2026-11-20T10:00:00Z',
            probability: 0.41,
            path: '/forecast',
          },
          {
            id: 'fc_9',
            createdMs: Date.parse('2026-11-20T10:00:00Z'),
            created: '2026-11-20T10:00:00Z',
            probability: 0.55,
            path: '/events/0/forecast',
          },
        ],
      ],
    },
  }),
];
