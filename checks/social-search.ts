/**
 * Structured social search checks (family XSRCH; spec: Other operations referenced, POST
 * /api/v1/x/search): at most `limit` results (15 by default) and every result published within the
 * range of days back from the search instant. The response shape is the stub's choice (SCH gap on
 * SocialSearchResponse): `results[].published_at`.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

export const SEARCH_RULES = { limit: 'XSRCH-001', range: 'XSRCH-002', notStored: 'XSRCH-003', wholeRange: 'XSRCH-013' } as const;

const DAY = 86_400_000;

type Row = Record<string, unknown>;

/**
 * The results of a search answer: `results` (the stub's choice, gap XSRCH-011), else the body's one
 * array member; undefined when neither is there (the target's shape is not recognised: nothing is judged).
 */
export function resultsOf(body: unknown): Row[] | undefined {
  const b = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Row) : undefined;
  const arrays = b ? Object.values(b).filter(Array.isArray) : [];
  const r = Array.isArray(b?.results) ? b.results : arrays.length === 1 ? arrays[0] : undefined;
  return Array.isArray(r) ? (r.filter((x) => x !== null && typeof x === 'object') as Row[]) : undefined;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** When a result was published: its published_at, else its one date-time member; NaN when it shows none. */
export function publishedAtOf(r: Row): number {
  if (typeof r.published_at === 'string') return Date.parse(r.published_at);
  const times = Object.values(r).filter((v): v is string => typeof v === 'string' && DATE_TIME.test(v));
  return times.length === 1 ? Date.parse(times[0]!) : NaN;
}

/**
 * `limit` and `rangeDays` as requested (defaults 15 and 30 when not given); `nowMs` the target's
 * instant of the search, `toleranceMs` the clock uncertainty allowed at both ends of the range.
 * `rangeRule` names the rule a stale result breaks (XSRCH-003 after a clock advance).
 */
export function checkSocialSearch(
  body: unknown,
  o: { limit: number; rangeDays: number; nowMs: number; toleranceMs: number; rangeRule?: string },
): Violation[] {
  const results = resultsOf(body);
  if (!results) return [];
  const out: Violation[] = [];
  if (results.length > o.limit)
    out.push(violation(SEARCH_RULES.limit, '/results', `${results.length} results, at most ${o.limit} asked for`));
  const earliest = o.nowMs - o.rangeDays * DAY - o.toleranceMs;
  const latest = o.nowMs + o.toleranceMs;
  results.forEach((r, i) => {
    const t = publishedAtOf(r);
    if (Number.isNaN(t)) return;
    if (t < earliest || t > latest) {
      out.push(
        violation(
          o.rangeRule ?? SEARCH_RULES.range,
          ptr('results', i),
          `${new Date(t).toISOString()} is outside the ${o.rangeDays}-day range ending ${new Date(o.nowMs).toISOString()}`,
        ),
      );
    }
  });
  return out;
}

/** A result's identity: its post_id (the stub's choice), else its one member named like an id, else its url; undefined when none. */
export function postKeyOf(r: Row): string | undefined {
  if (typeof r.post_id === 'string') return r.post_id;
  const ids = Object.entries(r).filter(([k, v]) => /(^|_)id$/i.test(k) && (typeof v === 'string' || typeof v === 'number'));
  if (ids.length === 1) return String(ids[0]![1]);
  return typeof r.url === 'string' ? r.url : undefined;
}

/**
 * The rows of `earlier` (with a post key) published inside the range of `o.rangeDays` days (d) ending at `o.nowMs`
 * (ms since the epoch), `o.toleranceMs` (ms) inside its far side: the results a later search over that range covers
 * (XSRCH-013).
 */
export function inRangeOf(earlier: readonly Row[], o: { rangeDays: number; nowMs: number; toleranceMs: number }): Row[] {
  const from = o.nowMs - o.rangeDays * DAY + o.toleranceMs;
  return earlier.filter((r) => {
    const t = publishedAtOf(r);
    return postKeyOf(r) !== undefined && t >= from && t <= o.nowMs;
  });
}

/**
 * XSRCH-013 (spec: Other operations referenced, row POST /api/v1/x/search, "max 180 days"): the posts `earlier` answers of
 * the same query returned that lie inside a later search's range (`rangeDays` back from `nowMs`, the target's instant of
 * that search, less `toleranceMs` at the range's far end) are all in its answer. Judged only on an answer with room left
 * (fewer results than `limit`): a full answer may have left older posts out (the order is not shown, gap XSRCH-006).
 * Returns [] when the answer's shape or the posts' identities are not recognised. Rows: results (see resultsOf).
 */
export function checkRangeCovered(
  body: unknown,
  earlier: readonly Row[],
  o: { limit: number; rangeDays: number; nowMs: number; toleranceMs: number },
): Violation[] {
  const results = resultsOf(body);
  if (!results || results.length >= o.limit) return [];
  const returned = new Set(results.map(postKeyOf));
  const missing = inRangeOf(earlier, o).filter((r) => !returned.has(postKeyOf(r)));
  return missing.map((r) =>
    violation(
      SEARCH_RULES.wholeRange,
      '/results',
      `post ${postKeyOf(r)} (published ${new Date(publishedAtOf(r)).toISOString()}, inside the ${o.rangeDays}-day range ending ${new Date(o.nowMs).toISOString()}) was returned by an earlier search of the same query and is missing from this answer of ${results.length} result(s) at limit ${o.limit}`,
    ),
  );
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The social-search checks, by name (the name of the function each wraps). */
export const SOCIAL_SEARCH_CHECKS = {
  checkSocialSearch: defineCheck('checkSocialSearch', ['XSRCH-001', 'XSRCH-002'], checkSocialSearch, ([, o]) => o.rangeRule),
  checkRangeCovered: defineCheck('checkRangeCovered', ['XSRCH-013'], checkRangeCovered),
};
