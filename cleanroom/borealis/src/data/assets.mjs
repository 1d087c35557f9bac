// Canonical underlyings. Identifier values are stored exactly as the platform
// spells them (case and punctuation preserved) because clients match on them.
import { stableUuid } from '../core/prng.mjs';

const A = (assetKey, name, ticker, asset_type, aliases, identifiers, keywords = []) => ({
  id: stableUuid('asset:' + assetKey), assetKey, name, ticker, asset_type, aliases,
  identifiers: identifiers.map(([platform, kind, value]) => ({ platform, kind, value })), keywords,
});

export const ASSETS = [
  A('crypto:btc', 'Bitcoin', 'BTC', 'cryptoasset', ['BTC', 'XBT', 'bitcoin'], [
    ['coingecko', 'coin_id', 'bitcoin'], ['coinmarketcap', 'id', '1'], ['venue_a_perps', 'symbol', 'BTC-PERP'], ['perp_venue_b', 'coin', 'BTC'], ['cme', 'contract', 'BTC'],
  ], ['digital gold', 'halving', 'sats']),
  A('crypto:eth', 'Ethereum', 'ETH', 'cryptoasset', ['Ether', 'ETH'], [
    ['coingecko', 'coin_id', 'ethereum'], ['coinmarketcap', 'id', '1027'], ['venue_a_perps', 'symbol', 'ETH-PERP'], ['perp_venue_b', 'coin', 'ETH'],
  ], ['smart contracts', 'staking']),
  A('crypto:sol', 'Solana', 'SOL', 'cryptoasset', ['SOL'], [
    ['coingecko', 'coin_id', 'solana'], ['perp_venue_b', 'coin', 'SOL'], ['contract', 'mint', 'So11111111111111111111111111111111111111112'],
  ], ['layer 1']),
  A('equity:nvda', 'NVIDIA Corporation', 'NVDA', 'company', ['NVIDIA', 'Nvidia'], [
    ['nasdaq', 'ticker', 'NVDA'], ['isin', 'isin', 'US67066G1040'], ['sec', 'cik', '0001045810'], ['figi', 'figi', 'BBG000BBJQV0'],
  ], ['gpu', 'semiconductors', 'ai chips']),
  A('equity:aapl', 'Apple Inc.', 'AAPL', 'company', ['Apple'], [
    ['nasdaq', 'ticker', 'AAPL'], ['isin', 'isin', 'US0378331005'], ['sec', 'cik', '0000320193'],
  ], ['iphone', 'consumer electronics']),
  A('equity:tsla', 'Tesla, Inc.', 'TSLA', 'company', ['Tesla'], [
    ['nasdaq', 'ticker', 'TSLA'], ['isin', 'isin', 'US88160R1014'], ['sec', 'cik', '0001318605'],
  ], ['electric vehicles', 'robotaxi', 'deliveries']),
  A('equity:msft', 'Microsoft Corporation', 'MSFT', 'company', ['Microsoft'], [
    ['nasdaq', 'ticker', 'MSFT'], ['isin', 'isin', 'US5949181045'],
  ], ['azure', 'cloud']),
  A('commodity:wti', 'WTI Crude Oil', 'CL', 'commodity', ['West Texas Intermediate', 'crude oil', 'WTI'], [
    ['cme', 'contract', 'CL'], ['venue_a_perps', 'symbol', 'WTI-PERP'], ['perp_venue_b', 'coin', 'xyz:CL'], ['eia', 'series', 'PET.RWTC.D'],
  ], ['oil', 'opec', 'energy']),
  A('commodity:gold', 'Gold', 'XAU', 'commodity', ['gold spot', 'XAU/USD'], [
    ['cme', 'contract', 'GC'], ['perp_venue_b', 'coin', 'xyz:GOLD'],
  ], ['bullion', 'precious metals']),
  A('index:spx', 'S&P 500 Index', 'SPX', 'index', ['S&P 500', 'SPX', 'US500'], [
    ['cboe', 'symbol', '^SPX'], ['cme', 'contract', 'ES'],
  ], ['equities', 'stocks']),
  A('rate:fed-funds', 'Federal Funds Rate', null, 'interest_rate', ['fed funds', 'FFR', 'policy rate'], [
    ['fred', 'series', 'DFEDTARU'], ['cme', 'contract', 'ZQ'],
  ], ['fomc', 'rate cut', 'federal reserve']),
  A('macro:us-cpi', 'US Consumer Price Index', 'CPI', 'economic_indicator', ['CPI', 'inflation'], [
    ['fred', 'series', 'CPIAUCSL'], ['bls', 'series', 'CUUR0000SA0'],
  ], ['inflation', 'prices']),
  A('crypto:doge', 'Dogecoin', 'DOGE', 'cryptoasset', ['DOGE'], [
    ['coingecko', 'coin_id', 'dogecoin'], ['perp_venue_b', 'coin', 'DOGE'],
  ], ['memecoin']),
  A('fx:eurusd', 'Euro / US Dollar', 'EURUSD', 'currency_pair', ['EUR/USD', 'fiber'], [
    ['cme', 'contract', '6E'], ['iso4217', 'pair', 'EUR/USD'],
  ], ['euro', 'dollar']),
];
