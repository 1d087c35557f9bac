/**
 * Daily WTI readings for the 30 days up to the anchor, the open episode they end in, and live marks.
 * A reading is frozen at 20:30 UTC, so before that hour the latest reading is yesterday's: both the
 * "current" and the "missed today" cases occur depending on the anchor's time of day.
 */
import type { EpochMs, OilData, OilReading } from '../model.ts';
import type { Rng } from '../rng.ts';
import { DAY, MINUTE, round } from '../rng.ts';

const FREEZE_OFFSET = 20 * 60 * MINUTE + 30 * MINUTE;
const DAYS = 30;

const dayStart = (t: EpochMs): EpochMs => Math.floor(t / DAY) * DAY;
const isoDate = (t: EpochMs): string => new Date(t).toISOString().slice(0, 10);

type Side = OilReading['side'];

function reading(rng: Rng, day: EpochMs, side: Side): OilReading {
  const sign = side === 'long' ? 1 : side === 'short' ? -1 : 0;
  const z = round(sign === 0 ? rng.between(-0.9, 0.9) : sign * rng.between(1.05, 3.2), 3);
  const gap = round(z * rng.between(1.5, 3.5), 2);
  const abs = Math.abs(z);
  const state = side === 'long' ? 'bullish' : side === 'short' ? 'bearish' : 'neutral';
  const date = isoDate(day);
  return {
    id: `wti-${date}`,
    readingDate: date,
    frozenAt: day + FREEZE_OFFSET,
    state,
    side,
    z,
    gap,
    intensity: abs >= 2.2 ? 'high' : abs >= 1 ? 'moderate' : 'low',
    basisForecasts: rng.int(3, 12),
    basisMarkets: rng.int(4, 15),
    headline: `WTI ${state}: forecasts sit ${Math.abs(gap).toFixed(1)} pp ${gap >= 0 ? 'above' : 'below'} venue odds`,
    summary: `Forecast-implied WTI odds versus venue prices give z = ${z.toFixed(2)} across the basis markets; side ${side}.`,
    formulaVersion: 'wti-gap-v3',
  };
}

export function generateOil(rng: Rng, anchor: EpochMs): OilData {
  const today = dayStart(anchor);
  const latestDay = anchor >= today + FREEZE_OFFSET ? today : today - DAY;
  const runDays = rng.int(4, 9);
  const readings: OilReading[] = [];
  // Oldest first; the final `runDays` readings form the open long episode, the one before breaks it.
  let side: Side = rng.pick<Side>(['short', 'flat']);
  for (let i = DAYS - 1; i >= 0; i--) {
    const day = latestDay - i * DAY;
    if (i < runDays) side = 'long';
    else if (i === runDays) side = rng.pick<Side>(['short', 'flat']);
    else if (rng.chance(0.3)) side = rng.pick<Side>(['long', 'short', 'flat']);
    readings.push(reading(rng, day, side));
  }
  const opening = readings[DAYS - runDays] as OilReading;
  const refPrice = round(rng.between(64, 76), 2);
  const outcomePrice = round(refPrice * (1 + rng.between(-0.03, 0.06)), 2);
  const mark = round(refPrice * (1 + rng.between(-0.04, 0.08)), 3);
  return {
    readings,
    episode: {
      id: `wti-episode-${opening.readingDate}`,
      openedAt: opening.frozenAt,
      days: runDays,
      status: 'open',
      refPrice,
      outcomePrice,
      // Scored once, 72h after the opening reading (runDays >= 4 keeps this in the past).
      outcomeAt: opening.frozenAt + 3 * DAY,
      returnPct: round((outcomePrice / refPrice - 1) * 100, 2),
      liveReturnPct: round((mark / refPrice - 1) * 100, 2),
    },
    marks: {
      venueAPerps: {
        symbol: 'WTI-PERP',
        mark,
        index: round(mark * (1 + rng.between(-0.001, 0.001)), 3),
        fundingRate: round(rng.between(-0.0002, 0.0003), 6),
        at: anchor - rng.int(1, 5) * 1000,
      },
      perpVenueB: { coin: 'WTI', mid: round(mark * (1 + rng.between(-0.0015, 0.0015)), 3), at: anchor - rng.int(1, 5) * 1000 },
    },
  };
}
