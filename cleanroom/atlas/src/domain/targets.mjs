// Forecast-target resolution helpers: parsing the accepted reference forms
// and building child-market rows and generation bodies.
import { invalid } from '../util/http.mjs';
import { venueQuote } from './quotes.mjs';
import { iso } from '../util/time.mjs';

export const generationBody = (m) => ({ kind: 'venue_market', venue: m.venue, market_id: m.nativeMarketId });

export const openChildren = (s, ev) => ev.marketKeys.map((k) => s.byKey.get(k)).filter((m) => m.status === 'active');

export function childMarket(ctx, m) {
  const q = venueQuote(m, ctx.now);
  const row = {
    ticker: m.nativeMarketId, eventTicker: m.venue === 'venue_b' ? m.nativeEventId : m.event.slug,
    title: m.venue === 'venue_b' ? m.childTitle : m.question, subtitle: m.venue === 'venue_b' ? m.childSubtitle : m.outcomeLabel,
    strikeType: m.strikeType, floorStrike: m.floorStrike, capStrike: m.capStrike,
    yesBid: q ? q.yes_bid : null, yesAsk: q ? q.yes_ask : null, lastPrice: q ? q.yes_last : null,
    volume24h: m.volume_24h, openInterest: m.openInterest, status: m.status === 'active' ? 'open' : 'closed', closeTime: iso(m.end_date),
    generation: { costUsd: '1.00', body: generationBody(m) },
  };
  if (m.venue === 'venue_a') Object.assign(row, { question: m.question, outcomeLabel: m.outcomeLabel, marketId: m.nativeMarketId });
  return row;
}

const safeDecode = (x) => {
  try {
    return decodeURIComponent(x);
  } catch {
    throw invalid('The reference URL contains a malformed percent-encoding.');
  }
};

/** Returns { venue:'venue_b', ticker } or { venue:'venue_a', eventSlug?, marketSlug?, marketId? }. */
export function parseTargetRef(ref) {
  const r = ref.trim();
  if (/^https?:\/\//i.test(r)) {
    let u;
    try {
      u = new URL(r);
    } catch {
      throw invalid('The reference is not a valid URL.');
    }
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const segs = u.pathname.split('/').filter(Boolean).map(safeDecode);
    if (host === 'venue-b.example') {
      if (segs.length < 2 || !['markets', 'events'].includes(segs[0])) throw invalid('Unsupported venue_b URL; use a public daily-event page URL.');
      return { venue: 'venue_b', ticker: segs[segs.length - 1].toUpperCase() };
    }
    if (host === 'venue-a.example') {
      if (segs[0] === 'event' && (segs.length === 2 || segs.length === 3)) return { venue: 'venue_a', eventSlug: segs[1], marketSlug: segs[2] };
      if (segs[0] === 'market' && segs.length === 2) return { venue: 'venue_a', marketSlug: segs[1] };
      throw invalid('Unsupported venue_a URL; use /event/{slug}, /event/{slug}/{market-slug} or /market/{slug}.');
    }
    throw invalid('Only venue_b daily-event URLs and venue_a browser URLs are supported.');
  }
  const colon = r.indexOf(':');
  if (colon !== -1) {
    const prefix = r.slice(0, colon);
    const rest = r.slice(colon + 1);
    if (prefix === 'venue_b' && /^[A-Za-z0-9._-]{1,512}$/.test(rest)) return { venue: 'venue_b', ticker: rest.toUpperCase() };
    if (prefix === 'venue_a' && /^\d{1,20}$/.test(rest)) return { venue: 'venue_a', marketId: rest };
    throw invalid('Only marketKey references with the venue_b: or venue_a: prefix are supported.');
  }
  if (!/^[A-Za-z0-9._-]{1,512}$/.test(r)) throw invalid('The reference is not a recognised ticker, marketKey or URL.');
  return { venue: 'venue_b', ticker: r.toUpperCase() };
}
