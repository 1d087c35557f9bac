/**
 * Checks of venue quotes (spec: Resources / Venue quote; rules QUOTE-*).
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

const LIVE = new Set(['venue_a', 'venue_b']);
const SNAPSHOT = new Set(['venue_a_us', 'venue_c']);
const BOOK = new Set(['midpoint', 'bid', 'ask']);

type Quote = Record<string, unknown>;

/** The per-venue quote rules for one quote of a row on `venue` (QUOTE-001, -002, -004, -005, -008). */
export function checkVenueQuote(quote: unknown, venue: string, path: string): Violation[] {
  if (!quote || typeof quote !== 'object') return [];
  const q = quote as Quote;
  const out: Violation[] = [];
  const method = q.quote_method as string | null;
  const p = q.selected_probability;
  if ((method === null) !== (p === null)) {
    out.push(
      violation(
        'QUOTE-004',
        path + ptr('quote_method'),
        `quote_method ${JSON.stringify(method)} with selected_probability ${JSON.stringify(p)}`,
      ),
    );
  }
  if (LIVE.has(venue)) {
    if (method === 'graph_snapshot') out.push(violation('QUOTE-005', path + ptr('quote_method'), `${venue} row exposes a graph snapshot`));
    else if (method !== null) {
      const isLive = BOOK.has(method) || /last/i.test(method);
      if (!isLive)
        out.push(
          violation(
            'QUOTE-001',
            path + ptr('quote_method'),
            `${venue} quote_method ${JSON.stringify(method)} is not a live book or last-trade method`,
          ),
        );
      if (q.freshness !== 'verified')
        out.push(
          violation(
            'QUOTE-001',
            path + ptr('freshness'),
            `${venue} live quote has freshness ${JSON.stringify(q.freshness)} (must be verified)`,
          ),
        );
    }
  }
  if (SNAPSHOT.has(venue) && method !== null) {
    if (method !== 'graph_snapshot')
      out.push(
        violation('QUOTE-002', path + ptr('quote_method'), `${venue} quote_method ${JSON.stringify(method)} (must be graph_snapshot)`),
      );
    if (q.freshness !== 'stale')
      out.push(
        violation('QUOTE-002', path + ptr('freshness'), `${venue} snapshot freshness ${JSON.stringify(q.freshness)} (must be stale)`),
      );
  }
  if (q.venue !== null && q.venue !== undefined && q.venue !== venue) {
    out.push(violation('QUOTE-008', path + ptr('venue'), `quote venue ${JSON.stringify(q.venue)} on a ${venue} row`, 'warning'));
  }
  return out;
}

/** `odds` (market_odds or yes_odds) equals venue_quote.selected_probability (QUOTE-003). */
export function checkOddsEqualQuote(odds: unknown, quote: unknown, path: string): Violation[] {
  if (!quote || typeof quote !== 'object') return [];
  const p = (quote as Quote).selected_probability;
  return odds === p
    ? []
    : [violation('QUOTE-003', path, `odds ${JSON.stringify(odds)} ≠ venue_quote.selected_probability ${JSON.stringify(p)}`)];
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The quote checks, by name (the name of the function each wraps). */
export const QUOTE_CHECKS = {
  checkVenueQuote: defineCheck('checkVenueQuote', ['QUOTE-001', 'QUOTE-002', 'QUOTE-004', 'QUOTE-005', 'QUOTE-008'], checkVenueQuote),
  checkOddsEqualQuote: defineCheck('checkOddsEqualQuote', ['QUOTE-003'], checkOddsEqualQuote),
};
