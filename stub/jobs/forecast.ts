/**
 * The forecast a generation job publishes on success, drawn deterministically from the job id
 * (same job → same forecast). It is a full stored forecast (model Forecast), so that once the job
 * succeeds the stored-forecast read, availability and the latest feed show it like any other.
 */
import { createHash } from 'node:crypto';
import type { EpochMs, Forecast, Market } from '../data/model.ts';
import { selectedProbability } from '../data/quote.ts';
import { deltaReasoning, forecastProse, forecastSpread, resolutionCriteria, stem } from '../data/forecast-text.ts';
import { Rng, clamp, round } from '../data/rng.ts';
import { PUBLISHERS, voiceFor } from '../data/tables/text.ts';

/** A UUID-shaped id (version 8, RFC 4122 variant) hashed from `parts`: stable for the same input. */
export function derivedUuid(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex').split('');
  h[12] = '8';
  h[16] = '89ab'[parseInt(h[16] ?? '0', 16) & 3] ?? '8';
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/**
 * The forecast of job `jobId` on `market`, created at `createdAt` (the success instant).
 * `prior` is the market's newest stored forecast when the job was submitted, for the delta fields.
 */
export function jobForecast(jobId: string, market: Market, createdAt: EpochMs, prior: Forecast | undefined): Forecast {
  const rng = new Rng(parseInt(createHash('sha256').update(jobId).digest('hex').slice(0, 8), 16));
  const odds = selectedProbability(market.quote);
  const p = round(clamp((prior?.probability ?? odds ?? 0.5) + rng.between(-0.08, 0.08), 0.02, 0.98), 4);
  const voice = voiceFor(market.categories[0] ?? '');
  const [d1, d2] = rng.sample(voice.drivers, 2);
  const sources = rng.sample(PUBLISHERS, rng.int(2, 4)).map((pub, i) => ({
    title: `${pub.name} on ${stem(market.question)} (${i + 1})`,
    url: `https://${pub.host}/news/${jobId.slice(0, 8)}-${i + 1}`,
    publisher: pub.name,
  }));
  const width = rng.between(0.03, 0.1);
  const delta = prior ? round(p - prior.probability, 4) : null;
  return {
    id: derivedUuid('forecast', jobId),
    marketKey: market.marketKey,
    probability: p,
    createdAt,
    ...forecastProse(rng, market.question, p, odds, voice, [d1, d2]),
    reasoningSummary: `Generated on request: weighed ${sources.length} cited sources against ${voice.crux}.`,
    citationCount: sources.length,
    resolutionPathway: { criteria: resolutionCriteria(market.question), crux: voice.crux, deadline: market.endDate, source: voice.source },
    deltaFromPrior: delta,
    deltaReasoning: deltaReasoning(delta, 'on a requested refresh'),
    refreshReason: prior ? 'requested' : null,
    marketOddsAtForecast: odds,
    ...forecastSpread(rng, p, width),
    sources,
  };
}
