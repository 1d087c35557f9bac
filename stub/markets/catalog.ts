/**
 * GET /api/v1/markets (listMarkets): every active tracked market having an in-window forecast or a
 * signal, in one complete response (spec "Endpoints / GET /api/v1/markets"; rules MKT-*, CAT-*).
 */
import type { DataStore, Market, Venue } from '../data/index.ts';
import { VENUES } from '../data/index.ts';
import { marketListItem, type MarketListItem } from '../present/index.ts';
import type { Query } from '../params.ts';
import { FILTER_BOUNDS, byMarketKey, matchesTopic } from './topic.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

export const SORTS = ['updated_desc', 'volume_desc', 'signal_count_desc'] as const;
export type CatalogSort = (typeof SORTS)[number];

/** Spec default of max_forecast_age, hours. */
export const DEFAULT_MAX_FORECAST_AGE_H = 48;
const HOUR_MS = 3_600_000;

export interface CatalogParams {
  topic?: string;
  venue?: Venue;
  /** Hours, >= 1 (no upper bound: gap MKT-037). */
  maxForecastAge: number;
  /** Hours, 1..168. */
  changedWithin?: number;
  sort: CatalogSort;
}

/** Parses the listMarkets query. @throws ApiError 422 invalid_request on any bad value. */
export function parseCatalogParams(q: Query): CatalogParams {
  const topic = q.str('topic', FILTER_BOUNDS);
  const maxForecastAge = q.int('max_forecast_age', { min: 1, default: mutant('mkt-max-age-default-24') ? 24 : DEFAULT_MAX_FORECAST_AGE_H });
  const venue = q.venue();
  // Mutants mkt-topic-window-default and mkt-venue-window-default: beside a topic (round-7 bug) or a venue, the
  // default window replaces the one asked.
  const windowLost =
    (mutant('mkt-topic-window-default') && topic !== undefined) || (mutant('mkt-venue-window-default') && venue !== undefined);
  return {
    topic,
    venue,
    // Mutant mkt-forecast-age-clamp-168: a window above 168 h served as 168 h (round-9 bug: its neighbours' maximum).
    maxForecastAge: windowLost
      ? DEFAULT_MAX_FORECAST_AGE_H
      : mutant('mkt-forecast-age-clamp-168')
        ? Math.min(168, maxForecastAge)
        : maxForecastAge,
    changedWithin: q.int('changed_within', { min: 1, max: 168 }),
    sort: q.enum('sort', SORTS, 'updated_desc'),
  };
}

export interface CatalogResponse {
  markets: MarketListItem[];
  venue_facets: { venue: Venue; count: number }[];
}

/**
 * Whether a market belongs to the catalog before the topic and venue filters. Without
 * changed_within: an in-window forecast or a signal (article evidence, gap MKT-033). With
 * changed_within: its unwindowed latest forecast was created within that many hours, whatever
 * max_forecast_age is (MKT-023..-025, gap MKT-026).
 */
function isListed(store: DataStore, m: Market, nowMs: number, p: CatalogParams): boolean {
  // Mutant mkt-changed-within-lost-with-venue: beside a venue, changed_within is dropped (round-11 bug).
  if (p.changedWithin !== undefined && !(mutant('mkt-changed-within-lost-with-venue') && p.venue !== undefined)) {
    // Mutant mkt-changed-within-windowed: the latest forecast is looked for inside max_forecast_age (round-6 bug).
    const latest = mutant('mkt-changed-within-windowed')
      ? store.forecastsWithin(m.marketKey, nowMs, p.maxForecastAge)[0]
      : store.forecastsFor(m.marketKey).find((f) => f.createdAt <= nowMs);
    // Mutant mkt-changed-within-top-day: a window above 144 hours is served as 144 (a six-day partition; round-30 bug).
    const hours = mutant('mkt-changed-within-top-day') ? Math.min(p.changedWithin, 144) : p.changedWithin;
    // Mutant mkt-changed-within-fresh-lag: a latest forecast of the last three minutes does not count yet (round-45 bug).
    if (mutant('mkt-changed-within-fresh-lag') && latest !== undefined && latest.createdAt > nowMs - 180_000) return false;
    return latest !== undefined && latest.createdAt > nowMs - hours * HOUR_MS;
  }
  // Mutant mkt-forecast-age-listing-capped-48: above 48 h, a market without signals is listed only for a forecast of the
  // last 48 h (its row, were it listed, would still be windowed by max_forecast_age; round-41 bug).
  const listingHours = mutant('mkt-forecast-age-listing-capped-48') ? Math.min(p.maxForecastAge, 48) : p.maxForecastAge;
  return store.forecastsWithin(m.marketKey, nowMs, listingHours).length > 0 || store.articlesFor(m.marketKey).length > 0;
}

/** Rows tying on the sort key: marketKey ascending (gap MKT-032; the alternate stub descends). */
const tie = (a: MarketListItem, b: MarketListItem): number => (alt('MKT-032') ? byMarketKey(b, a) : byMarketKey(a, b));
const byUpdated = (a: MarketListItem, b: MarketListItem): number =>
  Date.parse(b.market_updated_at) - Date.parse(a.market_updated_at) || tie(a, b);
const byVolume = (a: MarketListItem, b: MarketListItem): number => {
  // Nulls last (gap MKT-029; the alternate stub puts them first).
  const nullRank = alt('MKT-029') ? -1 : 1;
  if (a.volume_24h === null || b.volume_24h === null)
    return (a.volume_24h === null ? nullRank : 0) - (b.volume_24h === null ? nullRank : 0) || tie(a, b);
  return b.volume_24h - a.volume_24h || tie(a, b);
};
const bySignals = (a: MarketListItem, b: MarketListItem): number => b.signal_count - a.signal_count || tie(a, b);
const ORDER: Record<CatalogSort, (a: MarketListItem, b: MarketListItem) => number> = {
  updated_desc: byUpdated,
  volume_desc: byVolume,
  signal_count_desc: bySignals,
};

/**
 * venue_facets over `counted`: all four venues in enum order, 0 where no row matches (gap MKT-012;
 * the alternate stub lists only venues having rows, largest count first).
 */
function facets(counted: readonly Market[]): CatalogResponse['venue_facets'] {
  const all = VENUES.map((venue) => ({
    venue,
    count: counted.filter((m) => m.venue === venue).length * (mutant('mkt-facets-miscount') && venue === 'venue_b' ? 2 : 1),
  }));
  if (!alt('MKT-012')) return all;
  return all.filter((f) => f.count > 0).sort((a, b) => b.count - a.count || (a.venue < b.venue ? -1 : 1));
}

/**
 * The catalog answer. Filters combine conjunctively (gap MKT-038). venue_facets are counted
 * before the venue filter (gap MKT-011) and list all four venues in enum order (gap MKT-012).
 */
export function listCatalog(store: DataStore, siteUrl: string, nowMs: number, p: CatalogParams): CatalogResponse {
  const itemCtx = { store, siteUrl, now: new Date(nowMs), maxForecastAgeHours: p.maxForecastAge };
  // Mutant mkt-topic-tag-shadows-category: a topic some market carries as a tag matches tags only; categories are
  // looked at only when no market has the tag (round-41 bug).
  const topic = p.topic?.toLowerCase();
  const tagsOnly =
    mutant('mkt-topic-tag-shadows-category') &&
    topic !== undefined &&
    store.coveredMarkets().some((m) => m.tags.some((t) => t.toLowerCase() === topic));
  const candidates = store
    .coveredMarkets()
    // Mutant mkt-topic-lost-with-changed-within: beside changed_within the topic filter is dropped (round-37 bug).
    .filter(
      (m) =>
        m.active &&
        isListed(store, m, nowMs, p) &&
        (p.topic === undefined ||
          (mutant('mkt-topic-lost-with-changed-within') && p.changedWithin !== undefined) ||
          // Mutant mkt-broker-topic-lost-with-venue: topic=broker_a skipped beside venue=venue_b (round-38 bug).
          (mutant('mkt-broker-topic-lost-with-venue') && p.topic.toLowerCase() === 'broker_a' && p.venue === 'venue_b') ||
          (tagsOnly ? m.tags.some((t) => t.toLowerCase() === topic) : matchesTopic(m, p.topic))),
    );
  const filtered = candidates.filter(
    (m) =>
      p.venue === undefined ||
      m.venue === p.venue ||
      (mutant('mkt-venue-filter-leak') && p.venue === 'venue_a' && m.venue === 'venue_a_us') ||
      // Mutant mkt-topic-venue-prefix: beside a topic, the venue matched as a key prefix (round-9 bug).
      (mutant('mkt-topic-venue-prefix') && p.topic !== undefined && m.venue.startsWith(p.venue)),
  );
  // Counted before the venue filter (gap MKT-011; the alternate stub counts the returned rows).
  const counted = alt('MKT-011') ? filtered : candidates;
  const venue_facets = facets(counted);
  // Mutant order-volume-lost-with-venue: volume_desc beside a venue filter falls back to the default order (round-6 bug).
  // Mutant order-signals-lost-with-forecast-age: signal_count_desc beside a max_forecast_age other than the default falls
  // back to the default order (round-43 bug).
  const sort =
    (mutant('order-volume-lost-with-venue') && p.venue !== undefined && p.sort === 'volume_desc') ||
    (mutant('order-signals-lost-with-forecast-age') && p.maxForecastAge !== DEFAULT_MAX_FORECAST_AGE_H && p.sort === 'signal_count_desc')
      ? 'updated_desc'
      : p.sort;
  const markets = filtered
    .map((m) => marketListItem(m, itemCtx))
    .sort(
      (mutant('order-updated-asc') && sort === 'updated_desc') ||
        (mutant('order-volume-asc') && sort === 'volume_desc') ||
        (mutant('order-signals-asc') && sort === 'signal_count_desc')
        ? (a, b) => ORDER[sort](b, a)
        : ORDER[sort],
    );
  return { markets, venue_facets };
}
