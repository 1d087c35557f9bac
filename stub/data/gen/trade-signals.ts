/**
 * Published trade signals: separate publications made on a forecast (never inferred from a spread).
 * Some markets carry several publications; only the newest counts in /api/v1/signals, so a newest
 * publication that is expired or withdrawn hides the market with no older fallback.
 */
import type { EpochMs, Forecast, Market, TradeSignal, TradeSignalStatus } from '../model.ts';
import type { Rng } from '../rng.ts';
import { MINUTE, round } from '../rng.ts';
import type { ForecastProfile } from './forecasts.ts';
import { selectedProbability } from '../quote.ts';

export function generateTradeSignals(
  rng: Rng,
  anchor: EpochMs,
  markets: readonly Market[],
  forecastsByMarket: ReadonlyMap<string, Forecast[]>,
  profiles: ReadonlyMap<string, ForecastProfile>,
): TradeSignal[] {
  const out: TradeSignal[] = [];
  for (const m of markets) {
    const history = forecastsByMarket.get(m.marketKey);
    const profile = profiles.get(m.marketKey);
    if (!history?.length || !m.active || m.quote === null) continue;
    // Stale-profile markets are favoured so "signals but no in-window forecast" is well represented.
    if (!rng.chance(profile === 'stale' ? 0.5 : 0.3)) continue;
    const n = rng.weighted([
      [1, 55],
      [2, 30],
      [3, 15],
    ]);
    const newestFirst = [...history].sort((a, b) => b.createdAt - a.createdAt);
    let ceiling = anchor - MINUTE;
    for (let j = 0; j < n; j++) {
      const fc = newestFirst[Math.min(j, newestFirst.length - 1)] as Forecast;
      const publishedAt = Math.min(ceiling, fc.createdAt + rng.int(5, 120) * MINUTE);
      ceiling = publishedAt - rng.int(3, 40) * MINUTE;
      const odds = fc.marketOddsAtForecast ?? selectedProbability(m.quote) ?? 0.5;
      const side = fc.probability >= odds ? 'yes' : 'no';
      const convergence = round(Math.abs(fc.probability - odds) * 100, 1);
      const status: TradeSignalStatus =
        j === 0
          ? rng.weighted<TradeSignalStatus>([
              ['active', 75],
              ['expired', 15],
              ['withdrawn', 10],
            ])
          : 'expired';
      const id = `ts_${rng.hex(16)}`;
      out.push({
        id,
        marketKey: m.marketKey,
        forecastId: fc.id,
        side,
        status,
        conviction: convergence >= 12 ? 'high' : convergence >= 7.5 ? 'medium' : 'low',
        convergence,
        capacity: Math.round(rng.between(500, 60_000) / 10) * 10,
        // A publication's instant has milliseconds, as a real clock's does (drawn from the id so the seed's other draws
        // stay as they were): a ref restating it at another precision is then seen (SIG-027).
        publishedAt: publishedAt + (parseInt(id.slice(3, 6), 16) % 1000),
        drawdownRiskElevated: rng.weighted<boolean | null>([
          [true, 30],
          [false, 50],
          [null, 20],
        ]),
      });
    }
  }
  ensureEachDrawdownValue(out);
  return out;
}

/** The three drawdown states must all occur whatever the seed; patch the first rows if a draw missed one. */
function ensureEachDrawdownValue(signals: TradeSignal[]): void {
  const count = (v: boolean | null): number => signals.filter((x) => x.drawdownRiskElevated === v).length;
  for (const v of [true, false, null]) {
    if (count(v) > 0) continue;
    const donor = signals.find((x) => count(x.drawdownRiskElevated) > 1);
    if (donor) donor.drawdownRiskElevated = v;
  }
}
