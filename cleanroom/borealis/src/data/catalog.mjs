// Low-level builders for venue markets and events. The themed generator in
// markets.mjs calls these; derived identity fields (marketKey, serviceMarketId,
// URLs) are computed in one place so every venue follows the same rules.
import { makeRng, sha256Hex, round, clamp } from '../core/prng.mjs';

export const HOSTS = {
  venue_a: 'https://venue-a.example',
  venue_a_us: 'https://us.venue-a.example',
  venue_b: 'https://venue-b.example',
  venue_c: 'https://venue-c.example',
  broker_a: 'https://broker-a.example',
};

export function createCatalog() {
  const markets = [];
  const events = new Map();
  let nextA = 501200;
  let nextUs = 7040;

  function event(spec) {
    const ev = {
      id: spec.id,
      venue: spec.venue,
      ticker: spec.ticker ?? spec.id,
      title: spec.title,
      subtitle: spec.subtitle ?? '',
      slug: spec.slug ?? null,
      category: spec.category ?? 'general',
      tags: spec.tags ?? [],
      mutuallyExclusive: !!spec.mutuallyExclusive,
      seriesTicker: spec.seriesTicker ?? null,
      broker: spec.broker ?? null,
      marketKeys: [],
    };
    if (ev.venue === 'venue_b') {
      const series = (ev.seriesTicker || ev.ticker.split('-')[0]).toLowerCase();
      ev.sourceUrl = `${HOSTS.venue_b}/markets/${series}/${ev.ticker.toLowerCase()}`;
    } else if (ev.venue === 'venue_a') {
      ev.sourceUrl = `${HOSTS.venue_a}/event/${ev.slug}`;
    } else {
      ev.sourceUrl = `${HOSTS[ev.venue]}/events/${encodeURIComponent(ev.id)}`;
    }
    events.set(`${ev.venue}:${ev.id}`, ev);
    return ev;
  }

  // p: the "true" YES level the synthetic book is built around.
  function market(ev, spec) {
    const venue = ev.venue;
    const rng = makeRng('mkt:' + venue + ':' + (spec.nativeId || spec.question));
    let nativeId = spec.nativeId;
    if (!nativeId) {
      if (venue === 'venue_a') nativeId = String(nextA += rng.int(3, 40));
      else if (venue === 'venue_a_us') nativeId = String(nextUs += rng.int(2, 9));
      else if (venue === 'venue_c') nativeId = 'vc' + sha256Hex(spec.question).slice(0, 10);
      else throw new Error('venue_b markets need a ticker');
    }
    const key = `${venue}:${nativeId}`;
    const m = {
      key,
      venue,
      nativeId,
      nativeEventId: venue === 'venue_c' && spec.noEvent ? null : ev.id,
      seriesTicker: venue === 'venue_b' ? (ev.seriesTicker || ev.ticker.split('-')[0]) : null,
      serviceMarketId: venue === 'venue_a' ? nativeId : key,
      slug: spec.slug === undefined ? null : spec.slug,
      conditionId: venue === 'venue_a' ? '0x' + sha256Hex('cond:' + nativeId) : null,
      question: spec.question,
      outcome: spec.outcome ?? null,
      subtitle: spec.subtitle ?? spec.outcome ?? '',
      event: ev,
      tags: [...new Set([...(spec.tags || []), ...ev.tags])],
      categories: spec.categories || [ev.category[0].toUpperCase() + ev.category.slice(1)],
      endDate: spec.endDate,
      createdAt: spec.createdAt,
      updatedAt: spec.updatedAt ?? spec.createdAt,
      volume24h: spec.volume24h === undefined ? round(rng.float(800, 250000), 2) : spec.volume24h,
      openInterest: round(rng.float(2000, 900000), 2),
      strike: spec.strike || { type: 'binary', floor: null, cap: null },
      excluded: spec.excluded || null,
      broker: spec.broker === undefined ? ev.broker : spec.broker,
      inDispute: !!spec.inDispute,
      clarifications: spec.clarifications || null,
      assets: spec.assets || [], // asset keys with a direct HAS_MARKET edge
      affects: spec.affects || [], // inferred AFFECTS edges (never exposed as links)
      p: clamp(spec.p ?? rng.float(0.08, 0.92), 0.01, 0.99),
      quoteMode: spec.quoteMode || pickQuoteMode(venue, rng),
      quoteSkew: rng.float(5, 240), // seconds behind the live clock
    };
    // A market closes by flag or once its end date has passed (the service
    // keeps running on the real clock).
    const listed = spec.active !== false;
    Object.defineProperty(m, 'active', { enumerable: true, get: () => listed && m.endDate > Date.now() });
    Object.defineProperty(m, 'status', { enumerable: true, get: () => (m.active ? 'open' : 'closed') });
    m.marketUrl = marketUrl(m);
    m.sourceUrl = sourceUrl(m);
    ev.marketKeys.push(key);
    markets.push(m);
    return m;
  }

  return { markets, events, event, market };
}

function pickQuoteMode(venue, rng) {
  if (venue === 'venue_a_us' || venue === 'venue_c') return 'graph_snapshot';
  const r = rng.next();
  if (r < 0.08) return 'none'; // no live book: pricing unavailable
  if (r < 0.62) return 'midpoint';
  if (r < 0.72) return 'bid';
  if (r < 0.80) return 'ask';
  return 'last_trade_fresh';
}

function marketUrl(m) {
  switch (m.venue) {
    case 'venue_a': return `${HOSTS.venue_a}/event/${m.event.slug}/${m.slug}`;
    case 'venue_a_us': return m.slug ? `${HOSTS.venue_a_us}/market/${m.slug}` : null;
    case 'venue_b': return `${HOSTS.venue_b}/markets/${m.seriesTicker.toLowerCase()}/${m.event.ticker.toLowerCase()}#${m.nativeId}`;
    default: return m.slug ? `${HOSTS.venue_c}/q/${m.slug}` : null;
  }
}

function sourceUrl(m) {
  switch (m.venue) {
    case 'venue_a': return `https://api.venue-a.example/markets/${m.nativeId}`;
    case 'venue_a_us': return `https://api.us.venue-a.example/v1/markets/${m.nativeId}`;
    case 'venue_b': return `https://api.venue-b.example/trade-api/v2/markets/${m.nativeId}`;
    default: return `https://api.venue-c.example/questions/${m.nativeId}`;
  }
}

export const slugify = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 90);

// Logistic ladder for strike markets: P(price above strike).
export const aboveProb = (spot, strike, scale) => clamp(1 / (1 + Math.exp((strike - spot) / scale)), 0.02, 0.98);
