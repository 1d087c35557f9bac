/**
 * GET /api/v1/portfolio (spec: Other operations referenced, "read-only wallet-addressed positions
 * selected by a venues parameter"; Errors 502 "the portfolio route fails closed when its venue data
 * source is down"). Parameters and shape are not shown; the stub's choices (PORT-005, PARAM gap on
 * venues): a required `wallet` (0x address, any letter case) and `venues` (comma-separated venue
 * keys, default all four); any caller may read any wallet (PORT-006). A venue-source outage is an
 * injected upstream fault on this route: 502 upstream_unavailable, never billed.
 */
import { mutant } from '../mutants.ts';
import { getAddress } from 'viem';
import { VENUES, type Venue } from '../params.ts';
import { invalidRequest } from '../errors.ts';
import { iso } from '../present/time.ts';
import type { RouteModule } from '../server.ts';
import { positionsOf, type Position } from './positions.ts';
import { alt } from '../variant.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const register: RouteModule = (route) => {
  route('getPortfolio', (req, ctx) => {
    // The wallet's parameter name is a choice (PORT-005); the alternate stub serves it as `address`.
    const name = alt('PORT-005') ? 'address' : 'wallet';
    const given = req.query.requiredStr(name, { max: 42 });
    if (!ADDRESS.test(given)) throw invalidRequest(`${name} must be a 0x-prefixed 20-byte hex address`);
    const listed = req.query.list('venues', { min: 1, max: VENUES.length, allowed: VENUES }) as Venue[] | undefined;
    const venues = listed ?? [...VENUES];
    const wallet = getAddress(given);
    // Mutant port-venue-a-us-merged: venue_a and venue_a_us asked together are fetched as venue_a alone (round-6 bug).
    // Mutant port-listed-venue-c-dropped: an explicit list skips venue_c, its echo kept (round-30 bug).
    const fetched =
      mutant('port-venue-a-us-merged') && venues.includes('venue_a')
        ? venues.filter((v) => v !== 'venue_a_us')
        : mutant('port-listed-venue-c-dropped') && listed
          ? venues.filter((v) => v !== 'venue_c')
          : venues;
    const positions = positionsOf(ctx.store, wallet, fetched);
    if (alt('PORT-007'))
      return { body: { address: wallet.toLowerCase(), holdings: positions.map(holding), generated_at: iso(ctx.clock.nowMs()) } };
    return { body: { as_of: iso(ctx.clock.nowMs()), wallet, venues, positions } };
  });
};

/** A position in the alternate stub's shape (gap PORT-007's alternate): other member names, the same content. */
function holding(p: Position): Record<string, unknown> {
  return {
    owner: p.wallet.toLowerCase(),
    platform: p.venue,
    market_key: p.marketKey,
    native_id: p.nativeMarketId,
    title: p.question,
    side: p.outcome.toLowerCase(),
    quantity: p.shares,
    entry_price: p.avg_price,
    price: p.mark_price,
    value_usd: p.value_usd,
    pnl_usd: p.unrealized_pnl_usd,
  };
}
