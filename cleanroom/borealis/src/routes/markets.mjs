// Catalog routes: the covered-market list, hybrid search, mispriced list,
// the stored-forecast read and per-market article evidence.
import { invalid, notFound } from '../http/errors.mjs';
import { str, int, bool, enumOf, venue as venueParam } from '../http/params.mjs';
import { iso, HOUR } from '../core/clock.mjs';
import { round } from '../core/prng.mjs';
import { resolvePathRef } from './resolve.mjs';

export const topicMatch = (m, topic) => {
  if (!topic) return true;
  const t = topic.toLowerCase();
  if (t === 'broker_a') return !!m.broker;
  return m.tags.some((x) => x.toLowerCase() === t) || m.event.tags.some((x) => x.toLowerCase() === t)
    || m.categories.some((x) => x.toLowerCase() === t) || m.event.category.toLowerCase() === t;
};

// YYYY-MM-DD means the end of that UTC day; otherwise an RFC 3339 instant.
export function parseAsOf(v) {
  if (v === undefined) return undefined;
  let t;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    t = Date.parse(v + 'T23:59:59.999Z');
    if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== v) t = NaN;
  } else if (/^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/.test(v)) {
    t = Date.parse(v.toUpperCase());
    const day = v.slice(0, 10);
    if (!Number.isNaN(t) && Number(day.slice(8, 10)) > 31) t = NaN;
  } else t = NaN;
  if (Number.isNaN(t)) throw invalid("as_of must be a date (YYYY-MM-DD) or an RFC 3339 instant.", { parameter: 'as_of' });
  return t;
}

const tokens = (s) => String(s).toLowerCase().split(/[^a-z0-9$%.]+/).map((x) => x.replace(/^[$.]+|[.]+$/g, '')).filter((x) => x.length > 0);

export function marketRoutes(d) {
  const { store, mv, fv } = d;

  function list(ctx) {
    const q = ctx.query;
    const topic = str(q, 'topic', { max: 100 });
    const venue = venueParam(q);
    const maxAge = int(q, 'max_forecast_age', { min: 1, def: 48 });
    const changed = int(q, 'changed_within', { min: 1, max: 168 });
    const sort = enumOf(q, 'sort', ['updated_desc', 'volume_desc', 'signal_count_desc'], 'updated_desc');
    const at = ctx.at;
    let rows = [];
    for (const m of store.markets) {
      if (!m.active || !topicMatch(m, topic)) continue;
      if (changed !== undefined) {
        const latest = store.latestForecast(m.key, at);
        if (!latest || latest.createdAt <= at - changed * HOUR) continue;
      }
      const item = mv.listItem(m, at, maxAge);
      if (item.forecast_count === 0 && item.signal_count === 0) continue;
      rows.push(item);
    }
    // Facets describe the filtered set before the venue filter narrows it.
    const facets = new Map();
    for (const r of rows) facets.set(r.venue, (facets.get(r.venue) || 0) + 1);
    if (venue) rows = rows.filter((r) => r.venue === venue);
    const key = { updated_desc: (r) => Date.parse(r.market_updated_at), volume_desc: (r) => r.volume_24h ?? -1, signal_count_desc: (r) => r.signal_count }[sort];
    rows.sort((a, b) => key(b) - key(a) || (a.marketKey < b.marketKey ? -1 : 1));
    return { body: { markets: rows, venue_facets: [...facets.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([v, count]) => ({ venue: v, count })) } };
  }

  function search(ctx) {
    const q = ctx.query;
    const text = str(q, 'text', { required: true, max: 200 });
    const tag = str(q, 'tag', { max: 100 });
    const category = str(q, 'category', { max: 100 });
    const venue = venueParam(q);
    const asOf = parseAsOf(str(q, 'as_of', { max: 40 }));
    const limit = int(q, 'limit', { min: 1, max: 100, def: 25 });
    const at = asOf === undefined ? ctx.at : Math.min(asOf, ctx.at);
    const terms = [...new Set(tokens(text))];
    const scored = [];
    for (const m of store.markets) {
      if (!m.active || m.createdAt > at) continue;
      if (venue && m.venue !== venue) continue;
      if (tag && !(tag.toLowerCase() === 'broker_a' ? !!m.broker : m.tags.some((x) => x.toLowerCase() === tag.toLowerCase()))) continue;
      if (category && !m.categories.some((x) => x.toLowerCase() === category.toLowerCase())) continue;
      const fields = { question: tokens(m.question), event_title: tokens(m.event.title), tags: m.tags.map((x) => x.toLowerCase()), native_id: [m.nativeId.toLowerCase(), m.key.toLowerCase()] };
      const matched = new Set();
      let hits = 0;
      for (const t of terms) for (const [f, words] of Object.entries(fields)) if (words.includes(t)) { matched.add(f); hits++; }
      if (hits === 0) continue;
      scored.push({ m, hits, matched: [...matched] });
    }
    // Reciprocal-rank fusion over the graph lane (the lexical lane is unconfigured).
    scored.sort((a, b) => b.hits - a.hits || b.m.volume24h - a.m.volume24h || (a.m.key < b.m.key ? -1 : 1));
    const results = scored.slice(0, limit).map((s, i) => ({
      ...mv.listItem(s.m, at), ...mv.forecastFacts(s.m, at),
      relevance: { score: round(1 / (60 + i + 1), 6), matched_by: ['graph'], matched_fields: s.matched },
    }));
    return { body: { query: text, as_of: asOf === undefined ? null : iso(asOf), results, count: results.length, retrieval: { graph: 'ok', lexical: 'unconfigured' } } };
  }

  function mispriced(ctx) {
    const q = ctx.query;
    const topic = str(q, 'topic', { max: 100 });
    const venue = venueParam(q);
    const raw = str(q, 'min_gap_pp', { max: 8 });
    let min = 7.5;
    if (raw !== undefined) {
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw) || Number(raw) > 100) throw invalid('min_gap_pp must be a number from 0 to 100.', { parameter: 'min_gap_pp' });
      min = Number(raw);
    }
    const at = ctx.at;
    const rows = [];
    for (const m of store.markets) {
      if (!m.active || m.excluded || !topicMatch(m, topic) || (venue && m.venue !== venue)) continue;
      const f = store.latestForecast(m.key, at);
      const odds = mv.odds(m, at);
      if (!f || odds == null) continue;
      const gap = round((f.probability - odds) * 100, 2);
      if (Math.abs(gap) < min) continue;
      rows.push({ ...mv.listItem(m, at), ...mv.forecastFacts(m, at), gap_pp: gap, underpriced_side: gap > 0 ? 'yes' : 'no' });
    }
    rows.sort((a, b) => Math.abs(b.gap_pp) - Math.abs(a.gap_pp) || (a.marketKey < b.marketKey ? -1 : 1));
    return { body: { markets: rows, count: rows.length, mispricing_threshold_pp: min, as_of: iso(at) } };
  }

  // The evidence route answers an unusable slug with 404 (its contract says an
  // invalid slug is a 404); the forecast read treats the bound as a 422.
  const pathMarket = (ctx, boundStatus = 422) => {
    const ref = ctx.params.slug;
    if (typeof ref !== 'string' || ref.length < 1 || ref.length > 512) {
      if (boundStatus === 404) throw notFound('No market matches this slug.');
      throw invalid('slug must be 1..512 characters.', { parameter: 'slug' });
    }
    return resolvePathRef(store, ref, venueParam(ctx.query));
  };

  function forecast(ctx) {
    const m = pathMarket(ctx);
    const withHistory = bool(ctx.query, 'include_history', false);
    const limit = int(ctx.query, 'history_limit', { min: 1, max: 50, def: 10 });
    if (!m) throw notFound('No market matches this slug in the requested venue namespace.');
    const all = m.excluded ? [] : store.forecastsOf(m.key, ctx.at);
    if (all.length === 0) throw notFound('This market has no stored forecast.');
    const body = { market: mv.withRel(m, ctx.at), serviceUrl: mv.serviceUrl(m, ctx.at), venueAUrl: mv.venueAUrl(m), forecast: fv.full(all[0], ctx.at) };
    if (withHistory) body.history = all.slice(1, 1 + limit).map((f) => fv.full(f, ctx.at, false));
    return { body };
  }

  function evidence(ctx) {
    const m = pathMarket(ctx, 404);
    if (!m) throw notFound('No market matches this slug in the requested venue namespace.');
    const items = store.evidenceOf(m.key, ctx.at);
    if (items.length === 0) throw notFound('This market has no live article evidence.');
    const signals = items.map(({ article: a, link: l }) => ({
      id: a.id, title: a.title, comment: l.comment, direction: l.direction, url: a.url, source: a.source,
      published_at: iso(a.publishedAt), correlated_at: iso(a.correlatedAt), confidence: l.confidence, evidence_quote: l.evidenceQuote,
    }));
    return {
      body: {
        market: mv.withRel(m, ctx.at), market_slug: m.slug ?? m.key, serviceUrl: mv.serviceUrl(m, ctx.at), venueAUrl: mv.venueAUrl(m),
        signals, total: signals.length, last_updated: iso(Math.max(...items.map((e) => e.article.correlatedAt))),
      },
    };
  }

  return [
    { id: 'listMarkets', method: 'GET', path: '/api/v1/markets', auth: 'paid', price: 15, scope: 'standard', summary: 'Covered markets with quotes, forecast and signal counts', handler: list },
    { id: 'searchMarkets', method: 'GET', path: '/api/v1/markets/search', auth: 'paid', price: 10, scope: 'standard', summary: 'Hybrid market search', handler: search },
    { id: 'listMispricedMarkets', method: 'GET', path: '/api/v1/markets/mispriced', auth: 'paid', price: 15, scope: 'standard', summary: 'Markets whose forecast differs from the price', handler: mispriced },
    { id: 'getMarketForecast', method: 'GET', path: '/api/v1/markets/{slug}/forecast', auth: 'paid', price: 10, scope: 'standard', summary: 'Stored forecast read', handler: forecast },
    { id: 'getMarketEvidence', method: 'GET', path: '/api/v1/markets/{slug}/signals', auth: 'paid', price: 10, scope: 'standard', summary: 'Article evidence for one market', handler: evidence },
  ];
}
