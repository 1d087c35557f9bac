/**
 * Checks of the pull feed GET /api/v1/latest (spec: Endpoints / GET /api/v1/latest; Events;
 * Resources / Compact forecast and Latest-feed market; rules LATEST-*). Pure functions.
 */
import { checkAllRelationships, REL_RULES } from './relationships.ts';
import { checkOddsEqualQuote, checkVenueQuote, QUOTE_CHECKS } from './quote.ts';
import { checkRouting, checkServiceUrl, ROUTING_CHECKS } from './routing.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { asRecord as obj } from '../lib/guards.ts';
import { defineCheck, ruleRange } from './define.ts';

type Row = Record<string, unknown>;

export const LATEST_TYPES = ['forecast', 'article', 'x_post'] as const;
const HOUR_MS = 3_600_000;

const ms = (iso: unknown): number => (typeof iso === 'string' ? Date.parse(iso) : NaN);
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value.filter((r) => r && typeof r === 'object') as Row[]) : []);

export interface LatestRequest {
  siteUrl: string;
  /** hours sent; undefined = omitted (default 3). */
  hours?: number;
  /** types sent; undefined = omitted. */
  types?: readonly string[];
  /** Client clock when the request was sent and when the answer arrived, ms. */
  sentMs: number;
  receivedMs: number;
  /** Tolerated clock skew between client and target, ms. */
  skewMs: number;
}

/** Identity of an event within a feed. */
export const eventKey = (e: Row): string => `${String(e.type)}|${String(e.id)}`;

/** The LatestMarket of one event: routing, serviceUrl, venueAUrl, quote, yes_odds = selected_probability. */
export function checkLatestMarket(market: Row, siteUrl: string, path: string): Violation[] {
  const venueData = obj(market.venue_data);
  return [
    ...checkRouting(market, path),
    ...checkServiceUrl(market.serviceUrl, market.serviceMarketId, siteUrl, path + ptr('serviceUrl')),
    ...checkVenueQuote(market.venue_quote, market.venue as string, path + ptr('venue_quote')),
    ...(venueData ? checkOddsEqualQuote(venueData.yes_odds, market.venue_quote, path + ptr('venue_data', 'yes_odds')) : []),
  ];
}

/** The compact forecast of one forecast event (LATEST-013, -015, -016 warnings, routing of forecast.market). */
function checkCompactForecast(event: Row, forecast: Row, path: string): Violation[] {
  const out: Violation[] = [];
  const market = obj(event.market);
  if (market && forecast.venue !== null && forecast.venue !== market.venue) {
    out.push(
      violation(
        'LATEST-013',
        path + '/venue',
        `forecast.venue ${JSON.stringify(forecast.venue)} but the event's market is on ${String(market.venue)}`,
      ),
    );
  }
  const fm = obj(forecast.market);
  if (fm) {
    out.push(...checkRouting(fm, path + '/market'));
    if (market && fm.marketKey !== market.marketKey)
      out.push(
        violation(
          'LATEST-013',
          path + '/market/marketKey',
          `forecast.market ${JSON.stringify(fm.marketKey)} but the event's market is ${String(market.marketKey)}`,
        ),
      );
  }
  const p = forecast.probability;
  if (typeof p !== 'number' || !(p >= 0 && p <= 1))
    out.push(violation('LATEST-014', path + '/probability', `probability ${JSON.stringify(p)} is not between 0 and 1`));
  if (forecast.id !== event.id)
    out.push(
      violation(
        'LATEST-015',
        path + '/id',
        `forecast.id ${JSON.stringify(forecast.id)} differs from the event id ${JSON.stringify(event.id)}`,
        'warning',
      ),
    );
  if (ms(forecast.created_at) !== ms(event.occurred_at)) {
    out.push(
      violation(
        'LATEST-015',
        path + '/created_at',
        `forecast.created_at ${String(forecast.created_at)} differs from occurred_at ${String(event.occurred_at)}`,
        'warning',
      ),
    );
  }
  return out;
}

/**
 * Every rule of one 200 body of GET /api/v1/latest that the body alone shows: LATEST-001..005
 * (PARAM-063 for the default hours), -009, -010, -011..-015, -016 (warning), and for each event its market's ROUTE/QUOTE rules and
 * every relationships envelope (REL-*).
 */
export function checkLatest(body: unknown, req: LatestRequest): Violation[] {
  const b = obj(body);
  if (!b) return [];
  const out: Violation[] = [];
  const asOf = ms(b.as_of);
  if (!(asOf >= req.sentMs - req.skewMs && asOf <= req.receivedMs + req.skewMs)) {
    out.push(
      violation(
        'LATEST-001',
        '/as_of',
        `as_of ${String(b.as_of)} is not the current time (client clock ${new Date(req.sentMs).toISOString()} ± ${req.skewMs / 1000}s)`,
      ),
    );
  }
  const window = obj(b.window);
  const hours = req.hours ?? 3;
  if (window && window.hours !== hours)
    out.push(
      violation(
        req.hours === undefined ? 'PARAM-063' : 'LATEST-002',
        '/window/hours',
        `window.hours ${JSON.stringify(window.hours)} but ${req.hours === undefined ? 'the default is 3' : `hours=${hours} was asked`}`,
      ),
    );
  const since = ms(window?.since);
  const windowHours = typeof window?.hours === 'number' ? window.hours : hours;
  if (Math.abs(asOf - windowHours * HOUR_MS - since) > 1000) {
    out.push(
      violation(
        'LATEST-003',
        '/window/since',
        `window.since ${String(window?.since)} is not as_of − ${windowHours}h (${Number.isFinite(asOf) ? new Date(asOf - windowHours * HOUR_MS).toISOString() : '?'})`,
      ),
    );
  }
  const types = Array.isArray(b.types) ? (b.types as unknown[]) : [];
  if (req.types) {
    const want = new Set(req.types);
    const got = new Set(types);
    if (want.size !== got.size || [...want].some((t) => !got.has(t)))
      out.push(
        violation('LATEST-010', '/types', `types ${JSON.stringify(types)} does not echo the requested ${JSON.stringify([...want])}`),
      );
  }
  const events = rowsOf(b.events);
  if (typeof b.count === 'number' && Array.isArray(b.events) && b.count !== b.events.length)
    out.push(violation('LATEST-009', '/count', `count ${b.count} but ${b.events.length} event(s)`));
  out.push(...checkChronological(events));
  const seen = new Map<string, number>();
  events.forEach((e, i) => {
    const at = ptr('events', i);
    const t = ms(e.occurred_at);
    if (!(t >= since && t <= asOf))
      out.push(
        violation(
          'LATEST-004',
          at + '/occurred_at',
          `occurred_at ${String(e.occurred_at)} is outside [${String(window?.since)}, ${String(b.as_of)}]`,
        ),
      );
    if (!types.includes(e.type))
      out.push(
        violation('LATEST-011', at + '/type', `type ${JSON.stringify(e.type)} is not among the response's types ${JSON.stringify(types)}`),
      );
    const forecast = obj(e.forecast);
    if ((e.type === 'forecast') !== Boolean(forecast)) {
      out.push(violation('LATEST-012', at + '/forecast', `a ${String(e.type)} event with forecast ${forecast ? 'set' : 'null'}`));
    }
    const market = obj(e.market);
    if (market) out.push(...checkLatestMarket(market, req.siteUrl, at + '/market'));
    if (forecast && e.type === 'forecast') out.push(...checkCompactForecast(e, forecast, at + '/forecast'));
    out.push(...checkAllRelationships(e).map((v) => ({ ...v, path: at + v.path })));
    const key = eventKey(e);
    if (seen.has(key)) out.push(violation('LATEST-016', at, `event ${key} repeats event ${seen.get(key)}`, 'warning'));
    else seen.set(key, i);
  });
  return out;
}

/** LATEST-005: occurred_at is monotone over the whole list, in one direction (either). */
export function checkChronological(events: readonly Row[]): Violation[] {
  const times = events.map((e) => ms(e.occurred_at));
  let direction = 0;
  for (let i = 1; i < times.length; i++) {
    const d = Math.sign(times[i]! - times[i - 1]!);
    if (d === 0) continue;
    if (direction === 0) direction = d;
    else if (d !== direction) {
      return [
        violation(
          'LATEST-005',
          ptr('events', i, 'occurred_at'),
          `occurred_at ${String(events[i]!.occurred_at)} breaks the ${direction < 0 ? 'newest-first' : 'oldest-first'} order set by the earlier events`,
        ),
      ];
    }
  }
  return [];
}

/**
 * The events of two feed answers and the test of whether one lies inside both windows, more than
 * `edgeMs` from either answer's edges (undefined when either body is not an object).
 */
function windowOverlap(
  narrow: unknown,
  wide: unknown,
  edgeMs: number,
): { nEvents: Row[]; wEvents: Row[]; inner: (e: Row) => boolean } | undefined {
  const n = obj(narrow);
  const w = obj(wide);
  if (!n || !w) return undefined;
  const lo = Math.max(ms(obj(n.window)?.since), ms(obj(w.window)?.since)) + edgeMs;
  const hi = Math.min(ms(n.as_of), ms(w.as_of)) - edgeMs;
  return { nEvents: rowsOf(n.events), wEvents: rowsOf(w.events), inner: (e) => ms(e.occurred_at) >= lo && ms(e.occurred_at) <= hi };
}

/** LATEST-007's instances in two answers: the events of either that lie inside both windows (each one compared). */
function overlapEvents(narrow: unknown, wide: unknown, edgeMs: number): number {
  const o = windowOverlap(narrow, wide, edgeMs);
  return o ? [...o.nEvents, ...o.wEvents].filter(o.inner).length : 0;
}

/**
 * LATEST-007: two answers of different windows agree on their overlap. Every event of `narrow`
 * is in `wide`, and every event of `wide` inside `narrow`'s window is in `narrow`, except events
 * within `edgeMs` of either answer's window edges (the windows were taken a moment apart).
 */
export function checkWindowsAgree(narrow: unknown, wide: unknown, edgeMs: number): Violation[] {
  const o = windowOverlap(narrow, wide, edgeMs);
  if (!o) return [];
  const { nEvents, wEvents, inner } = o;
  const n = obj(narrow)!;
  const w = obj(wide)!;
  const nKeys = new Set(nEvents.map(eventKey));
  const wKeys = new Set(wEvents.map(eventKey));
  const out: Violation[] = [];
  nEvents.forEach((e, i) => {
    if (inner(e) && !wKeys.has(eventKey(e)))
      out.push(
        violation(
          'LATEST-007',
          ptr('events', i),
          `event ${eventKey(e)} of the ${String(obj(n.window)?.hours)}h window is missing from the ${String(obj(w.window)?.hours)}h window`,
        ),
      );
  });
  wEvents.forEach((e, i) => {
    if (inner(e) && !nKeys.has(eventKey(e)))
      out.push(
        violation(
          'LATEST-007',
          ptr('events', i),
          `event ${eventKey(e)} at ${String(e.occurred_at)} of the ${String(obj(w.window)?.hours)}h window falls inside the ${String(obj(n.window)?.hours)}h window but is missing from it`,
        ),
      );
  });
  return out;
}

/**
 * LATEST-008: every market list row (GET /api/v1/markets) whose latest_forecast_at lies inside the
 * feed's window (more than `edgeMs` from its edges) has a forecast event for its marketKey created
 * at that instant.
 */
export function checkBoardWide(latest: unknown, marketsBody: unknown, edgeMs: number): Violation[] {
  const l = obj(latest);
  if (!l) return [];
  const since = ms(obj(l.window)?.since) + edgeMs;
  const asOf = ms(l.as_of) - edgeMs;
  const have = new Set(
    rowsOf(l.events)
      .filter((e) => e.type === 'forecast')
      .map((e) => `${String(obj(e.market)?.marketKey)}|${ms(obj(e.forecast)?.created_at)}`),
  );
  const out: Violation[] = [];
  rowsOf(obj(marketsBody)?.markets).forEach((m, i) => {
    const t = ms(m.latest_forecast_at);
    if (!(t >= since && t <= asOf)) return;
    if (!have.has(`${String(m.marketKey)}|${t}`)) {
      out.push(
        violation(
          'LATEST-008',
          ptr('markets', i),
          `${String(m.marketKey)}'s forecast of ${String(m.latest_forecast_at)} is inside the feed window but has no forecast event`,
        ),
      );
    }
  });
  return out;
}

/** The list-item markets of an answer whose latest forecast falls in the latest window (for guards). */
export function marketsInWindow(latest: unknown, marketsBody: unknown, edgeMs: number): number {
  const l = obj(latest);
  const since = ms(obj(l?.window)?.since) + edgeMs;
  const asOf = ms(l?.as_of) - edgeMs;
  return rowsOf(obj(marketsBody)?.markets).filter((m) => ms(m.latest_forecast_at) >= since && ms(m.latest_forecast_at) <= asOf).length;
}

/** LATEST-019's instances: the events of the one-kind answer that lie inside both windows (each one looked for). */
function kindEvents(single: unknown, listed: unknown, edgeMs: number): number {
  const o = windowOverlap(single, listed, edgeMs);
  return o ? o.nEvents.filter(o.inner).length : 0;
}

/**
 * LATEST-019: every event of `single` (an answer of types=K) inside both answers' windows, except within
 * `edgeMs` of their edges, is in `listed` (an answer of a types list naming K, in `label`'s position).
 */
export function checkKindsServed(single: unknown, listed: unknown, edgeMs: number, label: string): Violation[] {
  const o = windowOverlap(single, listed, edgeMs);
  if (!o) return [];
  const have = new Set(o.wEvents.map(eventKey));
  const out: Violation[] = [];
  o.nEvents.forEach((e, i) => {
    if (o.inner(e) && !have.has(eventKey(e)))
      out.push(
        violation(
          'LATEST-019',
          ptr('events', i),
          `${String(e.type)} event ${eventKey(e)} at ${String(e.occurred_at)} is missing from ${label}`,
        ),
      );
  });
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
const checkLatestMarketEntry = defineCheck(
  'checkLatestMarket',
  [
    ...ROUTING_CHECKS.checkRouting.rules,
    ...ROUTING_CHECKS.checkServiceUrl.rules,
    ...QUOTE_CHECKS.checkVenueQuote.rules,
    ...QUOTE_CHECKS.checkOddsEqualQuote.rules,
  ],
  checkLatestMarket,
);
/** The latest checks, by name (the name of the function each wraps). */
export const LATEST_CHECKS = {
  checkLatestMarket: checkLatestMarketEntry,
  checkChronological: defineCheck('checkChronological', ['LATEST-005'], checkChronological),
  checkLatest: defineCheck(
    'checkLatest',
    [...ruleRange('LATEST', 1, 5), ...ruleRange('LATEST', 9, 16), 'PARAM-063', ...checkLatestMarketEntry.rules, ...REL_RULES],
    checkLatest,
  ),
  checkWindowsAgree: defineCheck('checkWindowsAgree', ['LATEST-007'], checkWindowsAgree, undefined, {
    'LATEST-007': { what: 'an event inside the overlap of two windows', count: (args) => overlapEvents(...args) },
  }),
  checkBoardWide: defineCheck('checkBoardWide', ['LATEST-008'], checkBoardWide),
  checkKindsServed: defineCheck('checkKindsServed', ['LATEST-019'], checkKindsServed, undefined, {
    'LATEST-019': {
      what: 'an event of a one-kind answer inside both windows',
      count: ([single, listed, edgeMs]) => kindEvents(single, listed, edgeMs),
    },
  }),
};
