// Free lookups: forecast availability, forecast-target resolution, pricing.
import { invalid, unavailable } from '../http/errors.mjs';
import { str, venue as venueParam } from '../http/params.mjs';
import { iso } from '../core/clock.mjs';
import { parseMarketKey, resolveNative, readPath, EXCLUSION_MESSAGES } from './resolve.mjs';
import { targetRoute } from './targets.mjs';

export function publicRoutes(d) {
  const { store, mv, cfg } = d;

  function availability(ctx) {
    const q = ctx.query;
    const marketKey = str(q, 'market_key', { max: 512 });
    const marketId = str(q, 'market_id', { max: 512 });
    const slug = str(q, 'slug', { max: 512 });
    const venue = venueParam(q);
    const given = [marketKey, marketId, slug].filter((x) => x !== undefined).length;
    if (given !== 1) throw invalid('Give exactly one of market_key, market_id or slug.');
    if (marketKey !== undefined && venue) throw invalid('market_key already names its venue; do not also give venue.', { parameter: 'venue' });
    if (marketId !== undefined && !venue) throw invalid('market_id needs a venue.', { parameter: 'venue' });
    if (cfg.outages.has('availability')) throw unavailable('availability_unavailable', 'The availability source is unavailable.');

    let m = null;
    let ev = null;
    if (marketKey !== undefined) {
      const k = parseMarketKey(marketKey);
      if (!k) throw invalid('market_key must look like <venue>:<native id>.', { parameter: 'market_key' });
      m = resolveNative(store, k.venue, k.nativeId);
      if (!m && k.venue === 'venue_b') ev = store.eventByTicker('venue_b', k.nativeId);
    } else if (marketId !== undefined) {
      m = resolveNative(store, venue, marketId);
      if (!m && venue === 'venue_b') ev = store.eventByTicker('venue_b', marketId);
    } else {
      m = store.bySlug(venue || 'venue_a', slug);
    }
    // A single-contract venue_b event resolves straight to its only market.
    if (ev && ev.marketKeys.length === 1) { m = store.market(ev.marketKeys[0]); ev = null; }

    const at = ctx.at;
    const latest = m && !m.excluded ? store.latestForecast(m.key, at) : null;
    const openChildren = ev ? ev.marketKeys.map((k) => store.market(k)).filter((x) => x.active) : [];
    const body = {
      tracked: !!m,
      available: !!latest,
      market: m ? mv.withRel(m, at) : null,
      question: m ? m.question ?? null : null,
      latestForecast: latest ? { id: latest.id, createdAt: iso(latest.createdAt), relationships: mv.relForecast(latest, at) } : null,
      read: latest ? { method: 'GET', endpoint: readPath(m), paid: true, price_usd: '0.01' } : null,
      generation: m && !latest && !m.excluded && m.active ? {
        method: 'POST', endpoint: '/api/auth/forecast-requests',
        authentication: { header: 'x-service-api-key' },
        idempotencyKeyRequired: true, idempotencyKeyHeader: 'Idempotency-Token', price_usd: '1.00',
        body: { kind: 'venue_market', venue: m.venue, market_id: m.nativeId },
      } : null,
      targetResolution: ev && ev.marketKeys.length > 1 && openChildren.length > 0 ? {
        endpoint: `/api/public/forecast-targets?ref=${encodeURIComponent(ev.ticker)}`,
        reason: 'venue_event_requires_market',
        message: `${ev.ticker} is an event with ${openChildren.length} open contracts; resolve it and pick one exact child ticker before generation.`,
        marketCount: openChildren.length,
      } : null,
      excluded: m && m.excluded ? { reason: m.excluded, message: EXCLUSION_MESSAGES[m.excluded] } : null,
    };
    return { body };
  }

  function pricing(ctx) {
    const routes = d.routes.filter((r) => r.price || r.auth === 'free' || r.auth === 'key');
    return {
      body: {
        currency: 'USD', credits_per_usd: 1000, credit_value_usd: '0.001', price_increment_usd: '0.005',
        starting_credits: cfg.accountCredits,
        routes: routes.map((r) => ({ operation: r.id, method: r.method, path: r.path, price_usd: r.price ? (r.price / 1000).toFixed(3) : '0.000', credits: r.price || 0, auth: r.auth, limit_scope: r.scope || null })),
        x402: { x402Version: 2, payTo: d.x402.payTo, networks: d.x402.networks.map((n) => ({ scheme: 'exact', network: n.network, asset: n.asset, decimals: n.decimals, eip712: { name: n.name, version: n.version }, transfer_method: 'eip3009' })) },
        as_of: iso(ctx.at),
      },
    };
  }

  return [
    { id: 'getForecastAvailability', method: 'GET', path: '/api/public/forecast-availability', auth: 'free', summary: 'Forecast availability for one market identity', handler: availability },
    targetRoute(d),
    { id: 'getPricing', method: 'GET', path: '/api/public/pricing', auth: 'free', summary: 'Route prices, credit value and x402 networks', handler: pricing },
  ];
}
