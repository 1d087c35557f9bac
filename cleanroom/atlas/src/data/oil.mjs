// The daily crude-oil (WTI) reading and its episode. The reading is frozen
// at start for the start day; later days see it age (is_current false).
import { uuidFrom, round } from '../util/rng.mjs';
import { DAY, HOUR, startOfUtcDay, utcDay } from '../util/time.mjs';

export function buildOil(t0) {
  const day0 = startOfUtcDay(t0);
  return {
    reading: {
      id: uuidFrom('oil-reading:' + utcDay(t0)), reading_day_ms: day0, reading_date: utcDay(t0),
      state: 'bullish', side: 'long', z: 1.84, gap: 0.062, intensity: 'moderate', basis_forecasts: 7, basis_markets: 9,
      headline: 'Forecasts sit above venue pricing on WTI settle brackets',
      summary: 'Committed forecasts across WTI settle and monthly-range markets imply a higher settle than venue prices; the gap is 1.8 standard deviations above its 60-day mean.',
      formula_version: 'wti-gap-v3', recorded_at: day0 + Math.min(14 * HOUR, Math.max(0, t0 - day0 - 60e3)),
    },
    episode: {
      id: uuidFrom('oil-episode:' + utcDay(day0 - 3 * DAY)), opened_day_ms: day0 - 3 * DAY, status: 'open', side: 'long',
      ref_price: 58.42, outcome_price: null, outcome_at: null, return_pct: null,
    },
    markBase: 59.87,
  };
}

/** Live marks drift a little per minute so repeated reads look alive. */
export function oilMarks(now) {
  const bucket = Math.floor(now / 60e3);
  const drift = Math.sin(bucket / 17) * 0.35;
  const mark = round(59.87 + drift, 2);
  return {
    venue_a_perps: { symbol: 'WTI-PERP', mark, index: round(mark - 0.04, 2), funding_rate: round(0.00011 + Math.cos(bucket / 9) * 0.00004, 6), at: new Date(bucket * 60e3).toISOString() },
    perp_venue_b: { coin: 'xyz:CL', mid: round(mark + 0.03, 2), at: new Date(bucket * 60e3 + 2e3 > now ? bucket * 60e3 : bucket * 60e3 + 2e3).toISOString() },
  };
}
export { DAY };
