// Serializers for market-shaped objects. All take `at` (request time) so that
// live quotes, counts and visibility are computed for that instant.
import { round, clamp, fnv1a } from '../core/prng.mjs';
import { iso } from '../core/clock.mjs';

const CAP = 50; // each relationships category holds at most 50 refs

export function makeMarketViews(store, cfg) {
  const site = cfg.siteUrl;

  const routing = (m) => ({
    venue: m.venue,
    nativeMarketId: m.nativeId,
    nativeEventId: m.nativeEventId,
    seriesTicker: m.seriesTicker,
    marketKey: m.key,
    serviceMarketId: m.serviceMarketId,
    slug: m.slug,
    marketUrl: m.marketUrl,
    sourceUrl: m.sourceUrl,
    broker_channels: m.broker ? ['broker_a'] : [],
    broker_a_category: m.broker ? m.broker.category : null,
    broker_a_url: m.broker ? m.broker.url : null,
  });

  const serviceUrl = (m, at) => (store.isCovered(m, at) ? `${site}/markets/${encodeURIComponent(m.serviceMarketId)}` : null);
  // Legacy alias: only venue_a rows carry it.
  const venueAUrl = (m) => {
    const isA = cfg.deviations ? m.venue.startsWith('venue_a') : m.venue === 'venue_a'; // DEV-1
    return isA ? m.marketUrl : null;
  };

  // Live books drift slowly with the wall clock; snapshots do not move.
  function quote(m, at) {
    const base = { schema_version: '1', venue: m.venue, market_id: m.nativeId };
    if (m.quoteMode === 'graph_snapshot') {
      const mid = round(m.p, 3);
      const observed = m.createdAt + (fnv1a(m.key) % 40) * 3600_000;
      return { ...base, yes_bid: round(clamp(mid - 0.015, 0, 1), 3), yes_ask: round(clamp(mid + 0.015, 0, 1), 3), yes_last: mid, selected_probability: mid, quote_method: 'graph_snapshot', venue_timestamp: iso(Math.min(observed, at)), observed_at: iso(Math.min(observed + 90_000, at)), freshness: 'stale' };
    }
    if (m.quoteMode === 'none' || !m.active) {
      return { ...base, yes_bid: null, yes_ask: null, yes_last: null, selected_probability: null, quote_method: null, venue_timestamp: null, observed_at: iso(at), freshness: 'unavailable' };
    }
    const tick = m.venue === 'venue_b' ? 100 : 1000;
    const q = (x) => Math.round(clamp(x, 0.01, 0.99) * tick) / tick;
    const drift = 0.012 * Math.sin(at / 1.8e6 + (fnv1a(m.key) % 628) / 100);
    const mid = clamp(m.p + drift, 0.02, 0.98);
    const half = 0.005 + (fnv1a('s' + m.key) % 15) / 1000;
    let bid = q(mid - half), ask = q(mid + half);
    const last = q(mid + ((fnv1a('l' + m.key) % 7) - 3) / 1000);
    let sel;
    switch (m.quoteMode) {
      case 'bid': ask = null; sel = bid; break;
      case 'ask': bid = null; sel = ask; break;
      case 'last_trade_fresh': sel = last; break;
      default: sel = round((bid + ask) / 2, 4);
    }
    const venueTs = at - Math.round(m.quoteSkew * 1000);
    return { ...base, yes_bid: bid, yes_ask: ask, yes_last: last, selected_probability: sel, quote_method: m.quoteMode, venue_timestamp: iso(venueTs), observed_at: iso(at - 1200), freshness: 'verified' };
  }
  const odds = (m, at) => quote(m, at).selected_probability;

  const assetRef = (a, via, direction) => ({ relationship: 'HAS_MARKET', direction, via, id: a.id, assetKey: a.assetKey, name: a.name, ticker: a.ticker, asset_type: a.asset_type });
  const marketRef = (m, relationship, direction, via) => ({ relationship, direction, via, marketKey: m.key, venue: m.venue, nativeMarketId: m.nativeId, question: m.question ?? null });
  const signalRef = (s, relationship, direction, via) => ({ relationship, direction, via, id: s.id, signal_type: 'prediction_market', canonical_endpoint: '/api/v1/signals', side: s.side ?? null, published_at: iso(s.publishedAt) });
  const cap = (list) => ({ items: list.slice(0, CAP), truncated: list.length > CAP });
  const envelope = (assets, markets, signals) => {
    const a = cap(assets), m = cap(markets), s = cap(signals);
    return { assets: a.items, markets: m.items, signals: s.items, truncated: { assets: a.truncated, markets: m.truncated, signals: s.truncated } };
  };

  // Market subject: its assets (direct), sibling markets via those assets, its signals.
  function relMarket(m, at) {
    const assets = store.assetsOfMarket(m);
    const seen = new Set([m.key]);
    const siblings = [];
    for (const a of assets) for (const o of store.activeMarketsOfAsset(a)) {
      if (seen.has(o.key)) continue;
      seen.add(o.key);
      siblings.push(o);
    }
    siblings.sort((x, y) => (x.key < y.key ? -1 : 1));
    return envelope(
      assets.map((a) => assetRef(a, 'direct', 'incoming')),
      siblings.map((o) => marketRef(o, 'HAS_MARKET', 'outgoing', 'asset')),
      store.signalsOf(m.key, at).map((s) => signalRef(s, 'HAS_SIGNAL', 'outgoing', 'direct')),
    );
  }

  // Forecast subject: its market (direct), assets via that market, signals on it.
  function relForecast(f, at) {
    const m = store.market(f.marketKey);
    return envelope(
      store.assetsOfMarket(m).map((a) => assetRef(a, 'market', 'incoming')),
      [marketRef(m, 'ON_MARKET', 'outgoing', 'direct')],
      store.signalsOf(m.key, at).filter((s) => s.forecastId === f.id).map((s) => signalRef(s, 'ON_FORECAST', 'incoming', 'direct')),
    );
  }

  const withRel = (m, at) => ({ ...routing(m), relationships: relMarket(m, at) });

  function listItem(m, at, windowHours = 48) {
    const all = store.forecastsOf(m.key, at);
    const since = at - windowHours * 3600_000;
    const inWin = all.filter((f) => f.createdAt > since);
    const latest = inWin[0] || null;
    const ev = store.evidenceOf(m.key, at);
    const vq = quote(m, at);
    const updated = Math.max(m.updatedAt, all[0]?.createdAt ?? 0, ev[0]?.article.correlatedAt ?? 0);
    return {
      ...routing(m),
      question: m.question ?? null,
      event: { id: m.event.id, title: m.event.title, slug: m.event.slug },
      tags: m.tags,
      categories: m.categories,
      end_date: iso(m.endDate),
      market_odds: vq.selected_probability,
      venue_quote: vq,
      inDispute: m.inDispute,
      clarifications: m.clarifications,
      volume_24h: m.volume24h,
      signal_count: ev.length,
      forecast_count: inWin.length,
      latest_forecast_at: latest ? iso(latest.createdAt) : null,
      market_updated_at: iso(updated),
      latest_forecast_delta: latest ? latest.deltaFromPrior : null,
      latest_forecast_refresh_reason: latest ? latest.refreshReason : null,
      serviceUrl: serviceUrl(m, at),
      venueAUrl: venueAUrl(m),
    };
  }

  // Linked-market / search-row extension: forecast and published-signal facts.
  function forecastFacts(m, at) {
    const f = store.latestForecast(m.key, at);
    const sigs = store.signalsOf(m.key, at);
    return {
      has_forecast: !!f,
      latest_service_probability: f ? f.probability : null,
      thesis: f ? f.thesis : null,
      forecast_at: f ? iso(f.createdAt) : null,
      market_odds_at_forecast: f ? f.oddsAtForecast : null,
      has_published_signal: sigs.length > 0,
      published_signal_count: sigs.length,
    };
  }

  function latestMarket(m, at) {
    const vq = quote(m, at);
    return {
      ...routing(m),
      id: m.serviceMarketId,
      question: m.question ?? undefined,
      condition_id: m.conditionId,
      end_date: iso(m.endDate),
      serviceUrl: serviceUrl(m, at),
      venueAUrl: venueAUrl(m),
      venue_data: { yes_odds: vq.selected_probability, volume_24h: m.volume24h },
      venue_quote: vq,
      relationships: relMarket(m, at),
    };
  }

  return { routing, serviceUrl, venueAUrl, quote, odds, relMarket, relForecast, withRel, listItem, forecastFacts, latestMarket, envelope, marketRef, signalRef };
}
