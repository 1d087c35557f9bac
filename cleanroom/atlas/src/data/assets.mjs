// Canonical underlyings and their identifiers on several platforms. Values
// are kept exactly as the platform spells them (case included).
import { uuidFrom } from '../util/rng.mjs';

const A = (assetKey, name, ticker, asset_type, aliases, identifiers, keywords = []) => ({
  id: uuidFrom('asset:' + assetKey), assetKey, name, ticker, asset_type, aliases,
  identifiers: identifiers.map(([platform, kind, value]) => ({ platform, kind, value })), keywords,
});

export function buildAssets() {
  return [
    A('bitcoin', 'Bitcoin', 'BTC', 'cryptoasset', ['BTC', 'XBT', 'btc'], [
      ['coingecko', 'id', 'bitcoin'], ['coinmarketcap', 'id', '1'], ['venue_a_perps', 'symbol', 'BTC-PERP'], ['perp_venue_b', 'coin', 'BTC'], ['cme', 'root', 'BTC'],
    ], ['digital gold', 'halving', 'sats']),
    A('ethereum', 'Ethereum', 'ETH', 'cryptoasset', ['ETH', 'Ether'], [
      ['coingecko', 'id', 'ethereum'], ['coinmarketcap', 'id', '1027'], ['venue_a_perps', 'symbol', 'ETH-PERP'], ['perp_venue_b', 'coin', 'ETH'],
    ], ['staking', 'eth etf']),
    A('solana', 'Solana', 'SOL', 'cryptoasset', ['SOL'], [['coingecko', 'id', 'solana'], ['coinmarketcap', 'id', '5426'], ['perp_venue_b', 'coin', 'SOL']]),
    A('crude-wti', 'WTI Crude Oil', 'CL', 'commodity', ['WTI', 'West Texas Intermediate', 'US crude'], [
      ['cme', 'root', 'CL'], ['venue_a_perps', 'symbol', 'WTI-PERP'], ['perp_venue_b', 'coin', 'xyz:CL'], ['eia', 'series', 'PET.RWTC.D'],
    ], ['oil', 'opec', 'barrel']),
    A('gold', 'Gold', 'XAU', 'commodity', ['XAUUSD', 'bullion'], [['cme', 'root', 'GC'], ['lbma', 'fix', 'LBMA-GOLD-PM'], ['perp_venue_b', 'coin', 'xyz:GOLD']]),
    A('nvidia', 'NVIDIA Corporation', 'NVDA', 'company', ['Nvidia', 'NVIDIA'], [
      ['nasdaq', 'ticker', 'NVDA'], ['figi', 'figi', 'BBG000BBJQV0'], ['sec', 'cik', '0001045810'], ['isin', 'isin', 'US67066G1040'],
    ], ['gpu', 'ai chips']),
    A('apple', 'Apple Inc.', 'AAPL', 'company', ['Apple'], [['nasdaq', 'ticker', 'AAPL'], ['figi', 'figi', 'BBG000B9XRY4'], ['sec', 'cik', '0000320193'], ['isin', 'isin', 'US0378331005']], ['iphone']),
    A('microsoft', 'Microsoft Corporation', 'MSFT', 'company', ['Microsoft'], [['nasdaq', 'ticker', 'MSFT'], ['figi', 'figi', 'BBG000BPH459'], ['sec', 'cik', '0000789019']], ['azure', 'copilot']),
    A('alphabet', 'Alphabet Inc.', 'GOOGL', 'company', ['Google', 'Alphabet'], [['nasdaq', 'ticker', 'GOOGL'], ['figi', 'figi', 'BBG009S39JX6'], ['sec', 'cik', '0001652044']], ['gemini', 'search']),
    A('tesla', 'Tesla, Inc.', 'TSLA', 'company', ['Tesla'], [['nasdaq', 'ticker', 'TSLA'], ['figi', 'figi', 'BBG000N9MNX3'], ['sec', 'cik', '0001318605']], ['fsd', 'robotaxi']),
    A('strategy-inc', 'Strategy Inc', 'MSTR', 'company', ['MicroStrategy', 'Strategy'], [['nasdaq', 'ticker', 'MSTR'], ['sec', 'cik', '0001050446']], ['bitcoin treasury']),
    A('spacex', 'SpaceX', null, 'private_company', ['Space Exploration Technologies'], [['crunchbase', 'slug', 'space-exploration-technologies'], ['pitchbook', 'id', '10052-11']], ['starship']),
    A('fed-funds', 'Federal Funds Rate', 'FFR', 'interest_rate', ['fed funds', 'policy rate', 'FOMC'], [['fred', 'series', 'DFEDTARU'], ['cme', 'root', 'ZQ']], ['rate cut', 'fomc']),
    A('us-cpi', 'US Consumer Price Index', 'CPI', 'economic_indicator', ['CPI', 'inflation'], [['fred', 'series', 'CPIAUCSL'], ['bls', 'series', 'CUUR0000SA0']], ['inflation']),
    A('us-gdp', 'US Real GDP', 'GDP', 'economic_indicator', ['GDP', 'recession'], [['fred', 'series', 'GDPC1'], ['bea', 'table', 'T10101']], ['recession', 'growth']),
    A('usd-jpy', 'US Dollar / Japanese Yen', 'USDJPY', 'fx_pair', ['USDJPY', 'dollar yen'], [['iso4217', 'pair', 'USD/JPY'], ['cme', 'root', '6J']]),
    A('sp500', 'S&P 500 Index', 'SPX', 'index', ['S&P 500', 'SPX', 'SPY'], [['cboe', 'symbol', '^SPX'], ['figi', 'figi', 'BBG000H4FSM0']]),
    A('polkadot', 'Polkadot', 'DOT', 'cryptoasset', ['DOT'], [['coingecko', 'id', 'polkadot']]),
  ];
}
