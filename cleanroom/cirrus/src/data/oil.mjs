// The daily crude-oil (WTI) signal. Readings are frozen at 20:30 UTC each day;
// they are a pure function of the date, so the "dataset's own latest reading"
// always exists for the reading due now (the daily job never misses in the
// seeded state). Missing and stale readings come from the control plane.
import { hash32, round } from '../util/rng.mjs';
import { DAY, MINUTE, utcDayStart, dateStr, iso } from '../util/time.mjs';

const FREEZE = 20 * 60 + 30; // minutes after midnight UTC

// The reading due at `now`: today's after the freeze, else yesterday's.
export function dueDate(now) {
  const day = utcDayStart(now);
  const mins = (now - day) / MINUTE;
  return mins >= FREEZE ? day : day - DAY;
}

function noise(day, salt) { return (hash32(`${salt}:${dateStr(day)}`) % 10000) / 10000; }

export function priceOn(day) {
  const n = Math.floor(day / DAY);
  return round(61 + 4.5 * Math.sin(n / 11) + 1.8 * Math.sin(n / 3.3) + (noise(day, 'p') - 0.5) * 1.2, 2);
}

function zOn(day) {
  const n = Math.floor(day / DAY);
  return round(2.4 * Math.sin(n / 5.1) + (noise(day, 'z') - 0.5) * 0.9, 2);
}

function sideOf(z) { return z > 0.6 ? 'long' : z < -0.6 ? 'short' : 'flat'; }

export function readingOn(day, now, basis) {
  const z = zOn(day);
  const side = sideOf(z);
  const due = dueDate(now);
  const absz = Math.abs(z);
  return {
    id: `oilr_${dateStr(day).replace(/-/g, '')}`,
    reading_date: dateStr(day),
    is_current: day === due,
    days_since_reading: Math.round((due - day) / DAY),
    state: side === 'long' ? 'bullish' : side === 'short' ? 'bearish' : 'neutral',
    side,
    z,
    gap: round(z * 1.7, 2),
    intensity: absz >= 1.8 ? 'strong' : absz >= 1.1 ? 'moderate' : 'weak',
    basis_forecasts: basis.forecasts,
    basis_markets: basis.markets,
    headline: side === 'flat' ? 'WTI forecasts and venue prices agree; no tilt today' : `WTI forecasts lean ${side === 'long' ? 'above' : 'below'} venue pricing (z ${z})`,
    summary: `Aggregated ${basis.forecasts} forecasts across ${basis.markets} WTI markets against venue-implied settles for ${dateStr(day)}.`,
    formula_version: 'wti-div-3.2',
    frozen_at: iso(day + FREEZE * MINUTE),
  };
}

// The episode containing `day`: consecutive same-side days, scored from the
// opening day's price. A flat day closes the previous episode.
export function episodeFor(day, now) {
  let side = sideOf(zOn(day));
  if (side === 'flat') {
    // Report the episode that the flat day closed.
    let d = day - DAY;
    let guard = 0;
    while (sideOf(zOn(d)) === 'flat' && guard++ < 30) d -= DAY;
    const last = d;
    side = sideOf(zOn(last));
    let open = last;
    guard = 0;
    while (sideOf(zOn(open - DAY)) === side && guard++ < 60) open -= DAY;
    const ref = priceOn(open);
    const out = priceOn(last + DAY);
    const ret = round(((out - ref) / ref) * 100 * (side === 'long' ? 1 : -1), 2);
    return { id: `oile_${dateStr(open).replace(/-/g, '')}`, opened_at: iso(open + FREEZE * MINUTE), side, days: Math.round((last - open) / DAY) + 1, status: 'closed', ref_price: ref, outcome_price: out, outcome_at: iso(last + DAY + FREEZE * MINUTE), return_pct: ret, live_return_pct: null };
  }
  let open = day;
  let guard = 0;
  while (sideOf(zOn(open - DAY)) === side && guard++ < 60) open -= DAY;
  const ref = priceOn(open);
  const live = liveMid(now);
  return { id: `oile_${dateStr(open).replace(/-/g, '')}`, opened_at: iso(open + FREEZE * MINUTE), side, days: Math.round((day - open) / DAY) + 1, status: 'open', ref_price: ref, outcome_price: null, outcome_at: null, return_pct: null, live_return_pct: round(((live - ref) / ref) * 100 * (side === 'long' ? 1 : -1), 2) };
}

export function liveMid(now) {
  const minute = Math.floor(now / MINUTE);
  return round(priceOn(utcDayStart(now)) + Math.sin(minute / 37) * 0.35, 3);
}

export function marks(now) {
  const mid = liveMid(now);
  return {
    venue_a_perps: { symbol: 'WTI-USD-PERP', mark: round(mid + 0.02, 3), index: round(mid - 0.01, 3), funding_rate: round(Math.sin(now / 3.6e6) * 0.0001, 6), at: iso(now - 1200) },
    perp_venue_b: { coin: 'WTI', mid: round(mid, 3), at: iso(now - 800) },
  };
}
