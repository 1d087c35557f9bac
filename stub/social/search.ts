/**
 * POST /api/v1/x/search (spec: Other operations referenced): structured search over the service's
 * social posts (the dataset's), within `range_days` back from now, at most `limit` results, newest
 * first (gap XSRCH-006). Nothing is stored: every call searches again at the current clock, which
 * `searched_at` reports (gap XSRCH-009).
 */
import type { StubContext } from '../context.ts';
import type { SearchRequest } from './model.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

const DAY = 86_400_000;

/** One result (gap SCH on SocialSearchResponse). */
export interface SearchResult {
  post_id: string;
  url: string;
  author_handle: string;
  published_at: string;
  text: string;
}

export interface SearchResponse {
  query: string;
  range_days: number;
  limit: number;
  searched_at: string;
  results: SearchResult[];
}

/** Lower-case words of a text (letters, digits, underscore). */
const words = (s: string): string[] => s.toLowerCase().match(/[a-z0-9_]+/g) ?? [];

/**
 * Runs a search now (gap XSRCH-008: a post matches when any query word is one of its words or its
 * author's handle, case-insensitively).
 */
export function searchPosts(ctx: StubContext, req: SearchRequest): SearchResponse {
  const now = ctx.clock.nowMs();
  // The mutant searches at most 90 days back whatever range was asked (XSRCH-013).
  // Mutant xsrch-default-range-7: a search without a range searches 7 days while echoing the default 30 (round-23 bug).
  const searched = mutant('xsrch-default-range-7') && req.rangeDefaulted ? 7 : req.rangeDays;
  const from = now - (mutant('xsrch-range-capped-90') ? Math.min(searched, 90) : searched) * DAY;
  const terms = new Set(words(req.query));
  const results = terms.size
    ? ctx.store
        .allPosts()
        .filter((p) => p.publishedAt >= from - (mutant('xsrch-lookback-off') ? DAY : 0) && p.publishedAt <= now)
        .filter((p) => terms.has(p.authorHandle.toLowerCase()) || words(p.text).some((w) => terms.has(w)))
        // Newest first (gap XSRCH-006); the alternate stub lists (and keeps) the oldest first.
        .sort(
          (a, b) =>
            (alt('XSRCH-006') ? a.publishedAt - b.publishedAt : b.publishedAt - a.publishedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        )
        .slice(0, req.limit + (mutant('xsrch-limit-plus-one') ? 1 : 0))
        .map((p) => ({
          post_id: p.id,
          url: p.url,
          author_handle: p.authorHandle,
          published_at: new Date(p.publishedAt).toISOString(),
          text: p.text,
        }))
    : [];
  return { query: req.query, range_days: req.rangeDays, limit: req.limit, searched_at: new Date(now).toISOString(), results };
}

/** A search answer in the shape the alternate stub serves (gap XSRCH-011): other member names, the same results. */
export function altSearchShape(r: SearchResponse): Record<string, unknown> {
  return {
    matches: r.results.map((x) => ({ id: x.post_id, link: x.url, handle: x.author_handle, posted_at: x.published_at, content: x.text })),
    as_of: r.searched_at,
  };
}
