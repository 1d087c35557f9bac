// Venue quotes. venue_a and venue_b carry a verified live quote (or null when
// it cannot be verified); venue_a_us and venue_c carry the stored catalog
// snapshot, always stale. Live quotes move per minute, deterministically.
import { round, clamp, hash32 } from '../util/rng.mjs';
import { HOUR } from '../util/time.mjs';

function livePrice(m, now) {
  const bucket = Math.floor(now / 60e3);
  const phase = hash32(m.marketKey) % 97;
  return clamp(m.p0 + 0.015 * Math.sin((bucket + phase) / 23), 0.01, 0.99);
}

export function venueQuote(m, now) {
  if (m.quoteMode === 'none') return null;
  const dp = m.venue === 'venue_b' ? 2 : 3;
  if (m.quoteMode === 'snapshot') {
    const observed = m.updated_at;
    const p = round(m.p0, dp);
    const hasBook = hash32(m.marketKey) % 3 !== 0;
    return {
      schema_version: '1', venue: m.venue, market_id: m.nativeMarketId,
      yes_bid: hasBook ? round(clamp(p - m.spread / 2, 0, 1), dp) : null,
      yes_ask: hasBook ? round(clamp(p + m.spread / 2, 0, 1), dp) : null,
      yes_last: p, selected_probability: p, quote_method: 'graph_snapshot',
      venue_timestamp: new Date(observed - (hash32('ts' + m.marketKey) % 3600) * 1000).toISOString(),
      observed_at: new Date(observed).toISOString(), freshness: 'stale',
    };
  }
  const bucketStart = Math.floor(now / 60e3) * 60e3;
  const mid = livePrice(m, now);
  const bid = round(clamp(mid - m.spread / 2, 0.001, 0.999), dp);
  const ask = round(clamp(mid + m.spread / 2, 0.001, 0.999), dp);
  const last = round(clamp(mid + ((hash32('last' + m.marketKey) % 5) - 2) * 0.004, 0.001, 0.999), dp);
  const method = m.quoteMethod;
  const selected = method === 'bid' ? bid : method === 'ask' ? ask : method === 'last_trade_fresh' ? last : round((bid + ask) / 2, 4);
  const lag = ((hash32('lag' + m.marketKey) % 40) + 1) * 1000;
  return {
    schema_version: '1', venue: m.venue, market_id: m.nativeMarketId,
    yes_bid: bid, yes_ask: ask, yes_last: last, selected_probability: selected, quote_method: method,
    venue_timestamp: new Date(bucketStart - lag - (method === 'last_trade_fresh' ? 2 * 60e3 : 0)).toISOString(),
    observed_at: new Date(bucketStart).toISOString(), freshness: 'verified',
  };
}

/** Market odds always mirror the quote's selected probability. */
export const oddsOf = (q) => (q ? q.selected_probability : null);
export { HOUR };
