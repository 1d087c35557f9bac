/**
 * The crude-oil (WTI) signal object of GET /api/v1/signals/oil and the perps row derived from it
 * (spec: Resources / Crude-oil signal; rules OIL-*, SIG-018..022). Instants are epoch ms.
 */
import type { DataStore, OilData, OilMarks, OilReading } from '../data/index.ts';
import { emptyRelationships, iso } from '../present/index.ts';
import type { OilReadingState } from './oil-states.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

const DAY = 86_400_000;
const dayStart = (t: number): number => Math.floor(t / DAY) * DAY;

/** Live venue marks as fetched; a member is null when its fetch failed (OIL-010). */
export interface FetchedMarks {
  venueAPerps: OilMarks['venueAPerps'] | null;
  perpVenueB: OilMarks['perpVenueB'] | null;
}

/** Fetches one venue mark (the "two upstream fetches" of include_marks). */
export type MarkFetcher = <K extends keyof OilMarks>(kind: K) => Promise<OilMarks[K] | null>;

/** The default fetcher: the dataset's marks after a short simulated upstream latency. */
export const datasetMarks =
  (oil: OilData, latencyMs = 5): MarkFetcher =>
  async (kind) => {
    await new Promise((r) => setTimeout(r, latencyMs));
    return oil.marks[kind];
  };

/** The latest reading frozen by `nowMs` (OIL-004), or undefined when none was ever recorded. */
export function latestReading(store: DataStore, nowMs: number): OilReading | undefined {
  return store.oilReadings().find((r) => r.frozenAt <= nowMs);
}

/** `r` moved to `day` (UTC midnight, epoch ms), frozen at the same time of day as its own freeze. */
function redated(r: OilReading, day: number): OilReading {
  const date = new Date(day).toISOString().slice(0, 10);
  const freezeOffset = r.frozenAt - Date.parse(`${r.readingDate}T00:00:00Z`);
  return { ...r, id: `wti-${date}`, readingDate: date, frozenAt: day + freezeOffset };
}

/**
 * The latest reading as a control-plane state shows it (POST /__control/oil): `seeded` the dataset's
 * own; `none` no reading ever recorded; `stale` the latest one no longer current (a missed reading:
 * is_current false, days_since_reading >= 1); `current` the reading due now (the dataset's latest,
 * re-dated to the latest due day when the clock has moved past it).
 */
export function readingInState(store: DataStore, nowMs: number, state: OilReadingState): OilReading | undefined {
  if (state === 'none') return undefined;
  const latest = latestReading(store, nowMs);
  if (state === 'seeded' || !latest) return latest;
  const freezeOffset = latest.frozenAt - Date.parse(`${latest.readingDate}T00:00:00Z`);
  const today = dayStart(nowMs);
  const dueDay = nowMs >= today + freezeOffset ? today : today - DAY;
  if (state === 'current') return isCurrent(latest, nowMs) ? latest : redated(latest, dueDay);
  // stale: the newest recorded reading whose successor is overdue, else the latest moved back a day.
  return store.oilReadings().find((r) => !isCurrent(r, nowMs)) ?? redated(latest, dueDay - DAY);
}

/**
 * A reading stays current until the next day's reading is due (its freeze instant + 1 day), and
 * days_since_reading counts UTC calendar days (OIL-018). The alternate stub's choice is the time
 * since the freeze in days, given as the midpoint of the hundredth of a day it falls in (0.005,
 * 0.015, ...), so it is never a whole number: rounded down or up to hundredths it was whole for a
 * quarter hour around each freeze, and the alternate-stub parity test then saw the main stub's
 * choice on one CI run in a hundred (rounded down: after the freeze; rounded up: before it).
 */
export const isCurrent = (r: OilReading, nowMs: number): boolean => nowMs < r.frozenAt + DAY;
const daysSince = (r: OilReading, nowMs: number): number =>
  alt('OIL-018')
    ? (Math.floor(Math.max(0, (nowMs - r.frozenAt) / DAY) * 100) + 0.5) / 100
    : Math.max(0, Math.round((dayStart(nowMs) - Date.parse(`${r.readingDate}T00:00:00Z`)) / DAY));

/** The alternate stub's values of state, side, intensity and episode status (gap OIL-021). */
const ALT_VALUES: Record<string, string> = {
  bearish: 'bear',
  neutral: 'flat',
  short: 'sell',
  flat: 'none',
  low: 'weak',
  moderate: 'medium',
  high: 'strong',
  closed: 'ended',
};
const valueOf = (v: string): string => (alt('OIL-021') ? (ALT_VALUES[v] ?? v) : v);
/** A mark's number, or a decimal string on the alternate stub (gap OIL-022). */
const markNumber = (n: number): number | string => (alt('OIL-022') ? String(n) : n);

function presentReading(r: OilReading, nowMs: number): Record<string, unknown> {
  return {
    id: r.id,
    // A YYYY-MM-DD date, or a date-time at midnight UTC on the alternate stub (gap OIL-022).
    reading_date: alt('OIL-022') ? `${r.readingDate}T00:00:00Z` : r.readingDate,
    is_current: isCurrent(r, nowMs),
    days_since_reading: daysSince(r, nowMs),
    state: valueOf(r.state),
    side: valueOf(r.side),
    z: r.z,
    gap: r.gap,
    intensity: valueOf(r.intensity),
    basis_forecasts: r.basisForecasts,
    basis_markets: r.basisMarkets,
    headline: r.headline,
    summary: r.summary,
    formula_version: alt('OIL-022') ? Number(/\d+/.exec(r.formulaVersion)?.[0] ?? 1) : r.formulaVersion,
    // A reading is no graph node (OIL-019).
    relationships: emptyRelationships(),
  };
}

const NULL_EPISODE = {
  id: null,
  opened_at: null,
  days: null,
  status: null,
  ref_price: null,
  outcome_price: null,
  outcome_at: null,
  return_pct: null,
  live_return_pct: null,
};

/** The episode: outcome fields null until scored, live return null without a fetched mark (OIL-020). */
function presentEpisode(oil: OilData, nowMs: number, liveMark: boolean, reading: OilReading): Record<string, unknown> {
  const e = oil.episode;
  // The reading days through the reading shown: a control-plane state that shows an older reading (stale) shows the
  // episode as of that reading (OIL-016: no more days than from the opening day through the latest reading).
  const through = Math.round((Date.parse(`${reading.readingDate}T00:00:00Z`) - dayStart(e.openedAt)) / DAY) + 1;
  const scored = e.outcomeAt <= nowMs;
  return {
    id: e.id,
    opened_at: iso(e.openedAt),
    // Mutant oil-episode-days-from-clock: the UTC days from the opening day through today, a day with no reading yet
    // counted before the freeze (round-14 bug).
    days: mutant('oil-episode-days-from-clock')
      ? Math.round((dayStart(nowMs) - dayStart(e.openedAt)) / DAY) + 1
      : Math.max(1, Math.min(e.days, through)),
    status: valueOf(e.status),
    // Mutant oil-episode-price-strings: the reference and outcome prices as a driver returns NUMERIC columns, decimal
    // strings (round-33 bug).
    ref_price: mutant('oil-episode-price-strings') ? String(e.refPrice) : e.refPrice,
    outcome_price: scored ? (mutant('oil-episode-price-strings') ? String(e.outcomePrice) : e.outcomePrice) : null,
    outcome_at: scored ? iso(e.outcomeAt) : null,
    return_pct: scored ? e.returnPct : null,
    live_return_pct: liveMark ? e.liveReturnPct : null,
  };
}

/**
 * marks: each requested member present, null when its fetch failed (gap OIL-010; left out on the
 * alternate stub); {} when none was requested (gap OIL-009; both members null on the alternate stub).
 */
function presentMarks(m: FetchedMarks | undefined): Record<string, unknown> {
  if (!m) return alt('OIL-009') ? { venue_a_perps: null, perp_venue_b: null } : {};
  const a = m.venueAPerps;
  const b = m.perpVenueB;
  const marks: Record<string, unknown> = {
    venue_a_perps: a && {
      symbol: a.symbol,
      mark: markNumber(a.mark),
      index: markNumber(a.index),
      funding_rate: markNumber(a.fundingRate),
      at: iso(a.at),
    },
    ...(mutant('oil-marks-dropped') ? {} : { perp_venue_b: b && { coin: b.coin, mid: markNumber(b.mid), at: iso(b.at) } }),
  };
  if (alt('OIL-010')) for (const k of Object.keys(marks)) if (marks[k] === null) delete marks[k];
  return marks;
}

/**
 * The crude-oil signal object. `marks` is undefined when include_marks=false; degraded is true
 * exactly when a requested mark is missing (OIL-006/007); reading_missing iff reading is null (OIL-001/002).
 * `readingState` is a control-plane state (readingInState).
 */
export function oilSignal(
  store: DataStore,
  nowMs: number,
  marks: FetchedMarks | undefined,
  readingState: OilReadingState = 'seeded',
): Record<string, unknown> {
  const r = readingInState(store, nowMs, readingState);
  const degraded = marks !== undefined && (mutant('oil-degraded-always') || marks.venueAPerps === null || marks.perpVenueB === null);
  return {
    asset: 'crude-wti',
    reading: r ? presentReading(r, nowMs) : null,
    // With no reading every episode field is null (gap OIL-020), but the alternate stub's status none.
    episode: r
      ? presentEpisode(store.oil(), nowMs, Boolean(marks?.venueAPerps), r)
      : { ...NULL_EPISODE, ...(alt('OIL-020') ? { status: 'none' } : {}) },
    marks: presentMarks(marks),
    degraded,
    reading_missing: mutant('oil-missing-flag-inverted') ? r !== undefined : r === undefined,
  };
}

/** The listPerpSignals body: one row while the latest reading is current, none otherwise (SIG-021/022). */
export function perpSignals(store: DataStore, nowMs: number): Record<string, unknown> {
  const r = latestReading(store, nowMs);
  const rows = r && isCurrent(r, nowMs) ? [alt('SIG-022') ? altPerpRow(r) : perpRow(r)] : [];
  // {signals, count, as_of} (gaps SIG-024, SIG-022); the alternate stub answers {items}.
  return alt('SIG-024') ? { items: rows } : { signals: rows, count: rows.length, as_of: iso(nowMs) };
}

/** The alternate stub's perps row (gap SIG-022): an id of its own and no reading fields beyond side. */
const altPerpRow = (r: OilReading): Record<string, unknown> => ({
  id: `perp-${r.id}`,
  scope: mutant('sig-perps-scope') ? 'wti' : 'wti-only',
  canonical_endpoint: '/api/v1/signals/oil',
  side: r.side,
  published_at: iso(r.frozenAt),
});

/** The perps row of the current reading (gap SIG-022). */
function perpRow(r: OilReading): Record<string, unknown> {
  return {
    id: r.id,
    scope: mutant('sig-perps-scope') ? 'wti' : 'wti-only',
    canonical_endpoint: '/api/v1/signals/oil',
    asset: 'crude-wti',
    reading_date: r.readingDate,
    side: r.side,
    state: r.state,
    intensity: r.intensity,
    published_at: iso(r.frozenAt),
  };
}
