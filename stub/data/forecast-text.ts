/**
 * The prose and spread of a stored forecast, shared by the generator (stub/data/gen/forecasts.ts)
 * and the forecast a generation job publishes (stub/jobs/forecast.ts), so both read alike.
 * Functions taking an Rng draw from it in a fixed order: callers rely on that for determinism.
 */
import type { Forecast } from './model.ts';
import type { Rng } from './rng.ts';
import { clamp, round } from './rng.ts';
import { HEADLINE_VERBS, type CategoryVoice } from './tables/text.ts';

/** A probability as a whole percentage: 0.625 → "63%". */
export const pct = (p: number): string => `${Math.round(p * 100)}%`;

/** A market question without its leading "Will " and trailing "?", to embed in a sentence. */
export const stem = (question: string): string => question.replace(/^Will /, '').replace(/\?$/, '');

/**
 * Headline, BLUF and thesis of a forecast of probability `p` on `question`, against the venue's
 * `odds` (null: no venue price to compare). Draws one headline verb from `rng`.
 */
export function forecastProse(
  rng: Rng,
  question: string,
  p: number,
  odds: number | null,
  voice: CategoryVoice,
  drivers: readonly (string | undefined)[],
): Pick<Forecast, 'headline' | 'bluf' | 'thesis'> {
  const [d1, d2] = drivers;
  return {
    headline: `${rng.pick(HEADLINE_VERBS)} ${p >= 0.5 ? 'YES' : 'NO'} at ${pct(p)}: ${question}`,
    bluf: `We put YES at ${pct(p)}${odds === null ? '' : `, against ${pct(odds)} on the venue`}.`,
    thesis: `${d1 ?? 'Recent reporting'} and ${d2 ?? 'base rates'} point ${p >= 0.5 ? 'toward' : 'away from'} YES; the crux is ${voice.crux}.`,
  };
}

/** The resolution criteria sentence of a forecast on `question`. */
export const resolutionCriteria = (question: string): string => `Resolves YES if ${stem(question)}, per the market rules.`;

/** Why the probability moved by `delta` (null: no prior forecast, so no reasoning), ending with `cause`. */
export const deltaReasoning = (delta: number | null, cause: string): string | null =>
  delta === null ? null : `${delta >= 0 ? 'Raised' : 'Lowered'} by ${Math.abs(delta * 100).toFixed(1)} pp ${cause}.`;

/**
 * The 72-hour drawdown risks (two draws from `rng`, YES side first) and the uncertainty band
 * p ± `width`, both within [0, 1].
 */
export function forecastSpread(rng: Rng, p: number, width: number): Pick<Forecast, 'drawdownRisk72h' | 'uncertainty'> {
  return {
    drawdownRisk72h: {
      yes: round(clamp((1 - p) * rng.between(0.05, 0.45), 0, 1), 3),
      no: round(clamp(p * rng.between(0.05, 0.45), 0, 1), 3),
    },
    uncertainty: { low: round(Math.max(0, p - width), 4), high: round(Math.min(1, p + width), 4) },
  };
}
