// Read-only wallet-addressed positions on the selected venues. The venue
// data source failing makes the route fail closed (502), never partial.
import { invalid } from '../errors.mjs';
import { VENUES } from '../util/validate.mjs';
import { routing, marketOdds } from '../views/market.mjs';
import { iso } from '../util/time.mjs';
import { round } from '../util/rng.mjs';

function prepare(ctx) {
  const owner = ctx.query.str('owner', { required: true, max: 42, pattern: /^0x[0-9a-fA-F]{40}$/, label: 'an EVM address' });
  const venues = ctx.query.csv('venues', { allowed: VENUES, min: 1, max: 4 });
  if (!venues) throw invalid('Parameter venues is required (comma-separated venue keys).');
  return { owner, venues };
}

function portfolio(ctx, p) {
  const vx = ctx.vx;
  const positions = vx.ds.positions.filter((x) => x.owner === p.owner.toLowerCase() && p.venues.includes(x.venue)).map((x) => {
    const m = vx.ds.markets[x.marketIdx];
    const yes = marketOdds(vx, m);
    const mark = yes === null ? null : round(x.outcome === 'YES' ? yes : 1 - yes, 4);
    return { venue: x.venue, market: routing(vx, m), question: m.question, outcome: x.outcome, size: x.size, avg_price: x.avg_price, mark_price: mark, value_usd: mark === null ? null : round(mark * x.size, 2), unrealized_pnl_usd: mark === null ? null : round((mark - x.avg_price) * x.size, 2), updated_at: iso(x.updatedAt) };
  });
  const sum = (k) => round(positions.reduce((s, x) => s + (x[k] ?? 0), 0), 2);
  return { body: { owner: p.owner, venues: p.venues, positions, totals: { position_count: positions.length, value_usd: sum('value_usd'), unrealized_pnl_usd: sum('unrealized_pnl_usd') }, as_of: iso(vx.now) } };
}

export default [
  { method: 'GET', path: '/api/v1/portfolio', operationId: 'getPortfolio', kind: 'paid', credits: 10, scope: 'standard', summary: 'Read-only positions of a wallet on selected venues', prepare, handler: portfolio, faultCodes: { 502: 'upstream_unavailable' } },
];
