// Per-market paid reads: the stored forecast, the article evidence list and
// recent sources across a handful of markets. All of them answer 404 (never
// billed) when the market or the thing asked for does not exist.
import { invalid, notFound } from '../errors.mjs';
import { forecastsOf, articlesOf, postsOf, resolvePathMarket, byMarketKey, bySlug } from '../data/query.mjs';
import { withRelationships, serviceUrl, venueAUrl } from '../views/market.mjs';
import { storedForecast } from '../views/forecast.mjs';
import { iso, HOUR } from '../util/time.mjs';

function pathMarket(ctx) {
  const seg = ctx.params.slug;
  if (seg.length < 1 || seg.length > 512) throw invalid('The market slug must be 1 to 512 characters long.');
  return { seg, venue: ctx.query.venue() };
}

function marketOr404(ctx, p) {
  const m = resolvePathMarket(ctx.vx.ds, p.seg, p.venue);
  if (!m) throw notFound(`No covered market matches ${p.seg} in the ${p.venue ?? 'venue_a'} namespace.`);
  return m;
}

function prepareForecast(ctx) {
  const p = pathMarket(ctx);
  p.history = ctx.query.bool('include_history', false);
  p.historyLimit = ctx.query.int('history_limit', { min: 1, max: 50, def: 10 });
  return p;
}

function forecast(ctx, p) {
  const m = marketOr404(ctx, p);
  const all = m.excluded ? [] : forecastsOf(ctx.vx, m);
  const f = all.at(-1);
  if (!f) throw notFound(`No stored forecast exists for ${m.marketKey}.`);
  const body = { market: withRelationships(ctx.vx, m), serviceUrl: serviceUrl(ctx.vx, m), forecast: storedForecast(ctx.vx, f) };
  if (p.history) body.history = all.slice(0, -1).reverse().slice(0, p.historyLimit).map((h) => storedForecast(ctx.vx, h, { withRel: false }));
  return { body };
}

function evidence(ctx, p) {
  const m = marketOr404(ctx, p);
  const arts = articlesOf(ctx.vx, m);
  if (!arts.length) throw notFound(`No article evidence is linked to ${m.marketKey}.`);
  const signals = arts.map((a) => ({ id: a.id, title: a.title, comment: a.comment, direction: a.direction, url: a.url, source: a.source, published_at: iso(a.published_at), correlated_at: iso(a.correlated_at), confidence: a.confidence, evidence_quote: a.evidence_quote }));
  return { body: { market: withRelationships(ctx.vx, m), market_slug: m.slug ?? m.marketKey, serviceUrl: serviceUrl(ctx.vx, m), venueAUrl: venueAUrl(m), signals, total: signals.length, last_updated: iso(arts[0].correlated_at) } };
}

function prepareSources(ctx) {
  const q = ctx.query;
  const slugs = q.csv('markets', { min: 1, max: 10, itemMax: 512 });
  const keys = q.csv('market_keys', { min: 1, max: 10, itemMax: 512 });
  if (slugs && keys) throw invalid('Give markets or market_keys, not both.');
  if (!slugs && !keys) throw invalid('Give markets (slugs) or market_keys.');
  // venue is always validated (a value that is not a venue key is a 422), but
  // with market_keys its value is ignored: each key names its own venue.
  const venue = q.venue();
  return { slugs, keys, venue: keys ? undefined : venue, window: q.int('window', { min: 1, max: 168, def: 48 }), types: q.csv('types', { allowed: ['article', 'x_post'], min: 1, max: 2, def: ['article', 'x_post'] }) };
}

function sources(ctx, p) {
  const vx = ctx.vx;
  const ds = vx.ds;
  // With market_keys the key names its venue; any venue parameter is ignored.
  const refs = p.keys ? p.keys.map((k) => [k, byMarketKey(ds, k)]) : p.slugs.map((s) => [s, bySlug(ds, p.venue ?? 'venue_a', s)]);
  const missing = refs.filter(([, m]) => !m).map(([r]) => r);
  if (missing.length) throw notFound(`Unknown market${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`, 'not_found', { unresolved: missing });
  const since = vx.now - p.window * HOUR;
  const out = [];
  const seen = new Set();
  for (const [, m] of refs) {
    if (seen.has(m.idx)) continue;
    seen.add(m.idx);
    const market = withRelationships(vx, m);
    const market_slug = m.slug ?? m.marketKey;
    if (p.types.includes('article')) for (const a of articlesOf(vx, m)) {
      if (a.published_at < since) continue;
      out.push({ type: 'article', market_slug, market, title: a.title, url: a.url, source_name: a.source, feed_tier: a.feed_tier, published_at: iso(a.published_at), relevance: { confidence: a.confidence, reasoning: a.comment, evidence_quote: a.evidence_quote } });
    }
    if (p.types.includes('x_post')) for (const { post, rel } of postsOf(vx, m)) {
      // Posts window on when they were last seen as relevant.
      if (rel.last_seen_at < since) continue;
      const acct = ds.accountByHandle.get(post.handle.toLowerCase());
      out.push({ type: 'x_post', market_slug, market, title: post.text.slice(0, 80), url: post.url, source_name: 'x', published_at: iso(post.published_at), relevance: { confidence: rel.confidence, reasoning: rel.reasoning, evidence_quote: post.text }, author_handle: post.handle, is_expert: !!acct?.is_expert });
    }
  }
  out.sort((a, b) => Date.parse(b.published_at) - Date.parse(a.published_at));
  return { body: { sources: out } };
}

export default [
  { method: 'GET', path: '/api/v1/markets/{slug}/forecast', operationId: 'getMarketForecast', kind: 'paid', credits: 10, scope: 'standard', summary: 'The stored forecast of a market, with reasoning, sources, uncertainty and optional history', prepare: prepareForecast, handler: forecast },
  { method: 'GET', path: '/api/v1/markets/{slug}/signals', operationId: 'getMarketEvidence', kind: 'paid', credits: 10, scope: 'standard', summary: 'Live article evidence linked to a market, newest first', prepare: pathMarket, handler: evidence },
  { method: 'GET', path: '/api/v1/sources', operationId: 'listSources', kind: 'paid', credits: 5, scope: 'standard', summary: 'Recent articles and social posts for 1 to 10 markets', prepare: prepareSources, handler: sources },
];
