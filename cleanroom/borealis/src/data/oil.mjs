// Daily WTI readings (frozen once a day) and the current same-side episode.
import { makeRng, round, hashHex } from '../core/prng.mjs';
import { T0, DAY, HOUR, utcDayStart, dateOnly } from '../core/clock.mjs';

export function buildOil() {
  const rng = makeRng('oil');
  const day0 = utcDayStart(T0);
  const readings = [];
  // 16 days of history; the newest five days share the long side (open episode).
  for (let k = 15; k >= 0; k--) {
    const side = k <= 4 ? 'long' : k <= 9 ? 'short' : 'flat';
    const z = side === 'long' ? rng.float(1.1, 2.4) : side === 'short' ? -rng.float(1.0, 2.2) : rng.float(-0.6, 0.6);
    readings.push({
      id: 'oilr_' + hashHex('oil:' + k, 10),
      dayStart: day0 - k * DAY,
      frozenAt: day0 - k * DAY + (k === 0 ? Math.min(T0 - day0 - 60_000, 13.5 * HOUR) : 13.5 * HOUR),
      reading_date: dateOnly(day0 - k * DAY),
      state: side === 'long' ? 'bullish' : side === 'short' ? 'bearish' : 'neutral',
      side,
      z: round(z, 2),
      gap: round(z * rng.float(2.2, 3.4), 2),
      intensity: Math.abs(z) > 1.8 ? 'strong' : Math.abs(z) > 1 ? 'moderate' : 'weak',
      basis_forecasts: rng.int(4, 14),
      basis_markets: rng.int(6, 18),
      price: round(66.2 + (15 - k) * 0.18 + rng.float(-0.6, 0.6), 2),
      formula_version: 'wti-consensus-3.2',
    });
  }
  const open = readings.filter((r) => r.side === 'long');
  const first = open[0];
  const episode = {
    id: 'oile_' + hashHex('episode:' + first.reading_date, 10),
    openedAt: first.frozenAt, side: 'long', status: 'open', refPrice: first.price,
  };
  const closed = readings.filter((r) => r.side === 'short');
  const prevEpisode = { id: 'oile_' + hashHex('episode:' + closed[0].reading_date, 10), openedAt: closed[0].frozenAt, status: 'closed', refPrice: closed[0].price, outcomePrice: first.price };
  return { readings, episode, prevEpisode };
}
