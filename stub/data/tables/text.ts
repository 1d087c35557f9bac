/** Vocabulary for evidence and forecast prose: publishers, social accounts and per-category phrasing. */

export interface Publisher {
  name: string;
  host: string;
  tier: string;
}

/** feed_tier values are a gap in the spec; tier_1..tier_3 is the stub's choice. */
export const PUBLISHERS: Publisher[] = [
  { name: 'Reuters', host: 'wire-one.example', tier: 'tier_1' },
  { name: 'Bloomberg', host: 'terminal-news.example', tier: 'tier_1' },
  { name: 'Associated Press', host: 'press-wire.example', tier: 'tier_1' },
  { name: 'Financial Times', host: 'pink-paper.example', tier: 'tier_1' },
  { name: 'CNBC', host: 'market-tv.example', tier: 'tier_2' },
  { name: 'Politico', host: 'capitol-desk.example', tier: 'tier_2' },
  { name: 'Axios', host: 'brief-news.example', tier: 'tier_2' },
  { name: 'CoinDesk', host: 'chain-desk.example', tier: 'tier_3' },
  { name: 'The Block', host: 'block-report.example', tier: 'tier_3' },
  { name: 'OilPrice', host: 'barrel-news.example', tier: 'tier_3' },
];

export interface Handle {
  handle: string;
  expert: boolean;
}

export const HANDLES: Handle[] = [
  { handle: 'macro_maven', expert: true },
  { handle: 'fedwatcher', expert: true },
  { handle: 'chainanalyst', expert: true },
  { handle: 'barrel_bob', expert: true },
  { handle: 'degen_dave', expert: false },
  { handle: 'polls_and_pints', expert: false },
  { handle: 'quant_quinn', expert: false },
  { handle: 'tape_reader', expert: false },
  { handle: 'weather_wonk', expert: false },
  { handle: 'policy_pat', expert: false },
];

/** Has more than the 15 grounded posts a social profile needs. */
export const PROFILE_HANDLE = 'macro_maven';
/** Has fewer than 15 grounded posts (insufficient_post_history). */
export const THIN_HANDLE = 'thin_history';

export interface CategoryVoice {
  crux: string;
  source: string;
  drivers: string[];
}

const DEFAULT_VOICE: CategoryVoice = {
  crux: 'whether the resolving event happens before the deadline',
  source: 'Official announcement named in the market rules',
  drivers: ['recent reporting', 'base rates for similar events', 'the time left before the deadline'],
};

const VOICES: Record<string, CategoryVoice> = {
  Economics: {
    crux: 'the next data print relative to consensus',
    source: 'Federal Reserve and BLS releases',
    drivers: [
      'the latest CPI and payrolls prints',
      'FOMC guidance in the dot plot',
      'futures-implied rate paths',
      'labor-market softening',
    ],
  },
  Crypto: {
    crux: 'spot price path into the settlement window',
    source: 'Reference-rate index named in the market rules',
    drivers: ['ETF flows', 'realised volatility', 'funding rates on perpetuals', 'on-chain exchange balances'],
  },
  Commodities: {
    crux: 'the supply balance into settlement',
    source: 'Exchange settlement price',
    drivers: ['OPEC+ output decisions', 'weekly inventory reports', 'refinery demand', 'the dollar'],
  },
  Companies: {
    crux: 'company guidance versus consensus',
    source: 'Company filings and exchange data',
    drivers: ['earnings guidance', 'analyst revisions', 'regulatory filings', 'product launch timelines'],
  },
  Politics: {
    crux: 'the vote count and procedural calendar',
    source: 'Official government record',
    drivers: ['whip counts', 'court calendars', 'polling averages', 'agency statements'],
  },
  Finance: {
    crux: 'the index level at the close of the period',
    source: 'Index provider closing level',
    drivers: ['earnings growth', 'rate expectations', 'positioning', 'volatility regime'],
  },
  'Climate and Weather': {
    crux: 'the forecast high versus the bucket edges',
    source: 'NWS daily climate report',
    drivers: ['model consensus', 'frontal timing', 'cloud cover'],
  },
};

export const voiceFor = (category: string): CategoryVoice => VOICES[category] ?? DEFAULT_VOICE;

export const REFRESH_REASONS = ['scheduled_refresh', 'new_evidence', 'market_move', 'rules_clarification'];

export const HEADLINE_VERBS = ['Leaning', 'Holding', 'Edging', 'Firming', 'Fading'];
