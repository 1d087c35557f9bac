/**
 * Stored forecast histories. Each in-scope covered market gets a profile: no forecast, a fresh
 * history (newest within 48h) or a stale one (newest older than 48h, so it has no in-window forecast).
 * Topic-excluded and uncovered markets are never forecast.
 */
import type { EpochMs, Forecast, ForecastSource, Market } from '../model.ts';
import type { Rng } from '../rng.ts';
import { HOUR, MINUTE, clamp, round } from '../rng.ts';
import { HEADLINE_VERBS, PUBLISHERS, REFRESH_REASONS, voiceFor } from '../tables/text.ts';
import { slugify } from '../urls.ts';
import type { MarketDraft } from './markets.ts';
import { selectedProbability } from '../quote.ts';

export type ForecastProfile = 'none' | 'fresh' | 'stale';

const pct = (p: number): string => `${Math.round(p * 100)}%`;
export const stem = (question: string): string => question.replace(/^Will /, '').replace(/\?$/, '');

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
  return {
    id: rng.uuid(),
    marketKey: m.marketKey,
    probability: p,
    createdAt,
    headline: `${rng.pick(HEADLINE_VERBS)} ${p >= 0.5 ? 'YES' : 'NO'} at ${pct(p)}: ${m.question}`,
    bluf: `We put YES at ${pct(p)}${odds === null ? '' : `, against ${pct(odds)} on the venue`}.`,
    thesis: `${d1 ?? 'Recent reporting'} and ${d2 ?? 'base rates'} point ${p >= 0.5 ? 'toward' : 'away from'} YES; the crux is ${voice.crux}.`,
    reasoningSummary: `Weighed ${src.length} cited source${src.length === 1 ? '' : 's'} against ${voice.crux}.`,
    citationCount: src.length,
    resolutionPathway: {
      criteria: `Resolves YES if ${stem(m.question)}, per the market rules.`,
      crux: rng.chance(0.9) ? voice.crux : null,
      deadline: m.endDate,
      source: voice.source,
    },
    deltaFromPrior: delta,
    deltaReasoning: delta === null ? null : `${delta >= 0 ? 'Raised' : 'Lowered'} by ${Math.abs(delta * 100).toFixed(1)} pp after ${d1 ?? 'new evidence'}.`,
    refreshReason: refresh,
    marketOddsAtForecast: odds,
    drawdownRisk72h: { yes: round(clamp((1 - p) * rng.between(0.05, 0.45), 0, 1), 3), no: round(clamp(p * rng.between(0.05, 0.45), 0, 1), 3) },
    uncertainty: { low: round(Math.max(0, p - w), 4), high: round(Math.min(1, p + w), 4) },
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
