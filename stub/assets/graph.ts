/**
 * The per-request graph view of Assets that search, directory and stance share: each Asset's
 * hydrated linked markets (active, open, covered, direct HAS_MARKET only: never AFFECTS), its
 * market_summary and its materiality (spec: GET /api/v1/assets/search rules 3-4; gaps ASRCH-103,
 * -104, -112, -115, -116).
 */
import type { Asset, DataStore, Market } from '../data/index.ts';
import { linkedMarket, type LinkedMarket, type MarketItemContext } from '../present/index.ts';
import { alt } from '../variant.ts';

/** "mispricing_threshold_pp: number, currently 7.5". */
export const MISPRICING_THRESHOLD_PP = 7.5;
/** The route's default forecast window for the list-item fields (forecast_count etc.), hours. */
const MAX_FORECAST_AGE_HOURS = 48;

export interface MarketSummary {
  active_market_count: number;
  markets_with_forecast: number;
  markets_with_published_signal: number;
  mispriced_market_count: number;
  mispricing_threshold_pp: number;
}

/** True when a linked market carries venue odds or a latest forecast probability (ASRCH-116). */
export const isMaterial = (m: LinkedMarket): boolean => m.market_odds !== null || m.latest_service_probability !== null;

/** A market counts as mispriced when odds and forecast differ by at least the threshold (gap ASRCH-104). */
const isMispriced = (m: LinkedMarket): boolean =>
  m.market_odds !== null &&
  m.latest_service_probability !== null &&
  Math.abs(m.latest_service_probability - m.market_odds) * 100 >= MISPRICING_THRESHOLD_PP - 1e-9;

const byKey = (a: Market, b: Market): number => (a.marketKey < b.marketKey ? -1 : a.marketKey > b.marketKey ? 1 : 0);
/** Linked-market order: newest update first, then marketKey (gap ASRCH-112; the alternate stub: marketKey only). */
const linkedOrder = (a: Market, b: Market): number => (alt('ASRCH-112') ? 0 : b.updatedAt - a.updatedAt) || byKey(a, b);

/** Markets indexed by native id, built once per store (native ids repeat across venues). */
const nativeIndexCache = new WeakMap<DataStore, Map<string, Market[]>>();
function nativeIndex(store: DataStore): Map<string, Market[]> {
  let idx = nativeIndexCache.get(store);
  if (!idx) {
    idx = new Map();
    for (const m of store.allMarkets()) idx.set(m.nativeMarketId, [...(idx.get(m.nativeMarketId) ?? []), m]);
    nativeIndexCache.set(store, idx);
  }
  return idx;
}

/** A market that hydration and market references may use (gap ASRCH-115). */
export const isLinkable = (m: Market): boolean => m.covered && m.active && m.status === 'open';

export class AssetGraph {
  private readonly raw = new Map<string, Market[]>();
  private readonly linked = new Map<string, LinkedMarket[]>();
  private readonly itemCtx: MarketItemContext;

  constructor(
    readonly store: DataStore,
    siteUrl: string,
    now: Date,
  ) {
    this.itemCtx = { store, siteUrl, now, maxForecastAgeHours: MAX_FORECAST_AGE_HOURS };
  }

  /** Every Asset, assetKey ascending (the directory order, gap ASSET-102). */
  assets(): Asset[] {
    return [...this.store.assets()].sort((a, b) => (a.assetKey < b.assetKey ? -1 : a.assetKey > b.assetKey ? 1 : 0));
  }

  /** Active, open, covered markets linked by a direct HAS_MARKET edge, newest update first (gap ASRCH-112). */
  linkableMarkets(a: Asset): Market[] {
    let list = this.raw.get(a.id);
    if (!list) {
      list = this.store.marketsForAsset(a.id).filter(isLinkable).sort(linkedOrder);
      this.raw.set(a.id, list);
    }
    return list;
  }

  /** linkableMarkets hydrated as linked markets (presenting is the costly part, so it is lazy and cached). */
  linkedMarkets(a: Asset): LinkedMarket[] {
    let list = this.linked.get(a.id);
    if (!list) {
      list = this.linkableMarkets(a).map((m) => linkedMarket(m, this.itemCtx));
      this.linked.set(a.id, list);
    }
    return list;
  }

  /** At least one linked market with odds or a forecast probability; published signals do not count. */
  isMaterial(a: Asset): boolean {
    return this.linkedMarkets(a).some(isMaterial);
  }

  summary(a: Asset): MarketSummary {
    const ms = this.linkedMarkets(a);
    return {
      active_market_count: ms.length,
      markets_with_forecast: ms.filter((m) => m.has_forecast).length,
      markets_with_published_signal: ms.filter((m) => m.has_published_signal).length,
      mispriced_market_count: ms.filter(isMispriced).length,
      mispricing_threshold_pp: MISPRICING_THRESHOLD_PP,
    };
  }

  /** Assets directly linked (HAS_MARKET) to a linkable market with this exact marketKey. */
  assetsByMarketKey(marketKey: string): Asset[] {
    const m = this.store.byMarketKey(marketKey);
    // byMarketKey falls back to a case-insensitive match; a reference must match exactly.
    return m && m.marketKey === marketKey && isLinkable(m) ? this.store.assetsForMarket(m.marketKey) : [];
  }

  /** Assets directly linked to any linkable market whose native id is exactly `id`, on any venue. */
  assetsByNativeId(id: string): Asset[] {
    const markets = (nativeIndex(this.store).get(id) ?? []).filter(isLinkable);
    return [...new Set(markets.flatMap((m) => this.store.assetsForMarket(m.marketKey)))];
  }
}
