// Builds the immutable dataset once per process (it is a pure function of the
// start time T0) and indexes it. Mutable things (published job forecasts,
// accounts, ledgers) live in the state, never here.
import { buildAssets } from './assets.mjs';
import { buildMarkets } from './markets.mjs';
import { buildContent } from './content.mjs';
import { buildSocial } from './social.mjs';

const group = (arr, key) => {
  const m = new Map();
  for (const x of arr) { const k = key(x); if (!m.has(k)) m.set(k, []); m.get(k).push(x); }
  return m;
};

export function buildDataset(T0) {
  const assets = buildAssets();
  const { markets, events } = buildMarkets(T0);
  const content = buildContent(T0, markets, assets);
  const social = buildSocial(T0, markets);

  const ds = { T0, assets, markets, events, ...content, ...social };
  ds.assetByKey = new Map(assets.map((a) => [a.assetKey, a]));
  ds.assetById = new Map(assets.map((a) => [a.id, a]));
  ds.marketByKey = new Map(markets.map((m) => [m.marketKey, m]));
  ds.bySlug = new Map();
  ds.byNative = new Map();
  for (const m of markets) {
    if (!ds.bySlug.has(m.venue)) { ds.bySlug.set(m.venue, new Map()); ds.byNative.set(m.venue, new Map()); }
    if (m.slug) ds.bySlug.get(m.venue).set(m.slug, m);
    ds.byNative.get(m.venue).set(normNative(m.venue, m.nativeMarketId), m);
  }
  ds.byCondition = new Map(markets.filter((m) => m.conditionId).map((m) => [m.conditionId.toLowerCase(), m]));
  ds.hasMarket = new Map(assets.map((a) => [a.assetKey, markets.filter((m) => m.assets.includes(a.assetKey))]));
  ds.forecastsByMarket = group(content.forecasts.sort((a, b) => a.created_at - b.created_at), (f) => f.marketIdx);
  ds.forecastById = new Map(content.forecasts.map((f) => [f.id, f]));
  ds.articlesByMarket = group(content.articles.filter((a) => a.live).sort((a, b) => b.published_at - a.published_at), (a) => a.marketIdx);
  ds.signalsByMarket = group(content.signals.sort((a, b) => a.published_at - b.published_at), (s) => s.marketIdx);
  ds.signalsByForecast = group(content.signals.filter((s) => s.forecastId), (s) => s.forecastId);
  ds.postsByMarket = new Map();
  for (const p of social.posts) for (const r of p.relevant) {
    if (!ds.postsByMarket.has(r.marketIdx)) ds.postsByMarket.set(r.marketIdx, []);
    ds.postsByMarket.get(r.marketIdx).push({ post: p, rel: r });
  }
  ds.postsByHandle = group(social.posts, (p) => p.handle);
  ds.accountByHandle = new Map(social.accounts.map((a) => [a.handle.toLowerCase(), a]));
  ds.oilMarkets = markets.filter((m) => m.assets.includes('crude-wti'));
  return ds;
}

// venue_b tickers are matched case-insensitively (stored upper case).
export function normNative(venue, id) { return venue === 'venue_b' ? id.toUpperCase() : id; }
