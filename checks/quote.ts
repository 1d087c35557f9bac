/**
 * Checks of venue quotes (spec: Resources / Venue quote; rules QUOTE-*).
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';
import { earlierSighting, seenBefore } from './seen-twice.ts';

const LIVE = new Set(['venue_a', 'venue_b']);
const SNAPSHOT = new Set(['venue_a_us', 'venue_c']);
const BOOK = new Set(['midpoint', 'bid', 'ask']);

type Quote = Record<string, unknown>;

/** The per-venue quote rules for one quote of a row on `venue` (QUOTE-001, -002, -004, -005, -008). */
export function checkVenueQuote(quote: unknown, venue: string, path: string): Violation[] {
  if (!quote || typeof quote !== 'object') return [];
  const q = quote as Quote;
  const out: Violation[] = [];
  const method = q.quote_method as string | null;
  const p = q.selected_probability;
  if ((method === null) !== (p === null)) {
    out.push(
      violation(
        'QUOTE-004',
        path + ptr('quote_method'),
        `quote_method ${JSON.stringify(method)} with selected_probability ${JSON.stringify(p)}`,
      ),
    );
  }
  if (LIVE.has(venue)) {
    if (method === 'graph_snapshot') out.push(violation('QUOTE-005', path + ptr('quote_method'), `${venue} row exposes a graph snapshot`));
    else if (method !== null) {
      const isLive = BOOK.has(method) || /last/i.test(method);
      if (!isLive)
        out.push(
          violation(
            'QUOTE-001',
            path + ptr('quote_method'),
            `${venue} quote_method ${JSON.stringify(method)} is not a live book or last-trade method`,
          ),
        );
      if (q.freshness !== 'verified')
        out.push(
          violation(
            'QUOTE-001',
            path + ptr('freshness'),
            `${venue} live quote has freshness ${JSON.stringify(q.freshness)} (must be verified)`,
          ),
        );
    }
  }
  if (SNAPSHOT.has(venue) && method !== null) {
    if (method !== 'graph_snapshot')
      out.push(
        violation('QUOTE-002', path + ptr('quote_method'), `${venue} quote_method ${JSON.stringify(method)} (must be graph_snapshot)`),
      );
    if (q.freshness !== 'stale')
      out.push(
        violation('QUOTE-002', path + ptr('freshness'), `${venue} snapshot freshness ${JSON.stringify(q.freshness)} (must be stale)`),
      );
  }
  if (q.venue !== null && q.venue !== undefined && q.venue !== venue) {
    out.push(violation('QUOTE-008', path + ptr('venue'), `quote venue ${JSON.stringify(q.venue)} on a ${venue} row`, 'warning'));
  }
  return out;
}

/** `odds` (market_odds or yes_odds) equals venue_quote.selected_probability (QUOTE-003). */
export function checkOddsEqualQuote(odds: unknown, quote: unknown, path: string): Violation[] {
  if (!quote || typeof quote !== 'object') return [];
  const p = (quote as Quote).selected_probability;
  return odds === p
    ? []
    : [violation('QUOTE-003', path, `odds ${JSON.stringify(odds)} ≠ venue_quote.selected_probability ${JSON.stringify(p)}`)];
}

/** Tolerance of a midpoint's rounding (the spec shows none; gap QUOTE-010): half a cent of the exact mean. */
const MIDPOINT_TOLERANCE = 0.005 + 1e-9;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The method class of a quote_method token: the four QUOTE-009 names, the snapshot, or other (judged by QUOTE-001/-002). */
function methodClass(method: unknown): 'midpoint' | 'bid' | 'ask' | 'last-trade' | 'graph_snapshot' | undefined {
  if (method === 'midpoint' || method === 'bid' || method === 'ask' || method === 'graph_snapshot') return method;
  return typeof method === 'string' && /last/i.test(method) ? 'last-trade' : undefined;
}

/** The price QUOTE-009 expects for a book or last-trade method, or undefined when the quote lacks that side. */
function expectedPrice(q: Quote, cls: string): { value: number; tolerance: number; what: string } | undefined {
  const bid = num(q.yes_bid);
  const ask = num(q.yes_ask);
  const last = num(q.yes_last);
  if (cls === 'midpoint')
    return bid === null || ask === null
      ? undefined
      : { value: (bid + ask) / 2, tolerance: MIDPOINT_TOLERANCE, what: 'the mean of yes_bid and yes_ask' };
  const side = cls === 'bid' ? bid : cls === 'ask' ? ask : cls === 'last-trade' ? last : null;
  return side === null ? undefined : { value: side, tolerance: 1e-9, what: cls === 'last-trade' ? 'yes_last' : `yes_${cls}` };
}

/** Quotes QUOTE-009 judges: a priced quote whose method is a book or last-trade method with that side quoted. */
export function quoteSelectionInstances(quotes: readonly unknown[]): number {
  return quotes.filter((q) => {
    if (!q || typeof q !== 'object') return false;
    const cls = methodClass((q as Quote).quote_method);
    return (
      cls !== undefined && cls !== 'graph_snapshot' && num((q as Quote).selected_probability) !== null && !!expectedPrice(q as Quote, cls)
    );
  }).length;
}

/**
 * selected_probability is the price its quote_method's name points to (QUOTE-009: midpoint, bid, ask, last trade);
 * a graph snapshot's source price is a choice (gap QUOTE-010, warning), and so are the presence and order
 * of venue_timestamp and observed_at on a priced quote (gap QUOTE-013, warning). `quotes`: [quote, JSON pointer] pairs.
 */
export function checkQuoteSelection(quotes: readonly (readonly [unknown, string])[]): Violation[] {
  return quotes.flatMap(([quote, path]) => {
    if (!quote || typeof quote !== 'object') return [];
    const q = quote as Quote;
    const p = num(q.selected_probability);
    const cls = methodClass(q.quote_method);
    if (p === null || cls === undefined) return [];
    const out: Violation[] = [];
    if (cls === 'graph_snapshot') {
      const seen = [num(q.yes_last), num(q.yes_bid), num(q.yes_ask)].filter((x): x is number => x !== null);
      const candidates =
        seen.length >= 2 && num(q.yes_bid) !== null && num(q.yes_ask) !== null ? [...seen, (num(q.yes_bid)! + num(q.yes_ask)!) / 2] : seen;
      if (candidates.length && !candidates.some((c) => Math.abs(c - p) <= MIDPOINT_TOLERANCE))
        out.push(
          violation(
            'QUOTE-010',
            path + ptr('selected_probability'),
            `graph_snapshot selected_probability ${p} is none of yes_last, yes_bid, yes_ask or their mean`,
            'warning',
          ),
        );
    } else {
      const want = expectedPrice(q, cls);
      if (want && Math.abs(want.value - p) > want.tolerance)
        out.push(
          violation(
            'QUOTE-009',
            path + ptr('selected_probability'),
            `quote_method ${JSON.stringify(q.quote_method)} selects ${p}, not ${want.what} (${+want.value.toFixed(6)})`,
          ),
        );
    }
    out.push(...quoteClockChoice(q, path));
    return out;
  });
}

/** Gap QUOTE-013 on one priced quote: both timestamps given, venue_timestamp not after observed_at (warnings). */
function quoteClockChoice(q: Quote, path: string): Violation[] {
  const vt = typeof q.venue_timestamp === 'string' ? Date.parse(q.venue_timestamp) : NaN;
  const ob = typeof q.observed_at === 'string' ? Date.parse(q.observed_at) : NaN;
  if (Number.isNaN(vt) || Number.isNaN(ob))
    return [
      violation(
        'QUOTE-013',
        path,
        `priced quote with venue_timestamp ${JSON.stringify(q.venue_timestamp)}, observed_at ${JSON.stringify(q.observed_at)}`,
        'warning',
      ),
    ];
  return vt > ob
    ? [
        violation(
          'QUOTE-013',
          path + ptr('venue_timestamp'),
          `venue_timestamp ${String(q.venue_timestamp)} is later than observed_at ${String(q.observed_at)}`,
          'warning',
        ),
      ]
    : [];
}

/**
 * The graph_snapshot quotes seen so far, by snapshot (the market it prices, `venue:market_id`, its venue_timestamp
 * and prices): the observed_at it was first shown with, and where (QUOTE-012 across answers).
 */
export type SnapshotViews = Map<string, { observedAt: unknown; shown: unknown; path: string; where: string }>;

/** Each graph_snapshot quote of `quotes` ([quote, JSON pointer] pairs) with the market it prices and its snapshot's identity. */
function snapshots(quotes: readonly (readonly [unknown, string])[]) {
  return quotes.flatMap(([quote, path]) => {
    if (!quote || typeof quote !== 'object') return [];
    const q = quote as Quote;
    if (q.quote_method !== 'graph_snapshot' || typeof q.venue !== 'string' || typeof q.market_id !== 'string') return [];
    // Instants compared as instants: two routes may write one time in two RFC 3339 forms.
    const taken = typeof q.venue_timestamp === 'string' ? Date.parse(q.venue_timestamp) : Number.NaN;
    if (Number.isNaN(taken)) return [];
    const market = `${q.venue}:${q.market_id}`;
    const key = JSON.stringify([market, taken, q.yes_bid, q.yes_ask, q.yes_last, q.selected_probability]);
    const at = typeof q.observed_at === 'string' ? Date.parse(q.observed_at) : Number.NaN;
    const observedAt = Number.isNaN(at) ? q.observed_at : at;
    return [{ market, key, observedAt, shown: q.observed_at, path }];
  });
}

/** QUOTE-012's instances: graph_snapshot quotes of a snapshot an earlier view (`known`, or earlier in `quotes`) showed for the same market. */
export const snapshotInstances = (quotes: readonly (readonly [unknown, string])[], known?: ReadonlyMap<string, unknown>): number =>
  seenBefore(
    snapshots(quotes).map((s) => s.key),
    known,
  );

/**
 * QUOTE-012 across answers: a graph_snapshot's observed_at is when the service observed the stored snapshot, one
 * time of that one snapshot, so the same snapshot of a market (the same venue_timestamp and prices) shows the same
 * observed_at wherever it is seen; a snapshot shown with a later observed_at (the time of the answer) is another
 * statement of one observation. `known` carries the earlier views (updated with this answer's, each named `answer`).
 */
export function checkSnapshotObservedAt(
  quotes: readonly (readonly [unknown, string])[],
  known: SnapshotViews = new Map(),
  answer?: string,
): Violation[] {
  return snapshots(quotes).flatMap((s) => {
    const seen = earlierSighting(known, s.key, { observedAt: s.observedAt, shown: s.shown, path: s.path }, answer);
    return seen && seen.observedAt !== s.observedAt
      ? [
          violation(
            'QUOTE-012',
            s.path + ptr('observed_at'),
            `${s.market}'s stored snapshot (venue_timestamp and prices unchanged) is observed at ${JSON.stringify(s.shown)} here and at ${JSON.stringify(seen.shown)} in ${seen.where}`,
          ),
        ]
      : [];
  });
}

/**
 * The live observations seen so far (a book or last-trade quote), by market, method, observed_at and prices: the
 * venue_timestamp it stated and where (QUOTE-015 across answers).
 */
export type ObservationViews = Map<string, { clock: number; shown: unknown; path: string; where: string }>;

/** Each live (not graph_snapshot) quote of `quotes` with the observation it states and the source clock it gives. */
function observations(quotes: readonly (readonly [unknown, string])[]) {
  return quotes.flatMap(([quote, path]) => {
    if (!quote || typeof quote !== 'object') return [];
    const q = quote as Quote;
    if (typeof q.quote_method !== 'string' || q.quote_method === 'graph_snapshot') return [];
    if (typeof q.venue !== 'string' || typeof q.market_id !== 'string') return [];
    // Instants compared as instants: two routes may write one time in two RFC 3339 forms.
    const at = typeof q.observed_at === 'string' ? Date.parse(q.observed_at) : Number.NaN;
    const clock = typeof q.venue_timestamp === 'string' ? Date.parse(q.venue_timestamp) : Number.NaN;
    if (Number.isNaN(at) || Number.isNaN(clock)) return [];
    // The same instant and the same prices: one observation (a book that moved between two observations in one
    // instant would show other prices).
    const key = JSON.stringify([q.venue, q.market_id, q.quote_method, at, q.yes_bid, q.yes_ask, q.yes_last, q.selected_probability]);
    return [{ key, market: `${q.venue}:${q.market_id}`, clock, shown: q.venue_timestamp, path }];
  });
}

/** Every venue_quote object of `body` with its JSON pointer (under `path`): the [quote, pointer] pairs the cross-answer quote checks take. */
export function venueQuotesIn(body: unknown, path = ''): [unknown, string][] {
  if (!body || typeof body !== 'object') return [];
  if (Array.isArray(body)) return body.flatMap((v, i) => venueQuotesIn(v, path + ptr(i)));
  return Object.entries(body as Record<string, unknown>).flatMap(([k, v]): [unknown, string][] =>
    k === 'venue_quote' && v && typeof v === 'object' ? [[v, path + ptr(k)]] : venueQuotesIn(v, path + ptr(k)),
  );
}

/** QUOTE-015's instances: live quotes of an observation an earlier view (`known`, or earlier in `quotes`) showed. */
export const observationInstances = (quotes: readonly (readonly [unknown, string])[], known?: ReadonlyMap<string, unknown>): number =>
  seenBefore(
    observations(quotes).map((o) => o.key),
    known,
  );

/**
 * QUOTE-015 across answers: venue_timestamp is the source's clock at one observation (the book's last update, the
 * last trade), so one observation of a market (its method, observed_at and prices) states one venue_timestamp
 * wherever it is seen (round-25 bug: asset search's linked markets stating the observation time as the book's).
 * `known` carries the earlier views (updated with this answer's, each named `answer`).
 */
export function checkObservationClock(
  quotes: readonly (readonly [unknown, string])[],
  known: ObservationViews = new Map(),
  answer?: string,
): Violation[] {
  return observations(quotes).flatMap((o) => {
    const seen = earlierSighting(known, o.key, { clock: o.clock, shown: o.shown, path: o.path }, answer);
    return seen && seen.clock !== o.clock
      ? [
          violation(
            'QUOTE-015',
            o.path + ptr('venue_timestamp'),
            `${o.market}'s observation (the same method, observed_at and prices) states venue_timestamp ${JSON.stringify(o.shown)} here and ${JSON.stringify(seen.shown)} in ${seen.where}`,
          ),
        ]
      : [];
  });
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The quote checks, by name (the name of the function each wraps). */
export const QUOTE_CHECKS = {
  checkVenueQuote: defineCheck('checkVenueQuote', ['QUOTE-001', 'QUOTE-002', 'QUOTE-004', 'QUOTE-005', 'QUOTE-008'], checkVenueQuote),
  checkOddsEqualQuote: defineCheck('checkOddsEqualQuote', ['QUOTE-003'], checkOddsEqualQuote),
  checkSnapshotObservedAt: defineCheck('checkSnapshotObservedAt', ['QUOTE-012'], checkSnapshotObservedAt, undefined, {
    'QUOTE-012': {
      what: 'a graph_snapshot quote of a snapshot seen before for the same market',
      count: ([quotes, known]) => snapshotInstances(quotes, known),
    },
  }),
  checkObservationClock: defineCheck('checkObservationClock', ['QUOTE-015'], checkObservationClock, undefined, {
    'QUOTE-015': {
      what: 'a live quote of an observation (method, observed_at and prices) seen before for the same market',
      count: ([quotes, known]) => observationInstances(quotes, known),
    },
  }),
  checkQuoteSelection: defineCheck('checkQuoteSelection', ['QUOTE-009', 'QUOTE-010', 'QUOTE-013'], checkQuoteSelection, undefined, {
    'QUOTE-009': {
      what: 'a priced quote with a book or last-trade method and that side quoted',
      count: ([quotes]) => quoteSelectionInstances(quotes.map(([q]) => q)),
    },
  }),
};
