/**
 * Checks of the stored-forecast read GET /api/v1/markets/{slug}/forecast (spec: Endpoints / Other
 * operations referenced; rules FCST-*). The response shape is a gap (SCH gap on MarketForecastResponse): the forecast is
 * located at `forecast` (or the body itself when it carries `probability`), history at `history`.
 */
import { MARKET_ROW_CHECKS } from './market-row.ts';
import { slugRouteMarket } from './evidence.ts';
import { checkServiceUrl, checkVenueAUrl, ROUTING_CHECKS } from './routing.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { asRecord as obj } from '../lib/guards.ts';
import { defineCheck } from './define.ts';
import { earlierSighting, seenBefore } from './seen-twice.ts';

type Row = Record<string, unknown>;

const ms = (iso: unknown): number => (typeof iso === 'string' ? Date.parse(iso) : NaN);
const isProbability = (p: unknown): boolean => typeof p === 'number' && p >= 0 && p <= 1;

export interface LocatedForecast {
  forecast: Row;
  /** JSON pointer of the forecast within the body. */
  path: string;
}

/** The current forecast of a read (stub shape, see the module note), or undefined when none can be located. */
export function currentForecast(body: unknown): LocatedForecast | undefined {
  const b = obj(body);
  if (!b) return undefined;
  const nested = obj(b.forecast);
  if (nested) return { forecast: nested, path: '/forecast' };
  return 'probability' in b ? { forecast: b, path: '' } : undefined;
}

/** Every forecast of a read: the current one first, then each history entry. */
export function allForecasts(body: unknown): LocatedForecast[] {
  const current = currentForecast(body);
  const history = obj(body)?.history;
  const entries = Array.isArray(history) ? history.map((h, i) => ({ forecast: obj(h) ?? {}, path: ptr('history', i) })) : [];
  return [...(current ? [current] : []), ...entries];
}

export interface ForecastReadRequest {
  siteUrl: string;
  slug: string;
  venue?: string;
}

/**
 * The stub's choices of the read, as warnings: the forecast under `forecast` (gap FCST-016), history
 * present by default (gap FCST-012), uncertainty an interval {low, high} around the probability and
 * sources {title, url, publisher} objects (gap FCST-013).
 */
function checkReadChoices(body: unknown, current: LocatedForecast): Violation[] {
  const out: Violation[] = [];
  const f = current.forecast;
  if (current.path === '') out.push(violation('FCST-016', '/', 'the stored forecast sits at the top level, not under forecast', 'warning'));
  if (!Array.isArray(obj(body)?.history)) out.push(violation('FCST-012', '/history', 'a default read carries no history array', 'warning'));
  const u = obj(f.uncertainty);
  const p = f.probability;
  const interval = u && typeof u.low === 'number' && typeof u.high === 'number' && typeof p === 'number' && u.low <= p && p <= u.high;
  const sources = Array.isArray(f.sources) && f.sources.every((x) => ['title', 'url', 'publisher'].every((k) => k in (obj(x) ?? {})));
  if (!interval || !sources)
    out.push(
      violation(
        'FCST-013',
        current.path + (interval ? '/sources' : '/uncertainty'),
        `uncertainty ${JSON.stringify(f.uncertainty)?.slice(0, 80)}, sources ${JSON.stringify(f.sources)?.slice(0, 80)}`,
        'warning',
      ),
    );
  return out;
}

/**
 * Every rule of one 200 body of the read that the body alone shows: FCST-003 (reasoning, sources,
 * uncertainty on the current forecast), FCST-004/-005 (drawdown_risk_72h on every forecast),
 * FCST-009 (probability 0..1), FCST-014 and ROUTE-007 (the market asked for), the market's routing
 * and relationships rules when the read names it, and the stub's choices as warnings (FCST-012 history
 * present and older, FCST-013, FCST-016).
 */
export function checkMarketForecast(body: unknown, req: ForecastReadRequest): Violation[] {
  const current = currentForecast(body);
  if (!current) return [violation('FCST-003', '/', 'no stored forecast found in the body (expected forecast, or a body with probability)')];
  const out: Violation[] = checkReadChoices(body, current);
  const f = current.forecast;
  const hasReasoning = ['reasoning', 'reasoningSummary', 'reasoning_summary', 'thesis'].some(
    (k) => typeof f[k] === 'string' && (f[k] as string).length > 0,
  );
  if (!hasReasoning) out.push(violation('FCST-003', current.path + '/reasoning', 'the stored forecast carries no reasoning'));
  if (!('sources' in f)) out.push(violation('FCST-003', current.path + '/sources', 'the stored forecast carries no sources'));
  if (!('uncertainty' in f)) out.push(violation('FCST-003', current.path + '/uncertainty', 'the stored forecast carries no uncertainty'));
  const createdAt = ms(f.created_at ?? f.createdAt);
  for (const { forecast, path } of allForecasts(body)) {
    if (!isProbability(forecast.probability))
      out.push(violation('FCST-009', path + '/probability', `probability ${JSON.stringify(forecast.probability)} is not between 0 and 1`));
    const risk = obj(forecast.drawdown_risk_72h);
    if (!risk || !('yes' in risk) || !('no' in risk)) {
      out.push(
        violation(
          'FCST-004',
          path + '/drawdown_risk_72h',
          `forecast ${JSON.stringify(forecast.id)} carries no drawdown_risk_72h {yes, no}`,
        ),
      );
    } else {
      for (const side of ['yes', 'no'] as const) {
        if (!isProbability(risk[side]))
          out.push(
            violation(
              'FCST-005',
              path + ptr('drawdown_risk_72h', side),
              `drawdown_risk_72h.${side} ${JSON.stringify(risk[side])} is not between 0 and 1`,
            ),
          );
      }
    }
    if (path !== current.path && !(ms(forecast.created_at ?? forecast.createdAt) < createdAt)) {
      out.push(
        violation(
          'FCST-012',
          path + '/created_at',
          `history entry ${JSON.stringify(forecast.id)} is not older than the current forecast`,
          'warning',
        ),
      );
    }
  }
  const market = obj(obj(body)?.market);
  if (market) {
    out.push(...slugRouteMarket(market, req, { slug: 'FCST-014', venue: 'FCST-014' }));
    const b = obj(body)!;
    if ('serviceUrl' in b) out.push(...checkServiceUrl(b.serviceUrl, market.serviceMarketId, req.siteUrl, '/serviceUrl'));
    if ('venueAUrl' in b) out.push(...checkVenueAUrl(String(market.venue), b.venueAUrl, '/venueAUrl'));
  }
  return out;
}

/**
 * FCST-007: for every forecast of the read that the latest feed also shows (same id), the
 * probabilities are equal: the drawdown risk never adjusts the committed probability.
 * Returns the violations and how many forecasts could be compared.
 */
export function checkProbabilityMatchesFeed(readBody: unknown, latestBody: unknown): { violations: Violation[]; compared: number } {
  const feed = new Map<unknown, Row>();
  const events = obj(latestBody)?.events;
  for (const e of Array.isArray(events) ? events : []) {
    const f = obj(obj(e)?.forecast);
    if (f) feed.set(f.id, f);
  }
  const out: Violation[] = [];
  let compared = 0;
  for (const { forecast, path } of allForecasts(readBody)) {
    const shown = feed.get(forecast.id);
    if (!shown) continue;
    compared++;
    if (shown.probability !== forecast.probability) {
      out.push(
        violation(
          'FCST-007',
          path + '/probability',
          `forecast ${String(forecast.id)} reads ${JSON.stringify(forecast.probability)} but the latest feed shows ${JSON.stringify(shown.probability)}`,
        ),
      );
    }
  }
  return { violations: out, compared };
}

/** FCST-008: the read's current forecast is availability's latestForecast (same id). */
export function checkMatchesAvailability(readBody: unknown, availabilityBody: unknown): Violation[] {
  const current = currentForecast(readBody);
  const latest = obj(obj(availabilityBody)?.latestForecast);
  if (!current || !latest)
    return [
      violation(
        'FCST-008',
        '/',
        `availability latestForecast ${latest ? 'present' : 'absent'} but read forecast ${current ? 'present' : 'absent'}`,
      ),
    ];
  return current.forecast.id === latest.id
    ? []
    : [
        violation(
          'FCST-008',
          current.path + '/id',
          `read forecast ${JSON.stringify(current.forecast.id)} but availability's latestForecast is ${JSON.stringify(latest.id)}`,
        ),
      ];
}

// ---- one stored forecast across answers (FCST-017) ---------------------------------------------

/** One forecast an answer carries: its id, creation instant (ms; NaN when unreadable), probability when shown, pointer. */
export interface ForecastSighting {
  id: string;
  createdMs: number;
  created: unknown;
  probability?: number;
  path: string;
}

/** The first sighting of each forecast id in the answers seen so far, with the answer it was in (FCST-017). */
export type ForecastViews = Map<string, ForecastSighting & { where: string }>;

/** A forecast object's sighting, its creation named createdAt (jobs, availability) or created_at (feed, read). */
function sighting(f: Row | undefined, path: string): ForecastSighting[] {
  if (!f || typeof f.id !== 'string' || f.id === '') return [];
  const created = 'createdAt' in f ? f.createdAt : f.created_at;
  return [
    {
      id: f.id,
      createdMs: ms(created),
      created,
      ...(typeof f.probability === 'number' ? { probability: f.probability } : {}),
      path,
    },
  ];
}

/**
 * The forecasts an answer of `operationId` carries, where each route places them: a job's forecasts[] (getForecastRequest),
 * availability's latestForecast, each latest-feed event's compact forecast, and the stored-forecast read's current
 * forecast and history (its shape is gap FCST-016: located as `currentForecast` does). Other operations: none.
 */
export function forecastSightings(operationId: string, body: unknown): ForecastSighting[] {
  const b = obj(body);
  if (!b) return [];
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  switch (operationId) {
    case 'getForecastRequest':
      return list(b.forecasts).flatMap((f, i) => sighting(obj(f), ptr('forecasts', i)));
    case 'getForecastAvailability':
      return sighting(obj(b.latestForecast), '/latestForecast');
    case 'getLatest':
      return list(b.events).flatMap((e, i) => sighting(obj(obj(e)?.forecast), ptr('events', i, 'forecast')));
    case 'getMarketForecast':
      return allForecasts(body).flatMap(({ forecast, path }) => sighting(forecast, path));
    default:
      return [];
  }
}

/** How far two statements of one creation instant may be apart (a route may write it to the second), ms. */
const CREATED_ROUNDING_MS = 1000;
/** How far two statements of one probability may be apart (a view may round it to two decimals). */
const PROBABILITY_ROUNDING = 0.005;

/** FCST-017's instances: forecasts of `sightings` whose id an earlier sighting (`known`, or earlier in this answer) carried. */
export function forecastSeenTwiceInstances(sightings: readonly ForecastSighting[], known?: ReadonlyMap<string, unknown>): number {
  return seenBefore(
    sightings.map((s) => s.id),
    known,
  );
}

/**
 * FCST-017: one stored forecast (one id) states one creation instant and one probability in every answer carrying it.
 * Instants are compared as instants (two routes may write one time in two RFC 3339 forms) and probabilities up to
 * rounding; a view without a probability (availability's) is held to the creation instant only. `known` carries the
 * earlier sightings and is updated with this answer's, each named `answer`.
 */
export function checkForecastSeenTwice(
  sightings: readonly ForecastSighting[],
  known: ForecastViews = new Map(),
  answer?: string,
): Violation[] {
  const out: Violation[] = [];
  for (const s of sightings) {
    const seen = earlierSighting(known, s.id, s, answer);
    if (!seen) continue;
    if (Number.isFinite(s.createdMs) && Number.isFinite(seen.createdMs) && Math.abs(s.createdMs - seen.createdMs) >= CREATED_ROUNDING_MS)
      out.push(
        violation(
          'FCST-017',
          s.path,
          `forecast ${s.id} was created at ${JSON.stringify(s.created)} here and at ${JSON.stringify(seen.created)} in ${seen.where}`,
        ),
      );
    if (s.probability !== undefined && seen.probability === undefined) known.set(s.id, { ...seen, probability: s.probability });
    else if (
      s.probability !== undefined &&
      seen.probability !== undefined &&
      Math.abs(s.probability - seen.probability) > PROBABILITY_ROUNDING
    )
      out.push(
        violation(
          'FCST-017',
          s.path + '/probability',
          `forecast ${s.id} has probability ${s.probability} here and ${seen.probability} in ${seen.where}`,
        ),
      );
  }
  return out;
}

/**
 * FCST-006: drawdown_risk_72h is anchored to its forecast's created_at, so one forecast's value does not depend on the
 * instant it is read. `earlier` and `later` are two reads of one market's stored forecast, `movedS` (s) apart on the
 * target's clock; every forecast id both carry (current or history) must carry the same {yes, no} (round-36 bug: the
 * window measured from the read, its values shrinking as the forecast aged).
 */
export function checkDrawdownAnchored(earlier: unknown, later: unknown, movedS: number): Violation[] {
  const before = new Map(allForecasts(earlier).map(({ forecast }) => [String(forecast.id), obj(forecast.drawdown_risk_72h)]));
  const out: Violation[] = [];
  for (const { forecast, path } of allForecasts(later)) {
    const id = String(forecast.id);
    const was = before.get(id);
    const now = obj(forecast.drawdown_risk_72h);
    if (forecast.id === undefined || !was || !now) continue;
    if (was.yes !== now.yes || was.no !== now.no)
      out.push(
        violation(
          'FCST-006',
          path + '/drawdown_risk_72h',
          `forecast ${id} read ${movedS} s later carries drawdown_risk_72h ${JSON.stringify({ yes: now.yes, no: now.no })}, ${JSON.stringify({ yes: was.yes, no: was.no })} before: a value anchored to its created_at does not move with the read`,
        ),
      );
  }
  return out;
}

/** The forecasts (by id) two reads both carry with a drawdown_risk_72h: FCST-006's instances. */
export function drawdownAnchoredInstances(earlier: unknown, later: unknown): number {
  const ids = new Set(
    allForecasts(earlier)
      .filter(({ forecast }) => obj(forecast.drawdown_risk_72h))
      .map(({ forecast }) => String(forecast.id)),
  );
  return allForecasts(later).filter(
    ({ forecast }) => forecast.id !== undefined && obj(forecast.drawdown_risk_72h) && ids.has(String(forecast.id)),
  ).length;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The forecast checks, by name (the name of the function each wraps). */
export const FORECAST_CHECKS = {
  checkMarketForecast: defineCheck(
    'checkMarketForecast',
    [
      ...['FCST-003', 'FCST-004', 'FCST-005', 'FCST-009', 'FCST-012', 'FCST-013', 'FCST-014', 'FCST-016', 'ROUTE-007'],
      ...MARKET_ROW_CHECKS.checkCanonicalMarket.rules,
      ...ROUTING_CHECKS.checkServiceUrl.rules,
      ...ROUTING_CHECKS.checkVenueAUrl.rules,
    ],
    checkMarketForecast,
    undefined,
    {
      // FCST-014 speaks of a read that names its market: a body without `market` judges nothing of it.
      'FCST-014': {
        what: 'a forecast read that names its market',
        count: ([body]) => Number(currentForecast(body) !== undefined && obj(obj(body)?.market) !== undefined),
      },
    },
  ),
  checkProbabilityMatchesFeed: defineCheck('checkProbabilityMatchesFeed', ['FCST-007'], checkProbabilityMatchesFeed),
  checkMatchesAvailability: defineCheck('checkMatchesAvailability', ['FCST-008'], checkMatchesAvailability),
  checkDrawdownAnchored: defineCheck('checkDrawdownAnchored', ['FCST-006'], checkDrawdownAnchored, undefined, {
    'FCST-006': {
      what: 'a forecast two reads at different clock instants both carry',
      count: ([earlier, later]) => drawdownAnchoredInstances(earlier, later),
    },
  }),
  checkForecastSeenTwice: defineCheck('checkForecastSeenTwice', ['FCST-017'], checkForecastSeenTwice, undefined, {
    'FCST-017': {
      what: 'a forecast whose id an earlier answer (or view) carried',
      count: ([sightings, known]) => forecastSeenTwiceInstances(sightings, known),
    },
  }),
};
