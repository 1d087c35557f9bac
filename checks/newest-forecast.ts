/**
 * AVAIL-045 across answers: availability's latestForecast names the market's newest committed forecast, so it is
 * never older than a forecast of the same market that an answer computed before it showed (round-8 bug: the
 * lookup took the first stored forecast, each member true of some forecast). The target's clock only moves forward
 * (the control plane advances it, contract/control.yaml), so a later forecast never has an earlier createdAt.
 *
 * "Before" is read from the answers' Date headers (RFC 9110, whole seconds): an earlier answer counts only when its
 * Date is at least two seconds before this one's, so two answers in flight together (a forecast published between
 * them) are never compared. Instants are compared beyond a second's rounding, as FCST-017 does.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';

/** A forecast instant of one market an answer states, ms since the epoch. */
export interface ForecastInstant {
  marketKey: string;
  createdMs: number;
  path: string;
}

/** Per marketKey, the forecast instants earlier answers stated, each with its answer's Date (ms) and place. */
export type NewestViews = Map<string, { createdMs: number; dateMs: number; where: string }[]>;

/** Sightings kept per market: the newest few are enough (an older instant never judges more than a newer one). */
const KEPT = 8;
const ROUNDING_MS = 1000;
const BEFORE_MS = 2000;

type Row = Record<string, unknown>;
const obj = (v: unknown): Row | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : undefined);
const instant = (v: unknown): number => (typeof v === 'string' ? Date.parse(v) : NaN);

/**
 * The forecast instants an answer of `operationId` states (`stated`) and availability's latestForecast (`latest`,
 * the judged case). Catalog rows (latest_forecast_at is the newest forecast when not windowed out), the latest feed's
 * forecast events and availability; search rows are left out (as_of may show an earlier state).
 */
export function forecastInstants(operationId: string, body: unknown): { stated: ForecastInstant[]; latest: ForecastInstant[] } {
  const b = obj(body);
  const stated: ForecastInstant[] = [];
  const latest: ForecastInstant[] = [];
  const add = (list: ForecastInstant[], key: unknown, at: unknown, path: string) => {
    const createdMs = instant(at);
    if (typeof key === 'string' && Number.isFinite(createdMs)) list.push({ marketKey: key, createdMs, path });
  };
  if (!b) return { stated, latest };
  if (operationId === 'listMarkets' && Array.isArray(b.markets))
    b.markets.forEach((r, i) => add(stated, obj(r)?.marketKey, obj(r)?.latest_forecast_at, ptr('markets', i, 'latest_forecast_at')));
  if (operationId === 'getLatest' && Array.isArray(b.events))
    b.events.forEach((e, i) => {
      const ev = obj(e);
      if (ev?.type === 'forecast')
        add(stated, obj(ev.market)?.marketKey, obj(ev.forecast)?.created_at, ptr('events', i, 'forecast', 'created_at'));
    });
  if (operationId === 'getForecastAvailability') {
    add(latest, obj(b.market)?.marketKey, obj(b.latestForecast)?.createdAt, ptr('latestForecast', 'createdAt'));
    stated.push(...latest);
  }
  return { stated, latest };
}

/** The newest instant `views` holds for `key` from answers dated at least BEFORE_MS before `dateMs`. */
function newestBefore(views: NewestViews, key: string, dateMs: number): { createdMs: number; where: string } | undefined {
  let best: { createdMs: number; where: string } | undefined;
  for (const v of views.get(key) ?? []) if (v.dateMs <= dateMs - BEFORE_MS && (!best || v.createdMs > best.createdMs)) best = v;
  return best;
}

/** AVAIL-045's instances in one answer: latestForecasts of a market an answer dated before showed a forecast of. */
export const newestForecastInstances = (latest: readonly ForecastInstant[], views: NewestViews, dateMs: number): number =>
  Number.isFinite(dateMs) ? latest.filter((l) => newestBefore(views, l.marketKey, dateMs) !== undefined).length : 0;

/**
 * Judges each latestForecast against the forecasts earlier answers showed, then records this answer's instants
 * (named `answer`). An answer without a readable Date judges and records nothing.
 * @returns a violation of AVAIL-045 per latestForecast older than a forecast shown before
 */
export function checkNewestForecast(
  found: { stated: readonly ForecastInstant[]; latest: readonly ForecastInstant[] },
  views: NewestViews,
  dateMs: number,
  answer: string,
): Violation[] {
  if (!Number.isFinite(dateMs)) return [];
  const out: Violation[] = [];
  for (const l of found.latest) {
    const before = newestBefore(views, l.marketKey, dateMs);
    if (before && l.createdMs < before.createdMs - ROUNDING_MS)
      out.push(
        violation(
          'AVAIL-045',
          l.path,
          `${l.marketKey}: latestForecast was created ${new Date(l.createdMs).toISOString()}, but ${before.where} showed a forecast of it created ${new Date(before.createdMs).toISOString()}`,
        ),
      );
  }
  for (const s of found.stated) {
    const list = views.get(s.marketKey) ?? [];
    list.push({ createdMs: s.createdMs, dateMs, where: `${answer}: ${s.path}` });
    list.sort((x, y) => y.createdMs - x.createdMs || x.dateMs - y.dateMs);
    views.set(s.marketKey, list.slice(0, KEPT));
  }
  return out;
}
