/**
 * GET /api/v1/markets/mispriced (listMispricedMarkets): markets whose latest forecast probability
 * and market odds differ by at least mispricing_threshold_pp (spec "Other operations referenced"
 * and the asset market_summary; rules MISP-001..-004, gaps MISP-005..-011).
 */
import type { DataStore } from '../data/index.ts';
import { linkedMarket, type LinkedMarket } from '../present/index.ts';
import type { Query } from '../params.ts';
import { DEFAULT_MAX_FORECAST_AGE_H } from './catalog.ts';
import { FILTER_BOUNDS, byMarketKey, matchesTopic } from './topic.ts';
import { alt } from '../variant.ts';

/** market_summary.mispricing_threshold_pp, "currently 7.5" (the asset routes use the same value). */
export const MISPRICING_THRESHOLD_PP = 7.5;

export interface MispricedRow extends LinkedMarket {
  /** |latest_service_probability − market_odds| × 100, rounded to 2 dp. */
  mispricing_pp: number;
}

export interface MispricedResponse {
  mispricing_threshold_pp: number;
  topic: string | null;
  count: number;
  markets: MispricedRow[];
}

/** The alternate stub's envelope (gap MISP-005): the same content under other member names. */
export interface AltMispricedResponse {
  threshold_pp: number;
  filter: { topic: string | null };
  total: number;
  items: (LinkedMarket & { gap_pp: number })[];
}

/** Parses the listMispricedMarkets query. @throws ApiError 422 invalid_request on a bad topic. */
export function parseMispricedParams(q: Query): { topic?: string } {
  return { topic: q.str('topic', FILTER_BOUNDS) };
}

/** Unrounded gap in percentage points, or null when the forecast or the odds are missing. */
const gapPp = (row: LinkedMarket): number | null =>
  row.latest_service_probability === null || row.market_odds === null
    ? null
    : Math.abs(row.latest_service_probability - row.market_odds) * 100;

/**
 * The mispriced list: active, open, covered, in-scope markets (gap MISP-011) whose latest
 * committed forecast of any age and current odds differ by at least the threshold, inclusive
 * (gaps MISP-006, -007), largest gap first (gap MISP-008).
 */
export function listMispriced(
  store: DataStore,
  siteUrl: string,
  nowMs: number,
  p: { topic?: string },
): MispricedResponse | AltMispricedResponse {
  const ctx = { store, siteUrl, now: new Date(nowMs), maxForecastAgeHours: DEFAULT_MAX_FORECAST_AGE_H };
  const rows: { row: MispricedRow; gap: number }[] = [];
  for (const m of store.coveredMarkets()) {
    if (!m.active || m.status !== 'open' || m.exclusion !== null) continue;
    if (p.topic !== undefined && !matchesTopic(m, p.topic)) continue;
    const row = linkedMarket(m, ctx);
    const gap = gapPp(row);
    if (gap === null || gap < MISPRICING_THRESHOLD_PP - 1e-9) continue;
    rows.push({ row: { ...row, mispricing_pp: Math.round(gap * 100) / 100 }, gap });
  }
  // Largest gap first (gap MISP-008; the alternate stub orders by marketKey).
  rows.sort((a, b) => (alt('MISP-008') ? 0 : b.gap - a.gap) || byMarketKey(a.row, b.row));
  const markets = rows.map((r) => r.row);
  if (alt('MISP-005'))
    return {
      threshold_pp: MISPRICING_THRESHOLD_PP,
      filter: { topic: p.topic ?? null },
      total: markets.length,
      items: markets.map(({ mispricing_pp, ...row }) => ({ ...row, gap_pp: mispricing_pp })),
    };
  return { mispricing_threshold_pp: MISPRICING_THRESHOLD_PP, topic: p.topic ?? null, count: markets.length, markets };
}
