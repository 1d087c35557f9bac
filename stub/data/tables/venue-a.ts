/**
 * venue_a multi-market events (slug events with several child markets) and venue_a-only rows
 * (topic-excluded, daily-close crypto, uncovered). Standalone topics shared with the other venues
 * live in `topics.ts`.
 */
import type { CryptoHorizon, Exclusion } from '../model.ts';

export interface VenueAChildRow {
  outcome: string;
  question: string;
  p: number;
}

export interface VenueAEventRow {
  slug: string;
  title: string;
  category: string;
  tags: string[];
  endDays: number;
  mutuallyExclusive: boolean;
  /** Legacy rows keep a bare numeric serviceMarketId. */
  legacy: boolean;
  assets: string[];
  children: VenueAChildRow[];
}

const fedDecision = (month: string, days: number, legacy: boolean, p: [number, number, number, number]): VenueAEventRow => {
  const m = month.toLowerCase().replace(' ', '-');
  const q = (what: string): string => `${what} after the ${month} FOMC meeting?`;
  return {
    slug: `fed-decision-in-${m}`,
    title: `Fed decision in ${month}?`,
    category: 'Economics',
    tags: ['fed', 'interest-rates', 'fomc'],
    endDays: days,
    mutuallyExclusive: true,
    legacy,
    assets: ['fed-funds-rate'],
    children: [
      { outcome: '50+ bps decrease', question: q('Will the Fed decrease interest rates by 50+ bps'), p: p[0] },
      { outcome: '25 bps decrease', question: q('Will the Fed decrease interest rates by 25 bps'), p: p[1] },
      { outcome: 'No change', question: q('Will the Fed leave interest rates unchanged'), p: p[2] },
      { outcome: '25+ bps increase', question: q('Will the Fed increase interest rates by 25+ bps'), p: p[3] },
    ],
  };
};

export const VENUE_A_EVENTS: VenueAEventRow[] = [
  fedDecision('January 2026', 21, true, [0.02, 0.17, 0.79, 0.02]),
  fedDecision('March 2026', 63, true, [0.05, 0.38, 0.55, 0.02]),
  fedDecision('April 2026', 105, false, [0.06, 0.41, 0.5, 0.03]),
  {
    slug: 'what-price-will-bitcoin-hit-in-2026',
    title: 'What price will Bitcoin hit in 2026?',
    category: 'Crypto',
    tags: ['crypto', 'bitcoin'],
    endDays: 290,
    mutuallyExclusive: false,
    legacy: true,
    assets: ['btc'],
    children: [
      ['↑ 130,000', 'Will Bitcoin reach $130,000 in 2026?', 0.47],
      ['↑ 150,000', 'Will Bitcoin reach $150,000 in 2026?', 0.29],
      ['↑ 200,000', 'Will Bitcoin reach $200,000 in 2026?', 0.09],
      ['↓ 80,000', 'Will Bitcoin dip to $80,000 in 2026?', 0.41],
      ['↓ 70,000', 'Will Bitcoin dip to $70,000 in 2026?', 0.23],
      ['↓ 60,000', 'Will Bitcoin dip to $60,000 in 2026?', 0.11],
    ].map(([outcome, question, p]) => ({ outcome: String(outcome), question: String(question), p: Number(p) })),
  },
  {
    slug: 'presidential-election-winner-2028',
    title: 'Presidential Election Winner 2028',
    category: 'Politics',
    tags: ['politics', 'elections', '2028'],
    endDays: 960,
    mutuallyExclusive: true,
    legacy: true,
    assets: [],
    children: [
      ['JD Vance', 0.29],
      ['Gavin Newsom', 0.2],
      ['Marco Rubio', 0.08],
      ['Alexandria Ocasio-Cortez', 0.07],
      ['Josh Shapiro', 0.06],
    ].map(([who, p]) => ({ outcome: String(who), question: `Will ${who} win the 2028 US presidential election?`, p: Number(p) })),
  },
  {
    slug: 'largest-company-end-of-2026',
    title: 'Largest company by market cap at the end of 2026?',
    category: 'Companies',
    tags: ['stocks', 'ai'],
    endDays: 290,
    mutuallyExclusive: true,
    legacy: false,
    assets: [],
    children: [
      ['NVIDIA', 0.58],
      ['Apple', 0.14],
      ['Microsoft', 0.16],
      ['Alphabet', 0.1],
    ].map(([who, p]) => ({
      outcome: String(who),
      question: `Will ${who} be the largest company in the world by market cap on December 31, 2026?`,
      p: Number(p),
    })),
  },
  // Already resolved: closed, inactive rows that stay linked to their asset.
  { ...fedDecision('December 2025', -34, true, [0.01, 0.9, 0.08, 0.01]) },
];

/** Asset links per child of `largest-company-end-of-2026`, in child order. */
export const LARGEST_COMPANY_ASSETS = ['nvda', 'aapl', 'msft', 'googl'];

export interface VenueAOnlyRow {
  question: string;
  category: string;
  tags: string[];
  endDays: number;
  p: number;
  legacy: boolean;
  assets: string[];
  exclusion: Exclusion | null;
  cryptoHorizon: CryptoHorizon | null;
  covered: boolean;
  /** Fixed slug where the venue's naming is not derived from the question. */
  slug?: string;
}

const row = (
  question: string,
  category: string,
  tags: string[],
  endDays: number,
  p: number,
  over: Partial<VenueAOnlyRow> = {},
): VenueAOnlyRow => ({
  question,
  category,
  tags,
  endDays,
  p,
  legacy: true,
  assets: [],
  exclusion: null,
  cryptoHorizon: null,
  covered: true,
  ...over,
});

export const VENUE_A_ONLY: VenueAOnlyRow[] = [
  // Daily-close crypto up/down stays in scope.
  row('Bitcoin Up or Down on March 20?', 'Crypto', ['crypto', 'bitcoin', 'up-or-down'], 0.6, 0.52, {
    assets: ['btc'],
    cryptoHorizon: 'daily',
    legacy: false,
    slug: 'bitcoin-up-or-down-on-march-20',
  }),
  row('Ethereum Up or Down on March 20?', 'Crypto', ['crypto', 'ethereum', 'up-or-down'], 0.6, 0.49, {
    assets: ['eth'],
    cryptoHorizon: 'daily',
    legacy: false,
    slug: 'ethereum-up-or-down-on-march-20',
  }),
  row('Lakers vs. Celtics', 'Sports', ['sports', 'nba'], 2, 0.44, { exclusion: 'sports', slug: 'nba-lal-bos-2026-01-15' }),
  row('Will Arsenal win the 2025–26 English Premier League?', 'Sports', ['sports', 'soccer', 'epl'], 140, 0.41, { exclusion: 'sports' }),
  row('Will Powell say "Recession" during the January press conference?', 'Mentions', ['mentions', 'fed'], 23, 0.36, {
    exclusion: 'mentions',
  }),
  row('Bitcoin Up or Down - 15 minutes (2:00PM-2:15PM ET, March 20)', 'Crypto', ['crypto', 'bitcoin', 'up-or-down'], 0.02, 0.5, {
    exclusion: 'crypto_up_down',
    cryptoHorizon: '15m',
    legacy: false,
    slug: 'btc-updown-15m-1774029600',
  }),
  row('Bitcoin Up or Down - March 20, 2PM ET', 'Crypto', ['crypto', 'bitcoin', 'up-or-down'], 0.05, 0.5, {
    exclusion: 'crypto_up_down',
    cryptoHorizon: 'hourly',
    legacy: false,
    slug: 'bitcoin-up-or-down-march-20-2pm-et',
  }),
  row('Will the next Pope be from Africa?', 'Religion', ['vatican'], 2000, 0.07, { covered: false }),
  row('Will GTA VI be released before 2027?', 'Culture', ['gaming'], 300, 0.72, { covered: false, legacy: false }),
];
