// The in-memory graph: markets, events, assets, forecasts, evidence, signals.
// Queries take `at` (epoch ms) and only see items whose time has come, so
// scheduled items appear on their own as the clock advances.
import { buildMarkets } from './markets.mjs';
import { ASSETS } from './assets.mjs';
import { buildArticles, buildMarketPosts, buildForecasts, buildTradeSignals } from './content.mjs';
import { buildSocialAccounts } from './social.mjs';
import { buildOil } from './oil.mjs';
import { buildPositions } from './wallets.mjs';


export function buildStore() {
  const { markets, events } = buildMarkets();
  const byKey = new Map(markets.map((m) => [m.key, m]));
  const bySlug = new Map(); // `${venue}|${slug}`
  const byNative = new Map(); // `${venue}|${nativeId.toLowerCase()}`
  const byCondition = new Map();
  for (const m of markets) {
    if (m.slug) bySlug.set(`${m.venue}|${m.slug.toLowerCase()}`, m);
    byNative.set(`${m.venue}|${m.nativeId.toLowerCase()}`, m);
    if (m.conditionId) byCondition.set(m.conditionId.toLowerCase(), m);
  }
  const assets = ASSETS.map((a) => ({ ...a, marketKeys: [], affectsKeys: [] }));
  const assetByKey = new Map(assets.map((a) => [a.assetKey, a]));
  const assetById = new Map(assets.map((a) => [a.id, a]));
  for (const m of markets) {
    for (const k of m.assets) assetByKey.get(k)?.marketKeys.push(m.key);
    for (const k of m.affects) assetByKey.get(k)?.affectsKeys.push(m.key);
  }

  const articles = buildArticles(markets);
  const evidence = new Map(); // marketKey -> [{article, link}]
  const articlesByMarket = new Map();
  for (const a of articles) {
    for (const l of a.links) {
      if (!evidence.has(l.marketKey)) evidence.set(l.marketKey, []);
      evidence.get(l.marketKey).push({ article: a, link: l });
      if (!articlesByMarket.has(l.marketKey)) articlesByMarket.set(l.marketKey, []);
      articlesByMarket.get(l.marketKey).push(a);
    }
  }
  for (const list of evidence.values()) list.sort((x, y) => y.article.publishedAt - x.article.publishedAt);
  for (const list of articlesByMarket.values()) list.sort((x, y) => y.publishedAt - x.publishedAt);

  const posts = buildMarketPosts(markets);
  const postsByMarket = new Map();
  for (const p of posts) for (const l of p.links) {
    if (!postsByMarket.has(l.marketKey)) postsByMarket.set(l.marketKey, []);
    postsByMarket.get(l.marketKey).push({ post: p, link: l });
  }

  const forecasts = buildForecasts(markets, articlesByMarket);
  const fcByMarket = new Map();
  const fcById = new Map();
  const indexForecast = (f) => {
    if (!fcByMarket.has(f.marketKey)) fcByMarket.set(f.marketKey, []);
    const list = fcByMarket.get(f.marketKey);
    list.push(f);
    list.sort((a, b) => b.createdAt - a.createdAt || (b.id < a.id ? -1 : 1));
    fcById.set(f.id, f);
  };
  forecasts.forEach(indexForecast);

  const tradeSignals = buildTradeSignals(markets, forecasts);
  const sigByMarket = new Map();
  for (const s of tradeSignals) {
    if (!sigByMarket.has(s.marketKey)) sigByMarket.set(s.marketKey, []);
    sigByMarket.get(s.marketKey).push(s);
  }
  for (const l of sigByMarket.values()) l.sort((a, b) => b.publishedAt - a.publishedAt);

  const store = {
    markets, events, byKey, assets, assetByKey, assetById, articles, posts, forecasts, tradeSignals,
    social: buildSocialAccounts(),
    oil: buildOil(),
    positions: buildPositions(markets),

    market: (key) => byKey.get(key) || null,
    bySlug: (venue, slug) => bySlug.get(`${venue}|${String(slug).toLowerCase()}`) || null,
    byNative: (venue, id) => byNative.get(`${venue}|${String(id).toLowerCase()}`) || null,
    byCondition: (cid) => byCondition.get(String(cid).toLowerCase()) || null,
    event: (venue, id) => events.get(`${venue}:${id}`) || null,
    eventByTicker(venue, ticker) {
      const t = String(ticker).toUpperCase();
      for (const ev of events.values()) if (ev.venue === venue && String(ev.ticker).toUpperCase() === t) return ev;
      return null;
    },
    eventBySlug(slug) {
      for (const ev of events.values()) if (ev.venue === 'venue_a' && ev.slug === slug) return ev;
      return null;
    },

    forecastsOf: (key, at) => (fcByMarket.get(key) || []).filter((f) => f.createdAt <= at),
    latestForecast: (key, at) => (fcByMarket.get(key) || []).find((f) => f.createdAt <= at) || null,
    forecastById: (id, at) => { const f = fcById.get(id); return f && f.createdAt <= at ? f : null; },
    addForecast: indexForecast,
    visibleForecasts: (at, since) => {
      const out = [];
      for (const list of fcByMarket.values()) for (const f of list) if (f.createdAt <= at && f.createdAt > since) out.push(f);
      return out;
    },

    evidenceOf: (key, at) => (evidence.get(key) || []).filter((e) => e.article.correlatedAt <= at),
    postsOf: (key, at) => (postsByMarket.get(key) || []).filter((e) => e.post.lastSeenAt <= at),
    signalsOf: (key, at) => (sigByMarket.get(key) || []).filter((s) => s.publishedAt <= at),

    assetsOfMarket: (m) => m.assets.map((k) => assetByKey.get(k)).filter(Boolean),
    activeMarketsOfAsset: (a) => a.marketKeys.map((k) => byKey.get(k)).filter((m) => m && m.active),

    // A market has a public page once the service has covered it at all.
    isCovered: (m, at) => store.latestForecast(m.key, at) != null || store.evidenceOf(m.key, at).length > 0,
  };
  return store;
}
