/** Spec "Venue quote (VenueQuoteV1)". */
import type { Market } from '../data/model.ts';
import { selectedProbability } from '../data/quote.ts';
import { isoOrNull } from './time.ts';
import type { VenueQuoteV1 } from './types.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

/** The wire token of a method: last_trade is our token for the fresh last-trade method (gap QUOTE-007; fresh_last on the alternate stub). */
const methodToken = (method: string | undefined): string | null =>
  method === undefined ? null : method === 'last_trade' && alt('QUOTE-007') ? 'fresh_last' : method;

/**
 * The market's venue quote. venue_a / venue_b rows give a verified live quote (midpoint, bid, ask
 * or `last_trade`) or null pricing: every price field and quote_method null, with freshness
 * `unavailable` (a gap: the spec shows only verified and stale). venue_a_us / venue_c rows give
 * quote_method graph_snapshot with freshness stale. selected_probability follows the method
 * (midpoint = (bid + ask) / 2 to 4 dp), and is what market_odds / yes_odds must equal.
 */
/**
 * The venue_quote member of a row: the quote, or null for a venue_b row without pricing on the alternate
 * stub (gap QUOTE-014; its venue_a rows keep the priced-null object, so gaps QUOTE-006 and QUOTE-008 still show).
 */
export function venueQuoteMember(m: Market): VenueQuoteV1 | null {
  return alt('QUOTE-014') && !m.quote && m.venue === 'venue_b' ? null : venueQuote(m);
}

export function venueQuote(m: Market): VenueQuoteV1 {
  const q = m.quote;
  return {
    schema_version: '1',
    // The quote names its market (gap QUOTE-008; the alternate stub leaves both null without pricing).
    venue: alt('QUOTE-008') && !q ? null : m.venue,
    market_id: alt('QUOTE-008') && !q ? null : m.nativeMarketId,
    yes_bid: q?.bid ?? null,
    yes_ask: q?.ask ?? null,
    yes_last: q?.last ?? null,
    selected_probability: selectedProbability(q),
    quote_method: mutant('quote-method-null-priced') && q?.method === 'midpoint' ? null : methodToken(q?.method),
    venue_timestamp: isoOrNull(q?.venueTimestamp),
    observed_at: isoOrNull(q?.observedAt),
    // Null pricing says unavailable (gap QUOTE-006; missing on the alternate stub).
    freshness:
      mutant('quote-us-live') && m.venue === 'venue_a_us' ? 'verified' : (q?.freshness ?? (alt('QUOTE-006') ? 'missing' : 'unavailable')),
  };
}
