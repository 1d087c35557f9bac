// Catalog routes: the covered-market list, hybrid market search and the
// mispriced list. Rows are only ever covered/tracked rows, never venue dumps.
import { invalid } from '../errors.mjs';
import { forecastsOf, latestForecast, signalsOf } from '../data/query.mjs';
import { listItem, forecastFacts, marketOdds } from '../views/market.mjs';
import { VENUES } from '../util/validate.mjs';
import { HOUR, iso, parseAsOf } from '../util/time.mjs';
import { round } from '../util/rng.mjs';

export const MISPRICING_PP = 7.5;

export function topicMatch(m, topic) {
  const t = topic.toLowerCase();
  if (t === 'broker_a') return m.venue === 'venue_b' && !!m.broker;
  const has = (arr) => (arr || []).some((x) => x.toLowerCase() === t);
  return has(m.tags) || has(m.categories) || has(m.ev?.tags) || has(m.ev?.categories) || (m.ev?.category ?? '').toLowerCase() === t;
}

function prepareList(ctx) {
  const q = ctx.query;
  return {
    topic: q.str('topic', { max: 200 }),
    venue: q.venue(),
    maxAge: q.int('max_forecast_age', { min: 1, max: 8760, def: 48 }),
    changedWithin: q.int('changed_within', { min: 1, max: 168 }),
    sort: q.enum('sort', ['updated_desc', 'volume_desc', 'signal_count_desc'], 'updated_desc'),
  };
}

function list(ctx, p) {
  const vx = ctx.vx;
  const since = vx.now - p.maxAge * HOUR;
  let rows = vx.ds.markets.filter((m) => m.active && !m.excluded);
  if (p.topic) rows = rows.filter((m) => topicMatch(m, p.topic));
  rows = rows.filter((m) => forecastsOf(vx, m).some((f) => f.created_at >= since) || signalsOf(vx, m).length > 0);
  if (p.changedWithin) {
    const cw = vx.now - p.changedWithin * HOUR;
    rows = rows.filter((m) => { const f = latestForecast(vx, m); return f && f.created_at >= cw; });
  }
  // Facets describe the result before the venue filter, so a client can see
  // what the other venues would give.
  const venue_facets = VENUES.map((v) => ({ venue: v, count: rows.filter((m) => m.venue === v).length }));
  if (p.venue) rows = rows.filter((m) => m.venue === p.venue);
  const items = rows.map((m) => listItem(vx, m, p.maxAge));
  const key = { updated_desc: (r) => Date.parse(r.market_updated_at), volume_desc: (r) => r.volume_24h ?? -1, signal_count_desc: (r) => r.signal_count }[p.sort];
  items.sort((a, b) => key(b) - key(a) || (a.marketKey < b.marketKey ? -1 : 1));
  return { body: { markets: items, venue_facets } };
}

const words = (s) => (s || '').toLowerCase().split(/[^a-z0-9$.%]+/).filter((w) => w.length > 1);

function prepareSearch(ctx) {
  const q = ctx.query;
  const p = {
    search: q.str('search', { max: 200 }),
    tag: q.str('tag', { max: 80 }),
    category: q.str('category', { max: 80 }),
    venue: q.venue(),
    asOfRaw: q.str('as_of', { max: 64 }),
    limit: q.int('limit', { min: 1, max: 100, def: 25 }),
    includeClosed: q.bool('include_closed', false),
  };
  if (p.search !== undefined && p.search.trim() === '') throw invalid('search must not be blank.');
  if (![p.search, p.tag, p.category, p.venue].some((x) => x !== undefined)) throw invalid('Give search, or at least one of tag, category or venue.');
  if (p.asOfRaw !== undefined) {
    p.asOf = parseAsOf(p.asOfRaw);
    if (p.asOf === null) throw invalid('as_of must be YYYY-MM-DD or an RFC 3339 instant.');
  }
  return p;
}

function search(ctx, p) {
  const vx = ctx.vx;
  const until = Math.min(p.asOf ?? vx.now, vx.now);
  let rows = vx.ds.markets.filter((m) => p.includeClosed || m.active);
  if (p.tag) rows = rows.filter((m) => topicMatch(m, p.tag) && (p.tag.toLowerCase() === 'broker_a' || [...m.tags, ...(m.ev?.tags || [])].some((t) => t.toLowerCase() === p.tag.toLowerCase())));
  if (p.category) rows = rows.filter((m) => [...m.categories, m.ev?.category ?? ''].some((c) => c.toLowerCase() === p.category.toLowerCase()));
  if (p.venue) rows = rows.filter((m) => m.venue === p.venue);
  let scored;
  if (p.search) {
    const terms = words(p.search);
    // Two lanes fused by reciprocal rank: text over the market itself, and the
    // graph lane over its HAS_MARKET assets (names, tickers, aliases).
    const textHits = [];
    const graphHits = [];
    for (const m of rows) {
      const tw = new Set(words(`${m.question ?? ''} ${m.title ?? ''} ${m.ev?.title ?? ''} ${m.tags.join(' ')}`));
      const t = terms.filter((w) => tw.has(w)).length;
      if (t) textHits.push({ m, s: t });
      const aw = new Set(m.assets.flatMap((k) => { const a = vx.ds.assetByKey.get(k); return words(`${a.name} ${a.ticker ?? ''} ${a.aliases.join(' ')} ${a.assetKey}`); }));
      const g = terms.filter((w) => aw.has(w)).length;
      if (g) graphHits.push({ m, s: g });
    }
    const rank = (arr) => new Map(arr.sort((a, b) => b.s - a.s || a.m.idx - b.m.idx).map((h, i) => [h.m.idx, i + 1]));
    const tr = rank(textHits);
    const gr = rank(graphHits);
    const ids = new Set([...tr.keys(), ...gr.keys()]);
    scored = [...ids].map((idx) => {
      const m = vx.ds.markets[idx];
      const s = (tr.has(idx) ? 1 / (60 + tr.get(idx)) : 0) + (gr.has(idx) ? 1 / (60 + gr.get(idx)) : 0);
      return { m, relevance: { score: round(s, 6), matched_by: [...(gr.has(idx) ? ['graph'] : []), ...(tr.has(idx) ? ['text'] : [])], matched_fields: [...(tr.has(idx) ? ['question'] : []), ...(gr.has(idx) ? ['asset'] : [])] } };
    }).sort((a, b) => b.relevance.score - a.relevance.score || a.m.idx - b.m.idx);
  } else {
    scored = rows.map((m, i) => ({ m, relevance: { score: round(1 / (61 + i), 6), matched_by: ['graph'], matched_fields: ['filter'] } }));
  }
  const results = scored.slice(0, p.limit).map(({ m, relevance }) => ({ ...listItem(vx, m), ...forecastFacts(vx, m, until), relevance }));
  return { body: { query: p.search ?? null, as_of: iso(until), filters: { tag: p.tag ?? null, category: p.category ?? null, venue: p.venue ?? null }, results, count: results.length, retrieval: { graph: 'ok', lexical: 'unconfigured' } } };
}

function prepareMispriced(ctx) {
  const q = ctx.query;
  return { topic: q.str('topic', { max: 200 }), venue: q.venue(), minGap: q.num('min_gap_pp', { min: 0.5, max: 50, def: MISPRICING_PP }), limit: q.int('limit', { min: 1, max: 200, def: 50 }) };
}

export function mispricing(vx, m) {
  const f = latestForecast(vx, m);
  const odds = marketOdds(vx, m);
  if (!f || odds === null || !m.active || m.excluded) return null;
  return { f, odds, gap: round((f.probability - odds) * 100, 2) };
}

function mispriced(ctx, p) {
  const vx = ctx.vx;
  let rows = vx.ds.markets.filter((m) => (!p.venue || m.venue === p.venue) && (!p.topic || topicMatch(m, p.topic)));
  const out = [];
  for (const m of rows) {
    const x = mispricing(vx, m);
    if (!x || Math.abs(x.gap) < p.minGap) continue;
    out.push({ ...listItem(vx, m), service_probability: x.f.probability, forecast_id: x.f.id, forecast_at: iso(x.f.created_at), gap_pp: x.gap, mispricing_side: x.gap > 0 ? 'yes_underpriced' : 'yes_overpriced' });
  }
  out.sort((a, b) => Math.abs(b.gap_pp) - Math.abs(a.gap_pp) || (a.marketKey < b.marketKey ? -1 : 1));
  const markets = out.slice(0, p.limit);
  return { body: { threshold_pp: p.minGap, markets, count: markets.length, note: 'A gap between forecast and price is not a trade signal; see /api/v1/signals.' } };
}

export default [
  { method: 'GET', path: '/api/v1/markets', operationId: 'listMarkets', kind: 'paid', credits: 15, scope: 'standard', summary: 'Every covered market with an in-window forecast or a published signal', prepare: prepareList, handler: list },
  { method: 'GET', path: '/api/v1/markets/search', operationId: 'searchMarkets', kind: 'paid', credits: 10, scope: 'standard', summary: 'Hybrid search over covered markets', prepare: prepareSearch, handler: search },
  { method: 'GET', path: '/api/v1/markets/mispriced', operationId: 'listMispricedMarkets', kind: 'paid', credits: 15, scope: 'standard', summary: 'Markets whose latest forecast is far from the venue price', prepare: prepareMispriced, handler: mispriced },
];
