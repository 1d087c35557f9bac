// Forecast shapes: the stored-forecast read, the compact feed form and the
// job's ForecastRequestForecast.
import { relForForecast } from './relationships.mjs';
import { routing } from './market.mjs';
import { iso } from '../util/time.mjs';

const drawdown = (f) => ({ yes: f.drawdown.yes, no: f.drawdown.no, anchored_at: iso(f.created_at), horizon_hours: 72 });

export function storedForecast(vx, f, { withRel = true } = {}) {
  const dd = drawdown(f);
  return {
    id: f.id,
    question: f.question,
    probability: f.probability,
    created_at: iso(f.created_at),
    headline: f.headline,
    bluf: f.bluf,
    thesis: f.thesis,
    reasoning: f.reasoning,
    reasoning_summary: f.reasoning_summary,
    uncertainty: f.uncertainty,
    sources: f.sources.map((s) => ({ ...s, published_at: iso(s.published_at) })),
    citation_count: f.citationCount,
    resolution_pathway: { ...f.resolution_pathway, deadline: iso(f.resolution_pathway.deadline) },
    delta_from_prior: f.delta_from_prior,
    delta_reasoning: f.delta_reasoning,
    refresh_reason: f.refresh_reason,
    market_odds_at_forecast: f.market_odds_at_forecast,
    drawdown_risk_72h: dd,
    crash_risk: dd, // former name, kept as an alias for one release
    ...(withRel ? { relationships: relForForecast(vx, f) } : {}),
  };
}

export function compactForecast(vx, f) {
  const m = vx.ds.markets[f.marketIdx];
  return {
    venue: m.venue,
    market: routing(vx, m),
    id: f.id,
    probability: f.probability,
    created_at: iso(f.created_at),
    headline: f.headline,
    thesis: f.thesis,
    resolution_pathway: { ...f.resolution_pathway, deadline: iso(f.resolution_pathway.deadline) },
    delta_from_prior: f.delta_from_prior,
    delta_reasoning: f.delta_reasoning,
    refresh_reason: f.refresh_reason,
    relationships: relForForecast(vx, f),
  };
}

export function jobForecast(vx, f) {
  return {
    id: f.id,
    question: f.question,
    probability: f.probability,
    createdAt: iso(f.created_at),
    headline: f.headline,
    bluf: f.bluf,
    thesis: f.thesis,
    reasoningSummary: f.reasoning_summary,
    citationCount: f.citationCount,
    relationships: relForForecast(vx, f),
  };
}
