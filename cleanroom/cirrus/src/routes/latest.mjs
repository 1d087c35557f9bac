// The pull feed of update events: forecasts, articles and x posts of the last
// 1 to 6 hours, board-wide, complete for the window, oldest first.
import { forecastsOf } from '../data/query.mjs';
import { latestMarket } from '../views/market.mjs';
import { compactForecast } from '../views/forecast.mjs';
import { iso, HOUR } from '../util/time.mjs';

const TYPES = ['forecast', 'article', 'x_post'];

function prepare(ctx) {
  return { hours: ctx.query.int('hours', { min: 1, max: 6, def: 3 }), types: ctx.query.csv('types', { allowed: TYPES, min: 1, max: 3, def: TYPES }) };
}

function latest(ctx, p) {
  const vx = ctx.vx;
  const { ds } = vx;
  const since = vx.now - p.hours * HOUR;
  const inWin = (t) => t >= since && t <= vx.now;
  const events = [];
  const mcache = new Map();
  const lm = (m) => { if (!mcache.has(m.idx)) mcache.set(m.idx, latestMarket(vx, m)); return mcache.get(m.idx); };
  if (p.types.includes('forecast')) {
    for (const m of ds.markets) for (const f of forecastsOf(vx, m)) if (inWin(f.created_at)) events.push({ type: 'forecast', id: f.id, at: f.created_at, source: null, m, f });
  }
  if (p.types.includes('article')) {
    // An article enters the feed when it is correlated to its market, so that is
    // when its event occurs: dating it at publication would back-date events that
    // only became visible later into windows already answered as complete.
    for (const list of ds.articlesByMarket.values()) for (const a of list) if (inWin(a.correlated_at)) {
      events.push({ type: 'article', id: a.id, at: a.correlated_at, m: ds.markets[a.marketIdx], source: { kind: 'article', title: a.title, url: a.url, source_name: a.source, feed_tier: a.feed_tier, published_at: iso(a.published_at), direction: a.direction, confidence: a.confidence } });
    }
  }
  if (p.types.includes('x_post')) {
    for (const post of ds.posts) for (const r of post.relevant) if (inWin(r.last_seen_at) && post.published_at <= vx.now) {
      events.push({ type: 'x_post', id: post.id, at: r.last_seen_at, m: ds.markets[r.marketIdx], source: { kind: 'x_post', author_handle: post.handle, url: post.url, text: post.text, published_at: iso(post.published_at), is_expert: !!ds.accountByHandle.get(post.handle)?.is_expert } });
    }
  }
  events.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  const out = events.map((e) => ({ type: e.type, id: e.id, occurred_at: iso(e.at), source: e.source, market: lm(e.m), forecast: e.f ? compactForecast(vx, e.f) : null }));
  return { body: { as_of: iso(vx.now), window: { hours: p.hours, since: iso(since) }, types: p.types, events: out, count: out.length } };
}

export default [
  { method: 'GET', path: '/api/v1/latest', operationId: 'getLatest', kind: 'paid', credits: 20, scope: 'standard', summary: 'Board-wide update events of the last hours', prepare, handler: latest },
];
