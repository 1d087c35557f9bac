/**
 * GET /api/v1/markets/{slug}/forecast: read of the market's stored forecast ($0.01). Its parameters
 * and shape are gaps (FCST-002; FCST-016, SCH MarketForecastResponse): {market, forecast, history}, each
 * forecast with reasoning, sources, uncertainty and drawdown_risk_72h {yes, no}. The alternate stub
 * answers the forecast's members at the top level (FCST-016), history only when asked for (FCST-012),
 * and other forms of uncertainty and sources (FCST-013).
 */
import type { Forecast } from '../data/index.ts';
import { iso, withRelationships } from '../present/index.ts';
import type { RouteModule } from '../server.ts';
import { notFound } from '../errors.ts';
import { marketBySlug } from '../evidence/lookup.ts';
import { alt } from '../variant.ts';
import { mutant } from '../mutants.ts';
import { PRICES } from '../../contract/pricing.ts';

/** Earlier forecasts returned with the current one (gap FCST-012). */
const HISTORY_MAX = 20;

/**
 * One stored forecast. drawdown_risk_72h is the path risk over ~72 hours from created_at; it is
 * reported beside the probability and never adjusts it (FCST-007).
 */
function storedForecast(f: Forecast, now: number): Record<string, unknown> {
  // Mutant fcst-drawdown-anchored-at-read: the 72-hour window is measured from the read, its risk scaled by what is left
  // of the window after created_at (round-36 bug: the value shrinks as the forecast ages).
  const left = Math.max(0, 1 - (now - f.createdAt) / 259_200_000);
  const risk = mutant('fcst-drawdown-anchored-at-read')
    ? { yes: Math.round(f.drawdownRisk72h.yes * left * 1000) / 1000, no: Math.round(f.drawdownRisk72h.no * left * 1000) / 1000 }
    : f.drawdownRisk72h;
  return {
    id: f.id,
    probability: f.probability,
    created_at: iso(f.createdAt),
    headline: f.headline,
    bluf: f.bluf,
    thesis: f.thesis,
    reasoning: f.reasoningSummary,
    ...(alt('FCST-013')
      ? { sources: f.sources.map((s) => s.url), uncertainty: { interval: [f.uncertainty.low, f.uncertainty.high], level: 0.8 } }
      : {
          sources: f.sources.map((s) => ({ title: s.title, url: s.url, publisher: s.publisher })),
          uncertainty: { low: f.uncertainty.low, high: f.uncertainty.high },
        }),
    drawdown_risk_72h: { yes: risk.yes, no: risk.no },
    // The former name still works as an alias, same value (Versioning rule 4; VER-013, VER-016).
    crash_risk: { yes: risk.yes, no: risk.no },
  };
}

export const register: RouteModule = (route) => {
  /** 404 not_found for an unknown slug or a market with no stored forecast (FCST-010, FCST-011, FCST-015). */
  route('getMarketForecast', (req, ctx) => {
    const market = marketBySlug(ctx, req.params.slug ?? '', req.query);
    const now = ctx.clock.nowMs();
    const [current, ...older] = ctx.store.forecastsFor(market.marketKey).filter((f) => f.createdAt <= now);
    if (!current) throw notFound(`market ${market.marketKey} has no stored forecast`);
    const history = older.slice(0, HISTORY_MAX).map((f) => storedForecast(f, now));
    const withHistory = !alt('FCST-012') || req.query.bool('history', false);
    const withEnvelope = withRelationships(market, ctx.store);
    // Mutant fcst-read-debit-per-forecast: an API-key read is debited the route's price once more for each forecast of
    // the history it returns (round-22 bug: a read priced per forecast, not per call).
    if (mutant('fcst-read-debit-per-forecast') && withHistory && req.principal?.via === 'api-key')
      ctx.accounts.debit(req.principal.accountId, PRICES.getMarketForecast!.credits * history.length, 'getMarketForecast');
    // Mutant rel-forecast-truncated-after-cap: this route flags a category truncated only above 50 refs after capping it.
    if (mutant('rel-forecast-truncated-after-cap')) {
      const r = withEnvelope.relationships;
      r.truncated = { assets: r.assets.length > 50, markets: r.markets.length > 50, signals: r.signals.length > 50 };
    }
    // Mutant sig-read-ref-whole-seconds: this route's SignalRefs state published_at in whole seconds (round-31 bug).
    if (mutant('sig-read-ref-whole-seconds'))
      for (const ref of withEnvelope.relationships.signals)
        if (ref.published_at) ref.published_at = new Date(Math.floor(Date.parse(ref.published_at) / 1000) * 1000).toISOString();
    if (alt('FCST-016')) return { body: { ...storedForecast(current, now), market: withEnvelope, ...(withHistory ? { history } : {}) } };
    return {
      body: { market: withEnvelope, forecast: storedForecast(current, now), ...(withHistory ? { history } : {}) },
    };
  });
};
