// Evidence feeds: recent sources for 1..10 markets and the board-wide
// latest feed (forecasts, articles, social posts) for a 1..6 hour window.
import { invalid, notFound } from '../util/http.mjs';
import { venueParam } from '../util/params.mjs';
import { byMarketKey, isMarketKeyShape } from '../domain/lookup.mjs';
import { assertNotExcluded } from '../domain/topics.mjs';
import { withRelationships, latestMarket, compactForecast } from '../domain/views.mjs';
import { iso, HOUR } from '../util/time.mjs';

function sourcesValidate({ query: q }, ctx) {
  const slugs = q.list('markets', { min: 1, max: 10, itemMax: 512 });
  const keys = q.list('market_keys', { min: 1, max: 10, itemMax: 512 });
  const venue = venueParam(q);
  const window = q.int('window', { min: 1, max: 168, def: 48 });
  const types = q.list('types', { min: 1, max: 2, allowed: ['article', 'x_post'] }) || ['article', 'x_post'];
  if (slugs && keys) throw invalid('Give either markets or market_keys, not both.');
  if (!slugs && !keys) throw invalid('One of markets (slugs) or market_keys is required.');
  if (keys && venue) throw invalid('market_keys already name their venues; do not also give venue.');
  if (keys) for (const k of keys) if (!isMarketKeyShape(k)) throw invalid(`'${k.slice(0, 80)}' is not a marketKey of the form <venue>:<native id>.`);
  const s = ctx.store;
  const ns = venue || 'venue_a';
  const markets = (keys ? keys.map((k) => byMarketKey(s, k)) : slugs.map((sl) => s.bySlug.get(ns).get(sl) || null)).filter(Boolean);
  markets.forEach(assertNotExcluded);
  return { markets, window, types };
}

function sourcesHandle(p, ctx) {
  if (!p.markets.length) throw notFound('None of the requested markets is a covered market.');
  const s = ctx.store;
  const since = ctx.now - p.window * HOUR;
  const out = [];
  for (const m of p.markets) {
    const mwr = withRelationships(s, m);
    const slug = m.slug ?? m.marketKey;
    if (p.types.includes('article')) {
      for (const a of s.articlesByMarket.get(m.marketKey) || []) {
        if (a.published_at < since || a.correlated_at > ctx.now) continue;
        out.push({
          at: a.published_at, type: 'article', market_slug: slug, market: mwr, title: a.title, url: a.url, source_name: a.source, feed_tier: a.feed_tier,
          published_at: iso(a.published_at), relevance: { confidence: a.confidence, reasoning: a.comment, evidence_quote: a.evidence_quote },
          author_handle: a.author_handle, is_expert: false,
        });
      }
    }
    if (p.types.includes('x_post')) {
      for (const x of s.postsByMarket.get(m.marketKey) || []) {
        // Posts window on when they were last seen as relevant.
        if (x.last_seen_at < since || x.last_seen_at > ctx.now) continue;
        out.push({
          // DEVIATION D2: a post is ordered by when it was last seen, not by its publication.
          at: ctx.config.deviations ? x.last_seen_at : x.published_at,
          type: 'x_post', market_slug: slug, market: mwr, title: x.text.length > 120 ? x.text.slice(0, 117) + '...' : x.text, url: x.url,
          source_name: 'x', feed_tier: 'social', published_at: iso(x.published_at), relevance: { ...x.relevance }, author_handle: x.handle, is_expert: x.is_expert,
        });
      }
    }
  }
  // Newest publication first.
  out.sort((a, b) => b.at - a.at || a.url.localeCompare(b.url));
  return { body: { sources: out.map(({ at, ...item }) => item) } };
}

function latestValidate({ query: q }) {
  return {
    hours: q.int('hours', { min: 1, max: 6, def: 3 }),
    types: q.list('types', { min: 1, max: 3, allowed: ['forecast', 'article', 'x_post'] }) || ['forecast', 'article', 'x_post'],
  };
}

function latestHandle(p, ctx) {
  const s = ctx.store;
  const now = ctx.now;
  const since = now - p.hours * HOUR;
  const cache = new Map();
  const lm = (m) => {
    if (!cache.has(m.marketKey)) cache.set(m.marketKey, latestMarket(ctx, m));
    return cache.get(m.marketKey);
  };
  const inWin = (t) => t > since && t <= now;
  const events = [];
  if (p.types.includes('forecast')) {
    for (const f of s.forecastById.values()) {
      if (!inWin(f.created_at)) continue;
      const m = s.byKey.get(f.marketKey);
      events.push({ type: 'forecast', id: f.id, at: f.created_at, occurred_at: iso(f.created_at), source: null, market: lm(m), forecast: compactForecast(ctx, f) });
    }
  }
  if (p.types.includes('article')) {
    for (const a of s.articles) {
      if (!inWin(a.correlated_at)) continue;
      events.push({
        type: 'article', id: a.id, at: a.correlated_at, occurred_at: iso(a.correlated_at),
        source: { title: a.title, url: a.url, source_name: a.source, feed_tier: a.feed_tier, published_at: iso(a.published_at), confidence: a.confidence, direction: a.direction },
        market: lm(s.byKey.get(a.marketKey)), forecast: null,
      });
    }
  }
  if (p.types.includes('x_post')) {
    for (const x of s.posts) {
      if (!x.marketKey || !inWin(x.last_seen_at)) continue;
      events.push({
        type: 'x_post', id: x.id, at: x.last_seen_at, occurred_at: iso(x.last_seen_at),
        source: { author_handle: x.handle, url: x.url, text: x.text, published_at: iso(x.published_at), is_expert: x.is_expert },
        market: lm(s.byKey.get(x.marketKey)), forecast: null,
      });
    }
  }
  // Oldest first.
  events.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  const list = events.map(({ at, ...e }) => e);
  return { body: { as_of: iso(now), window: { hours: p.hours, since: iso(since) }, types: p.types, events: list, count: list.length } };
}

export const feedRoutes = [
  { method: 'GET', path: '/api/v1/sources', kind: 'paid', price: 5, scope: 'standard', latency: 30, summary: 'Recent evidence for markets', validate: sourcesValidate, handle: sourcesHandle },
  { method: 'GET', path: '/api/v1/latest', kind: 'paid', price: 20, scope: 'standard', latency: 40, summary: 'Board-wide latest feed', validate: latestValidate, handle: latestHandle },
];
