/**
 * Venue books and the service's quote over them (spec "Venue quote (VenueQuoteV1)"):
 * venue_a / venue_b carry a verified live quote or none; venue_a_us / venue_c a stale graph snapshot.
 */
import type { EpochMs, Quote, QuoteMethod, Venue } from '../model.ts';
import type { Rng } from '../rng.ts';
import { HOUR, MINUTE, clamp, round } from '../rng.ts';

export interface Book {
  bid: number;
  ask: number;
  last: number;
}

/** venue_b trades in cents, venue_a in tenths of a cent. */
const decimals = (venue: Venue): number => (venue === 'venue_a' ? 3 : 2);

export function drawBook(rng: Rng, venue: Venue, p: number): Book {
  const dp = decimals(venue);
  const tick = 10 ** -dp;
  const spread = venue === 'venue_a' ? rng.int(2, 30) * tick : rng.int(1, 4) * tick;
  const bid = round(clamp(p - spread / 2, tick, 1 - tick - spread), dp);
  const ask = round(bid + spread, dp);
  const last = round(clamp(p + rng.between(-0.02, 0.02), tick, 1 - tick), dp);
  return { bid, ask, last };
}

/** Live quote for venue_a / venue_b; null models "pricing unavailable". */
export function drawLiveQuote(rng: Rng, anchor: EpochMs, book: Book, open: boolean): Quote | null {
  const method = rng.weighted<QuoteMethod | null>([
    ['midpoint', 62],
    ['bid', 6],
    ['ask', 6],
    ['last_trade', 14],
    [null, 12],
  ]);
  const bookAge = rng.int(5_000, 600_000);
  const tradeAge = rng.int(30_000, 20 * MINUTE);
  const observeLag = rng.int(0, 4_000);
  if (!open || method === null) return null;
  const venueTimestamp = anchor - (method === 'last_trade' ? tradeAge : bookAge);
  const base = { method, venueTimestamp, observedAt: Math.max(venueTimestamp, anchor - observeLag), freshness: 'verified' as const };
  switch (method) {
    case 'bid':
      // One-sided book: only the bid is quotable.
      return { ...base, bid: book.bid, ask: null, last: book.last };
    case 'ask':
      return { ...base, bid: null, ask: book.ask, last: book.last };
    case 'last_trade':
      // Empty book, fresh trade.
      return { ...base, bid: null, ask: null, last: book.last };
    default:
      return { ...base, bid: book.bid, ask: book.ask, last: book.last };
  }
}

/** Catalog snapshot for venue_a_us / venue_c: always graph_snapshot + stale. */
export function drawSnapshotQuote(rng: Rng, anchor: EpochMs, p: number): Quote {
  const last = round(clamp(p + rng.between(-0.02, 0.02), 0.01, 0.99), 2);
  const withBook = rng.chance(0.5);
  const venueTimestamp = anchor - rng.int(2, 30) * HOUR - rng.int(0, 59) * MINUTE;
  const observedAt = venueTimestamp + rng.int(1, 10) * MINUTE;
  return {
    bid: withBook ? round(Math.max(0.01, last - 0.01), 2) : null,
    ask: withBook ? round(Math.min(0.99, last + 0.01), 2) : null,
    last,
    method: 'graph_snapshot',
    venueTimestamp,
    observedAt,
    freshness: 'stale',
  };
}
