/**
 * "The latest forecast" never goes back (round-8 bug: availability's lookup took the first stored forecast, each
 * member true of some forecast). Three members speak of a market's newest committed forecast, and each is judged
 * against the forecasts of the same market that answers computed before it showed: availability's
 * latestForecast.createdAt (AVAIL-045), a catalog row's latest_forecast_at when not windowed out (MKT-042: the newest
 * forecast is in any window an older one is in) and an asset-search linked market's forecast_at (ASRCH-119, the
 * latest committed forecast's). The latest feed's forecast events are sightings only. The target's clock only moves
 * forward (the control plane advances it, contract/control.yaml), so a later forecast never has an earlier instant.
 *
 * "Before" is read from the answers' Date headers (RFC 9110, whole seconds): an earlier answer counts only when its
 * Date is at least two seconds before this one's, so two answers in flight together (a forecast published between
 * them) are never compared. Instants are compared beyond a second's rounding, as FCST-017 does.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';

/** A forecast instant of one market an answer states, ms since the epoch. */
export interface ForecastInstant {
  /** The rule a judged instant is held to (AVAIL-045, MKT-042, ASRCH-119). */
  rule?: string;
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
 * The forecast instants an answer of `operationId` states (`stated`) and the members of them that name the market's
 * newest forecast (`latest`, the judged cases, each with its rule). Search rows are left out (as_of may show an
 * earlier state).
 */
export function forecastInstants(operationId: string, body: unknown): { stated: ForecastInstant[]; latest: ForecastInstant[] } {
  const b = obj(body);
  const latest: ForecastInstant[] = [];
  const feed: ForecastInstant[] = [];
  const add = (list: ForecastInstant[], rule: string | undefined, key: unknown, at: unknown, path: string) => {
    const createdMs = instant(at);
    if (typeof key === 'string' && Number.isFinite(createdMs)) list.push({ ...(rule ? { rule } : {}), marketKey: key, createdMs, path });
  };
  if (!b) return { stated: [], latest };
  if (operationId === 'listMarkets' && Array.isArray(b.markets))
    b.markets.forEach((r, i) =>
      add(latest, 'MKT-042', obj(r)?.marketKey, obj(r)?.latest_forecast_at, ptr('markets', i, 'latest_forecast_at')),
    );
  if (operationId === 'searchAssets' && Array.isArray(b.assets))
    b.assets.forEach((a, i) => {
      const linked = obj(a)?.linked_markets;
      if (Array.isArray(linked))
        linked.forEach((m, j) =>
          add(latest, 'ASRCH-119', obj(m)?.marketKey, obj(m)?.forecast_at, ptr('assets', i, 'linked_markets', j, 'forecast_at')),
        );
    });
  if (operationId === 'getLatest' && Array.isArray(b.events))
    b.events.forEach((e, i) => {
      const ev = obj(e);
      if (ev?.type === 'forecast')
        add(feed, undefined, obj(ev.market)?.marketKey, obj(ev.forecast)?.created_at, ptr('events', i, 'forecast', 'created_at'));
    });
  if (operationId === 'getForecastAvailability')
    add(latest, 'AVAIL-045', obj(b.market)?.marketKey, obj(b.latestForecast)?.createdAt, ptr('latestForecast', 'createdAt'));
  return { stated: [...latest, ...feed], latest };
}

/** The newest instant `views` holds for `key` from answers dated at least BEFORE_MS before `dateMs`. */
function newestBefore(views: NewestViews, key: string, dateMs: number): { createdMs: number; where: string } | undefined {
  let best: { createdMs: number; where: string } | undefined;
  for (const v of views.get(key) ?? []) if (v.dateMs <= dateMs - BEFORE_MS && (!best || v.createdMs > best.createdMs)) best = v;
  return best;
}

/** Instances of `rule` in one answer: its members naming the newest forecast of a market an answer dated before showed. */
export const newestForecastInstances = (latest: readonly ForecastInstant[], views: NewestViews, dateMs: number, rule: string): number =>
  Number.isFinite(dateMs) ? latest.filter((l) => l.rule === rule && newestBefore(views, l.marketKey, dateMs) !== undefined).length : 0;

/**
 * Judges each member naming the newest forecast against the forecasts earlier answers showed, then records this answer's instants
 * (named `answer`). An answer without a readable Date judges and records nothing.
 * @returns a violation of the instant's rule per member naming the newest forecast that is older than one shown before
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
          l.rule ?? 'AVAIL-045',
          l.path,
          `${l.marketKey}: the newest forecast here was created ${new Date(l.createdMs).toISOString()}, but ${before.where} showed a forecast of it created ${new Date(before.createdMs).toISOString()}`,
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
