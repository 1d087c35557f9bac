/** Assets with their HAS_MARKET and AFFECTS-only edges, derived from the market drafts. */
import type { Asset } from '../model.ts';
import type { Rng } from '../rng.ts';
import { ASSET_ROWS } from '../tables/assets.ts';
import type { MarketDraft } from './markets.ts';

export function generateAssets(rng: Rng, drafts: readonly MarketDraft[]): Asset[] {
  const assets = ASSET_ROWS.map((r): Asset => ({
    id: rng.uuid(),
    assetKey: r.key,
    name: r.name,
    ticker: r.ticker,
    assetType: r.type,
    aliases: [...r.aliases],
    identifiers: r.ids.map(([platform, kind, value]) => ({ platform, kind, value })),
    hasMarket: [],
    affects: [],
  }));
  const byKey = new Map(assets.map((a) => [a.assetKey, a]));
  const get = (key: string): Asset => {
    const a = byKey.get(key);
    if (!a) throw new Error(`market table links unknown asset "${key}"`);
    return a;
  };
  for (const d of drafts) {
    for (const k of d.assets) get(k).hasMarket.push(d.market.marketKey);
    // An AFFECTS edge is only "AFFECTS-only" when no HAS_MARKET edge joins the same pair.
    for (const k of d.affects) if (!d.assets.includes(k)) get(k).affects.push(d.market.marketKey);
  }
  return assets;
}
