/**
 * Stored forecast histories. Each in-scope covered market gets a profile: no forecast, a fresh
 * history (newest within 48h) or a stale one (newest older than 48h, so it has no in-window forecast).
 * Topic-excluded and uncovered markets are never forecast.
 */
import type { EpochMs, Forecast, ForecastSource, Market } from '../model.ts';
import type { Rng } from '../rng.ts';
import { HOUR, MINUTE, clamp, round } from '../rng.ts';
import { PUBLISHERS, REFRESH_REASONS, voiceFor } from '../tables/text.ts';
import { deltaReasoning, forecastProse, forecastSpread, resolutionCriteria, stem } from '../forecast-text.ts';
import { slugify } from '../urls.ts';
import type { MarketDraft } from './markets.ts';
import { selectedProbability } from '../quote.ts';

export type ForecastProfile = 'none' | 'fresh' | 'stale';

function sources(rng: Rng, m: Market): ForecastSource[] {
  const n = rng.weighted([
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
    [4, 3],
    [6, 2],
  ]);
  return Array.from({ length: n }, () => {
    const pub = rng.pick(PUBLISHERS);
    const driver = rng.pick(voiceFor(m.categories[0] ?? '').drivers);
    const title = `${driver[0]?.toUpperCase()}${driver.slice(1)} and what it means for ${stem(m.question)}`;
    return { title, url: `https://${pub.host}/news/${slugify(title).slice(0, 60)}-${rng.hex(6)}`, publisher: pub.name };
  });
}

function forecastAt(rng: Rng, m: Market, fairP: number, p: number, prior: number | null, createdAt: EpochMs, first: boolean): Forecast {
  const voice = voiceFor(m.categories[0] ?? '');
  const odds = m.quote || rng.chance(0.5) ? round(clamp(fairP + rng.between(-0.04, 0.04), 0.01, 0.99), 4) : null;
  const src = sources(rng, m);
  const [d1, d2] = rng.sample(voice.drivers, 2);
  const w = rng.between(0.03, 0.12);
  const delta = prior === null ? null : round(p - prior, 4);
  const refresh = first ? null : rng.pick(REFRESH_REASONS);
  const id = rng.uuid();
  const prose = forecastProse(rng, m.question, p, odds, voice, [d1, d2]);
  const crux = rng.chance(0.9) ? voice.crux : null;
  return {
    id,
    marketKey: m.marketKey,
    probability: p,
    createdAt,
    ...prose,
    reasoningSummary: `Weighed ${src.length} cited source${src.length === 1 ? '' : 's'} against ${voice.crux}.`,
    citationCount: src.length,
    resolutionPathway: { criteria: resolutionCriteria(m.question), crux, deadline: m.endDate, source: voice.source },
    deltaFromPrior: delta,
    deltaReasoning: deltaReasoning(delta, `after ${d1 ?? 'new evidence'}`),
    refreshReason: refresh,
    marketOddsAtForecast: odds,
    ...forecastSpread(rng, p, w),
    sources: src,
  };
}

export interface ForecastsOut {
  forecasts: Forecast[];
  profiles: Map<string, ForecastProfile>;
}

export function generateForecasts(rng: Rng, anchor: EpochMs, drafts: readonly MarketDraft[]): ForecastsOut {
  const forecasts: Forecast[] = [];
  const profiles = new Map<string, ForecastProfile>();
  for (const { market: m, fairP } of drafts) {
    if (!m.covered || m.exclusion !== null) continue;
    const profile: ForecastProfile =
      m.status === 'closed'
        ? 'stale'
        : rng.weighted<ForecastProfile>([
            ['none', 28],
            ['fresh', 47],
            ['stale', 25],
          ]);
    profiles.set(m.marketKey, profile);
    if (profile === 'none') continue;
    // Newest age: fresh skews recent so the 1..6h latest feed has rows; stale sits past 48h.
    const newestAge =
      profile === 'fresh'
        ? Math.max(5 * MINUTE, Math.round(46 * HOUR * rng.float() ** 2))
        : Math.max(50 * HOUR, anchor - (m.endDate ?? anchor) + 6 * HOUR) + rng.int(0, 18 * 24) * HOUR;
    const n = rng.int(1, 6);
    const times: EpochMs[] = [anchor - newestAge];
    for (let i = 1; i < n; i++) times.push((times[i - 1] ?? anchor) - rng.int(6, 96) * HOUR - rng.int(0, 59) * MINUTE);
    times.reverse();
    let p = round(clamp(fairP + rng.between(-0.15, 0.15), 0.02, 0.98), 4);
    let prior: number | null = null;
    times.forEach((t, i) => {
      if (i > 0) p = round(clamp(p + rng.between(-0.08, 0.08), 0.02, 0.98), 4);
      forecasts.push(forecastAt(rng, m, selectedProbability(m.quote) ?? fairP, p, prior, t, i === 0));
      prior = p;
    });
  }
  return { forecasts, profiles };
}
