// Published trade signals, the WTI perps row and the crude-oil signal.
import { ApiError, invalid } from '../http/errors.mjs';
import { str, bool, enumOf, venue as venueParam } from '../http/params.mjs';
import { iso, DAY, utcDayStart } from '../core/clock.mjs';
import { round } from '../core/prng.mjs';
import { topicMatch } from './markets.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function signalRoutes(d) {
  const { store, mv, cfg } = d;

  // The drawdown flag has a former name; both spellings are accepted.
  function excludeFlag(q) {
    const a = bool(q, 'exclude_drawdown_risk', undefined);
    const b = bool(q, 'exclude_crash_risk', undefined);
    if (a !== undefined && b !== undefined && a !== b) throw invalid('exclude_drawdown_risk and its alias exclude_crash_risk disagree.', { parameter: 'exclude_drawdown_risk' });
    return a ?? b ?? false;
  }

  function list(ctx) {
    const q = ctx.query;
    const topic = str(q, 'topic', { max: 100 });
    const venue = venueParam(q);
    const status = enumOf(q, 'status', ['active', 'expired'], undefined);
    const exclude = excludeFlag(q);
    const at = ctx.at;
    const rows = [];
    for (const m of store.markets) {
      // Newest publication first, then eligibility: no fallback to older ones.
      const newest = store.signalsOf(m.key, at)[0];
      if (!newest) continue;
      if (topic && !topicMatch(m, topic)) continue;
      if (venue && m.venue !== venue) continue;
      if (status && newest.status !== status) continue;
      // Unknown (null) risk is not safe, so the filter drops it too.
      if (exclude && newest.drawdownRiskElevated !== false) continue;
      const f = store.forecastById(newest.forecastId, at);
      rows.push({
        id: newest.id, signal_type: 'prediction_market', canonical_endpoint: '/api/v1/signals',
        market: mv.routing(m), question: m.question, side: newest.side, status: newest.status,
        conviction: newest.conviction, convergence: newest.convergence, capacity: newest.capacity,
        edge_pp: newest.edgePp, forecast_id: newest.forecastId, forecast_probability: f ? f.probability : null,
        market_odds: mv.odds(m, at), published_at: iso(newest.publishedAt),
        drawdown_risk_elevated: newest.drawdownRiskElevated, crash_risk_elevated: newest.drawdownRiskElevated,
        serviceUrl: mv.serviceUrl(m, at),
      });
    }
    rows.sort((a, b) => Date.parse(b.published_at) - Date.parse(a.published_at) || (a.id < b.id ? -1 : 1));
    return { body: { signals: rows, count: rows.length, as_of: iso(at) } };
  }

  const latestReading = (at) => [...store.oil.readings].reverse().find((r) => r.frozenAt <= at) || null;
  const daysSince = (r, at) => Math.round((utcDayStart(at) - r.dayStart) / DAY);

  function perps(ctx) {
    const r = latestReading(ctx.at);
    const rows = r && daysSince(r, ctx.at) === 0 && r.side !== 'flat' ? [{
      id: r.id, scope: 'wti-only', canonical_endpoint: '/api/v1/signals/oil', asset: 'crude-wti', venue: 'venue_a_perps',
      symbol: 'WTI-PERP', side: r.side, state: r.state, intensity: r.intensity, z: r.z, reading_date: r.reading_date, published_at: iso(r.frozenAt),
    }] : [];
    return { body: { signals: rows, count: rows.length, as_of: iso(ctx.at) } };
  }

  // Two simulated upstream fetches, run in parallel.
  async function fetchMark(which, at) {
    await sleep(60 + (at % 50));
    if (cfg.outages.has(which === 'a' ? 'marks_venue_a' : 'marks_venue_b')) return null;
    const base = 68.6 + 0.35 * Math.sin(at / 9e5);
    return which === 'a'
      ? { symbol: 'WTI-PERP', mark: round(base, 3), index: round(base - 0.04, 3), funding_rate: round(0.0001 * Math.cos(at / 3.6e6), 6), at: iso(at - 800) }
      : { coin: 'xyz:CL', mid: round(base + 0.02, 3), at: iso(at - 1500) };
  }

  async function oil(ctx) {
    const includeMarks = bool(ctx.query, 'include_marks', true);
    const at = ctx.at;
    const r = latestReading(at);
    const ep = store.oil.episode;
    let marks = { venue_a_perps: null, perp_venue_b: null };
    let degraded = false;
    if (includeMarks) {
      const [a, b] = await Promise.all([fetchMark('a', at), fetchMark('b', at)]);
      marks = { venue_a_perps: a, perp_venue_b: b };
      degraded = !a || !b;
    }
    const live = marks.venue_a_perps?.mark ?? marks.perp_venue_b?.mid ?? null;
    const epDays = store.oil.readings.filter((x) => x.side === ep.side && x.frozenAt >= ep.openedAt && x.frozenAt <= at).length;
    const wti = store.assetByKey.get('commodity:wti');
    const basis = store.activeMarketsOfAsset(wti).slice(0, 60);
    const reading = r ? {
      id: r.id, reading_date: r.reading_date, is_current: daysSince(r, at) === 0, days_since_reading: daysSince(r, at),
      state: r.state, side: r.side, z: r.z, gap: r.gap, intensity: r.intensity, basis_forecasts: r.basis_forecasts, basis_markets: r.basis_markets,
      headline: `WTI consensus ${r.state}: forecasts sit ${Math.abs(r.gap).toFixed(1)}pp ${r.gap >= 0 ? 'above' : 'below'} venue prices`,
      summary: `Across ${r.basis_markets} WTI markets and ${r.basis_forecasts} fresh forecasts, the service leans ${r.side} (z=${r.z}).`,
      formula_version: r.formula_version,
      relationships: mv.envelope(
        [{ relationship: 'HAS_MARKET', direction: 'outgoing', via: 'direct', id: wti.id, assetKey: wti.assetKey, name: wti.name, ticker: wti.ticker, asset_type: wti.asset_type }],
        basis.map((m) => mv.marketRef(m, 'HAS_MARKET', 'outgoing', 'asset')), []),
    } : null;
    return {
      // A requested mark that could not be fetched is a missing upstream
      // answer: the (degraded) result is served but not billed.
      unbilled: degraded,
      body: {
        asset: 'crude-wti',
        reading,
        episode: {
          id: ep.id, opened_at: iso(ep.openedAt), days: epDays, status: ep.status, side: ep.side, ref_price: ep.refPrice,
          outcome_price: null, outcome_at: null, return_pct: null,
          live_return_pct: live == null ? null : round(((live - ep.refPrice) / ep.refPrice) * 100 * (ep.side === 'long' ? 1 : -1), 3),
        },
        marks, degraded, reading_missing: reading === null,
      },
    };
  }

  // One request in flight service-wide, starts one second apart; checked
  // before any debit or upstream work.
  function oilGate(ctx, releases) {
    const g = d.limits.admitOil(ctx.at);
    if (!g.ok) throw new ApiError(429, 'rate_limited', g.reason, { retry_after: g.retryAfter, limit_scope: 'oil_signal' }, {
      'retry-after': String(g.retryAfter), 'x-quotient-max-concurrent': '1',
      'ratelimit-policy': '"oil_signal-1s";q=1;w=1', ratelimit: `"oil_signal-1s";r=0;t=${g.retryAfter}`,
    });
    releases.push(g.release);
    return null;
  }

  return [
    { id: 'listTradeSignals', method: 'GET', path: '/api/v1/signals', auth: 'paid', price: 20, scope: 'standard', summary: 'Published trade signals (at most one per market)', handler: list },
    { id: 'listPerpSignals', method: 'GET', path: '/api/v1/signals/perps', auth: 'paid', price: 5, scope: 'standard', summary: 'Daily WTI perps row (zero or one)', handler: perps },
    { id: 'getOilSignal', method: 'GET', path: '/api/v1/signals/oil', auth: 'paid', price: 30, scope: 'standard', summary: 'Daily crude-oil (WTI) signal with live marks', preDebit: oilGate, handler: oil },
  ];
}
