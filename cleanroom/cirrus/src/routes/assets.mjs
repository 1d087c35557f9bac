// Asset routes: graph-backed search (q mode and reference mode), the
// metadata-only directory (ordered by name) and the asset-level stance.
import { invalid, notFound } from '../errors.mjs';
import { latestForecast, signalsOf, byMarketKey } from '../data/query.mjs';
import { linkedMarket, marketOdds } from '../views/market.mjs';
import { mispricing, MISPRICING_PP } from './markets.mjs';
import { relForAsset } from '../views/relationships.mjs';
import { round } from '../util/rng.mjs';
import { iso } from '../util/time.mjs';

const meta = (a) => ({ id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type, aliases: a.aliases, identifiers: a.identifiers.map((i) => ({ ...i })) });
const activeDirect = (ds, a) => ds.hasMarket.get(a.assetKey).filter((m) => m.active);

function material(vx, a) {
  // Materiality: venue odds or a latest forecast probability; a published
  // signal alone does not make a market material.
  return activeDirect(vx.ds, a).some((m) => marketOdds(vx, m) !== null || latestForecast(vx, m) !== null);
}

function summary(vx, a) {
  const ms = activeDirect(vx.ds, a);
  return {
    active_market_count: ms.length,
    markets_with_forecast: ms.filter((m) => latestForecast(vx, m)).length,
    markets_with_published_signal: ms.filter((m) => signalsOf(vx, m).length).length,
    mispriced_market_count: ms.filter((m) => { const x = mispricing(vx, m); return x && Math.abs(x.gap) >= MISPRICING_PP; }).length,
    mispricing_threshold_pp: MISPRICING_PP,
  };
}

function prepareSearch(ctx) {
  const q = ctx.query;
  const text = q.str('q', { max: 200 });
  const refs = q.raw('reference');
  if (refs.length > 50) throw invalid('reference accepts at most 50 values.');
  for (const r of refs) if (r.length < 1 || r.length > 512) throw invalid('Each reference must be 1 to 512 characters long.');
  const platform = q.str('platform', { max: 80 });
  const assetType = q.str('asset_type', { max: 80 });
  const materialOnly = q.bool('material_only', false);
  if (text !== undefined && refs.length) throw invalid('q and reference are mutually exclusive.');
  if (text === undefined && !refs.length && !materialOnly) throw invalid('Give q, reference, or material_only=true.');
  if (text !== undefined && text.trim() === '') throw invalid('q must not be blank.');
  return { text, refs: [...new Set(refs)], platform, assetType, materialOnly };
}

function qMatch(a, text) {
  const t = text.toLowerCase().trim();
  const fields = [];
  const by = new Set(['graph']);
  if (a.assetKey === t) { fields.push('asset_key'); by.add('asset_key'); }
  if (a.name.toLowerCase() === t) fields.push('name');
  else if (a.name.toLowerCase().includes(t)) fields.push('name_partial');
  if (a.ticker && a.ticker.toLowerCase() === t) fields.push('ticker');
  if (a.aliases.some((x) => x.toLowerCase() === t)) fields.push('aliases');
  if (a.identifiers.some((i) => i.value.toLowerCase() === t)) { fields.push('identifiers.value'); by.add('identifier'); }
  if (a.keywords.some((k) => k.toLowerCase() === t || k.toLowerCase().includes(t))) fields.push('keywords');
  const w = { asset_key: 6, ticker: 5, name: 5, 'identifiers.value': 4, aliases: 3, name_partial: 2, keywords: 1 };
  return fields.length ? { fields, by: [...by], weight: Math.max(...fields.map((f) => w[f])) } : null;
}

function refMatch(vx, a, ref) {
  if (ref === a.id || ref === a.assetKey) return { field: 'asset_key', by: 'asset_key' };
  if (a.identifiers.some((i) => i.value === ref || `${i.platform}:${i.value}` === ref || `${i.platform}:${i.kind}:${i.value}` === ref)) return { field: 'identifiers', by: 'identifier' };
  const hit = activeDirect(vx.ds, a).some((m) => m.marketKey === ref || m.nativeMarketId === ref);
  if (hit) return { field: 'linked_markets', by: 'market' };
  return null;
}

function search(ctx, p) {
  const vx = ctx.vx;
  let pool = vx.ds.assets;
  if (p.platform) pool = pool.filter((a) => a.identifiers.some((i) => i.platform.toLowerCase() === p.platform.toLowerCase()));
  if (p.assetType) pool = pool.filter((a) => a.asset_type.toLowerCase() === p.assetType.toLowerCase());
  if (p.materialOnly) pool = pool.filter((a) => material(vx, a));
  let hits;
  if (p.refs.length) {
    hits = [];
    for (const a of pool) {
      const ms = p.refs.map((r) => refMatch(vx, a, r)).filter(Boolean);
      if (ms.length) hits.push({ a, fields: [...new Set(ms.map((x) => x.field))], by: ['graph', ...new Set(ms.map((x) => x.by))], weight: ms.length });
    }
  } else if (p.text !== undefined && p.text.trim() !== '*') {
    hits = pool.map((a) => ({ a, ...qMatch(a, p.text) })).filter((h) => h.fields);
  } else {
    hits = [...pool].sort((x, y) => x.name.localeCompare(y.name)).map((a) => ({ a, fields: [], by: ['graph'], weight: 0 }));
  }
  hits.sort((x, y) => y.weight - x.weight || x.a.name.localeCompare(y.a.name));
  const refMode = p.refs.length > 0;
  const assets = hits.map((h, i) => {
    const direct = activeDirect(vx.ds, h.a);
    return {
      ...meta(h.a),
      linked_market_count: direct.length,
      linked_markets: refMode ? direct.map((m) => linkedMarket(vx, m)) : [],
      market_summary: summary(vx, h.a),
      relevance: { score: round(1 / (60 + i + 1), 6), matched_by: h.by, matched_fields: h.fields },
    };
  });
  return { body: { query: refMode ? null : (p.text ?? null), references: p.refs, material_only: p.materialOnly, assets, retrieval: { graph: 'ok', lexical: 'unconfigured' } } };
}

function prepareDirectory(ctx) {
  return { platform: ctx.query.str('platform', { max: 80 }), assetType: ctx.query.str('asset_type', { max: 80 }) };
}
function directory(ctx, p) {
  let list = ctx.vx.ds.assets;
  if (p.platform) list = list.filter((a) => a.identifiers.some((i) => i.platform.toLowerCase() === p.platform.toLowerCase()));
  if (p.assetType) list = list.filter((a) => a.asset_type.toLowerCase() === p.assetType.toLowerCase());
  const assets = [...list].sort((x, y) => x.name.localeCompare(y.name, 'en')).map((a) => ({ ...meta(a), description: a.description }));
  return { body: { assets, count: assets.length } };
}

function prepareStance(ctx) { return { asset: ctx.query.str('asset', { max: 512, required: true }) }; }
function stance(ctx, p) {
  const vx = ctx.vx;
  const a = vx.ds.assetById.get(p.asset) ?? vx.ds.assetByKey.get(p.asset.toLowerCase());
  if (!a) throw notFound(`No asset matches ${p.asset}.`);
  const ms = activeDirect(vx.ds, a).filter((m) => !m.excluded);
  const basis = ms.map((m) => ({ m, f: latestForecast(vx, m), odds: marketOdds(vx, m) })).filter((x) => x.f && x.odds !== null);
  if (!basis.length) throw notFound(`No stance can be formed for ${a.assetKey}: none of its markets has both a forecast and a price.`, 'no_stance');
  const edge = basis.reduce((s, x) => s + (x.f.probability - x.odds), 0) / basis.length;
  const score = round(Math.max(-1, Math.min(1, edge * 5)), 3);
  return {
    body: {
      asset: { id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type },
      stance: {
        direction: score > 0.1 ? 'bullish' : score < -0.1 ? 'bearish' : 'neutral',
        score,
        confidence: basis.length >= 8 ? 'high' : basis.length >= 3 ? 'medium' : 'low',
        mean_edge_pp: round(edge * 100, 2),
        basis_market_count: basis.length,
        basis_forecast_count: basis.length,
        as_of: iso(vx.now),
        summary: `Across ${basis.length} linked markets the service's forecasts sit ${Math.abs(round(edge * 100, 1))} pp ${edge >= 0 ? 'above' : 'below'} venue prices on average.`,
      },
      relationships: relForAsset(vx, basis.map((x) => x.m)),
    },
  };
}

export default [
  { method: 'GET', path: '/api/v1/assets/search', operationId: 'searchAssets', kind: 'paid', credits: 10, scope: 'standard', summary: 'Search canonical assets; reference mode hydrates directly linked markets', prepare: prepareSearch, handler: search },
  { method: 'GET', path: '/api/v1/assets', operationId: 'listAssets', kind: 'paid', credits: 5, scope: 'standard', summary: 'The complete metadata-only asset directory', prepare: prepareDirectory, handler: directory },
  { method: 'GET', path: '/api/v1/assets/stance', operationId: 'getAssetStance', kind: 'paid', credits: 25, scope: 'standard', summary: 'Asset-level stance aggregated from linked market forecasts', prepare: prepareStance, handler: stance },
];
