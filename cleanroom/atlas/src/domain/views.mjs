// Serializers: every response shape that more than one route shares. Field
// order follows the contract's tables so answers read the same everywhere.
import { venueQuote, oddsOf } from './quotes.mjs';
import { latestForecast } from '../data/store.mjs';
import { iso, HOUR } from '../util/time.mjs';

export const REL_CAP = 50;

export function routing(m) {
  return {
    venue: m.venue, nativeMarketId: m.nativeMarketId, nativeEventId: m.nativeEventId, seriesTicker: m.seriesTicker,
    marketKey: m.marketKey, serviceMarketId: m.serviceMarketId, slug: m.slug, marketUrl: m.marketUrl, sourceUrl: m.sourceUrl,
    broker_channels: [...m.broker_channels], broker_a_category: m.broker_a_category, broker_a_url: m.broker_a_url,
  };
}

/** A market has a page on the site once it has any forecast or published signal. */
export function isCovered(s, m) {
  return !m.excluded && ((s.forecastsByMarket.get(m.marketKey) || []).length > 0 || (s.signalsByMarket.get(m.marketKey) || []).length > 0);
}
export const serviceUrl = (ctx, m) => (isCovered(ctx.store, m) ? `${ctx.config.siteUrl}/markets/${encodeURIComponent(m.serviceMarketId)}` : null);
export const venueAUrl = (m) => (m.venue === 'venue_a' ? m.marketUrl : null);

const assetRef = (a, relationship, direction, via) => ({
  relationship, direction, via, id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type,
});
const marketRef = (m, relationship, direction, via) => ({
  relationship, direction, via, marketKey: m.marketKey, venue: m.venue, nativeMarketId: m.nativeMarketId, question: m.question,
});
const signalRef = (sg, relationship, direction, via) => ({
  relationship, direction, via, id: sg.id, signal_type: 'prediction_market', canonical_endpoint: '/api/v1/signals',
  side: sg.side ?? null, published_at: iso(sg.published_at),
});

function capped(assets, markets, signals) {
  return {
    assets: assets.slice(0, REL_CAP), markets: markets.slice(0, REL_CAP), signals: signals.slice(0, REL_CAP),
    truncated: { assets: assets.length > REL_CAP, markets: markets.length > REL_CAP, signals: signals.length > REL_CAP },
  };
}

/** Envelope around a market: its assets (direct), sibling markets through an asset, its signals. */
export function marketRelationships(s, m) {
  const assetIds = s.assetsOfMarket.get(m.marketKey) || [];
  const assets = assetIds.map((id) => assetRef(s.assetById.get(id), 'HAS_MARKET', 'incoming', 'direct'));
  const seen = new Set([m.marketKey]);
  const markets = [];
  for (const id of assetIds) {
    for (const k of s.hasMarket.get(id) || []) {
      if (seen.has(k)) continue;
      seen.add(k);
      markets.push(marketRef(s.byKey.get(k), 'HAS_MARKET', 'outgoing', 'asset'));
    }
  }
  const signals = (s.signalsByMarket.get(m.marketKey) || []).map((sg) => signalRef(sg, 'ON_MARKET', 'incoming', 'direct'));
  return capped(assets, markets, signals);
}

/** Envelope around a forecast: its market (direct), that market's assets (via market), signals built on it. */
export function forecastRelationships(s, f) {
  const m = s.byKey.get(f.marketKey);
  const markets = m ? [marketRef(m, 'ON_MARKET', 'outgoing', 'direct')] : [];
  const assets = (s.assetsOfMarket.get(f.marketKey) || []).map((id) => assetRef(s.assetById.get(id), 'HAS_MARKET', 'incoming', 'market'));
  const signals = (s.signalsByForecast.get(f.id) || []).map((sg) => signalRef(sg, 'ON_FORECAST', 'incoming', 'direct'));
  return capped(assets, markets, signals);
}

/** Envelope around the oil reading: the WTI asset and its markets through it. */
export function readingRelationships(s) {
  const a = s.assetByKey.get('crude-wti');
  const markets = (s.hasMarket.get(a.id) || []).map((k) => s.byKey.get(k)).filter((m) => m.status === 'active')
    .map((m) => marketRef(m, 'HAS_MARKET', 'outgoing', 'asset'));
  return capped([assetRef(a, 'HAS_SIGNAL', 'incoming', 'direct')], markets, []);
}

export const withRelationships = (s, m) => ({ ...routing(m), relationships: marketRelationships(s, m) });

const uniq = (arr) => [...new Set(arr)];

/** GET /api/v1/markets row. maxAgeH windows forecast_count and latest_forecast_at. */
export function marketListItem(ctx, m, { maxAgeH = 48, quote } = {}) {
  const s = ctx.store;
  const q = quote === undefined ? venueQuote(m, ctx.now) : quote;
  const since = ctx.now - maxAgeH * HOUR;
  const inWin = (s.forecastsByMarket.get(m.marketKey) || []).filter((f) => f.created_at >= since && f.created_at <= ctx.now);
  const last = inWin[inWin.length - 1] || null;
  return {
    ...routing(m),
    question: m.question,
    event: { ...m.event },
    tags: uniq([...m.eventTags, ...m.tags]),
    categories: uniq([...m.eventCategories, ...m.categories]),
    end_date: iso(m.end_date),
    market_odds: oddsOf(q),
    venue_quote: q,
    inDispute: m.inDispute,
    clarifications: m.clarifications ? m.clarifications.map((c) => ({ ...c })) : null,
    volume_24h: m.volume_24h,
    signal_count: (s.signalsByMarket.get(m.marketKey) || []).length,
    forecast_count: inWin.length,
    latest_forecast_at: last ? iso(last.created_at) : null,
    market_updated_at: iso(Math.max(m.updated_at, last ? last.created_at : 0)),
    latest_forecast_delta: last ? last.delta_from_prior : null,
    latest_forecast_refresh_reason: last ? last.refresh_reason : null,
    serviceUrl: serviceUrl(ctx, m),
    venueAUrl: venueAUrl(m),
  };
}

/** Market list item plus forecast/signal hydration (asset search, market search). */
export function linkedMarket(ctx, m, { asOf } = {}) {
  const s = ctx.store;
  const base = marketListItem(ctx, m);
  const f = latestForecast(s, m.marketKey, asOf ?? ctx.now);
  const sigs = (s.signalsByMarket.get(m.marketKey) || []).filter((x) => x.published_at <= (asOf ?? ctx.now));
  return {
    ...base,
    has_forecast: !!f,
    latest_service_probability: f ? f.probability : null,
    thesis: f ? f.thesis : null,
    forecast_at: f ? iso(f.created_at) : null,
    market_odds_at_forecast: f ? f.market_odds_at_forecast : null,
    has_published_signal: sigs.length > 0,
    published_signal_count: sigs.length,
  };
}

/** The latest feed's market object. */
export function latestMarket(ctx, m) {
  const q = venueQuote(m, ctx.now);
  let yesOdds = oddsOf(q);
  // DEVIATION D3: for midpoint-priced live quotes the feed reads the last trade.
  if (ctx.config.deviations && q && q.quote_method === 'midpoint' && q.freshness === 'verified') yesOdds = q.yes_last;
  const out = { ...routing(m), id: m.venue === 'venue_a' ? m.nativeMarketId : null };
  if (m.question !== null) out.question = m.question;
  Object.assign(out, {
    condition_id: m.conditionId, end_date: iso(m.end_date), serviceUrl: serviceUrl(ctx, m), venueAUrl: venueAUrl(m),
    venue_data: { yes_odds: yesOdds, volume_24h: m.volume_24h }, venue_quote: q, relationships: marketRelationships(ctx.store, m),
  });
  return out;
}

export function compactForecast(ctx, f) {
  const m = ctx.store.byKey.get(f.marketKey);
  return {
    venue: m ? m.venue : null, market: m ? routing(m) : null, id: f.id, probability: f.probability, created_at: iso(f.created_at),
    headline: f.headline, thesis: f.thesis,
    resolution_pathway: { ...f.resolution_pathway, deadline: iso(f.resolution_pathway.deadline) },
    delta_from_prior: f.delta_from_prior, delta_reasoning: f.delta_reasoning, refresh_reason: f.refresh_reason,
    relationships: forecastRelationships(ctx.store, f),
  };
}

/** The paid forecast read's full forecast. */
export function fullForecast(ctx, f) {
  const s = ctx.store;
  const arts = new Map((s.articlesByMarket.get(f.marketKey) || []).map((a) => [a.id, a]));
  const sources = f.citationIds.map((id) => arts.get(id)).filter(Boolean)
    .map((a) => ({ id: a.id, title: a.title, url: a.url, source_name: a.source, published_at: iso(a.published_at) }));
  return {
    id: f.id, probability: f.probability, created_at: iso(f.created_at), headline: f.headline, bluf: f.bluf, thesis: f.thesis,
    reasoning: f.reasoning, reasoning_summary: f.reasoningSummary, sources,
    uncertainty: { ...f.uncertainty },
    resolution_pathway: { ...f.resolution_pathway, deadline: iso(f.resolution_pathway.deadline) },
    market_odds_at_forecast: f.market_odds_at_forecast, delta_from_prior: f.delta_from_prior, delta_reasoning: f.delta_reasoning,
    refresh_reason: f.refresh_reason,
    drawdown_risk_72h: { ...f.drawdown_risk_72h, anchored_at: iso(f.created_at) },
    crash_risk: { ...f.drawdown_risk_72h, anchored_at: iso(f.created_at) },
    relationships: forecastRelationships(s, f),
  };
}

/** ForecastRequestForecast (job result view). */
export function jobForecast(ctx, f) {
  const m = ctx.store.byKey.get(f.marketKey);
  return {
    id: f.id, question: m ? m.question : null, probability: f.probability, createdAt: iso(f.created_at), headline: f.headline,
    bluf: f.bluf, thesis: f.thesis, reasoningSummary: f.reasoningSummary, citationCount: f.citationIds.length,
    relationships: forecastRelationships(ctx.store, f),
  };
}
