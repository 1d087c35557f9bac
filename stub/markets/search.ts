/**
 * GET /api/v1/markets/search (searchMarkets): hybrid search over covered rows with tag, category and
 * venue filters and an as_of instant (spec "Other operations referenced"; rules MSRCH-*, gaps
 * MSRCH-014..-024). Rows are linked markets rewound to as_of.
 */
import type { DataStore, Market, Venue } from '../data/index.ts';
import { iso, linkedFields, marketListItem, type LinkedMarket } from '../present/index.ts';
import type { Query } from '../params.ts';
import { parseAsOf } from './as-of.ts';
import { invalidRequest } from '../errors.ts';
import { DEFAULT_MAX_FORECAST_AGE_H } from './catalog.ts';
import { FILTER_BOUNDS, byMarketKey, matchesCategory, matchesTag } from './topic.ts';
import { alt } from '../variant.ts';
import { mutant } from '../mutants.ts';

export interface SearchParams {
  q?: string;
  tag?: string;
  category?: string;
  venue?: Venue;
  /** The as_of value as sent, if any. */
  asOf?: string;
}

/** Parses the searchMarkets query. @throws ApiError 422 invalid_request on any bad value. */
export function parseSearchParams(q: Query): SearchParams {
  return {
    // The search text's name is a choice (gap MSRCH-014): q, or text on the alternate stub.
    q: q.str(alt('MSRCH-014') ? 'text' : 'q', { min: 1, max: 200 }),
    tag: q.str('tag', FILTER_BOUNDS),
    category: q.str('category', FILTER_BOUNDS),
    venue: q.venue(),
    asOf: q.str('as_of', { min: 1, max: 64 }),
  };
}

export interface SearchResponse {
  query: string | null;
  as_of: string;
  count: number;
  markets: LinkedMarket[];
  retrieval: { graph: string; lexical: string };
}

/** The alternate stub's envelope (gap MSRCH-015): the same content under other member names. */
export interface AltSearchResponse {
  search: { text: string | null; as_of: string };
  total: number;
  results: LinkedMarket[];
  retrieval: { graph: string; lexical: string };
}

const tokens = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const norm = (s: string): string => s.trim().toLowerCase();

/**
 * Relevance of a market for q (gap MSRCH-024): 3 for an exact marketKey, native id or slug, 2 for
 * the exact question, else the share of q's word tokens found among the question, event title,
 * tags, categories and slug (0 drops the row). marketKeys match only exactly: their venue prefix
 * would otherwise match every row of that venue.
 */
export function relevance(m: Market, q: string): number {
  const nq = norm(q);
  if ([m.marketKey, m.nativeMarketId, m.slug, m.serviceMarketId].some((id) => id !== null && norm(id) === nq)) return 3;
  if (norm(m.question) === nq) return 2;
  const wanted = tokens(q);
  if (!wanted.length) return 0;
  const hay = new Set(tokens([m.question, m.event.title, ...m.tags, ...m.categories, m.slug ?? ''].join(' ')));
  return wanted.filter((t) => hay.has(t)).length / wanted.length;
}

/**
 * One row as of `asOfMs` (gaps MSRCH-020..-023): forecasts, article evidence and published trade
 * signals after as_of are ignored; the list-item forecast window is the 48 hours before as_of.
 * Venue quote, odds, volume and market_updated_at stay current (no quote history is kept).
 */
export function linkedMarketAsOf(store: DataStore, siteUrl: string, m: Market, asOfMs: number): LinkedMarket {
  const item = marketListItem(m, { store, siteUrl, now: new Date(asOfMs), maxForecastAgeHours: DEFAULT_MAX_FORECAST_AGE_H });
  const latest = store.forecastsFor(m.marketKey).find((f) => f.createdAt <= asOfMs);
  const published = store.tradeSignalsFor(m.marketKey).filter((s) => s.publishedAt <= asOfMs);
  return {
    ...item,
    signal_count: store.articlesFor(m.marketKey).filter((a) => a.publishedAt <= asOfMs).length,
    ...linkedFields(latest, published),
  };
}

/** The alternate stub's order (gap MSRCH-016): marketKey ascending without q; with q, score then marketKey descending. */
const altOrder =
  (p: SearchParams) =>
  (a: { m: Market; score: number }, b: { m: Market; score: number }): number =>
    p.q === undefined ? byMarketKey(a.m, b.m) : b.score - a.score || byMarketKey(b.m, a.m);

/**
 * The search answer over every covered market, open or closed (gap MSRCH-014). A future as_of is
 * clamped to now (gap MSRCH-019). Order: relevance then marketKey with q, else newest update first
 * (gap MSRCH-016); no limit (gap MSRCH-017).
 * @throws ApiError 422 for a malformed as_of (and, on the alternate stub, a future one).
 */
export function searchMarkets(store: DataStore, siteUrl: string, nowMs: number, p: SearchParams): SearchResponse | AltSearchResponse {
  const asked = p.asOf === undefined ? nowMs : parseAsOf(p.asOf);
  // A future as_of is clamped to now (gap MSRCH-019; the alternate stub refuses it).
  if (asked > nowMs && alt('MSRCH-019')) throw invalidRequest('as_of must not be in the future');
  // Mutant msrch-as-of-today-previous-close: a date-only as_of whose day has not ended serves the close of the day
  // before (round-46 bug).
  const unended = mutant('msrch-as-of-today-previous-close') && p.asOf !== undefined && !p.asOf.includes('T') && asked > nowMs;
  const asOfMs = unended ? nowMs - (nowMs % 86_400_000) - 1 : Math.min(asked, nowMs);
  const scored: { m: Market; score: number }[] = [];
  for (const m of store.coveredMarkets()) {
    // Mutant msrch-venue-dropped-with-as-of: beside as_of the venue filter is dropped (round-36 bug).
    const venueDropped = mutant('msrch-venue-dropped-with-as-of') && p.asOf !== undefined;
    if (p.venue !== undefined && !venueDropped && m.venue !== p.venue) continue;
    // Mutant msrch-tag-lost-with-category: beside a category the tag filter is dropped (round-46 bug).
    const tagLost = mutant('msrch-tag-lost-with-category') && p.category !== undefined;
    if (p.tag !== undefined && !tagLost && !matchesTag(m, p.tag)) continue;
    // Mutant msrch-category-lost-with-venue: beside a venue the category filter is dropped (kin of a round-8 bug).
    const categoryLost = mutant('msrch-category-lost-with-venue') && p.venue !== undefined;
    if (p.category !== undefined && !categoryLost && !matchesCategory(m, p.category)) continue;
    const score = p.q === undefined ? 1 : relevance(m, p.q);
    if (score > 0) scored.push({ m, score });
  }
  scored.sort(
    alt('MSRCH-016')
      ? altOrder(p)
      : (a, b) => (p.q === undefined ? b.m.updatedAt - a.m.updatedAt : b.score - a.score) || byMarketKey(a.m, b.m),
  );
  const markets = scored.map(({ m }) => linkedMarketAsOf(store, siteUrl, m, asOfMs));
  const retrieval = { graph: 'ok', lexical: 'unconfigured' };
  if (alt('MSRCH-015')) return { search: { text: p.q ?? null, as_of: iso(asOfMs) }, total: markets.length, results: markets, retrieval };
  return { query: p.q ?? null, as_of: iso(asOfMs), count: markets.length, markets, retrieval };
}
