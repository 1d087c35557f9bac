// Serialisation of markets in the shapes the contract names: routing object,
// venue quote, list item, linked market, latest-feed market.
import { forecastsOf, latestForecast, signalsOf, articlesOf, isCovered } from '../data/query.mjs';
import { relForMarket } from './relationships.mjs';
import { iso, HOUR } from '../util/time.mjs';
import { round } from '../util/rng.mjs';

export function routing(vx, m) {
  const b = m.venue === 'venue_b' && m.broker;
  return {
    venue: m.venue,
    nativeMarketId: m.nativeMarketId,
    nativeEventId: m.nativeEventId,
    seriesTicker: m.seriesTicker,
    marketKey: m.marketKey,
    serviceMarketId: m.serviceMarketId,
    slug: m.slug,
    marketUrl: m.marketUrl,
    sourceUrl: m.sourceUrl,
    broker_channels: b ? ['broker_a'] : [],
    broker_a_category: b ? m.broker.category : null,
    broker_a_url: b ? `https://broker-a.example/events/${encodeURIComponent(m.nativeEventId)}` : null,
  };
}

export const withRelationships = (vx, m) => ({ ...routing(vx, m), relationships: relForMarket(vx, m) });

// A page exists only once the service covers the market.
export const serviceUrl = (vx, m) => (isCovered(vx, m) ? `${vx.siteUrl}/markets/${encodeURIComponent(m.serviceMarketId)}` : null);
export const venueAUrl = (m) => (m.venue === 'venue_a' ? m.marketUrl : null);

export function venueQuote(vx, m) {
  const q = m.quote;
  if (!q) return null;
  const snap = q.method === 'graph_snapshot';
  const sel = { midpoint: round((q.bid + q.ask) / 2, 4), bid: q.bid, ask: q.ask, last_trade_fresh: q.last, graph_snapshot: q.last }[q.method];
  // Live quotes are re-observed continuously; snapshots are catalog reads.
  const observed = snap ? vx.ds.T0 - q.ageSec * 1000 : vx.now - (q.ageSec % 7 + 1) * 1000;
  return {
    schema_version: '1',
    venue: m.venue,
    market_id: m.nativeMarketId,
    yes_bid: q.bid,
    yes_ask: q.ask,
    yes_last: q.last,
    selected_probability: sel,
    quote_method: q.method,
    venue_timestamp: iso(snap ? observed - 10 * 60_000 : vx.now - q.ageSec * 1000),
    observed_at: iso(observed),
    freshness: snap ? 'stale' : 'verified',
  };
}
export const marketOdds = (vx, m) => venueQuote(vx, m)?.selected_probability ?? null;

export function updatedAt(vx, m) {
  let t = m.updatedAt;
  const f = latestForecast(vx, m);
  if (f && f.created_at > t) t = f.created_at;
  const s = signalsOf(vx, m).at(-1);
  if (s && s.published_at > t) t = s.published_at;
  const a = articlesOf(vx, m)[0];
  if (a && a.correlated_at > t) t = a.correlated_at;
  return t;
}

export function listItem(vx, m, maxAgeHours = 48) {
  const since = vx.now - maxAgeHours * HOUR;
  const inWin = forecastsOf(vx, m).filter((f) => f.created_at >= since);
  const last = inWin.at(-1) ?? null;
  return {
    ...routing(vx, m),
    question: m.question,
    event: { id: m.ev ? String(m.ev.id) : m.marketKey, title: m.ev?.title ?? m.question ?? m.marketKey, slug: m.ev?.slug ?? null },
    tags: m.tags,
    categories: m.categories,
    end_date: iso(m.endMs),
    market_odds: marketOdds(vx, m),
    venue_quote: venueQuote(vx, m),
    inDispute: m.inDispute,
    clarifications: m.clarifications,
    volume_24h: m.volume24h,
    signal_count: signalsOf(vx, m).length,
    forecast_count: inWin.length,
    latest_forecast_at: last ? iso(last.created_at) : null,
    market_updated_at: iso(updatedAt(vx, m)),
    latest_forecast_delta: last ? last.delta_from_prior : null,
    latest_forecast_refresh_reason: last ? last.refresh_reason : null,
    serviceUrl: serviceUrl(vx, m),
    venueAUrl: venueAUrl(m),
  };
}

// Forecast and signal facts as of an instant (market search `as_of`).
export function forecastFacts(vx, m, until = vx.now) {
  const f = latestForecast(vx, m, until);
  const sigs = signalsOf(vx, m, until);
  return {
    has_forecast: !!f,
    latest_service_probability: f ? f.probability : null,
    forecast_at: f ? iso(f.created_at) : null,
    market_odds_at_forecast: f ? f.market_odds_at_forecast : null,
    has_published_signal: sigs.length > 0,
    published_signal_count: sigs.length,
  };
}

export function linkedMarket(vx, m) {
  const f = latestForecast(vx, m);
  const facts = forecastFacts(vx, m);
  return { ...listItem(vx, m), has_forecast: facts.has_forecast, latest_service_probability: facts.latest_service_probability, thesis: f ? f.thesis : null, forecast_at: facts.forecast_at, market_odds_at_forecast: facts.market_odds_at_forecast, has_published_signal: facts.has_published_signal, published_signal_count: facts.published_signal_count };
}

export function latestMarket(vx, m) {
  return {
    ...routing(vx, m),
    id: m.venue === 'venue_a' ? m.nativeMarketId : null,
    question: m.question ?? undefined,
    condition_id: m.conditionId,
    end_date: iso(m.endMs),
    serviceUrl: serviceUrl(vx, m),
    venueAUrl: venueAUrl(m),
    venue_data: { yes_odds: marketOdds(vx, m), volume_24h: m.volume24h },
    venue_quote: venueQuote(vx, m),
    relationships: relForMarket(vx, m),
  };
}
