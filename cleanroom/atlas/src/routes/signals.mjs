// Published trade signals, the perps row and the daily crude-oil signal.
import { invalid } from '../util/http.mjs';
import { venueParam } from '../util/params.mjs';
import { byMarketKey, isMarketKeyShape } from '../domain/lookup.mjs';
import { assertNotExcluded } from '../domain/topics.mjs';
import { routing, readingRelationships } from '../domain/views.mjs';
import { matchesTopic } from './markets.mjs';
import { oilMarks } from '../data/oil.mjs';
import { iso, DAY, startOfUtcDay } from '../util/time.mjs';
import { round } from '../util/rng.mjs';

function signalsValidate({ query: q }, ctx) {
  const out = {
    venue: venueParam(q), topic: q.str('topic', { max: 100 }), status: q.enum('status', ['active', 'expired', 'all'], 'active'),
    marketKey: q.str('market_key', { max: 512 }),
  };
  const a = q.bool('exclude_drawdown_risk', undefined);
  // Former name kept as an alias for one release.
  const b = ctx.config.deviations ? undefined : q.bool('exclude_crash_risk', undefined); // DEVIATION D4 when on: alias ignored
  if (a !== undefined && b !== undefined && a !== b) throw invalid('exclude_drawdown_risk and its alias exclude_crash_risk disagree.');
  out.excludeRisk = a ?? b ?? false;
  if (out.marketKey !== undefined) {
    if (!isMarketKeyShape(out.marketKey)) throw invalid('market_key must have the form <venue>:<native id>.');
    const m = byMarketKey(ctx.store, out.marketKey);
    if (m) assertNotExcluded(m);
  }
  return out;
}

function signalsHandle(p, ctx) {
  const s = ctx.store;
  const rows = [];
  for (const [key, list] of s.signalsByMarket) {
    // Newest publication first, before any eligibility filter; no older fallback.
    const newest = list.find((x) => x.published_at <= ctx.now);
    if (!newest) continue;
    const m = s.byKey.get(key);
    if (p.marketKey && key !== p.marketKey) continue;
    if (p.venue && m.venue !== p.venue) continue;
    if (p.topic && !matchesTopic(m, p.topic)) continue;
    if (p.status !== 'all' && newest.status !== p.status) continue;
    if (p.excludeRisk && newest.drawdown_risk_elevated !== false) continue;
    rows.push({
      id: newest.id, signal_type: 'prediction_market', canonical_endpoint: '/api/v1/signals', market: routing(m), question: m.question,
      side: newest.side, status: newest.status, published_at: iso(newest.published_at), headline: newest.headline,
      conviction: newest.conviction, conviction_score: newest.conviction_score, convergence: { ...newest.convergence }, capacity: { ...newest.capacity },
      entry_price: newest.entry_price, forecast_id: newest.forecastId,
      drawdown_risk_elevated: newest.drawdown_risk_elevated, crash_risk_elevated: newest.drawdown_risk_elevated,
    });
  }
  rows.sort((a, b) => b.published_at.localeCompare(a.published_at) || a.id.localeCompare(b.id));
  return { body: { as_of: iso(ctx.now), signals: rows, count: rows.length } };
}

function readingView(ctx) {
  const r = ctx.store.oil.reading;
  const days = Math.floor((startOfUtcDay(ctx.now) - r.reading_day_ms) / DAY);
  return {
    id: r.id, reading_date: r.reading_date, is_current: days === 0, days_since_reading: days, state: r.state, side: r.side, z: r.z, gap: r.gap,
    intensity: r.intensity, basis_forecasts: r.basis_forecasts, basis_markets: r.basis_markets, headline: r.headline, summary: r.summary,
    formula_version: r.formula_version, relationships: readingRelationships(ctx.store),
  };
}

function perpsHandle(p, ctx) {
  const r = readingView(ctx);
  const rows = r.is_current ? [{
    id: r.id, asset: 'crude-wti', instrument: 'WTI perpetual', scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil',
    reading_date: r.reading_date, state: r.state, side: r.side, intensity: r.intensity, published_at: iso(ctx.store.oil.reading.recorded_at),
  }] : [];
  return { body: { as_of: iso(ctx.now), signals: rows, count: rows.length } };
}

function oilValidate({ query: q }) {
  return { includeMarks: q.bool('include_marks', true) };
}

function oilHandle(p, ctx) {
  const oil = ctx.store.oil;
  const reading = readingView(ctx);
  let marks = { venue_a_perps: null, perp_venue_b: null };
  let degraded = false;
  if (p.includeMarks) {
    marks = oilMarks(ctx.now);
    if (ctx.config.outages.has('marks')) {
      marks.perp_venue_b = null;
      degraded = true;
    }
  }
  const e = oil.episode;
  const mark = marks.venue_a_perps ? marks.venue_a_perps.mark : marks.perp_venue_b ? marks.perp_venue_b.mid : null;
  const days = Math.floor((oil.reading.reading_day_ms - e.opened_day_ms) / DAY) + 1;
  return {
    body: {
      asset: 'crude-wti', reading, reading_missing: reading === null,
      episode: {
        id: e.id, opened_at: iso(e.opened_day_ms + 14 * 3600e3), days, status: e.status, side: e.side, ref_price: e.ref_price,
        outcome_price: e.outcome_price, outcome_at: e.outcome_at, return_pct: e.return_pct,
        live_return_pct: mark === null ? null : round(((mark - e.ref_price) / e.ref_price) * 100, 2),
      },
      marks, degraded,
    },
  };
}

export const signalRoutes = [
  { method: 'GET', path: '/api/v1/signals', kind: 'paid', price: 20, scope: 'standard', latency: 30, summary: 'Published trade signals', validate: signalsValidate, handle: signalsHandle },
  { method: 'GET', path: '/api/v1/signals/perps', kind: 'paid', price: 10, scope: 'standard', latency: 20, summary: 'Perps signal row (WTI only)', handle: perpsHandle },
  {
    method: 'GET', path: '/api/v1/signals/oil', kind: 'paid', price: 25, scope: 'standard', oil: true, summary: 'Daily crude-oil (WTI) signal',
    latency: (p) => (p.includeMarks ? 300 : 60), validate: oilValidate, handle: oilHandle,
  },
];
