// Evidence feeds: recent sources for chosen markets, and the board-wide
// latest feed of forecast, article and x_post events.
import { invalid, notFound } from '../http/errors.mjs';
import { int, csvList, csvSubset, venue as venueParam } from '../http/params.mjs';
import { iso, HOUR } from '../core/clock.mjs';
import { parseMarketKey, resolvePathRef } from './resolve.mjs';

export function evidenceRoutes(d) {
  const { store, mv, fv, cfg } = d;

  function sources(ctx) {
    const q = ctx.query;
    const slugs = csvList(q, 'markets', { min: 1, max: 10 });
    const keys = csvList(q, 'market_keys', { min: 1, max: 10 });
    const venue = venueParam(q);
    const windowH = int(q, 'window', { min: 1, max: 168, def: 48 });
    const types = csvSubset(q, 'types', ['article', 'x_post']);
    if (slugs && keys) throw invalid('markets and market_keys are mutually exclusive.');
    if (!slugs && !keys) throw invalid('Give markets (slugs) or market_keys.');
    const markets = [];
    if (keys) {
      for (const k of keys) {
        const p = parseMarketKey(k);
        if (!p) throw invalid(`'${k}' is not a marketKey.`, { parameter: 'market_keys' });
        if (venue && p.venue !== venue) throw invalid('venue conflicts with a marketKey in market_keys.', { parameter: 'venue' });
        const m = store.market(k);
        if (!m) throw notFound(`No covered market has marketKey '${k}'.`);
        markets.push(m);
      }
    } else {
      for (const s of slugs) {
        const m = resolvePathRef(store, s, venue);
        if (!m) throw notFound(`No covered market has slug '${s}' in ${venue || 'venue_a'}.`);
        markets.push(m);
      }
    }
    const at = ctx.at;
    const since = at - windowH * HOUR;
    const out = [];
    for (const m of [...new Set(markets)]) {
      const market = mv.withRel(m, at);
      const slug = m.slug ?? m.key;
      if (types.includes('article')) {
        for (const { article: a, link: l } of store.evidenceOf(m.key, at)) {
          if (a.publishedAt <= since) continue;
          out.push({ type: 'article', market_slug: slug, market, title: a.title, url: a.url, source_name: a.source, feed_tier: a.feedTier, published_at: iso(a.publishedAt), relevance: { confidence: l.confidence, reasoning: l.comment, evidence_quote: l.evidenceQuote }, author_handle: a.authorHandle, is_expert: false, _t: a.publishedAt, _id: a.id });
        }
      }
      if (types.includes('x_post')) {
        // Posts window on when they were last seen as relevant.
        for (const { post: p, link: l } of store.postsOf(m.key, at)) {
          if (p.lastSeenAt <= since) continue;
          out.push({ type: 'x_post', market_slug: slug, market, title: p.text.slice(0, 120), url: p.url, source_name: 'x', feed_tier: p.isExpert ? 'expert' : 'community', published_at: iso(p.publishedAt), relevance: { confidence: l.confidence, reasoning: l.reasoning, evidence_quote: l.evidenceQuote }, author_handle: p.handle, is_expert: p.isExpert, last_seen_at: iso(p.lastSeenAt), _t: p.publishedAt, _id: p.id });
        }
      }
    }
    out.sort((a, b) => b._t - a._t || (a._id < b._id ? 1 : -1));
    return { body: { sources: out.map(({ _t, _id, ...rest }) => rest) } };
  }

  function latest(ctx) {
    const q = ctx.query;
    // DEV-2: a zero hours value falls through to the default window.
    const hours = cfg.deviations && q.hours === '0' ? 3 : int(q, 'hours', { min: 1, max: 6, def: 3 });
    const types = csvSubset(q, 'types', ['forecast', 'article', 'x_post']);
    const at = ctx.at;
    const since = at - hours * HOUR;
    const events = [];
    const lm = new Map();
    const latestMarket = (m) => { if (!lm.has(m.key)) lm.set(m.key, mv.latestMarket(m, at)); return lm.get(m.key); };
    if (types.includes('forecast')) {
      for (const f of store.visibleForecasts(at, since)) {
        const m = store.market(f.marketKey);
        events.push({ type: 'forecast', id: f.id, occurred_at: f.createdAt, source: null, market: latestMarket(m), forecast: fv.compact(f, at) });
      }
    }
    if (types.includes('article')) {
      for (const a of store.articles) {
        if (a.correlatedAt > at || a.correlatedAt <= since) continue;
        const m = store.market(a.links[0].marketKey);
        events.push({ type: 'article', id: a.id, occurred_at: a.correlatedAt, source: { kind: 'article', title: a.title, url: a.url, source_name: a.source, feed_tier: a.feedTier, published_at: iso(a.publishedAt) }, market: latestMarket(m), forecast: null });
      }
    }
    if (types.includes('x_post')) {
      for (const p of store.posts) {
        if (p.lastSeenAt > at || p.lastSeenAt <= since) continue;
        const m = store.market(p.links[0].marketKey);
        events.push({ type: 'x_post', id: p.id, occurred_at: p.lastSeenAt, source: { kind: 'x_post', author_handle: p.handle, url: p.url, text: p.text, published_at: iso(p.publishedAt), is_expert: p.isExpert }, market: latestMarket(m), forecast: null });
      }
    }
    // Newest first; equal instants order by id, descending.
    events.sort((a, b) => b.occurred_at - a.occurred_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const list = events.map((e) => ({ ...e, occurred_at: iso(e.occurred_at) }));
    return { body: { as_of: iso(at), window: { hours, since: iso(since) }, types, events: list, count: list.length } };
  }

  return [
    { id: 'listSources', method: 'GET', path: '/api/v1/sources', auth: 'paid', price: 5, scope: 'standard', summary: 'Recent evidence for 1 to 10 markets', handler: sources },
    { id: 'getLatest', method: 'GET', path: '/api/v1/latest', auth: 'paid', price: 20, scope: 'standard', summary: 'Board-wide feed of recent events', handler: latest },
  ];
}
