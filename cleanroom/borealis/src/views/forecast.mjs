// Serializers for forecast-shaped objects: the compact feed form, the job
// form (camelCase, as the job resource uses) and the full paid read.
import { iso } from '../core/clock.mjs';

export function makeForecastViews(store, mv) {
  const pathway = (f) => ({ criteria: f.resolution.criteria ?? null, crux: f.resolution.crux ?? null, deadline: iso(f.resolution.deadline), source: f.resolution.source ?? null });

  const compact = (f, at) => {
    const m = store.market(f.marketKey);
    return {
      venue: m ? m.venue : null,
      market: m ? mv.routing(m) : null,
      id: f.id,
      probability: f.probability,
      created_at: iso(f.createdAt),
      headline: f.headline ?? null,
      thesis: f.thesis ?? null,
      resolution_pathway: pathway(f),
      delta_from_prior: f.deltaFromPrior,
      delta_reasoning: f.deltaReasoning,
      refresh_reason: f.refreshReason,
      relationships: mv.relForecast(f, at),
    };
  };

  const jobForecast = (f, at) => ({
    id: f.id,
    question: store.market(f.marketKey)?.question ?? null,
    probability: f.probability,
    createdAt: iso(f.createdAt),
    headline: f.headline ?? null,
    bluf: f.bluf ?? null,
    thesis: f.thesis ?? null,
    reasoningSummary: f.reasoningSummary ?? null,
    citationCount: f.citations.length,
    relationships: mv.relForecast(f, at),
  });

  const sources = (f) => f.citations.map((id) => store.articles.find((a) => a.id === id)).filter(Boolean)
    .map((a) => ({ id: a.id, title: a.title, url: a.url, source: a.source, published_at: iso(a.publishedAt) }));

  // Full read. drawdown_risk_72h is path risk anchored at created_at; it is
  // reported beside the probability and never folded into it.
  const full = (f, at, withRel = true) => {
    const out = {
      id: f.id,
      probability: f.probability,
      created_at: iso(f.createdAt),
      headline: f.headline,
      bluf: f.bluf,
      thesis: f.thesis,
      reasoning: f.reasoning,
      reasoning_summary: f.reasoningSummary,
      sources: sources(f),
      citation_count: f.citations.length,
      uncertainty: { lower: f.uncertainty.low, upper: f.uncertainty.high, interval: 0.8 },
      resolution_pathway: pathway(f),
      market_odds_at_forecast: f.oddsAtForecast,
      delta_from_prior: f.deltaFromPrior,
      delta_reasoning: f.deltaReasoning,
      refresh_reason: f.refreshReason,
      drawdown_risk_72h: { yes: f.drawdown.yes, no: f.drawdown.no },
      // Former name, kept as an alias for one release.
      crash_risk: { yes: f.drawdown.yes, no: f.drawdown.no },
    };
    if (withRel) out.relationships = mv.relForecast(f, at);
    return out;
  };

  return { compact, jobForecast, full };
}
