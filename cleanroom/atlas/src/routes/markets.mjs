// Market routes: the covered catalog, search, mispriced list, the stored
// forecast read and article evidence per market.
import { ApiError, invalid, notFound } from '../util/http.mjs';
import { venueParam, VENUES } from '../util/params.mjs';
import { resolvePathMarket } from '../domain/lookup.mjs';
import { assertNotExcluded } from '../domain/topics.mjs';
import { marketListItem, linkedMarket, withRelationships, fullForecast, serviceUrl, venueAUrl } from '../domain/views.mjs';
import { venueQuote, oddsOf } from '../domain/quotes.mjs';
import { latestForecast } from '../data/store.mjs';
import { fuse } from '../domain/search.mjs';
import { iso, HOUR, parseAsOf } from '../util/time.mjs';

export function matchesTopic(m, topic) {
  const t = topic.toLowerCase();
  if (t === 'broker_a') return m.broker_channels.includes('broker_a');
  return [...m.tags, ...m.categories, ...m.eventTags, ...m.eventCategories].some((x) => x.toLowerCase() === t);
}

// ---- GET /api/v1/markets -------------------------------------------------
function catalogValidate({ query: q }) {
  return {
    topic: q.str('topic', { max: 100 }), venue: venueParam(q),
    maxAge: q.int('max_forecast_age', { min: 1, max: 720, def: 48 }),
    changedWithin: q.int('changed_within', { min: 1, max: 168 }),
    sort: q.enum('sort', ['updated_desc', 'volume_desc', 'signal_count_desc'], 'updated_desc'),
  };
}

function catalogHandle(p, ctx) {
  const s = ctx.store;
  const now = ctx.now;
  const since = now - p.maxAge * HOUR;
  let rows = s.markets.filter((m) => m.status === 'active' && !m.excluded).filter((m) => {
    const inWin = (s.forecastsByMarket.get(m.marketKey) || []).some((f) => f.created_at >= since && f.created_at <= now);
    return inWin || (s.signalsByMarket.get(m.marketKey) || []).length > 0;
  });
  if (p.topic) rows = rows.filter((m) => matchesTopic(m, p.topic));
  if (p.changedWithin) {
    rows = rows.filter((m) => {
      const f = latestForecast(s, m.marketKey, now);
      return f && f.created_at >= now - p.changedWithin * HOUR;
    });
  }
  // Facets describe the filtered set before the venue filter, all venues listed.
  const counts = Object.fromEntries(VENUES.map((v) => [v, 0]));
  rows.forEach((m) => (counts[m.venue] += 1));
  const venue_facets = VENUES.map((v) => ({ venue: v, count: counts[v] })).sort((a, b) => b.count - a.count || a.venue.localeCompare(b.venue));
  if (p.venue) rows = rows.filter((m) => m.venue === p.venue);
  const items = rows.map((m) => marketListItem(ctx, m, { maxAgeH: p.maxAge }));
  const byUpdated = (a, b) => b.market_updated_at.localeCompare(a.market_updated_at) || a.marketKey.localeCompare(b.marketKey);
  if (p.sort === 'volume_desc') items.sort((a, b) => (b.volume_24h ?? -1) - (a.volume_24h ?? -1) || byUpdated(a, b));
  else if (p.sort === 'signal_count_desc') items.sort((a, b) => b.signal_count - a.signal_count || byUpdated(a, b));
  else items.sort(byUpdated);
  return { body: { markets: items, venue_facets } };
}

// ---- GET /api/v1/markets/search -------------------------------------------
function searchValidate({ query: q }) {
  const out = {
    query: q.str('query', { max: 200 }), tag: q.str('tag', { max: 100 }), category: q.str('category', { max: 100 }),
    venue: venueParam(q), limit: q.int('limit', { min: 1, max: 100, def: 25 }),
  };
  const asOf = q.str('as_of', { max: 40 });
  if (asOf !== undefined) {
    out.asOf = parseAsOf(asOf);
    if (out.asOf === null) throw invalid("Parameter 'as_of' must be YYYY-MM-DD or an RFC 3339 instant.");
  }
  if (out.query === undefined && out.tag === undefined && out.category === undefined) throw invalid('Give at least one of query, tag or category.');
  if (out.query !== undefined && out.query.trim() === '') throw invalid("Parameter 'query' must not be blank.");
  return out;
}

function searchHandle(p, ctx) {
  const s = ctx.store;
  const asOf = p.asOf === undefined ? ctx.now : Math.min(p.asOf, ctx.now);
  let pool = s.markets.filter((m) => m.status === 'active' || (m.end_date && m.end_date > asOf));
  if (p.venue) pool = pool.filter((m) => m.venue === p.venue);
  if (p.tag) pool = pool.filter((m) => (p.tag.toLowerCase() === 'broker_a' ? m.broker_channels.includes('broker_a') : [...m.tags, ...m.eventTags].some((t) => t.toLowerCase() === p.tag.toLowerCase())));
  if (p.category) pool = pool.filter((m) => [...m.categories, ...m.eventCategories].some((t) => t.toLowerCase() === p.category.toLowerCase()));
  let ranked;
  if (p.query) {
    ranked = fuse(p.query, pool.map((m) => ({
      item: m,
      identity: [['market_key', m.marketKey], ['native_market_id', m.nativeMarketId], ['slug', m.slug], ['condition_id', m.conditionId], ['event_id', m.nativeEventId]],
      text: [['question', m.question], ['event_title', m.event.title], ['tags', [...m.tags, ...m.eventTags].join(' ')], ['slug', (m.slug || '').replace(/-/g, ' ')]],
    })));
  } else {
    ranked = pool.map((m, i) => ({ item: m, score: Math.round((1 / (61 + i)) * 1e6) / 1e6, matched_fields: p.tag ? ['tags'] : ['categories'] }));
  }
  const results = ranked.slice(0, p.limit).map((r) => ({
    ...linkedMarket(ctx, r.item, { asOf }), relevance: { score: r.score, matched_by: ['graph'], matched_fields: r.matched_fields },
  }));
  return {
    body: {
      query: p.query ?? null, tag: p.tag ?? null, category: p.category ?? null, venue: p.venue ?? null, as_of: iso(asOf),
      results, count: results.length, retrieval: { graph: 'ok', lexical: 'unconfigured' },
    },
  };
}

// ---- GET /api/v1/markets/mispriced ----------------------------------------
function mispricedValidate({ query: q }) {
  return {
    venue: venueParam(q), topic: q.str('topic', { max: 100 }),
    minGap: q.num('min_gap_pp', { min: 0.5, max: 50, def: 7.5 }), limit: q.int('limit', { min: 1, max: 200, def: 50 }),
  };
}

function mispricedHandle(p, ctx) {
  const s = ctx.store;
  const rows = [];
  for (const m of s.markets) {
    if (m.status !== 'active' || m.excluded) continue;
    if (p.venue && m.venue !== p.venue) continue;
    if (p.topic && !matchesTopic(m, p.topic)) continue;
    const f = latestForecast(s, m.marketKey, ctx.now);
    if (!f || f.created_at < ctx.now - 168 * HOUR) continue;
    const q = venueQuote(m, ctx.now);
    const odds = oddsOf(q);
    if (odds === null) continue;
    const gap = Math.round((f.probability - odds) * 1000) / 10;
    if (Math.abs(gap) < p.minGap) continue;
    rows.push({
      ...marketListItem(ctx, m, { quote: q }), forecast_id: f.id, forecast_probability: f.probability, forecast_at: iso(f.created_at),
      gap_pp: gap, direction: gap > 0 ? 'yes_underpriced' : 'yes_overpriced', has_published_signal: (s.signalsByMarket.get(m.marketKey) || []).length > 0,
    });
  }
  rows.sort((a, b) => Math.abs(b.gap_pp) - Math.abs(a.gap_pp) || a.marketKey.localeCompare(b.marketKey));
  const out = rows.slice(0, p.limit);
  return { body: { as_of: iso(ctx.now), mispricing_threshold_pp: p.minGap, markets: out, count: out.length } };
}

// ---- market by path identifier --------------------------------------------
function pathMarketValidate(extra) {
  return ({ query: q, path }, ctx) => {
    const slug = path.slug;
    if (slug.length < 1 || slug.length > 512) throw invalid("Path parameter 'slug' must be 1 to 512 characters long.");
    const venue = venueParam(q);
    const out = { slug, venue, ...(extra ? extra(q) : {}) };
    out.market = resolvePathMarket(ctx.store, slug, venue);
    if (out.market) assertNotExcluded(out.market);
    return out;
  };
}

function historyRow(f) {
  return {
    id: f.id, probability: f.probability, created_at: iso(f.created_at), headline: f.headline, delta_from_prior: f.delta_from_prior,
    refresh_reason: f.refresh_reason, market_odds_at_forecast: f.market_odds_at_forecast, drawdown_risk_72h: { ...f.drawdown_risk_72h, anchored_at: iso(f.created_at) },
  };
}

function forecastHandle(p, ctx) {
  const m = p.market;
  if (!m) throw notFound('No tracked market matches this identifier in the requested venue namespace.');
  const list = (ctx.store.forecastsByMarket.get(m.marketKey) || []).filter((f) => f.created_at <= ctx.now);
  if (!list.length) throw notFound('This market has no stored forecast; see /api/public/forecast-availability for generation.');
  const latest = list[list.length - 1];
  const body = { market: withRelationships(ctx.store, m), forecast: fullForecast(ctx, latest) };
  if (p.includeHistory) body.history = list.slice(0, -1).reverse().slice(0, p.historyLimit).map(historyRow);
  body.serviceUrl = serviceUrl(ctx, m);
  body.venueAUrl = venueAUrl(m);
  return { body };
}

function evidenceHandle(p, ctx) {
  const m = p.market;
  if (!m) throw notFound('No tracked market matches this identifier in the requested venue namespace.');
  const arts = (ctx.store.articlesByMarket.get(m.marketKey) || []).filter((a) => a.correlated_at <= ctx.now);
  if (!arts.length) throw notFound('No article evidence is linked to this market.');
  const signals = arts.map((a) => ({
    id: a.id, title: a.title, comment: a.comment, direction: a.direction, url: a.url, source: a.source,
    published_at: iso(a.published_at), correlated_at: iso(a.correlated_at), confidence: a.confidence, evidence_quote: a.evidence_quote,
  }));
  return {
    body: {
      market: withRelationships(ctx.store, m), market_slug: m.slug ?? p.slug, serviceUrl: serviceUrl(ctx, m), venueAUrl: venueAUrl(m),
      signals, total: signals.length, last_updated: signals.length ? signals[0].published_at : null,
    },
  };
}

export const marketRoutes = [
  { method: 'GET', path: '/api/v1/markets', kind: 'paid', price: 5, scope: 'standard', latency: 30, summary: 'Covered market catalog', validate: catalogValidate, handle: catalogHandle },
  { method: 'GET', path: '/api/v1/markets/search', kind: 'paid', price: 10, scope: 'standard', latency: 40, summary: 'Hybrid market search', validate: searchValidate, handle: searchHandle },
  { method: 'GET', path: '/api/v1/markets/mispriced', kind: 'paid', price: 15, scope: 'standard', latency: 30, summary: 'Mispriced markets', validate: mispricedValidate, handle: mispricedHandle },
  {
    method: 'GET', path: '/api/v1/markets/:slug/forecast', kind: 'paid', price: 10, scope: 'standard', latency: 25, summary: 'Stored forecast read',
    validate: pathMarketValidate((q) => ({ includeHistory: q.bool('include_history', false), historyLimit: q.int('history_limit', { min: 1, max: 50, def: 10 }) })),
    handle: forecastHandle,
  },
  { method: 'GET', path: '/api/v1/markets/:slug/signals', kind: 'paid', price: 10, scope: 'standard', latency: 25, summary: 'Article evidence for a market', validate: pathMarketValidate(), handle: evidenceHandle },
];
export { ApiError };
