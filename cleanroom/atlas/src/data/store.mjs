// The in-memory store: all generated records plus the indices every route
// uses. Mutations at run time (new forecasts from jobs, attestations, the
// token ledger) live in their own modules; this file only builds and indexes.
import { buildCatalog } from './catalog.mjs';
import { buildAssets } from './assets.mjs';
import { buildForecasts, buildArticles, buildSignals } from './content.mjs';
import { buildSocial } from './social.mjs';
import { buildOil } from './oil.mjs';

const push = (map, k, v) => {
  if (!map.has(k)) map.set(k, []);
  map.get(k).push(v);
};

export function buildStore(t0) {
  const { markets, events } = buildCatalog(t0);
  const assets = buildAssets();
  const s = {
    t0, markets, events, assets,
    byKey: new Map(), bySlug: new Map(), byNative: new Map(), byCondition: new Map(),
    eventsByTicker: new Map(), eventsBySlug: new Map(),
    assetById: new Map(), assetByKey: new Map(),
    hasMarket: new Map(), assetsOfMarket: new Map(), affects: new Map(),
    forecastsByMarket: new Map(), forecastById: new Map(),
    articlesByMarket: new Map(), postsByMarket: new Map(), postsByHandle: new Map(),
    signalsByMarket: new Map(), signalsByForecast: new Map(),
  };
  for (const v of ['venue_a', 'venue_a_us', 'venue_b', 'venue_c']) {
    s.bySlug.set(v, new Map());
    s.byNative.set(v, new Map());
  }
  for (const m of markets) {
    s.byKey.set(m.marketKey, m);
    s.byNative.get(m.venue).set(m.nativeMarketId, m);
    if (m.slug) s.bySlug.get(m.venue).set(m.slug, m);
    if (m.conditionId) s.byCondition.set(m.conditionId, m);
  }
  for (const e of events) {
    if (e.venue === 'venue_b') s.eventsByTicker.set(e.ticker, e);
    else s.eventsBySlug.set(e.ticker, e);
  }
  for (const a of assets) {
    s.assetById.set(a.id, a);
    s.assetByKey.set(a.assetKey, a);
  }
  // HAS_MARKET edges (direct) and AFFECTS edges (inferred, never exposed as links).
  for (const m of markets) {
    if (m.excluded) continue;
    for (const k of m.assets) {
      const a = s.assetByKey.get(k);
      if (!a) continue;
      push(s.hasMarket, a.id, m.marketKey);
      push(s.assetsOfMarket, m.marketKey, a.id);
    }
    for (const k of m.affects) {
      const a = s.assetByKey.get(k);
      if (a) push(s.affects, a.id, m.marketKey);
    }
  }
  const forecasts = buildForecasts(t0, markets);
  for (const f of forecasts) addForecast(s, f);
  const articles = buildArticles(t0, markets);
  for (const a of articles) push(s.articlesByMarket, a.marketKey, a);
  for (const list of s.articlesByMarket.values()) list.sort((x, y) => y.published_at - x.published_at);
  // Cite a market's articles published before the forecast.
  for (const f of forecasts) {
    const arts = s.articlesByMarket.get(f.marketKey) || [];
    f.citationIds = arts.filter((a) => a.published_at <= f.created_at).slice(0, 4).map((a) => a.id);
  }
  s.articles = articles;
  const { accounts, posts } = buildSocial(t0, markets);
  s.socialAccounts = new Map(accounts.map((a) => [a.handle.toLowerCase(), a]));
  s.posts = posts;
  for (const p of posts) {
    push(s.postsByHandle, p.handle.toLowerCase(), p);
    if (p.marketKey) push(s.postsByMarket, p.marketKey, p);
  }
  const signals = buildSignals(t0, markets, s.forecastsByMarket);
  s.signals = signals;
  for (const sg of signals) {
    push(s.signalsByMarket, sg.marketKey, sg);
    push(s.signalsByForecast, sg.forecastId, sg);
  }
  for (const list of s.signalsByMarket.values()) list.sort((x, y) => y.published_at - x.published_at);
  s.oil = buildOil(t0);
  return s;
}

/** Adds a committed forecast (also used when a generation job succeeds). */
export function addForecast(s, f) {
  push(s.forecastsByMarket, f.marketKey, f);
  s.forecastsByMarket.get(f.marketKey).sort((x, y) => x.created_at - y.created_at);
  s.forecastById.set(f.id, f);
}

export const latestForecast = (s, marketKey, asOf) => {
  const list = s.forecastsByMarket.get(marketKey);
  if (!list || !list.length) return null;
  if (asOf === undefined) return list[list.length - 1];
  for (let i = list.length - 1; i >= 0; i--) if (list[i].created_at <= asOf) return list[i];
  return null;
};
