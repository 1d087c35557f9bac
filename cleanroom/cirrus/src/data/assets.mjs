// Canonical underlyings. Identifier values keep their exact spelling (case,
// leading zeros) because the spec promises values are preserved exactly.
import { uuidFrom } from '../util/rng.mjs';

const id = (platform, kind, value) => ({ platform, kind, value });

const RAW = [
  ['btc', 'Bitcoin', 'BTC', 'cryptoasset', ['XBT', 'bitcoin', 'sats'], [id('coingecko', 'coin_id', 'bitcoin'), id('CoinMarketCap', 'id', '1'), id('cme', 'futures_root', 'BTC')], ['crypto', 'halving', 'etf flows']],
  ['eth', 'Ethereum', 'ETH', 'cryptoasset', ['ether', 'ethereum'], [id('coingecko', 'coin_id', 'ethereum'), id('CoinMarketCap', 'id', '1027'), id('eip155', 'chain_id', '1')], ['crypto', 'staking', 'layer 1']],
  ['sol', 'Solana', 'SOL', 'cryptoasset', ['solana'], [id('coingecko', 'coin_id', 'solana'), id('CoinMarketCap', 'id', '5426')], ['crypto', 'layer 1']],
  ['doge', 'Dogecoin', 'DOGE', 'cryptoasset', ['doge'], [id('coingecko', 'coin_id', 'dogecoin')], ['crypto', 'meme']],
  ['xrp', 'XRP', 'XRP', 'cryptoasset', ['ripple'], [id('coingecko', 'coin_id', 'ripple'), id('CoinMarketCap', 'id', '52')], ['crypto', 'payments']],
  ['crude-wti', 'Crude Oil (WTI)', 'CL', 'commodity', ['WTI', 'West Texas Intermediate', 'oil'], [id('cme', 'futures_root', 'CL'), id('EIA', 'series_id', 'PET.RWTC.D'), id('venue_a_perps', 'symbol', 'WTI-USD-PERP')], ['energy', 'opec', 'oil price']],
  ['crude-brent', 'Crude Oil (Brent)', 'BZ', 'commodity', ['Brent'], [id('ice', 'futures_root', 'B'), id('EIA', 'series_id', 'PET.RBRTE.D')], ['energy', 'oil price']],
  ['natgas', 'Natural Gas (Henry Hub)', 'NG', 'commodity', ['henry hub', 'natgas'], [id('cme', 'futures_root', 'NG')], ['energy', 'lng']],
  ['gold', 'Gold', 'XAU', 'commodity', ['bullion'], [id('comex', 'futures_root', 'GC'), id('lbma', 'fix', 'XAU-PM')], ['metals', 'safe haven']],
  ['copper', 'Copper', 'HG', 'commodity', ['dr copper'], [id('comex', 'futures_root', 'HG')], ['metals', 'china demand']],
  ['aapl', 'Apple Inc.', 'AAPL', 'company', ['Apple'], [id('nasdaq', 'ticker', 'AAPL'), id('sec', 'cik', '0000320193'), id('isin', 'isin', 'US0378331005'), id('OpenFIGI', 'figi', 'BBG000B9XRY4')], ['iphone', 'earnings', 'big tech']],
  ['nvda', 'NVIDIA Corporation', 'NVDA', 'company', ['Nvidia'], [id('nasdaq', 'ticker', 'NVDA'), id('sec', 'cik', '0001045810'), id('isin', 'isin', 'US67066G1040')], ['gpus', 'ai chips', 'earnings']],
  ['tsla', 'Tesla, Inc.', 'TSLA', 'company', ['Tesla'], [id('nasdaq', 'ticker', 'TSLA'), id('sec', 'cik', '0001318605')], ['ev', 'deliveries', 'robotaxi']],
  ['msft', 'Microsoft Corporation', 'MSFT', 'company', ['Microsoft'], [id('nasdaq', 'ticker', 'MSFT'), id('sec', 'cik', '0000789019')], ['cloud', 'earnings']],
  ['googl', 'Alphabet Inc.', 'GOOGL', 'company', ['Google', 'Alphabet'], [id('nasdaq', 'ticker', 'GOOGL'), id('sec', 'cik', '0001652044')], ['search', 'antitrust']],
  ['amzn', 'Amazon.com, Inc.', 'AMZN', 'company', ['Amazon'], [id('nasdaq', 'ticker', 'AMZN')], ['retail', 'aws']],
  ['meta', 'Meta Platforms, Inc.', 'META', 'company', ['Facebook'], [id('nasdaq', 'ticker', 'META')], ['social media', 'ads']],
  ['xom', 'Exxon Mobil Corporation', 'XOM', 'company', ['Exxon'], [id('nyse', 'ticker', 'XOM')], ['energy', 'oil major']],
  ['dal', 'Delta Air Lines, Inc.', 'DAL', 'company', ['Delta'], [id('nyse', 'ticker', 'DAL')], ['airlines', 'jet fuel']],
  ['ba', 'The Boeing Company', 'BA', 'company', ['Boeing'], [id('nyse', 'ticker', 'BA')], ['aerospace', 'deliveries']],
  ['openai', 'OpenAI', null, 'private_company', ['Open AI'], [id('crunchbase', 'slug', 'openai')], ['ai labs', 'gpt']],
  ['spx', 'S&P 500 Index', 'SPX', 'index', ['S&P 500', 'SP500'], [id('sp_dji', 'index_code', 'SPX'), id('cme', 'futures_root', 'ES')], ['equities', 'benchmark']],
  ['ndx', 'Nasdaq-100 Index', 'NDX', 'index', ['Nasdaq 100'], [id('nasdaq', 'index_code', 'NDX')], ['equities', 'tech']],
  ['fed-funds', 'US Federal Funds Rate', null, 'macro_rate', ['fed funds', 'FFR', 'policy rate'], [id('FRED', 'series_id', 'DFEDTARU'), id('cme', 'futures_root', 'ZQ')], ['fomc', 'rate cut', 'monetary policy']],
  ['us-cpi', 'US Consumer Price Index', 'CPI', 'macro_indicator', ['inflation', 'CPI-U'], [id('FRED', 'series_id', 'CPIAUCSL'), id('bls', 'series_id', 'CUUR0000SA0')], ['inflation', 'bls']],
  ['us-unemployment', 'US Unemployment Rate', 'UNRATE', 'macro_indicator', ['jobless rate'], [id('FRED', 'series_id', 'UNRATE')], ['labor market', 'payrolls']],
  ['eurusd', 'Euro / US Dollar', 'EURUSD', 'fx_pair', ['EUR/USD', 'fiber'], [id('iso4217', 'pair', 'EUR/USD')], ['fx', 'ecb']],
  ['us10y', 'US 10-Year Treasury Yield', 'US10Y', 'bond_yield', ['ten-year', '10y yield'], [id('FRED', 'series_id', 'DGS10')], ['rates', 'treasuries']],
  ['nyc-temp', 'New York City Daily High Temperature', null, 'weather_series', ['NYC high', 'Central Park temperature'], [id('noaa', 'station', 'USW00094728')], ['weather', 'temperature']],
  ['us-gov', 'US Federal Government', null, 'organization', ['Congress', 'federal budget'], [id('wikidata', 'qid', 'Q48525')], ['shutdown', 'appropriations']],
];

export function buildAssets() {
  return RAW.map(([key, name, ticker, type, aliases, identifiers, keywords]) => ({
    id: uuidFrom('asset:' + key),
    assetKey: key,
    name,
    ticker,
    asset_type: type,
    aliases,
    identifiers,
    keywords,
    description: `${name} (${type.replace('_', ' ')}) as tracked by the service's asset graph.`,
  }));
}
