/**
 * Standalone binary topics listed on several venues. Each letter in `on` places one market:
 * a = venue_a, u = venue_a_us, c = venue_c. The same question on several venues is realistic
 * and gives assets cross-venue HAS_MARKET fan-out.
 */
import type { CryptoHorizon, Exclusion } from '../model.ts';

export interface TopicRow {
  question: string;
  category: string;
  tags: string[];
  endDays: number;
  p: number;
  on: string;
  assets: string[];
  /** Inferred AFFECTS-only links (never HAS_MARKET). */
  affects: string[];
  exclusion: Exclusion | null;
  cryptoHorizon: CryptoHorizon | null;
}

type T = [question: string, category: string, tags: string, endDays: number, p: number, on: string, assets?: string, affects?: string];

const RAW: T[] = [
  ['Will Bitcoin reach $200,000 by December 31, 2026?', 'Crypto', 'crypto bitcoin', 290, 0.09, 'uc', 'btc'],
  ['Will Ethereum reach $6,000 by June 30, 2026?', 'Crypto', 'crypto ethereum', 105, 0.14, 'auc', 'eth'],
  ['Will Solana flip Ethereum by market cap in 2026?', 'Crypto', 'crypto solana ethereum', 290, 0.05, 'ac', 'sol eth'],
  ['Will a spot XRP ETF be approved in the US by June 30, 2026?', 'Crypto', 'crypto xrp etf', 105, 0.63, 'ac', 'xrp'],
  ['Will Strategy Inc. sell any Bitcoin in 2026?', 'Crypto', 'crypto bitcoin treasury-companies', 290, 0.12, 'au', 'mstr btc'],
  ['Will Dogecoin reach $1 in 2026?', 'Crypto', 'crypto dogecoin', 290, 0.04, 'ac', 'doge'],
  ['Will Bitcoin dominance exceed 65% in 2026?', 'Crypto', 'crypto bitcoin', 290, 0.27, 'ac', 'btc'],
  ['Will Bitcoin fall below $70,000 in 2026?', 'Crypto', 'crypto bitcoin', 290, 0.22, 'uc', 'btc'],
  ['Will spot Ethereum ETF staking be approved in 2026?', 'Crypto', 'crypto ethereum etf', 290, 0.58, 'uc', 'eth'],
  ['Will Coinbase join the Dow Jones Industrial Average in 2026?', 'Companies', 'stocks crypto', 290, 0.06, 'ac', 'coin'],
  ['Will Nvidia close 2026 above $250 per share?', 'Companies', 'stocks ai', 290, 0.34, 'auc', 'nvda'],
  ['Will Apple announce a foldable iPhone before October 2026?', 'Companies', 'stocks hardware', 200, 0.39, 'ac', 'aapl'],
  ['Will Tesla deliver more than 1.8 million vehicles in 2026?', 'Companies', 'stocks autos', 300, 0.42, 'au', 'tsla'],
  ['Will OpenAI announce an IPO before 2027?', 'Companies', 'ai ipo', 290, 0.11, 'ac', 'openai'],
  [
    'Will SpaceX complete an orbital Starship propellant transfer in 2026?',
    'Science and Technology',
    'space starship',
    290,
    0.37,
    'auc',
    'spacex',
  ],
  ['Will Amazon reach a $3 trillion market cap in 2026?', 'Companies', 'stocks', 290, 0.31, 'au', 'amzn'],
  ['Will Meta release Llama 5 before July 2026?', 'Companies', 'ai stocks', 105, 0.26, 'ac', 'meta'],
  ['Will Microsoft announce a stock split in 2026?', 'Companies', 'stocks', 290, 0.08, 'au', 'msft'],
  ['Will a US court order Alphabet to divest Chrome in 2026?', 'Companies', 'stocks antitrust', 290, 0.13, 'ac', 'googl'],
  ['Will Boeing deliver more than 600 airplanes in 2026?', 'Companies', 'stocks aerospace', 300, 0.47, 'ac', 'ba'],
  [
    'Will the US government take an additional equity stake in Intel in 2026?',
    'Companies',
    'stocks semiconductors',
    290,
    0.19,
    'au',
    'intc',
  ],
  ['Will TikTok be banned in the US before 2027?', 'Politics', 'tech policy', 290, 0.09, 'auc', 'bytedance', 'meta'],
  ['Will WTI crude oil settle above $80 on June 30, 2026?', 'Commodities', 'oil commodities', 105, 0.21, 'auc', 'crude-wti'],
  ['Will Brent crude trade below $60 in 2026?', 'Commodities', 'oil commodities', 290, 0.33, 'ac', 'brent'],
  ['Will gold close 2026 above $4,500 per ounce?', 'Commodities', 'gold commodities', 290, 0.46, 'auc', 'gold'],
  ['Will Henry Hub natural gas settle above $6 in 2026?', 'Commodities', 'natural-gas commodities', 290, 0.18, 'ac', 'natgas'],
  ['Will US unemployment reach 5% in 2026?', 'Economics', 'jobs labor', 300, 0.24, 'au', 'us-unemployment'],
  ['Will the 10-year Treasury yield close 2026 above 5%?', 'Economics', 'rates bonds', 290, 0.16, 'ac', 'us-10y'],
  ['Will the Fed cut rates at least three times in 2026?', 'Economics', 'fed interest-rates', 300, 0.43, 'auc', 'fed-funds-rate'],
  ['Will US CPI inflation exceed 3.5% year over year in any month of 2026?', 'Economics', 'inflation cpi', 320, 0.21, 'auc', 'us-cpi'],
  ['Will the S&P 500 close 2026 above 7,500?', 'Finance', 'stocks indices', 290, 0.38, 'auc', 'spx'],
  ['Will the Nasdaq-100 fall 20% from its high in 2026?', 'Finance', 'stocks indices', 290, 0.22, 'ac', 'ndx'],
  ['Will the US dollar index fall below 90 in 2026?', 'Finance', 'currencies', 290, 0.12, 'au', 'dxy'],
  ['Will EUR/USD trade above 1.25 in 2026?', 'Finance', 'currencies', 290, 0.17, 'ac', 'eur-usd'],
  [
    'Will the US impose Section 232 tariffs on semiconductors in 2026?',
    'Politics',
    'tariffs trade',
    290,
    0.55,
    'auc',
    '',
    'nvda aapl intc',
  ],
  ['Will Russia and Ukraine sign a ceasefire agreement in 2026?', 'Geopolitics', 'ukraine russia', 290, 0.29, 'ac', '', 'crude-wti brent'],
  ['Will the Supreme Court rule the IEEPA tariffs unlawful?', 'Politics', 'tariffs courts', 160, 0.62, 'auc'],
  ['Will a new pandemic be declared by the WHO in 2026?', 'Health', 'health', 290, 0.03, 'uc'],
];

const split = (s: string | undefined): string[] => (s ? s.split(' ').filter(Boolean) : []);

export const TOPICS: TopicRow[] = RAW.map(([question, category, tags, endDays, p, on, assets, affects]) => ({
  question,
  category,
  tags: split(tags),
  endDays,
  p,
  on,
  assets: split(assets),
  affects: split(affects),
  exclusion: null,
  cryptoHorizon: null,
}));

/** Topic-excluded rows on venue_a_us and venue_c (excluded on any venue), plus an in-scope daily-close crypto row. */
export const CRYPTO_AND_EXCLUDED_TOPICS: TopicRow[] = [
  ['Will the Chiefs win Super Bowl LX?', 'Sports', 'sports nfl', 30, 0.16, 'u', 'sports', null],
  [
    'Will Bitcoin be up at 3:00pm ET on March 20, 2026 (hourly)?',
    'Crypto',
    'crypto bitcoin up-or-down',
    0.05,
    0.5,
    'u',
    'crypto_up_down',
    'hourly',
  ],
  ['Will Elon Musk post the word "Dogecoin" this week?', 'Mentions', 'mentions', 5, 0.61, 'c', 'mentions', null],
  [
    'Will Solana be up in the 2:15pm–2:30pm ET window on March 20, 2026?',
    'Crypto',
    'crypto solana up-or-down',
    0.02,
    0.5,
    'c',
    'crypto_up_down',
    '15m',
  ],
  ['Will Bitcoin close higher on March 20, 2026 than on March 19?', 'Crypto', 'crypto bitcoin up-or-down', 0.6, 0.53, 'c', null, 'daily'],
].map(([question, category, tags, endDays, p, on, exclusion, horizon]) => ({
  question: String(question),
  category: String(category),
  tags: split(String(tags)),
  endDays: Number(endDays),
  p: Number(p),
  on: String(on),
  assets: exclusion === null ? ['btc'] : [],
  affects: [],
  exclusion: exclusion as Exclusion | null,
  cryptoHorizon: horizon as CryptoHorizon | null,
}));
