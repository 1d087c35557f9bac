// The bounded, flat relationships envelope. Only direct graph edges appear:
// HAS_MARKET, ON_MARKET, ON_FORECAST, HAS_SIGNAL. AFFECTS edges, odds and
// forecast refs never do. Each category stops at 50 refs and says so.
import { signalsOf } from '../data/query.mjs';
import { iso } from '../util/time.mjs';

export const REL_CAP = 50;

const assetRef = (a, relationship, direction, via) => ({ relationship, direction, via, id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type });
const marketRef = (m, relationship, direction, via) => ({ relationship, direction, via, marketKey: m.marketKey, venue: m.venue, nativeMarketId: m.nativeMarketId, question: m.question });
const signalRef = (s, relationship, direction) => ({ relationship, direction, via: 'direct', id: s.id, signal_type: 'prediction_market', canonical_endpoint: '/api/v1/signals', side: s.side ?? null, published_at: iso(s.published_at) });

function capped(vx, items) {
  const refs = [];
  let truncated = false;
  for (const x of items) {
    // DEVIATION D1 (DEVIATIONS=on): the bound check is off by one, so one
    // more ref than the cap slips through before truncation is flagged.
    if (vx.dev ? refs.length > REL_CAP : refs.length >= REL_CAP) { truncated = true; break; }
    refs.push(x);
  }
  return [refs, truncated];
}

function envelope(vx, assets, markets, signals) {
  const [a, ta] = capped(vx, assets);
  const [m, tm] = capped(vx, markets);
  const [s, ts] = capped(vx, signals);
  return { assets: a, markets: m, signals: s, truncated: { assets: ta, markets: tm, signals: ts } };
}

// Subject: a market. Assets point at it; sibling markets hang off those assets.
export function relForMarket(vx, m) {
  const { ds } = vx;
  const assets = m.assets.map((k) => ds.assetByKey.get(k)).filter(Boolean);
  const seen = new Set([m.marketKey]);
  const sib = [];
  for (const a of assets) {
    for (const o of ds.hasMarket.get(a.assetKey)) {
      if (!o.active || seen.has(o.marketKey)) continue;
      seen.add(o.marketKey);
      sib.push(o);
    }
  }
  sib.sort((x, y) => (x.marketKey < y.marketKey ? -1 : 1));
  const sigs = signalsOf(vx, m).slice().reverse();
  return envelope(vx, assets.map((a) => assetRef(a, 'HAS_MARKET', 'incoming', 'direct')), sib.map((o) => marketRef(o, 'HAS_MARKET', 'outgoing', 'asset')), sigs.map((s) => signalRef(s, 'HAS_SIGNAL', 'outgoing')));
}

// Subject: a forecast. It sits ON_MARKET its market; assets reach it through
// that market; trade signals are published ON_FORECAST it.
export function relForForecast(vx, f) {
  const { ds } = vx;
  const m = ds.markets[f.marketIdx];
  const assets = m.assets.map((k) => ds.assetByKey.get(k)).filter(Boolean);
  const sigs = (ds.signalsByForecast.get(f.id) || []).filter((s) => s.published_at <= vx.now).slice().reverse();
  return envelope(vx, assets.map((a) => assetRef(a, 'HAS_MARKET', 'incoming', 'market')), [marketRef(m, 'ON_MARKET', 'outgoing', 'direct')], sigs.map((s) => signalRef(s, 'ON_FORECAST', 'incoming')));
}

// Subject: the oil reading. The WTI asset carries it; it reads its basis markets.
export function relForOilReading(vx, basisMarkets) {
  const a = vx.ds.assetByKey.get('crude-wti');
  return envelope(vx, [assetRef(a, 'HAS_SIGNAL', 'incoming', 'direct')], basisMarkets.map((m) => marketRef(m, 'ON_MARKET', 'outgoing', 'direct')), []);
}

export const emptyRel = () => ({ assets: [], markets: [], signals: [], truncated: { assets: false, markets: false, signals: false } });

// Subject: an asset. Its markets hang directly off it; their published
// signals are reached through those markets.
export function relForAsset(vx, markets) {
  const ms = [...markets].sort((x, y) => (x.marketKey < y.marketKey ? -1 : 1));
  const sigs = ms.flatMap((m) => signalsOf(vx, m).map((s) => ({ ...signalRef(s, 'HAS_SIGNAL', 'outgoing'), via: 'market' })));
  sigs.sort((a, b) => (a.published_at < b.published_at ? 1 : -1));
  return envelope(vx, [], ms.map((m) => marketRef(m, 'HAS_MARKET', 'outgoing', 'direct')), sigs);
}
