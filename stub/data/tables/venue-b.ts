/**
 * venue_b series and events. Tickers are fixed strings (they depend on neither seed nor anchor) so the
 * identifiers route writers quote stay stable; only times move with the anchor.
 */
import type { CryptoHorizon, Exclusion } from '../model.ts';

export interface ChildRow {
  suffix: string;
  label: string;
  strikeType: string | null;
  floor: number | null;
  cap: number | null;
  /** Fair YES probability the generator perturbs into quotes and forecasts. */
  p: number;
}

export interface VenueBEventRow {
  ticker: string;
  series: string;
  seriesSlug: string;
  title: string;
  subtitle: string;
  category: string;
  tags: string[];
  /** Days from anchor to close (negative: already closed). */
  endDays: number;
  daily: boolean;
  mutuallyExclusive: boolean;
  children: ChildRow[];
  question: (child: ChildRow) => string;
  assets: string[];
  affects: string[];
  brokerCategory: string | null;
  exclusion: Exclusion | null;
  cryptoHorizon: CryptoHorizon | null;
  covered: boolean;
}

const logistic = (x: number): number => 1 / (1 + Math.exp(-1.7 * x));
const clampP = (p: number): number => Math.min(0.98, Math.max(0.02, p));

/** "Above strike" ladder: P(X > k) under a logistic around `center`. */
const greater = (strikes: number[], center: number, scale: number, fmt: (k: number) => string, unit: (k: number) => string): ChildRow[] =>
  strikes.map((k) => ({
    suffix: `T${fmt(k)}`,
    label: `Above ${unit(k)}`,
    strikeType: 'greater',
    floor: k,
    cap: null,
    p: clampP(logistic((center - k) / scale)),
  }));

/** Mutually exclusive buckets [floor, cap]. */
const between = (floors: number[], width: number, center: number, scale: number, unit: string): ChildRow[] =>
  floors.map((f) => {
    const cap = f + width;
    const p = logistic((cap + 0.5 - center) / scale) - logistic((f - 0.5 - center) / scale);
    return { suffix: `B${f + width / 2}`, label: `${f}${unit} to ${cap}${unit}`, strikeType: 'between', floor: f, cap, p: clampP(p) };
  });

const outcomes = (rows: [suffix: string, label: string, p: number][]): ChildRow[] =>
  rows.map(([suffix, label, p]) => ({ suffix, label, strikeType: 'custom', floor: null, cap: null, p }));

const single = (p: number): ChildRow[] => [{ suffix: 'YES', label: 'Yes', strikeType: null, floor: null, cap: null, p }];

type Base = Omit<VenueBEventRow, 'ticker' | 'title' | 'subtitle' | 'endDays' | 'children' | 'question'>;

const base = (over: Partial<Base> & Pick<Base, 'series' | 'seriesSlug' | 'category' | 'tags'>): Base => ({
  daily: false,
  mutuallyExclusive: false,
  assets: [],
  affects: [],
  brokerCategory: null,
  exclusion: null,
  cryptoHorizon: null,
  covered: true,
  ...over,
});

const FED = base({
  series: 'KXFED',
  seriesSlug: 'fed-funds-rate',
  category: 'Economics',
  tags: ['fed', 'interest-rates', 'fomc'],
  assets: ['fed-funds-rate'],
  affects: ['dxy'],
  brokerCategory: 'economics',
});
const FED_MEETINGS: [code: string, month: string, days: number][] = [
  ['26JAN', 'January 2026', 20],
  ['26MAR', 'March 2026', 62],
  ['26APR', 'April 2026', 104],
  ['26JUN', 'June 2026', 146],
  ['26JUL', 'July 2026', 188],
  ['26SEP', 'September 2026', 230],
  ['26OCT', 'October 2026', 272],
  ['26DEC', 'December 2026', 314],
];
const FED_STRIKES = [3.0, 3.25, 3.5, 3.75, 4.0, 4.25, 4.5];

const fedEvent = (code: string, month: string, days: number, i: number): VenueBEventRow => ({
  ...FED,
  ticker: `KXFED-${code}`,
  title: `Fed funds rate after the ${month} meeting`,
  subtitle: `Upper bound of the federal funds target range after the ${month} FOMC meeting`,
  endDays: days,
  children: greater(
    FED_STRIKES,
    3.95 - 0.09 * i,
    0.12,
    (k) => k.toFixed(2),
    (k) => `${k.toFixed(2)}%`,
  ),
  question: (c) => `Will the upper bound of the federal funds rate be above ${c.floor?.toFixed(2)}% after the ${month} FOMC meeting?`,
});

const CPI = base({
  series: 'KXCPIYOY',
  seriesSlug: 'cpi-year-over-year',
  category: 'Economics',
  tags: ['inflation', 'cpi'],
  assets: ['us-cpi'],
  affects: ['us-10y'],
  brokerCategory: 'economics',
});
const cpiEvent = (code: string, month: string, days: number, center: number): VenueBEventRow => ({
  ...CPI,
  ticker: `KXCPIYOY-${code}`,
  title: `CPI year-over-year for ${month}`,
  subtitle: `US CPI-U 12-month change reported for ${month}`,
  endDays: days,
  children: greater(
    [2.4, 2.6, 2.8, 3.0, 3.2],
    center,
    0.15,
    (k) => k.toFixed(1),
    (k) => `${k.toFixed(1)}%`,
  ),
  question: (c) => `Will US CPI inflation for ${month} be above ${c.floor?.toFixed(1)}% year over year?`,
});

const cryptoDaily = (
  series: string,
  seriesSlug: string,
  name: string,
  asset: string,
  code: string,
  label: string,
  days: number,
  strikes: number[],
  center: number,
  scale: number,
  broker: string | null,
): VenueBEventRow => ({
  ...base({
    series,
    seriesSlug,
    category: 'Crypto',
    tags: ['crypto', name.toLowerCase(), 'daily'],
    assets: [asset],
    daily: true,
    cryptoHorizon: 'daily',
    brokerCategory: broker,
  }),
  ticker: `${series}-${code}`,
  title: `${name} price on ${label}`,
  subtitle: `${name} daily close at ${label}`,
  endDays: days,
  children: greater(
    strikes,
    center,
    scale,
    (k) => `${k - 0.01}`,
    (k) => `$${k.toLocaleString('en-US')}`,
  ),
  question: (c) => `Will the ${name} price be above $${(c.floor ?? 0).toLocaleString('en-US')} at ${label}?`,
});

const BTC_STRIKES = [96000, 98000, 100000, 102000, 104000, 106000, 108000, 110000, 112000];
const ETH_STRIKES = [3000, 3200, 3400, 3600, 3800, 4000];

const WTI = base({
  series: 'KXWTI',
  seriesSlug: 'wti-oil-daily',
  category: 'Commodities',
  tags: ['oil', 'commodities', 'daily'],
  assets: ['crude-wti'],
  affects: ['brent'],
  daily: true,
  brokerCategory: 'commodities',
});
const wtiEvent = (code: string, label: string, days: number, center: number): VenueBEventRow => ({
  ...WTI,
  ticker: `KXWTI-${code}`,
  title: `WTI crude oil close on ${label}`,
  subtitle: `Front-month WTI settlement on ${label}`,
  endDays: days,
  children: greater(
    [66, 68, 70, 72, 74, 76],
    center,
    1.6,
    (k) => `${k - 0.01}`,
    (k) => `$${k}`,
  ),
  question: (c) => `Will WTI crude oil settle above $${c.floor} on ${label}?`,
});

const HIGH = base({
  series: 'KXHIGHNY',
  seriesSlug: 'highest-temperature-in-nyc',
  category: 'Climate and Weather',
  tags: ['weather', 'nyc', 'daily'],
  daily: true,
  mutuallyExclusive: true,
});
const highEvent = (code: string, label: string, days: number, center: number): VenueBEventRow => ({
  ...HIGH,
  ticker: `KXHIGHNY-${code}`,
  title: `Highest temperature in NYC on ${label}`,
  subtitle: `Central Park daily high, ${label}`,
  endDays: days,
  children: between([48, 50, 52, 54, 56, 58], 1, center, 1.4, '°'),
  question: (c) => `Will the highest temperature in Central Park be ${c.label} on ${label}?`,
});

const singleEvent = (
  ticker: string,
  series: string,
  question: string,
  category: string,
  tags: string[],
  endDays: number,
  p: number,
  over: Partial<Base> = {},
): VenueBEventRow => ({
  ...base({ series, seriesSlug: series.toLowerCase().slice(2), category, tags, ...over }),
  ticker,
  title: question.replace(/^Will /, '').replace(/\?$/, ''),
  subtitle: question,
  endDays,
  children: single(p),
  question: () => question,
});

export const VENUE_B_EVENTS: VenueBEventRow[] = [
  ...FED_MEETINGS.map(([code, month, days], i) => fedEvent(code, month, days, i)),
  // A past meeting: closed, inactive rows that stay linked to their asset.
  { ...fedEvent('25DEC', 'December 2025', -35, -1) },
  cpiEvent('26JAN', 'January 2026', 26, 2.85),
  cpiEvent('26FEB', 'February 2026', 55, 2.8),
  cpiEvent('26MAR', 'March 2026', 86, 2.75),
  cpiEvent('26APR', 'April 2026', 116, 2.7),
  ...[
    ['26MAR2017', 'Mar 20, 2026 5pm ET', 0.4],
    ['26MAR2117', 'Mar 21, 2026 5pm ET', 1.4],
    ['26MAR2217', 'Mar 22, 2026 5pm ET', 2.4],
    ['26MAR2317', 'Mar 23, 2026 5pm ET', 3.4],
  ].map(([code, label, d], i) =>
    cryptoDaily(
      'KXBTCD',
      'bitcoin-price-today',
      'Bitcoin',
      'btc',
      String(code),
      String(label),
      Number(d),
      BTC_STRIKES,
      104200 + 400 * i,
      1800,
      'crypto',
    ),
  ),
  ...[
    ['26MAR2017', 'Mar 20, 2026 5pm ET', 0.4],
    ['26MAR2117', 'Mar 21, 2026 5pm ET', 1.4],
  ].map(([code, label, d]) =>
    cryptoDaily('KXETHD', 'ethereum-price-today', 'Ethereum', 'eth', String(code), String(label), Number(d), ETH_STRIKES, 3480, 160, null),
  ),
  wtiEvent('26MAR20', 'Mar 20, 2026', 0.6, 71.2),
  wtiEvent('26MAR23', 'Mar 23, 2026', 3.6, 71.8),
  highEvent('26MAR20', 'Mar 20, 2026', 0.7, 53.4),
  highEvent('26MAR21', 'Mar 21, 2026', 1.7, 55.1),
  {
    ...base({ series: 'KXGDP', seriesSlug: 'us-gdp-growth', category: 'Economics', tags: ['gdp', 'growth'], assets: ['us-gdp'] }),
    ticker: 'KXGDP-26APR29',
    title: 'US GDP growth in Q1 2026',
    subtitle: 'Advance estimate of Q1 2026 real GDP growth (SAAR)',
    endDays: 120,
    children: greater(
      [0.5, 1.0, 1.5, 2.0, 2.5],
      1.6,
      0.45,
      (k) => k.toFixed(1),
      (k) => `${k.toFixed(1)}%`,
    ),
    question: (c) => `Will the advance estimate of Q1 2026 US real GDP growth be above ${c.floor?.toFixed(1)}%?`,
  },
  {
    ...base({
      series: 'KXBTCMAXY',
      seriesSlug: 'bitcoin-yearly-high',
      category: 'Crypto',
      tags: ['crypto', 'bitcoin'],
      assets: ['btc'],
      brokerCategory: 'crypto',
    }),
    ticker: 'KXBTCMAXY-26',
    title: 'Bitcoin yearly high in 2026',
    subtitle: 'Highest Bitcoin price reached before Jan 1, 2027',
    endDays: 290,
    children: greater(
      [120000, 140000, 160000, 180000, 200000],
      138000,
      18000,
      (k) => `${k - 0.01}`,
      (k) => `$${k.toLocaleString('en-US')}`,
    ),
    question: (c) => `Will Bitcoin trade above $${(c.floor ?? 0).toLocaleString('en-US')} at any time in 2026?`,
  },
  {
    ...base({ series: 'KXBTCMINY', seriesSlug: 'bitcoin-yearly-low', category: 'Crypto', tags: ['crypto', 'bitcoin'], assets: ['btc'] }),
    ticker: 'KXBTCMINY-26',
    title: 'Bitcoin yearly low in 2026',
    subtitle: 'Lowest Bitcoin price reached before Jan 1, 2027',
    endDays: 290,
    children: [80000, 70000, 60000, 50000].map((k) => ({
      suffix: `T${k}`,
      label: `Below $${k.toLocaleString('en-US')}`,
      strikeType: 'less',
      floor: null,
      cap: k,
      p: clampP(logistic((k - 76000) / 12000)),
    })),
    question: (c) => `Will Bitcoin trade below $${(c.cap ?? 0).toLocaleString('en-US')} at any time in 2026?`,
  },
  {
    ...base({
      series: 'KXPRESPARTY',
      seriesSlug: 'presidential-party',
      category: 'Politics',
      tags: ['politics', 'elections', '2028'],
      mutuallyExclusive: true,
    }),
    ticker: 'KXPRESPARTY-28',
    title: 'Party to win the 2028 presidential election',
    subtitle: 'Winning party of the 2028 US presidential election',
    endDays: 960,
    children: outcomes([
      ['D', 'Democratic Party', 0.52],
      ['R', 'Republican Party', 0.46],
    ]),
    question: (c) => `Will the ${c.label} win the 2028 US presidential election?`,
  },
  singleEvent('KXRECESSION-26', 'KXRECESSION', 'Will the US enter a recession in 2026?', 'Economics', ['recession', 'gdp'], 300, 0.28, {
    assets: ['us-gdp'],
    affects: ['spx'],
    brokerCategory: 'economics',
  }),
  singleEvent(
    'KXSHUTDOWN-26JAN30',
    'KXSHUTDOWN',
    'Will the US federal government shut down before January 31, 2026?',
    'Politics',
    ['politics', 'congress'],
    25,
    0.34,
  ),
  singleEvent(
    'KXNVDAMCAP-26',
    'KXNVDAMCAP',
    'Will Nvidia be the largest public company by market cap on December 31, 2026?',
    'Companies',
    ['ai', 'stocks'],
    290,
    0.61,
    { assets: ['nvda'], brokerCategory: 'companies' },
  ),
  singleEvent(
    'KXTSLAROBOTAXI-26',
    'KXTSLAROBOTAXI',
    'Will Tesla offer driverless robotaxi rides in 10 US cities by the end of 2026?',
    'Companies',
    ['autonomy', 'stocks'],
    290,
    0.18,
    { assets: ['tsla'] },
  ),
  singleEvent(
    'KXOPECCUT-26JUN',
    'KXOPECCUT',
    'Will OPEC+ announce a production cut before July 1, 2026?',
    'Commodities',
    ['oil', 'opec'],
    100,
    0.31,
    { assets: ['crude-wti', 'brent'], brokerCategory: 'commodities' },
  ),
  singleEvent(
    'KXMSTRBTC-26',
    'KXMSTRBTC',
    'Will Strategy Inc. hold more than 800,000 BTC by the end of 2026?',
    'Crypto',
    ['crypto', 'bitcoin', 'treasury-companies'],
    290,
    0.44,
    { assets: ['mstr', 'btc'] },
  ),
  // Topic-excluded rows: tracked, never forecast.
  {
    ...base({
      series: 'KXNFLGAME',
      seriesSlug: 'nfl-game',
      category: 'Sports',
      tags: ['sports', 'nfl'],
      mutuallyExclusive: true,
      exclusion: 'sports',
    }),
    ticker: 'KXNFLGAME-26JAN11BUFKC',
    title: 'Buffalo at Kansas City',
    subtitle: 'NFL divisional round, Jan 11, 2026',
    endDays: 6,
    children: outcomes([
      ['BUF', 'Buffalo', 0.47],
      ['KC', 'Kansas City', 0.53],
    ]),
    question: (c) => `Will ${c.label} win the Buffalo at Kansas City game on January 11, 2026?`,
  },
  {
    ...base({
      series: 'KXPOWELLMENTION',
      seriesSlug: 'powell-mentions',
      category: 'Mentions',
      tags: ['mentions', 'fed'],
      exclusion: 'mentions',
    }),
    ticker: 'KXPOWELLMENTION-26JAN28',
    title: 'What will Powell say at the January 2026 press conference?',
    subtitle: 'Words said by the Fed chair during the Jan 28, 2026 press conference',
    endDays: 23,
    children: outcomes([
      ['TARIFF', 'Tariff', 0.82],
      ['RECESSION', 'Recession', 0.41],
      ['AI', 'AI', 0.57],
    ]),
    question: (c) => `Will Jerome Powell say "${c.label}" during the January 28, 2026 press conference?`,
  },
  singleEvent(
    'KXBTC15M-26MAR201415',
    'KXBTC15M',
    'Will Bitcoin be up between 2:00pm and 2:15pm ET on March 20, 2026?',
    'Crypto',
    ['crypto', 'bitcoin', 'up-or-down'],
    0.02,
    0.5,
    { exclusion: 'crypto_up_down', cryptoHorizon: '15m' },
  ),
  singleEvent(
    'KXETHH-26MAR2014',
    'KXETHH',
    'Will Ethereum be up between 2pm and 3pm ET on March 20, 2026?',
    'Crypto',
    ['crypto', 'ethereum', 'up-or-down'],
    0.05,
    0.5,
    { exclusion: 'crypto_up_down', cryptoHorizon: 'hourly' },
  ),
  // Venue-side only: the service does not track these (tracked:false), but venue resolution still finds them.
  {
    ...base({
      series: 'KXOSCARPIC',
      seriesSlug: 'oscar-best-picture',
      category: 'Culture',
      tags: ['awards', 'film'],
      mutuallyExclusive: true,
      covered: false,
    }),
    ticker: 'KXOSCARPIC-26',
    title: 'Best Picture at the 2026 Academy Awards',
    subtitle: '98th Academy Awards',
    endDays: 70,
    children: outcomes([
      ['ONE', 'One Battle After Another', 0.46],
      ['SIN', 'Sinners', 0.21],
      ['HAM', 'Hamnet', 0.18],
    ]),
    question: (c) => `Will "${c.label}" win Best Picture at the 2026 Academy Awards?`,
  },
  singleEvent('KXMARSLAND-30', 'KXMARSLAND', 'Will humans land on Mars before 2030?', 'Science and Technology', ['space'], 1450, 0.04, {
    covered: false,
  }),
];
