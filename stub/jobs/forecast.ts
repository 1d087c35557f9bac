/**
 * The forecast a generation job publishes on success, drawn deterministically from the job id
 * (same job → same forecast). It is a full stored forecast (model Forecast), so that once the job
 * succeeds the stored-forecast read, availability and the latest feed show it like any other.
 */
import { createHash } from 'node:crypto';
import type { EpochMs, Forecast, Market } from '../data/model.ts';
import { selectedProbability } from '../data/quote.ts';
import { Rng, clamp, round } from '../data/rng.ts';
import { HEADLINE_VERBS, PUBLISHERS, voiceFor } from '../data/tables/text.ts';

const pct = (p: number): string => `${Math.round(p * 100)}%`;
const stem = (question: string): string => question.replace(/^Will /, '').replace(/\?$/, '');

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
    headline: `${rng.pick(HEADLINE_VERBS)} ${p >= 0.5 ? 'YES' : 'NO'} at ${pct(p)}: ${market.question}`,
    bluf: `We put YES at ${pct(p)}${odds === null ? '' : `, against ${pct(odds)} on the venue`}.`,
    thesis: `${d1 ?? 'Recent reporting'} and ${d2 ?? 'base rates'} point ${p >= 0.5 ? 'toward' : 'away from'} YES; the crux is ${voice.crux}.`,
    reasoningSummary: `Generated on request: weighed ${sources.length} cited sources against ${voice.crux}.`,
    citationCount: sources.length,
    resolutionPathway: { criteria: `Resolves YES if ${stem(market.question)}, per the market rules.`, crux: voice.crux, deadline: market.endDate, source: voice.source },
    deltaFromPrior: delta,
    deltaReasoning: delta === null ? null : `${delta >= 0 ? 'Raised' : 'Lowered'} by ${Math.abs(delta * 100).toFixed(1)} pp on a requested refresh.`,
    refreshReason: prior ? 'requested' : null,
    marketOddsAtForecast: odds,
    drawdownRisk72h: { yes: round(clamp((1 - p) * rng.between(0.05, 0.45), 0, 1), 3), no: round(clamp(p * rng.between(0.05, 0.45), 0, 1), 3) },
    uncertainty: { low: round(Math.max(0, p - width), 4), high: round(Math.min(1, p + width), 4) },
    sources,
  };
}
