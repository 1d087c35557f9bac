/** The probability a quote selects (spec "Venue quote (VenueQuoteV1)", rule 3). */
import type { Quote } from './model.ts';
import { round } from './rng.ts';

/** (bid + ask) / 2 rounded to 4 dp; null unless both sides are quoted. */
const midpoint = (q: Quote): number | null => (q.bid !== null && q.ask !== null ? round((q.bid + q.ask) / 2, 4) : null);

/**
 * Consistent with the quote's method: midpoint = (bid + ask) / 2 rounded to 4 dp, bid, ask, the
 * fresh last trade, or the snapshot's last price. Null when pricing is unavailable. Shared by the
 * generator (odds at forecast time) and the presenters (market_odds, selected_probability).
 */
export function selectedProbability(q: Quote | null): number | null {
  if (!q) return null;
  switch (q.method) {
    case 'midpoint':
      return midpoint(q);
    case 'bid':
      return q.bid;
    case 'ask':
      return q.ask;
    case 'last_trade':
      return q.last;
    case 'graph_snapshot':
      return q.last ?? midpoint(q);
  }
}
