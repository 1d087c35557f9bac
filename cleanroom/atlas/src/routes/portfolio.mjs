// Read-only wallet positions on the selected venues. Fails closed (502)
// when any selected venue's data source is down.
import { ApiError, invalid } from '../util/http.mjs';
import { VENUES } from '../util/params.mjs';
import { getAddress } from 'viem';
import { routing } from '../domain/views.mjs';
import { venueQuote, oddsOf } from '../domain/quotes.mjs';
import { rngFor, round } from '../util/rng.mjs';
import { iso } from '../util/time.mjs';

function validate({ query: q }) {
  const address = q.str('address', { max: 42, required: true, pattern: /^0x[0-9a-fA-F]{40}$/, label: '0x-prefixed 20-byte address' });
  const venues = q.list('venues', { min: 1, max: 4, allowed: VENUES });
  if (!venues) throw invalid("Parameter 'venues' is required (comma-separated venue keys).");
  return { address: getAddress(address.toLowerCase()), venues };
}

function handle(p, ctx) {
  const down = p.venues.filter((v) => ctx.config.outages.has(v) || ctx.config.outages.has('portfolio'));
  if (down.length) throw new ApiError(502, 'upstream_unavailable', `Position data for ${down.join(', ')} is unavailable; the portfolio is not returned partially.`);
  const r = rngFor('portfolio:' + p.address.toLowerCase());
  const pool = ctx.store.markets.filter((m) => m.status === 'active' && !m.excluded);
  const n = r.chance(0.15) ? 0 : r.int(4, 10);
  const positions = [];
  const seen = new Set();
  for (let i = 0; i < n; i++) {
    const m = r.pick(pool);
    if (seen.has(m.marketKey)) continue;
    seen.add(m.marketKey);
    const outcome = r.chance(0.6) ? 'yes' : 'no';
    const shares = round(r.float(5, 2500), 2);
    const avg = round(r.float(0.05, 0.95), 3);
    if (!p.venues.includes(m.venue)) continue;
    const yes = oddsOf(venueQuote(m, ctx.now));
    const mark = yes === null ? null : round(outcome === 'yes' ? yes : 1 - yes, 4);
    positions.push({
      venue: m.venue, market: routing(m), question: m.question, outcome, shares, avg_price: avg, mark_price: mark,
      value_usd: mark === null ? null : round(shares * mark, 2), unrealized_pnl_usd: mark === null ? null : round(shares * (mark - avg), 2),
    });
  }
  const sum = (f) => round(positions.reduce((t, x) => t + (x[f] ?? 0), 0), 2);
  return {
    body: {
      address: p.address, venues: p.venues, as_of: iso(ctx.now), positions,
      totals: { position_count: positions.length, value_usd: sum('value_usd'), unrealized_pnl_usd: sum('unrealized_pnl_usd') },
      sources: p.venues.map((v) => ({ venue: v, status: 'ok' })),
    },
  };
}

export const portfolioRoutes = [
  { method: 'GET', path: '/api/v1/portfolio', kind: 'paid', price: 5, scope: 'standard', latency: 60, summary: 'Wallet positions by venue', validate, handle },
];
