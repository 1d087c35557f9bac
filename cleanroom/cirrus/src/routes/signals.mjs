// Published trade signals, the daily WTI perps row and the crude-oil signal.
import { invalid } from '../errors.mjs';
import { signalsOf, forecastsOf } from '../data/query.mjs';
import { routing } from '../views/market.mjs';
import { relForOilReading } from '../views/relationships.mjs';
import { topicMatch } from './markets.mjs';
import { dueDate, readingOn, episodeFor, marks } from '../data/oil.mjs';
import { iso, DAY } from '../util/time.mjs';

function prepareSignals(ctx) {
  const q = ctx.query;
  const dd = q.bool('exclude_drawdown_risk', undefined);
  // Former parameter name, kept as an alias for one release.
  // DEVIATION D4 (DEVIATIONS=on): the alias is not wired and is ignored.
  const alias = ctx.cfg.deviations ? undefined : q.bool('exclude_crash_risk', undefined);
  if (dd !== undefined && alias !== undefined && dd !== alias) throw invalid('exclude_drawdown_risk and its alias exclude_crash_risk disagree.');
  return {
    topic: q.str('topic', { max: 200 }),
    venue: q.venue(),
    status: q.enum('status', ['open', 'closed', 'settled'], undefined),
    side: q.enum('side', ['yes', 'no'], undefined),
    excludeDrawdown: dd ?? alias ?? false,
    limit: q.int('limit', { min: 1, max: 200, def: 100 }),
  };
}

export function signalRow(vx, s) {
  const m = vx.ds.markets[s.marketIdx];
  return {
    id: s.id,
    signal_type: 'prediction_market',
    status: s.status,
    side: s.side,
    published_at: iso(s.published_at),
    market: routing(vx, m),
    question: m.question,
    forecast_id: s.forecastId,
    conviction: s.conviction,
    convergence: s.convergence,
    capacity: s.capacity,
    entry_price: s.entry_price,
    drawdown_risk_elevated: s.drawdown_risk_elevated,
    crash_risk_elevated: s.drawdown_risk_elevated,
    drawdown_risk: { probability: s.drawdown_probability, threshold: 0.15, horizon_hours: 72 },
  };
}

function tradeSignals(ctx, p) {
  const vx = ctx.vx;
  const rows = [];
  for (const m of vx.ds.markets) {
    // The newest publication is chosen first; filters apply after, with no
    // fallback to an older signal of the same market.
    const s = signalsOf(vx, m).at(-1);
    if (!s) continue;
    if (p.venue && m.venue !== p.venue) continue;
    if (p.topic && !topicMatch(m, p.topic)) continue;
    if (p.status && s.status !== p.status) continue;
    if (p.side && s.side !== p.side) continue;
    if (p.excludeDrawdown && s.drawdown_risk_elevated !== false) continue; // null = unknown, not safe
    rows.push(s);
  }
  rows.sort((a, b) => b.published_at - a.published_at);
  const signals = rows.slice(0, p.limit).map((s) => signalRow(vx, s));
  return { body: { signals, count: signals.length, as_of: iso(vx.now) } };
}

function oilBasis(vx) {
  const markets = vx.ds.oilMarkets.filter((m) => m.active);
  const forecasts = markets.reduce((n, m) => n + (forecastsOf(vx, m).length ? 1 : 0), 0);
  return { markets, counts: { forecasts, markets: markets.length } };
}

function perps(ctx) {
  const vx = ctx.vx;
  const day = dueDate(vx.now);
  const r = readingOn(day, vx.now, oilBasis(vx).counts);
  const signals = r.side === 'flat' ? [] : [{ id: r.id, asset: 'crude-wti', scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil', reading_date: r.reading_date, state: r.state, side: r.side, intensity: r.intensity, z: r.z, is_current: r.is_current, published_at: r.frozen_at }];
  return { body: { scope: 'wti-only', signals, count: signals.length } };
}

function prepareOil(ctx) { return { includeMarks: ctx.query.bool('include_marks', true) }; }

function oil(ctx, p) {
  const vx = ctx.vx;
  const sc = ctx.faultScope ? ctx.st.oilScopes.get(ctx.faultScope) : null;
  const mode = sc?.reading ?? 'seeded';
  const basis = oilBasis(vx);
  let reading = null;
  let episode = { id: null, opened_at: null, side: null, days: 0, status: 'none', ref_price: null, outcome_price: null, outcome_at: null, return_pct: null, live_return_pct: null };
  if (mode !== 'none') {
    const day = dueDate(vx.now) - (mode === 'stale' ? 2 * DAY : 0);
    const { frozen_at, ...r } = readingOn(day, vx.now, basis.counts);
    reading = { ...r, relationships: relForOilReading(vx, basis.markets) };
    episode = episodeFor(day, vx.now);
  }
  let mk = { venue_a_perps: null, perp_venue_b: null };
  let degraded = false;
  if (p.includeMarks) {
    mk = marks(vx.now);
    for (const down of sc?.marksDown ?? []) { mk[down] = null; degraded = true; }
  }
  // A degraded answer misses upstream data and is not billed.
  return { billed: !degraded, body: { asset: 'crude-wti', reading, episode, marks: mk, degraded, reading_missing: reading === null } };
}

export default [
  { method: 'GET', path: '/api/v1/signals', operationId: 'listTradeSignals', kind: 'paid', credits: 20, scope: 'standard', summary: 'Published trade signals, at most one per market', prepare: prepareSignals, handler: tradeSignals },
  { method: 'GET', path: '/api/v1/signals/perps', operationId: 'listPerpSignals', kind: 'paid', credits: 5, scope: 'standard', summary: 'Zero or one daily WTI perps row', handler: perps },
  { method: 'GET', path: '/api/v1/signals/oil', operationId: 'getOilSignal', kind: 'paid', credits: 30, scope: 'standard', oil: true, summary: 'The daily crude-oil (WTI) signal with live venue marks', prepare: prepareOil, handler: oil },
];
