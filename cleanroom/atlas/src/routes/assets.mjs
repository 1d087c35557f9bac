// Asset search (q, reference and material-only modes), the metadata-only
// directory and the asset-level stance product.
import { invalid, notFound, ApiError } from '../util/http.mjs';
import { linkedMarket } from '../domain/views.mjs';
import { venueQuote, oddsOf } from '../domain/quotes.mjs';
import { latestForecast } from '../data/store.mjs';
import { fuse, RRF_K } from '../domain/search.mjs';
import { exclusionOf } from '../domain/topics.mjs';
import { iso } from '../util/time.mjs';
import { round, clamp } from '../util/rng.mjs';

export const MISPRICING_PP = 7.5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const identifierKey = (i) => `${i.platform}:${i.kind}:${i.value}`;
const meta = (a) => ({
  id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type, aliases: [...a.aliases], identifiers: a.identifiers.map((i) => ({ ...i })),
});

/** Active, open markets linked by a direct HAS_MARKET edge (AFFECTS never counts). */
function directMarkets(s, a) {
  return (s.hasMarket.get(a.id) || []).map((k) => s.byKey.get(k)).filter((m) => m.status === 'active');
}

function isMaterial(ctx, m) {
  return oddsOf(venueQuote(m, ctx.now)) !== null || latestForecast(ctx.store, m.marketKey, ctx.now) !== null;
}

function summary(ctx, markets) {
  const s = ctx.store;
  let withF = 0;
  let withSig = 0;
  let mis = 0;
  for (const m of markets) {
    const f = latestForecast(s, m.marketKey, ctx.now);
    if (f) withF += 1;
    if ((s.signalsByMarket.get(m.marketKey) || []).some((x) => x.published_at <= ctx.now)) withSig += 1;
    const odds = oddsOf(venueQuote(m, ctx.now));
    if (f && odds !== null && Math.abs(f.probability - odds) * 100 >= MISPRICING_PP) mis += 1;
  }
  return { active_market_count: markets.length, markets_with_forecast: withF, markets_with_published_signal: withSig, mispriced_market_count: mis, mispricing_threshold_pp: MISPRICING_PP };
}

function searchValidate({ query: q }, ctx) {
  const refsRaw = q.all('reference');
  if (refsRaw.length > 50) throw invalid("Parameter 'reference' accepts at most 50 values.");
  for (const r of refsRaw) if (r.length < 1 || r.length > 512) throw invalid("Each 'reference' must be 1 to 512 characters long.");
  const p = {
    q: q.str('q', { max: 200 }), references: [...new Set(refsRaw)], platform: q.str('platform', { max: 80 }),
    assetType: q.str('asset_type', { max: 80 }), materialOnly: q.bool('material_only', false),
  };
  if (p.q !== undefined && p.references.length) throw invalid('q and reference are mutually exclusive.');
  if (p.q === undefined && !p.references.length && !p.materialOnly) throw invalid('Give q, reference, or material_only=true.');
  if (p.q !== undefined && p.q.trim() === '') throw invalid("Parameter 'q' must not be blank.");
  // A reference naming a topic-excluded market is refused outright.
  const s = ctx.store;
  for (const r of p.references) {
    const m = s.byKey.get(r) || [...s.byNative.values()].map((mp) => mp.get(r)).find(Boolean);
    if (m && m.excluded) throw new ApiError(422, 'forecast_topic_excluded', exclusionOf(m).message, { reason: m.excluded, marketKey: m.marketKey });
  }
  return p;
}

function referenceMatches(s, a, ref) {
  const fields = [];
  if (a.id.toLowerCase() === ref.toLowerCase() && UUID.test(ref)) fields.push('asset_id');
  if (a.assetKey === ref) fields.push('asset_key');
  if (a.identifiers.some((i) => identifierKey(i) === ref)) fields.push('identifier_key');
  if (a.identifiers.some((i) => i.value === ref)) fields.push('identifier_value');
  for (const m of directMarkets(s, a)) {
    if (m.marketKey === ref) fields.push('market_key');
    else if (m.nativeMarketId === ref) fields.push('native_market_id');
  }
  return [...new Set(fields)];
}

function searchHandle(p, ctx) {
  const s = ctx.store;
  let pool = s.assets;
  if (p.platform) pool = pool.filter((a) => a.identifiers.some((i) => i.platform.toLowerCase() === p.platform.toLowerCase()));
  if (p.assetType) pool = pool.filter((a) => a.asset_type.toLowerCase() === p.assetType.toLowerCase());
  let ranked;
  if (p.q !== undefined && p.q.trim() === '*') {
    ranked = pool.map((a, i) => ({ item: a, score: round(1 / (RRF_K + i + 1), 6), matched_fields: [] }));
  } else if (p.q !== undefined) {
    ranked = fuse(p.q, pool.map((a) => ({
      item: a,
      identity: [['asset_id', a.id], ['asset_key', a.assetKey], ['ticker', a.ticker], ...a.identifiers.map((i) => ['identifier_value', i.value]), ...a.aliases.map((x) => ['alias', x])],
      text: [['name', a.name], ['aliases', a.aliases.join(' ')], ['keywords', a.keywords.join(' ')], ['asset_key', a.assetKey.replace(/-/g, ' ')]],
    })));
  } else if (p.references.length) {
    ranked = [];
    for (const a of pool) {
      let best = null;
      const fields = new Set();
      p.references.forEach((r, i) => {
        const f = referenceMatches(s, a, r);
        if (f.length) {
          if (best === null) best = i;
          f.forEach((x) => fields.add(x));
        }
      });
      if (best !== null) ranked.push({ item: a, score: round(1 / (RRF_K + best + 1), 6), matched_fields: [...fields] });
    }
    ranked.sort((x, y) => y.score - x.score || x.item.name.localeCompare(y.item.name));
  } else {
    ranked = pool.map((a, i) => ({ item: a, score: round(1 / (RRF_K + i + 1), 6), matched_fields: [] }));
  }
  const hydrate = p.q === undefined; // reference mode and material-only mode list markets
  const assets = [];
  for (const r of ranked) {
    const a = r.item;
    const markets = directMarkets(s, a);
    if (p.materialOnly && !markets.some((m) => isMaterial(ctx, m))) continue;
    const linked = hydrate ? markets.slice().sort((x, y) => (x.end_date || 0) - (y.end_date || 0) || x.marketKey.localeCompare(y.marketKey)).map((m) => linkedMarket(ctx, m)) : [];
    assets.push({
      ...meta(a), linked_market_count: markets.length, linked_markets: linked, market_summary: summary(ctx, markets),
      relevance: { score: r.score, matched_by: ['graph'], matched_fields: r.matched_fields },
    });
  }
  return {
    body: {
      query: p.q !== undefined ? p.q : null, references: p.references, material_only: p.materialOnly, assets,
      retrieval: { graph: 'ok', lexical: 'unconfigured' },
    },
  };
}

function directoryValidate({ query: q }) {
  return { platform: q.str('platform', { max: 80 }), assetType: q.str('asset_type', { max: 80 }) };
}

function directoryHandle(p, ctx) {
  let list = ctx.store.assets;
  if (p.platform) list = list.filter((a) => a.identifiers.some((i) => i.platform.toLowerCase() === p.platform.toLowerCase()));
  if (p.assetType) list = list.filter((a) => a.asset_type.toLowerCase() === p.assetType.toLowerCase());
  const assets = list.map(meta).sort((a, b) => a.assetKey.localeCompare(b.assetKey));
  return { body: { assets, count: assets.length } };
}

function stanceValidate({ query: q }) {
  return { asset: q.str('asset', { max: 200, required: true }) };
}

function stanceHandle(p, ctx) {
  const s = ctx.store;
  const v = p.asset.toLowerCase();
  const a = s.assets.find((x) => x.id === v || x.assetKey === v || (x.ticker && x.ticker.toLowerCase() === v));
  if (!a) throw notFound('No asset matches this id, key or ticker.');
  const drivers = [];
  for (const m of directMarkets(s, a)) {
    const f = latestForecast(s, m.marketKey, ctx.now);
    const odds = oddsOf(venueQuote(m, ctx.now));
    if (!f || odds === null) continue;
    // "dip to" / "below" questions point the other way for the underlying.
    const sign = /dip to|below|recession/i.test(m.question || '') ? -1 : 1;
    drivers.push({ marketKey: m.marketKey, question: m.question, forecast_probability: f.probability, venue_probability: odds, contribution: round(sign * (f.probability - odds), 4) });
  }
  drivers.sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));
  const score = drivers.length ? round(clamp((drivers.reduce((t, d) => t + d.contribution, 0) / drivers.length) * 5, -1, 1), 3) : null;
  const stance = score === null ? 'insufficient_data' : score > 0.15 ? 'bullish' : score < -0.15 ? 'bearish' : 'neutral';
  return {
    body: {
      asset: { id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type }, stance, score, as_of: iso(ctx.now),
      basis: { markets: drivers.length, forecasts: drivers.length }, drivers: drivers.slice(0, 10),
      method: 'Mean direction-adjusted gap between committed forecasts and venue odds over directly linked markets, scaled to [-1, 1].',
    },
  };
}

export const assetRoutes = [
  { method: 'GET', path: '/api/v1/assets/search', kind: 'paid', price: 10, scope: 'standard', latency: 40, summary: 'Asset search', validate: searchValidate, handle: searchHandle },
  { method: 'GET', path: '/api/v1/assets', kind: 'paid', price: 5, scope: 'standard', latency: 20, summary: 'Asset directory (metadata only)', validate: directoryValidate, handle: directoryHandle },
  { method: 'GET', path: '/api/v1/assets/stance', kind: 'paid', price: 10, scope: 'standard', latency: 30, summary: 'Asset-level stance', validate: stanceValidate, handle: stanceHandle },
];
