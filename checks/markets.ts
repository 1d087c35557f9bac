/**
 * Checks of the market catalog (GET /api/v1/markets, rules MKT-*), the market search
 * (GET /api/v1/markets/search, rules MSRCH-*) and the mispriced list (GET /api/v1/markets/mispriced,
 * rules MISP-*). Pure functions from observed bodies to violations; none throws.
 * Routing, quote and serviceUrl rules of each row are checks/market-row.ts (checkMarketList).
 */
import { venueKeys } from '../contract/index.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { asRecord as obj } from '../lib/guards.ts';
import { defineCheck, ruleRange } from './define.ts';

export type Row = Record<string, unknown>;

export const HOUR_MS = 3_600_000;
/** The venue keys (contract: components.schemas.VenueKey). */
export const MARKET_VENUES = venueKeys();
export const SORTS = ['updated_desc', 'volume_desc', 'signal_count_desc'] as const;
/** The rule each sort value's order is judged by (MKT-027, MKT-028, MKT-030; an omitted sort is PARAM-041's default). */
export const SORT_RULES: Record<(typeof SORTS)[number], string> = {
  updated_desc: 'MKT-027',
  volume_desc: 'MKT-028',
  signal_count_desc: 'MKT-030',
};
/** market_summary.mispricing_threshold_pp as the spec states it ("currently 7.5"). */
export const DEFAULT_MISPRICING_THRESHOLD_PP = 7.5;
const EPS = 1e-9;

/** Epoch ms of an RFC 3339 string; NaN for anything else. */
export const ms = (iso: unknown): number => (typeof iso === 'string' ? Date.parse(iso) : NaN);
const isoAt = (t: number): string => (Number.isFinite(t) ? new Date(t).toISOString() : String(t));
const lower = (s: unknown): string => String(s).toLowerCase();

/**
 * The rows of a list answer: `markets` of the body (the stub's choice for search and mispriced,
 * gaps MSRCH-015 / MISP-005), or undefined when the body has no such array.
 */
export function rowsOf(body: unknown): Row[] | undefined {
  const list = obj(body)?.markets;
  return Array.isArray(list) ? (list.filter((r) => obj(r)) as Row[]) : undefined;
}

/** marketKeys of rows, in order. */
export const keysOf = (rows: readonly Row[]): string[] => rows.map((r) => String(r.marketKey));

/**
 * The target's clock at the answer, from its Date header (second resolution), else the client's.
 * Returns [earliest, latest] ms the answer can have been computed at.
 */
export function answerClock(headers: Record<string, string>, sentMs: number, receivedMs: number): [number, number] {
  const date = Date.parse(headers['date'] ?? '');
  if (!Number.isFinite(date)) return [sentMs, receivedMs];
  return [Math.min(date, sentMs), Math.max(date + 1000, receivedMs)];
}

// ---- catalog rows ----------------------------------------------------------------------------

export interface WindowContext {
  /** max_forecast_age in hours (48 when omitted). */
  hours: number;
  /** [earliest, latest] instant the answer was computed at, ms. */
  clock: [number, number];
  /** Tolerated clock skew, ms. */
  skewMs: number;
}

/** MKT-003: a row without changed_within has an in-window forecast or a signal. */
export function checkListedForReason(row: Row, path: string): Violation[] {
  const fc = row.forecast_count;
  const sc = row.signal_count;
  if (typeof fc !== 'number' || typeof sc !== 'number') return [];
  return fc >= 1 || sc >= 1
    ? []
    : [violation('MKT-003', path, `listed with forecast_count ${fc} and signal_count ${sc} (needs an in-window forecast or a signal)`)];
}

/** MKT-020 window bounds of latest_forecast_at, MKT-021 count/null agreement, MKT-034 (warning). */
export function checkForecastWindow(row: Row, ctx: WindowContext, path: string): Violation[] {
  const out: Violation[] = [];
  const at = row.latest_forecast_at;
  const fc = row.forecast_count;
  if (at !== null && at !== undefined) {
    const t = ms(at);
    const oldest = ctx.clock[0] - ctx.hours * HOUR_MS - ctx.skewMs;
    const newest = ctx.clock[1] + ctx.skewMs;
    if (!(t >= oldest))
      out.push(
        violation(
          'MKT-020',
          path + ptr('latest_forecast_at'),
          `${String(at)} is older than the ${ctx.hours}h window (earliest allowed ${isoAt(oldest)})`,
        ),
      );
    if (!(t <= newest))
      out.push(
        violation(
          'MKT-020',
          path + ptr('latest_forecast_at'),
          `${String(at)} is in the future (answer computed by ${isoAt(ctx.clock[1])})`,
        ),
      );
  }
  if (typeof fc === 'number' && (at === null) !== (fc === 0)) {
    out.push(
      violation(
        'MKT-021',
        path + ptr('forecast_count'),
        `forecast_count ${fc} with latest_forecast_at ${JSON.stringify(at)} (0 exactly when null)`,
      ),
    );
  }
  if (at === null && (row.latest_forecast_delta != null || row.latest_forecast_refresh_reason != null)) {
    out.push(
      violation(
        'MKT-034',
        path + ptr('latest_forecast_delta'),
        'latest_forecast_delta/refresh_reason set without an in-window forecast',
        'warning',
      ),
    );
  }
  return out;
}

/** Every row has the requested venue (MKT-006 for the catalog, MSRCH-006 for search). */
export function checkVenueRows(rows: readonly Row[], venue: string, ruleId: string, path = '/markets'): Violation[] {
  return rows.flatMap((r, i) =>
    r.venue === venue ? [] : [violation(ruleId, path + ptr(i, 'venue'), `row of venue ${JSON.stringify(r.venue)} under venue=${venue}`)],
  );
}

/** Every row's broker_channels contains broker_a (MKT-017, MSRCH-009, MISP-003). */
export function checkBrokerRows(rows: readonly Row[], ruleId: string, path = '/markets'): Violation[] {
  return rows.flatMap((r, i) =>
    Array.isArray(r.broker_channels) && r.broker_channels.includes('broker_a')
      ? []
      : [
          violation(
            ruleId,
            path + ptr(i, 'broker_channels'),
            `${String(r.marketKey)} is not broker-listed (broker_channels ${JSON.stringify(r.broker_channels)})`,
          ),
        ],
  );
}

/** A row shows `value` among its tags or categories, compared case-insensitively. */
export const showsTopic = (row: Row, value: string): boolean =>
  [...(Array.isArray(row.tags) ? row.tags : []), ...(Array.isArray(row.categories) ? row.categories : [])].some(
    (t) => lower(t) === lower(value),
  );

/** MKT-019 (warning): a row of topic=T that shows T neither as tag nor category. */
export function checkTopicShown(rows: readonly Row[], topic: string, path = '/markets'): Violation[] {
  return rows.flatMap((r, i) =>
    showsTopic(r, topic)
      ? []
      : [
          violation(
            'MKT-019',
            path + ptr(i),
            `${String(r.marketKey)} shows ${JSON.stringify(topic)} in neither tags nor categories`,
            'warning',
          ),
        ],
  );
}

/**
 * Every expected marketKey is among `rows` (completeness rules: MKT-001, -002, -007, -014, -018,
 * -024, MISP-002, MISP-004). `why` explains where the expectation came from.
 */
export function checkContains(
  rows: readonly Row[],
  expected: Iterable<string>,
  ruleId: string,
  why: string,
  path = '/markets',
): Violation[] {
  const have = new Set(keysOf(rows));
  return [...new Set(expected)].filter((k) => !have.has(k)).map((k) => violation(ruleId, path, `${k} is missing (${why})`));
}

/**
 * MKT-041: a filter only selects, the window still applies. Each row of `filtered` (an answer asked with a filter at
 * window N) shows the forecast_count and latest_forecast_at (compared as instants) of the same market's row in
 * `unfiltered` (asked at the same N, without the filter). A market only one answer lists is left to the completeness
 * rules. `label` names the filtered request in messages.
 * @returns a violation per member a filtered row states otherwise
 */
export function checkFilteredWindow(filtered: readonly Row[], unfiltered: readonly Row[], label: string, path = '/markets'): Violation[] {
  const base = new Map(unfiltered.map((r) => [String(r.marketKey), r]));
  const instant = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : v);
  const out: Violation[] = [];
  filtered.forEach((r, i) => {
    const u = base.get(String(r.marketKey));
    if (!u) return;
    for (const member of ['forecast_count', 'latest_forecast_at'] as const)
      if (instant(r[member]) !== instant(u[member]))
        out.push(
          violation(
            'MKT-041',
            `${path}${ptr(i, member)}`,
            `${String(r.marketKey)} has ${member} ${JSON.stringify(r[member])} under ${label}, ${JSON.stringify(u[member])} in the unfiltered answer at the same window`,
          ),
        );
  });
  return out;
}

/** MKT-041's instances: rows of `filtered` whose market `unfiltered` lists too. */
export const filteredWindowInstances = (filtered: readonly Row[], unfiltered: readonly Row[]): number => {
  const keys = new Set(keysOf(unfiltered));
  return filtered.filter((r) => keys.has(String(r.marketKey))).length;
};

/** Two answers hold the same set of marketKeys (MKT-013, -025, -031, MSRCH-010, -011). */
export function checkSameKeys(a: readonly Row[], b: readonly Row[], ruleId: string, what: string, path = '/markets'): Violation[] {
  const ka = new Set(keysOf(a));
  const kb = new Set(keysOf(b));
  const onlyA = [...ka].filter((k) => !kb.has(k));
  const onlyB = [...kb].filter((k) => !ka.has(k));
  if (!onlyA.length && !onlyB.length) return [];
  return [
    violation(
      ruleId,
      path,
      `${what}: ${onlyA.length} key(s) only in the first answer (${onlyA.slice(0, 5).join(', ')}), ${onlyB.length} only in the second (${onlyB.slice(0, 5).join(', ')})`,
    ),
  ];
}

// ---- venue facets ----------------------------------------------------------------------------

/** Facet counts by venue; absent venues count 0 (gap MKT-012). */
export function facetCounts(body: unknown): Map<string, number> {
  const m = new Map<string, number>();
  const facets = obj(body)?.venue_facets;
  if (Array.isArray(facets))
    for (const f of facets)
      if (obj(f) && typeof f.venue === 'string' && typeof f.count === 'number') m.set(f.venue, (m.get(f.venue) ?? 0) + f.count);
  return m;
}

const countByVenue = (rows: readonly Row[]): Map<string, number> => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(String(r.venue), (m.get(String(r.venue)) ?? 0) + 1);
  return m;
};

/**
 * venue_facets of one catalog answer: MKT-008 (each venue once); without a venue filter MKT-009
 * (count = rows of that venue) and MKT-005 (counts sum to the rows); with venue=X MKT-010 (count of
 * X = rows) and MKT-011 (warning: other venues are 0/absent or, when `unfilteredBody` is given,
 * the counts of the same request without venue).
 */
export function checkVenueFacets(body: unknown, venue?: string, unfilteredBody?: unknown): Violation[] {
  const rows = rowsOf(body);
  const facets = obj(body)?.venue_facets;
  if (!rows || !Array.isArray(facets)) return [];
  const out: Violation[] = [];
  const seen = new Set<string>();
  facets.forEach((f, i) => {
    const v = String(obj(f)?.venue);
    if (seen.has(v)) out.push(violation('MKT-008', `/venue_facets/${i}/venue`, `venue ${v} appears twice`));
    seen.add(v);
  });
  const counts = facetCounts(body);
  const byVenue = countByVenue(rows);
  if (venue === undefined) {
    for (const v of new Set([...counts.keys(), ...byVenue.keys()])) {
      const want = byVenue.get(v) ?? 0;
      const got = counts.get(v) ?? 0;
      if (got !== want)
        out.push(
          violation(
            'MKT-009',
            '/venue_facets',
            `facet ${v} counts ${got} but ${want} row(s) have that venue${counts.has(v) ? '' : ' (facet absent)'}`,
          ),
        );
    }
    const sum = [...counts.values()].reduce((a, b) => a + b, 0);
    if (sum !== rows.length)
      out.push(violation('MKT-005', '/venue_facets', `facet counts sum to ${sum} but the answer holds ${rows.length} row(s)`));
    return out;
  }
  const got = counts.get(venue) ?? 0;
  if (got !== rows.length)
    out.push(violation('MKT-010', '/venue_facets', `facet ${venue} counts ${got} but venue=${venue} returned ${rows.length} row(s)`));
  const before = unfilteredBody === undefined ? undefined : facetCounts(unfilteredBody);
  for (const [v, n] of counts) {
    if (v === venue || n === 0) continue;
    if (before?.get(v) === n) continue;
    out.push(
      violation(
        'MKT-011',
        '/venue_facets',
        `facet ${v} counts ${n} under venue=${venue}: neither 0 (after the filter) nor the unfiltered count ${before?.get(v) ?? '?'} (before it)`,
        'warning',
      ),
    );
  }
  return out;
}

// ---- ordering --------------------------------------------------------------------------------

/**
 * The order of a catalog answer for `sort` (omitted = updated_desc): MKT-027 (or `defaultRule` when
 * the sort was omitted), MKT-028 with MKT-029 as a warning for misplaced nulls, MKT-030.
 */
export function checkSortOrder(rows: readonly Row[], sort: (typeof SORTS)[number] | undefined, defaultRule = 'MKT-027'): Violation[] {
  const out: Violation[] = [];
  const at = (i: number): string => `/markets/${i}`;
  if (sort === undefined || sort === 'updated_desc') {
    const rule = sort === undefined ? defaultRule : 'MKT-027';
    for (let i = 1; i < rows.length; i++) {
      const a = ms(rows[i - 1]!.market_updated_at);
      const b = ms(rows[i]!.market_updated_at);
      if (b > a)
        out.push(
          violation(
            rule,
            at(i) + '/market_updated_at',
            `${String(rows[i]!.market_updated_at)} after ${String(rows[i - 1]!.market_updated_at)} (must be newest first)`,
          ),
        );
    }
  } else if (sort === 'volume_desc') {
    let prev: number | undefined;
    let prevIndex = -1;
    let sawNull = -1;
    rows.forEach((r, i) => {
      const v = r.volume_24h;
      if (typeof v !== 'number') {
        if (sawNull < 0) sawNull = i;
        return;
      }
      if (sawNull >= 0)
        out.push(
          violation('MKT-029', at(i) + '/volume_24h', `volume ${v} after a null volume at row ${sawNull} (stub: nulls last)`, 'warning'),
        );
      if (prev !== undefined && v > prev)
        out.push(violation('MKT-028', at(i) + '/volume_24h', `volume ${v} after ${prev} at row ${prevIndex} (must be non-increasing)`));
      prev = v;
      prevIndex = i;
    });
  } else {
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!.signal_count as number;
      const b = rows[i]!.signal_count as number;
      if (b > a) out.push(violation('MKT-030', at(i) + '/signal_count', `signal_count ${b} after ${a} (must be non-increasing)`));
    }
  }
  return out;
}

/** The sort key of a row under `sort` (omitted = updated_desc): a number, or null for a row without one. */
function sortKey(row: Row, sort: (typeof SORTS)[number] | undefined): number | null {
  if (sort === 'volume_desc') return typeof row.volume_24h === 'number' ? row.volume_24h : null;
  if (sort === 'signal_count_desc') return typeof row.signal_count === 'number' ? row.signal_count : null;
  const t = ms(row.market_updated_at);
  return Number.isFinite(t) ? t : null;
}

/**
 * Adjacent rows that tie on the sort key of `sort` (both null included): the instances of gap MKT-032,
 * whose order the spec leaves open. Each pair is [earlier row, later row].
 */
export function tiedPairs(rows: readonly Row[], sort: (typeof SORTS)[number] | undefined): [Row, Row][] {
  const out: [Row, Row][] = [];
  for (let i = 1; i < rows.length; i++) if (sortKey(rows[i - 1]!, sort) === sortKey(rows[i]!, sort)) out.push([rows[i - 1]!, rows[i]!]);
  return out;
}

// ---- market search rows ------------------------------------------------------------------------

const isDateTime = (v: unknown): boolean => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && Number.isFinite(Date.parse(v));

/** The six fields search rows carry, with the linked-market types (MSRCH-001). */
const SEARCH_FIELDS: [string, (v: unknown) => boolean, string][] = [
  ['has_forecast', (v) => typeof v === 'boolean', 'a boolean'],
  ['latest_service_probability', (v) => v === null || (typeof v === 'number' && v >= 0 && v <= 1), 'a number 0..1 or null'],
  ['forecast_at', (v) => v === null || isDateTime(v), 'a date-time or null'],
  ['market_odds_at_forecast', (v) => v === null || typeof v === 'number', 'a number or null'],
  ['has_published_signal', (v) => typeof v === 'boolean', 'a boolean'],
  ['published_signal_count', (v) => Number.isInteger(v) && (v as number) >= 0, 'an integer >= 0'],
];

export interface SearchRowContext {
  /** The as_of instant sent (ms), for MSRCH-012/-013; undefined when as_of was omitted. */
  asOfMs?: number;
  skewMs: number;
}

/**
 * One search row: MSRCH-001 (fields), -002..-005 (consistency), -012/-013 (nothing after as_of),
 * warnings for gaps MSRCH-021 (forecast_at = latest_forecast_at) and MSRCH-022 (thesis and
 * market_odds_at_forecast null without a forecast).
 */
export function checkSearchRow(row: Row, ctx: SearchRowContext, path: string): Violation[] {
  const out: Violation[] = [];
  for (const [field, ok, want] of SEARCH_FIELDS) {
    if (!(field in row)) out.push(violation('MSRCH-001', path + ptr(field), `missing ${field}`));
    else if (!ok(row[field])) out.push(violation('MSRCH-001', path + ptr(field), `${field} ${JSON.stringify(row[field])} is not ${want}`));
  }
  const has = row.has_forecast;
  if (has === false) {
    if (row.latest_service_probability != null)
      out.push(
        violation(
          'MSRCH-002',
          path + '/latest_service_probability',
          `${String(row.latest_service_probability)} without a forecast (must be null)`,
        ),
      );
    if (row.forecast_at != null)
      out.push(violation('MSRCH-003', path + '/forecast_at', `${String(row.forecast_at)} without a forecast (must be null)`));
    if (row.thesis != null || row.market_odds_at_forecast != null)
      out.push(violation('MSRCH-022', path + '/thesis', 'thesis or market_odds_at_forecast set without a forecast', 'warning'));
  } else if (has === true && (row.latest_service_probability == null || row.forecast_at == null)) {
    out.push(
      violation(
        'MSRCH-004',
        path + '/has_forecast',
        `has_forecast true with latest_service_probability ${JSON.stringify(row.latest_service_probability)} and forecast_at ${JSON.stringify(row.forecast_at)}`,
      ),
    );
  }
  const count = row.published_signal_count;
  if (typeof row.has_published_signal === 'boolean' && typeof count === 'number' && row.has_published_signal !== count > 0) {
    out.push(
      violation(
        'MSRCH-005',
        path + '/has_published_signal',
        `has_published_signal ${String(row.has_published_signal)} with published_signal_count ${count}`,
      ),
    );
  }
  if (ctx.asOfMs !== undefined) {
    const limit = ctx.asOfMs + ctx.skewMs;
    if (row.forecast_at != null && !(ms(row.forecast_at) <= limit))
      out.push(violation('MSRCH-012', path + '/forecast_at', `${String(row.forecast_at)} is after as_of ${isoAt(ctx.asOfMs)}`));
    if (row.latest_forecast_at != null && !(ms(row.latest_forecast_at) <= limit))
      out.push(
        violation('MSRCH-013', path + '/latest_forecast_at', `${String(row.latest_forecast_at)} is after as_of ${isoAt(ctx.asOfMs)}`),
      );
  }
  if (row.latest_forecast_at != null && row.forecast_at != null && ms(row.latest_forecast_at) !== ms(row.forecast_at)) {
    out.push(
      violation(
        'MSRCH-021',
        path + '/forecast_at',
        `forecast_at ${String(row.forecast_at)} differs from latest_forecast_at ${String(row.latest_forecast_at)}`,
        'warning',
      ),
    );
  }
  return out;
}

/** The filters of one search request, each checked on every row (MSRCH-006..-009). */
export interface SearchFilters {
  venue?: string;
  tag?: string;
  category?: string;
}

export function checkSearchFilters(rows: readonly Row[], f: SearchFilters, path = '/markets'): Violation[] {
  const out: Violation[] = [];
  if (f.venue !== undefined) out.push(...checkVenueRows(rows, f.venue, 'MSRCH-006', path));
  if (f.tag !== undefined && lower(f.tag) === 'broker_a') out.push(...checkBrokerRows(rows, 'MSRCH-009', path));
  else if (f.tag !== undefined) {
    const tag = f.tag;
    rows.forEach((r, i) => {
      if (!(Array.isArray(r.tags) && r.tags.some((t) => lower(t) === lower(tag))))
        out.push(violation('MSRCH-007', path + ptr(i, 'tags'), `${String(r.marketKey)} lacks tag ${tag} (tags ${JSON.stringify(r.tags)})`));
    });
  }
  if (f.category !== undefined) {
    const cat = f.category;
    rows.forEach((r, i) => {
      if (!(Array.isArray(r.categories) && r.categories.some((c) => lower(c) === lower(cat))))
        out.push(
          violation(
            'MSRCH-008',
            path + ptr(i, 'categories'),
            `${String(r.marketKey)} lacks category ${cat} (categories ${JSON.stringify(r.categories)})`,
          ),
        );
    });
  }
  return out;
}

/**
 * The forecast state of two search answers is the same per market (MSRCH-010, -011): same
 * marketKeys, and per key the same has_forecast, forecast_at, latest_service_probability,
 * forecast_count and published_signal_count.
 */
export function checkSameSearchState(a: readonly Row[], b: readonly Row[], ruleId: string, what: string): Violation[] {
  const out = checkSameKeys(a, b, ruleId, what);
  const byKey = new Map(b.map((r) => [String(r.marketKey), r]));
  const fields = ['has_forecast', 'forecast_at', 'latest_service_probability', 'forecast_count', 'published_signal_count'];
  a.forEach((r, i) => {
    const other = byKey.get(String(r.marketKey));
    if (!other) return;
    for (const f of fields) {
      if (JSON.stringify(r[f]) !== JSON.stringify(other[f]))
        out.push(
          violation(
            ruleId,
            `/markets/${i}/${f}`,
            `${what}: ${String(r.marketKey)} ${f} ${JSON.stringify(r[f])} vs ${JSON.stringify(other[f])}`,
          ),
        );
    }
  });
  return out;
}

// ---- mispriced ---------------------------------------------------------------------------------

/** |latest forecast − market odds| in percentage points, or undefined when either is missing. */
export function mispricingPp(row: Row): number | undefined {
  const p = row.latest_service_probability;
  const odds = row.market_odds;
  return typeof p === 'number' && typeof odds === 'number' ? Math.abs(p - odds) * 100 : undefined;
}

/** True when the row's gap reaches the threshold (inclusive, gap MISP-007). */
export const isMispriced = (row: Row, thresholdPp: number): boolean => {
  const gap = mispricingPp(row);
  return gap !== undefined && gap >= thresholdPp - EPS;
};

/** MISP-001: every row's |latest forecast − market odds| reaches the threshold. */
export function checkMispricedRows(rows: readonly Row[], thresholdPp: number, path = '/markets'): Violation[] {
  return rows.flatMap((r, i) => {
    if (isMispriced(r, thresholdPp)) return [];
    const gap = mispricingPp(r);
    const detail =
      gap === undefined
        ? `latest_service_probability ${JSON.stringify(r.latest_service_probability)}, market_odds ${JSON.stringify(r.market_odds)}`
        : `gap ${gap.toFixed(4)} pp`;
    return [
      violation('MISP-001', path + ptr(i), `${String(r.marketKey)} is listed as mispriced with ${detail} (threshold ${thresholdPp} pp)`),
    ];
  });
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The markets checks, by name (the name of the function each wraps). */
export const MARKETS_CHECKS = {
  checkListedForReason: defineCheck('checkListedForReason', ['MKT-003'], checkListedForReason),
  checkForecastWindow: defineCheck('checkForecastWindow', ['MKT-020', 'MKT-021', 'MKT-034'], checkForecastWindow),
  checkVenueRows: defineCheck('checkVenueRows', [], checkVenueRows, ([, , rule]) => rule),
  checkBrokerRows: defineCheck('checkBrokerRows', [], checkBrokerRows, ([, rule]) => rule),
  checkTopicShown: defineCheck('checkTopicShown', ['MKT-019'], checkTopicShown),
  checkContains: defineCheck('checkContains', [], checkContains, ([, , rule]) => rule),
  checkSameKeys: defineCheck('checkSameKeys', [], checkSameKeys, ([, , rule]) => rule),
  checkFilteredWindow: defineCheck('checkFilteredWindow', ['MKT-041'], checkFilteredWindow, undefined, {
    'MKT-041': {
      what: 'a row of a filtered answer whose market the unfiltered answer at the same window lists',
      count: ([filtered, unfiltered]) => filteredWindowInstances(filtered, unfiltered),
    },
  }),
  checkVenueFacets: defineCheck('checkVenueFacets', ['MKT-005', 'MKT-008', 'MKT-009', 'MKT-010', 'MKT-011'], checkVenueFacets),
  checkSortOrder: defineCheck('checkSortOrder', ['MKT-027', 'MKT-028', 'MKT-029', 'MKT-030'], checkSortOrder, ([, , rule]) => rule),
  checkSearchRow: defineCheck(
    'checkSearchRow',
    [...ruleRange('MSRCH', 1, 5), 'MSRCH-012', 'MSRCH-013', 'MSRCH-021', 'MSRCH-022'],
    checkSearchRow,
  ),
  checkSearchFilters: defineCheck('checkSearchFilters', ruleRange('MSRCH', 6, 9), checkSearchFilters),
  checkSameSearchState: defineCheck('checkSameSearchState', [], checkSameSearchState, ([, , rule]) => rule),
  checkMispricedRows: defineCheck('checkMispricedRows', ['MISP-001'], checkMispricedRows),
};
