/**
 * GET /api/v1/portfolio (spec: Other operations referenced, "read-only wallet-addressed positions
 * selected by a venues parameter"; Errors 502 "the portfolio route fails closed when its venue data
 * source is down"). Parameters and shape are not shown; the stub's choices (PORT-005, PARAM gap on
 * venues): a required `wallet` (0x address, any letter case) and `venues` (comma-separated venue
 * keys, default all four); any caller may read any wallet (PORT-006). A venue-source outage is an
 * injected upstream fault on this route: 502 upstream_unavailable, never billed.
 */
import { getAddress } from 'viem';
import { VENUES, type Venue } from '../params.ts';
import { invalidRequest } from '../errors.ts';
import { iso } from '../present/time.ts';
import type { RouteModule } from '../server.ts';
import { positionsOf } from './positions.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const register: RouteModule = (route) => {
  route('getPortfolio', (req, ctx) => {
    const given = req.query.requiredStr('wallet', { max: 42 });
    if (!ADDRESS.test(given)) throw invalidRequest('wallet must be a 0x-prefixed 20-byte hex address');
    const venues = (req.query.list('venues', { min: 1, max: VENUES.length, allowed: VENUES }) ?? [...VENUES]) as Venue[];
    const wallet = getAddress(given);
    return { body: { as_of: iso(ctx.clock.nowMs()), wallet, venues, positions: positionsOf(ctx.store, wallet, venues) } };
  });
};
