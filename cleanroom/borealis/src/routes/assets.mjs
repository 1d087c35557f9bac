// Asset routes: graph-backed search (q / reference / material_only modes),
// the metadata-only directory and the asset-level stance.
import { invalid, notFound } from '../http/errors.mjs';
import { str, bool, repeated } from '../http/params.mjs';
import { iso } from '../core/clock.mjs';
import { round } from '../core/prng.mjs';

const THRESHOLD_PP = 7.5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function assetRoutes(d) {
  const { store, mv } = d;
  const meta = (a) => ({ id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type, aliases: a.aliases, identifiers: a.identifiers.map((i) => ({ ...i })) });

  const filters = (q) => ({ platform: str(q, 'platform', { max: 80 }), assetType: str(q, 'asset_type', { max: 80 }) });
  const passes = (a, f) => (!f.platform || a.identifiers.some((i) => i.platform.toLowerCase() === f.platform.toLowerCase()))
    && (!f.assetType || a.asset_type.toLowerCase() === f.assetType.toLowerCase());

  // Material: some active direct market has venue odds or a forecast probability.
  const material = (a, at) => store.activeMarketsOfAsset(a).some((m) => mv.odds(m, at) != null || store.latestForecast(m.key, at) != null);

  function summary(a, at) {
    const ms = store.activeMarketsOfAsset(a);
    let withF = 0, withS = 0, mis = 0;
    for (const m of ms) {
      const f = store.latestForecast(m.key, at);
      const odds = mv.odds(m, at);
      if (f) withF++;
      if (store.signalsOf(m.key, at).length) withS++;
      if (f && odds != null && Math.abs(f.probability - odds) * 100 >= THRESHOLD_PP) mis++;
    }
    return { active_market_count: ms.length, markets_with_forecast: withF, markets_with_published_signal: withS, mispriced_market_count: mis, mispricing_threshold_pp: THRESHOLD_PP };
  }

  const linked = (a, at) => store.activeMarketsOfAsset(a)
    .sort((x, y) => y.volume24h - x.volume24h || (x.key < y.key ? -1 : 1))
    .map((m) => ({ ...mv.listItem(m, at), ...mv.forecastFacts(m, at) }));

  // Graph-lane match of a free-text q; returns [rank class, fields, matched_by].
  function match(a, q) {
    const s = q.toLowerCase();
    const fields = [];
    let cls = 9;
    const hit = (f, c) => { fields.push(f); cls = Math.min(cls, c); };
    if (a.assetKey.toLowerCase() === s) hit('asset_key', 0);
    if (a.ticker && a.ticker.toLowerCase() === s) hit('ticker', 1);
    if (a.identifiers.some((i) => i.value.toLowerCase() === s || `${i.platform}:${i.value}`.toLowerCase() === s)) hit('identifier', 1);
    if (a.name.toLowerCase() === s) hit('name', 1);
    else if (a.name.toLowerCase().startsWith(s)) hit('name', 2);
    else if (a.name.toLowerCase().includes(s)) hit('name', 3);
    if (a.aliases.some((x) => x.toLowerCase() === s)) hit('aliases', 2);
    else if (a.aliases.some((x) => x.toLowerCase().includes(s))) hit('aliases', 4);
    if (a.keywords.some((k) => k.includes(s) || s.includes(k))) hit('keywords', 5);
    return fields.length ? { cls, fields: [...new Set(fields)], by: fields.includes('asset_key') ? ['graph', 'asset_key'] : ['graph'] } : null;
  }

  // Exact reference match: asset id/key, identifier key or value, active market key or native id.
  function byReference(ref) {
    const out = [];
    for (const a of store.assets) {
      const f = [];
      if (UUID.test(ref) && a.id === ref.toLowerCase()) f.push('id');
      if (a.assetKey === ref) f.push('asset_key');
      if (a.identifiers.some((i) => i.value === ref || `${i.platform}:${i.value}` === ref)) f.push('identifier');
      const ms = store.activeMarketsOfAsset(a);
      if (ms.some((m) => m.key === ref)) f.push('market_key');
      if (ms.some((m) => m.nativeId === ref)) f.push('native_market_id');
      if (f.length) out.push({ a, fields: f });
    }
    return out;
  }

  function search(ctx) {
    const q = ctx.query;
    const text = str(q, 'q', { max: 200 });
    const refsRaw = repeated(q, 'reference');
    const f = filters(q);
    const materialOnly = bool(q, 'material_only', false);
    let refs;
    if (refsRaw !== undefined) {
      if (refsRaw.length > 50) throw invalid('reference takes at most 50 values.', { parameter: 'reference' });
      if (refsRaw.some((r) => typeof r !== 'string' || r.length < 1 || r.length > 512)) throw invalid('Each reference must be 1..512 characters.', { parameter: 'reference' });
      refs = [...new Set(refsRaw)];
    }
    if (text !== undefined && refs) throw invalid('q and reference are mutually exclusive.');
    if (text === undefined && !refs && !materialOnly) throw invalid('Give q, reference, or material_only=true.');
    const at = ctx.at;
    let hits;
    if (text !== undefined) {
      hits = text === '*'
        ? store.assets.map((a) => ({ a, cls: 0, fields: [], by: ['graph'] })).sort((x, y) => (x.a.assetKey < y.a.assetKey ? -1 : 1))
        : store.assets.map((a) => ({ a, ...match(a, text) })).filter((h) => h.fields).sort((x, y) => x.cls - y.cls || (x.a.name < y.a.name ? -1 : 1));
    } else if (refs) {
      const seen = new Map();
      for (const r of refs) for (const h of byReference(r)) {
        const prev = seen.get(h.a.id);
        if (prev) prev.fields = [...new Set([...prev.fields, ...h.fields])];
        else seen.set(h.a.id, { a: h.a, fields: h.fields, by: ['graph'] });
      }
      hits = [...seen.values()];
    } else {
      hits = store.assets.map((a) => ({ a, fields: [], by: ['graph'] })).sort((x, y) => (x.a.assetKey < y.a.assetKey ? -1 : 1));
    }
    hits = hits.filter((h) => passes(h.a, f) && (!materialOnly || material(h.a, at)));
    const hydrate = text === undefined; // q mode never hydrates linked markets
    const assets = hits.map((h, i) => ({
      ...meta(h.a),
      linked_market_count: store.activeMarketsOfAsset(h.a).length,
      linked_markets: hydrate ? linked(h.a, at) : [],
      market_summary: summary(h.a, at),
      relevance: { score: round(1 / (60 + i + 1), 6), matched_by: h.by, matched_fields: h.fields },
    }));
    return { body: { query: text === undefined ? null : text, references: refs || [], material_only: materialOnly, assets, retrieval: { graph: 'ok', lexical: 'unconfigured' } } };
  }

  function directory(ctx) {
    const f = filters(ctx.query);
    const assets = store.assets.filter((a) => passes(a, f)).sort((x, y) => (x.assetKey < y.assetKey ? -1 : 1)).map(meta);
    return { body: { assets, count: assets.length } };
  }

  // Stance: signed average of (forecast - price) over direct markets, where a
  // YES on "above / reach" questions is bullish and on "below / dip" bearish.
  function stance(ctx) {
    const ref = str(ctx.query, 'asset', { required: true, max: 200 });
    const a = store.assets.find((x) => x.id === ref.toLowerCase() || x.assetKey === ref || (x.ticker && x.ticker.toLowerCase() === ref.toLowerCase()));
    if (!a) throw notFound('No asset matches this reference.');
    const at = ctx.at;
    const drivers = [];
    for (const m of store.activeMarketsOfAsset(a)) {
      const fc = store.latestForecast(m.key, at);
      const odds = mv.odds(m, at);
      if (!fc || odds == null) continue;
      const sign = /below|dip|fall|under/i.test(m.question) ? -1 : /above|reach|exceed|beat|hit|largest|more than/i.test(m.question) ? 1 : 0;
      if (!sign) continue;
      drivers.push({ marketKey: m.key, question: m.question, forecast_probability: fc.probability, market_odds: odds, contribution: round(sign * (fc.probability - odds), 4) });
    }
    const score = drivers.length ? round(drivers.reduce((s, x) => s + x.contribution, 0) / drivers.length, 4) : 0;
    const label = drivers.length < 2 ? 'insufficient_data' : score > 0.01 ? 'bullish' : score < -0.01 ? 'bearish' : 'neutral';
    drivers.sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));
    return { body: { asset: { id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type }, stance: label, score, basis: { markets: drivers.length, forecasts: drivers.length }, drivers: drivers.slice(0, 10), as_of: iso(at) } };
  }

  return [
    { id: 'searchAssets', method: 'GET', path: '/api/v1/assets/search', auth: 'paid', price: 10, scope: 'standard', summary: 'Asset search with linked-market hydration', handler: search },
    { id: 'listAssets', method: 'GET', path: '/api/v1/assets', auth: 'paid', price: 5, scope: 'standard', summary: 'Metadata-only asset directory', handler: directory },
    { id: 'getAssetStance', method: 'GET', path: '/api/v1/assets/stance', auth: 'paid', price: 10, scope: 'standard', summary: 'Asset-level stance', handler: stance },
  ];
}
