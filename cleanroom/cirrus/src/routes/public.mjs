// Free lookups: forecast availability and the pricing sheet.
import { invalid } from '../errors.mjs';
import { byMarketKey, byNative, bySlug, byCondition, venueBEvent, latestForecast } from '../data/query.mjs';
import { withRelationships } from '../views/market.mjs';
import { relForForecast } from '../views/relationships.mjs';
import { VENUES } from '../util/validate.mjs';
import { iso } from '../util/time.mjs';
import { NETWORKS, NETWORK_ORDER } from '../ledger.mjs';
import { MAX_TIMEOUT_SECONDS } from '../x402.mjs';

export const EXCLUSION_MESSAGES = {
  sports: 'Sports outcomes are never forecast.',
  mentions: 'Mention markets are never forecast.',
  crypto_up_down: 'Short-horizon crypto up/down markets (15-minute and hourly settles) are never forecast.',
};

export const generationBody = (m) => ({ kind: 'venue_market', venue: m.venue, market_id: m.nativeMarketId });
export const forecastEndpoint = (m) => (m.venue === 'venue_a' && m.slug ? `/api/v1/markets/${encodeURIComponent(m.slug)}/forecast` : `/api/v1/markets/${encodeURIComponent(m.marketKey)}/forecast`);

function prepareAvailability(ctx) {
  const q = ctx.query;
  const key = q.str('market_key', { max: 512 });
  const id = q.str('market_id', { max: 512 });
  const slug = q.str('slug', { max: 512 });
  const venue = q.venue();
  const n = [key, id, slug].filter((x) => x !== undefined).length;
  if (n !== 1) throw invalid('Supply exactly one of market_key, market_id or slug.');
  if (key !== undefined && venue) throw invalid('market_key already names its venue; do not also give venue.');
  if (id !== undefined && !venue) throw invalid('market_id is venue-native; venue is required with it.');
  if (key !== undefined) {
    const i = key.indexOf(':');
    if (i <= 0 || !VENUES.includes(key.slice(0, i)) || i === key.length - 1) throw invalid('market_key must have the form <venue>:<native id>.');
  }
  return { key, id, slug, venue };
}

function availability(ctx, p) {
  const { ds } = ctx.vx;
  let m = null;
  let ev = null;
  if (p.key !== undefined) {
    m = byMarketKey(ds, p.key);
    if (!m && p.key.startsWith('venue_b:')) ev = venueBEvent(ds, p.key.slice(8));
  } else if (p.id !== undefined) {
    m = byNative(ds, p.venue, p.id) ?? (p.venue === 'venue_a' ? byCondition(ds, p.id) : null);
    if (!m && p.venue === 'venue_b') ev = venueBEvent(ds, p.id);
  } else {
    m = bySlug(ds, p.venue ?? 'venue_a', p.slug) ?? ((p.venue ?? 'venue_a') === 'venue_a' ? byCondition(ds, p.slug) : null);
  }
  let targetResolution = null;
  if (ev) {
    if (ev.children.length === 1) m = ev.children[0];
    else targetResolution = { endpoint: `/api/public/forecast-targets?ref=${encodeURIComponent(ev.ticker)}`, reason: 'venue_event_requires_market', message: `${ev.ticker} is an event with ${ev.children.length} contracts; resolve it and pick one exact child ticker before generating.`, marketCount: ev.children.length };
  }
  const f = m && !m.excluded ? latestForecast(ctx.vx, m) : null;
  const excluded = m?.excluded ? { reason: m.excluded, message: EXCLUSION_MESSAGES[m.excluded] } : null;
  return {
    body: {
      tracked: !!m,
      available: !!f,
      market: m ? withRelationships(ctx.vx, m) : null,
      question: m?.question ?? null,
      latestForecast: f ? { id: f.id, createdAt: iso(f.created_at), relationships: relForForecast(ctx.vx, f) } : null,
      read: f ? { method: 'GET', endpoint: forecastEndpoint(m), paid: true, priceUsd: '0.01' } : null,
      generation: m && !f && !excluded ? { method: 'POST', endpoint: '/api/auth/forecast-requests', authentication: { type: 'api_key', header: 'x-service-api-key' }, idempotencyKeyRequired: true, idempotencyKeyHeader: 'Idempotency-Key', costUsd: '1.00', body: generationBody(m) } : null,
      targetResolution,
      excluded,
    },
  };
}

function pricing(ctx) {
  const ops = ctx.routes.filter((r) => r.kind !== 'meta').map((r) => ({ method: r.method, path: r.path, operationId: r.operationId, priceUsd: ((r.credits ?? 0) / 1000).toFixed(3), credits: r.credits ?? 0, payment: r.kind === 'paid' ? ['api_key', 'x402'] : r.kind === 'key' ? ['api_key'] : [], limitScope: r.scope ?? null }));
  return {
    body: {
      currency: 'USD',
      creditsPerUsd: 1000,
      priceIncrementUsd: '0.005',
      operations: ops,
      x402: {
        x402Version: 2,
        payTo: ctx.cfg.payTo,
        maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
        networks: NETWORK_ORDER.map((n) => ({ scheme: 'exact', network: n, asset: NETWORKS[n].asset, symbol: NETWORKS[n].symbol, decimals: NETWORKS[n].decimals, eip712: { name: NETWORKS[n].name, version: NETWORKS[n].version }, transferMethod: 'eip3009' })),
      },
      apiKeyHeader: 'x-service-api-key',
    },
  };
}

export default [
  { method: 'GET', path: '/api/public/forecast-availability', operationId: 'getForecastAvailability', kind: 'free', summary: 'Whether a stored forecast exists for a market, and how to read or generate one', prepare: prepareAvailability, handler: availability, faultCodes: { 503: 'availability_source_unavailable' } },
  { method: 'GET', path: '/api/public/pricing', operationId: 'getPricing', kind: 'free', summary: 'Prices, credit conversion and x402 networks', handler: pricing },
];
