/**
 * Canonical underlyings. Identifier values are kept exactly as platforms spell them (leading zeros,
 * mixed case) because the spec says identifier values are preserved exactly.
 */
export interface AssetRow {
  key: string;
  name: string;
  ticker: string | null;
  type: string;
  aliases: string[];
  ids: [platform: string, kind: string, value: string][];
}

const equity = (key: string, name: string, ticker: string, exchange: string, isin: string, cik: string, aliases: string[]): AssetRow => ({
  key,
  name,
  ticker,
  type: 'company',
  aliases,
  ids: [
    [exchange, 'ticker', ticker],
    ['isin', 'isin', isin],
    ['sec', 'cik', cik],
  ],
});

const crypto = (key: string, name: string, ticker: string, gecko: string, cmc: string, aliases: string[]): AssetRow => ({
  key,
  name,
  ticker,
  type: 'cryptoasset',
  aliases,
  ids: [
    ['coingecko', 'id', gecko],
    ['coinmarketcap', 'id', cmc],
    ['venue_a_perps', 'symbol', `${ticker}-PERP`],
  ],
});

const macro = (key: string, name: string, type: string, fred: string, aliases: string[], ticker: string | null = null): AssetRow => ({
  key,
  name,
  ticker,
  type,
  aliases,
  ids: [['fred', 'series', fred]],
});

export const ASSET_ROWS: AssetRow[] = [
  crypto('btc', 'Bitcoin', 'BTC', 'bitcoin', '1', ['bitcoin', 'xbt', 'sats']),
  crypto('eth', 'Ethereum', 'ETH', 'ethereum', '1027', ['ethereum', 'ether']),
  crypto('sol', 'Solana', 'SOL', 'solana', '5426', ['solana']),
  crypto('xrp', 'XRP', 'XRP', 'ripple', '52', ['ripple']),
  crypto('doge', 'Dogecoin', 'DOGE', 'dogecoin', '74', ['dogecoin', 'doge coin']),
  equity('mstr', 'Strategy Inc.', 'MSTR', 'nasdaq', 'US5949724083', '0001050446', ['microstrategy', 'strategy']),
  equity('nvda', 'NVIDIA Corporation', 'NVDA', 'nasdaq', 'US67066G1040', '0001045810', ['nvidia']),
  equity('aapl', 'Apple Inc.', 'AAPL', 'nasdaq', 'US0378331005', '0000320193', ['apple']),
  equity('tsla', 'Tesla, Inc.', 'TSLA', 'nasdaq', 'US88160R1014', '0001318605', ['tesla']),
  equity('msft', 'Microsoft Corporation', 'MSFT', 'nasdaq', 'US5949181045', '0000789019', ['microsoft']),
  equity('googl', 'Alphabet Inc.', 'GOOGL', 'nasdaq', 'US02079K3059', '0001652044', ['alphabet', 'google']),
  equity('amzn', 'Amazon.com, Inc.', 'AMZN', 'nasdaq', 'US0231351067', '0001018724', ['amazon']),
  equity('meta', 'Meta Platforms, Inc.', 'META', 'nasdaq', 'US30303M1027', '0001326801', ['meta', 'facebook']),
  equity('coin', 'Coinbase Global, Inc.', 'COIN', 'nasdaq', 'US19260Q1076', '0001679788', ['coinbase']),
  equity('ba', 'The Boeing Company', 'BA', 'nyse', 'US0970231058', '0000012927', ['boeing']),
  equity('intc', 'Intel Corporation', 'INTC', 'nasdaq', 'US4581401001', '0000050863', ['intel']),
  {
    key: 'openai',
    name: 'OpenAI',
    ticker: null,
    type: 'company',
    aliases: ['open ai', 'chatgpt maker'],
    ids: [['crunchbase', 'organization', 'openai']],
  },
  {
    key: 'spacex',
    name: 'Space Exploration Technologies Corp.',
    ticker: null,
    type: 'company',
    aliases: ['spacex', 'starship'],
    ids: [['crunchbase', 'organization', 'space-exploration-technologies']],
  },
  {
    key: 'bytedance',
    name: 'ByteDance Ltd.',
    ticker: null,
    type: 'company',
    aliases: ['tiktok', 'bytedance'],
    ids: [['crunchbase', 'organization', 'bytedance']],
  },
  {
    key: 'crude-wti',
    name: 'WTI Crude Oil',
    ticker: 'CL',
    type: 'commodity',
    aliases: ['wti', 'crude oil', 'oil', 'west texas intermediate'],
    ids: [
      ['cme', 'symbol', 'CL'],
      ['fred', 'series', 'DCOILWTICO'],
      ['venue_a_perps', 'symbol', 'WTI-PERP'],
    ],
  },
  {
    key: 'brent',
    name: 'Brent Crude Oil',
    ticker: 'B',
    type: 'commodity',
    aliases: ['brent', 'north sea crude'],
    ids: [
      ['ice', 'symbol', 'B'],
      ['fred', 'series', 'DCOILBRENTEU'],
    ],
  },
  {
    key: 'gold',
    name: 'Gold',
    ticker: 'GC',
    type: 'commodity',
    aliases: ['xau', 'gold spot'],
    ids: [
      ['cme', 'symbol', 'GC'],
      ['iso4217', 'code', 'XAU'],
    ],
  },
  {
    key: 'natgas',
    name: 'Henry Hub Natural Gas',
    ticker: 'NG',
    type: 'commodity',
    aliases: ['natural gas', 'henry hub'],
    ids: [
      ['cme', 'symbol', 'NG'],
      ['fred', 'series', 'DHHNGSP'],
    ],
  },
  macro('fed-funds-rate', 'Federal Funds Target Rate', 'interest_rate', 'DFEDTARU', ['fed funds', 'fomc rate', 'policy rate']),
  macro('us-cpi', 'US Consumer Price Index', 'economic_indicator', 'CPIAUCSL', ['cpi', 'inflation']),
  macro('us-gdp', 'US Real GDP', 'economic_indicator', 'GDPC1', ['gdp', 'recession']),
  macro('us-unemployment', 'US Unemployment Rate', 'economic_indicator', 'UNRATE', ['unemployment', 'jobless rate']),
  macro('us-10y', 'US 10-Year Treasury Yield', 'interest_rate', 'DGS10', ['10y', 'ten-year yield', 'treasuries']),
  {
    key: 'spx',
    name: 'S&P 500 Index',
    ticker: 'SPX',
    type: 'index',
    aliases: ['s&p 500', 'sp500', 'spx'],
    ids: [
      ['cboe', 'symbol', 'SPX'],
      ['fred', 'series', 'SP500'],
    ],
  },
  {
    key: 'ndx',
    name: 'Nasdaq-100 Index',
    ticker: 'NDX',
    type: 'index',
    aliases: ['nasdaq 100', 'nasdaq-100'],
    ids: [
      ['nasdaq', 'symbol', 'NDX'],
      ['fred', 'series', 'NASDAQ100'],
    ],
  },
  {
    key: 'dxy',
    name: 'US Dollar Index',
    ticker: 'DXY',
    type: 'index',
    aliases: ['dollar index', 'usdx'],
    ids: [['ice', 'symbol', 'DX']],
  },
  {
    key: 'eur-usd',
    name: 'Euro / US Dollar',
    ticker: 'EURUSD',
    type: 'currency_pair',
    aliases: ['euro dollar', 'eurusd', 'fiber'],
    ids: [['iso4217', 'pair', 'EUR/USD']],
  },
];
