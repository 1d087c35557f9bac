// Free lookups under /api/public: forecast availability, forecast-target
// resolution and pricing metadata. No authentication, IP guard only.
import { ApiError, invalid } from '../util/http.mjs';
import { venueParam } from '../util/params.mjs';
import { isMarketKeyShape, byMarketKey } from '../domain/lookup.mjs';
import { exclusionOf } from '../domain/topics.mjs';
import { withRelationships, forecastRelationships } from '../domain/views.mjs';
import { latestForecast } from '../data/store.mjs';
import { iso } from '../util/time.mjs';
import { openChildren, childMarket, generationBody, parseTargetRef } from '../domain/targets.mjs';

export const IDEMPOTENCY_HEADER = 'X-Idempotency-Key';

export function readEndpoint(m) {
  if (!m.slug) return `/api/v1/markets/${encodeURIComponent(m.marketKey)}/forecast`;
  return `/api/v1/markets/${encodeURIComponent(m.slug)}/forecast${m.venue === 'venue_a' ? '' : `?venue=${m.venue}`}`;
}

export function generationObject(m) {
  return {
    method: 'POST', endpoint: '/api/auth/forecast-requests', authenticationHeader: 'x-service-api-key',
    idempotencyKeyRequired: true, idempotencyKeyHeader: IDEMPOTENCY_HEADER, body: generationBody(m), priceUsd: '1.00',
  };
}

function availabilityValidate({ query: q }) {
  const market_key = q.str('market_key', { max: 512 });
  const market_id = q.str('market_id', { max: 512 });
  const slug = q.str('slug', { max: 512 });
  const venue = venueParam(q);
  const given = [market_key, market_id, slug].filter((x) => x !== undefined).length;
  if (given !== 1) throw invalid('Supply exactly one of market_key, market_id or slug.');
  if (market_key !== undefined && venue) throw invalid("market_key already names its venue; do not also give 'venue'.");
  if (market_id !== undefined && !venue) throw invalid("market_id is venue-native; 'venue' is required with it.");
  if (market_key !== undefined && !isMarketKeyShape(market_key)) throw invalid('market_key must have the form <venue>:<native id>.');
  return { market_key, market_id, slug, venue };
}

function emptyAvailability() {
  return { tracked: false, available: false, market: null, question: null, latestForecast: null, read: null, generation: null, targetResolution: null, excluded: null };
}

function availabilityHandle(p, ctx) {
  if (ctx.config.outages.has('availability')) throw new ApiError(503, 'availability_unavailable', 'The availability source is unavailable; retry later.');
  const s = ctx.store;
  let m = null;
  let eventTicker = null;
  if (p.market_key !== undefined) {
    m = byMarketKey(s, p.market_key);
    if (!m && p.market_key.startsWith('venue_b:')) eventTicker = p.market_key.slice(8);
  } else if (p.market_id !== undefined) {
    m = s.byNative.get(p.venue).get(p.market_id) || null;
    if (!m && p.venue === 'venue_b') eventTicker = p.market_id;
  } else {
    const ns = p.venue || 'venue_a';
    m = s.bySlug.get(ns).get(p.slug) || null;
    if (!m && ns === 'venue_b') eventTicker = p.slug.toUpperCase();
  }
  const out = emptyAvailability();
  if (!m) {
    const ev = eventTicker ? s.eventsByTicker.get(eventTicker) : null;
    if (ev) {
      const kids = openChildren(s, ev);
      if (kids.length > 0) {
        out.question = ev.title;
        out.targetResolution = {
          endpoint: `/api/public/forecast-targets?ref=${encodeURIComponent(ev.ticker)}`, reason: 'venue_event_requires_market',
          message: `${ev.ticker} is a multi-contract event; resolve it and choose one exact child ticker before generation.`, marketCount: kids.length,
        };
        if (ev.excluded) out.excluded = exclusionOf({ excluded: ev.excluded });
      }
    }
    return { body: out };
  }
  const f = latestForecast(s, m.marketKey, ctx.now);
  const ex = exclusionOf(m);
  out.tracked = true;
  out.available = !!f;
  out.market = withRelationships(s, m);
  out.question = m.question;
  out.latestForecast = f ? { id: f.id, createdAt: iso(f.created_at), relationships: forecastRelationships(s, f) } : null;
  out.read = f ? { method: 'GET', endpoint: readEndpoint(m), paid: true, priceUsd: '0.01' } : null;
  out.generation = !f && !ex ? generationObject(m) : null;
  out.excluded = ex;
  return { body: out };
}

function targetsValidate({ query: q }) {
  return { ref: q.str('ref', { max: 2048, required: true }) };
}

function targetsHandle(p, ctx) {
  if (ctx.config.outages.has('targets')) throw new ApiError(503, 'target_resolution_unavailable', 'Venue resolution is unavailable; retry later.');
  const s = ctx.store;
  const parsed = parseTargetRef(p.ref);
  let ev = null;
  let child = null;
  if (parsed.venue === 'venue_b') {
    ev = s.eventsByTicker.get(parsed.ticker) || null;
    if (!ev) {
      child = s.byNative.get('venue_b').get(parsed.ticker) || null;
      if (child) ev = s.eventsByTicker.get(child.nativeEventId);
    }
  } else {
    if (parsed.marketId) child = s.byNative.get('venue_a').get(parsed.marketId) || null;
    if (parsed.marketSlug) child = s.bySlug.get('venue_a').get(parsed.marketSlug) || null;
    if (child) ev = s.eventsBySlug.get(child.event.slug) || null;
    else if (parsed.eventSlug && !parsed.marketSlug) ev = s.eventsBySlug.get(parsed.eventSlug) || null;
    if (child && parsed.eventSlug && child.event.slug !== parsed.eventSlug) {
      child = null;
      ev = null;
    }
  }
  if (!ev) throw new ApiError(404, 'not_found', 'No venue event or market matches this reference.', { ticker: p.ref });
  if (ev.excluded) throw new ApiError(422, 'forecast_topic_excluded', exclusionOf({ excluded: ev.excluded }).message, { reason: ev.excluded });
  const kids = openChildren(s, ev);
  if (child && child.status !== 'active') throw invalid('That contract is no longer open; choose an open child market.');
  if (kids.length === 0) throw new ApiError(404, 'not_found', 'The event has no open contracts.', { ticker: p.ref });
  const children = kids.map((m) => childMarket(ctx, m));
  const body = {
    input: p.ref, venue: ev.venue, targetType: child ? 'market' : 'event', selectionRequired: !child,
    event: { ticker: ev.ticker, title: ev.title, subtitle: ev.subtitle, category: ev.category, mutuallyExclusive: ev.mutuallyExclusive, sourceUrl: ev.sourceUrl },
  };
  if (child) body.selectedMarket = childMarket(ctx, child);
  body.markets = children;
  if (child) body.generation = generationBody(child);
  body.allContracts = { marketCount: kids.length, estimatedCostUsd: (kids.length * 1).toFixed(2), requests: kids.map(generationBody) };
  return { body };
}

function pricingHandle(p, ctx) {
  const ops = ctx.routes.filter((r) => !r.hidden).map((r) => ({
    method: r.method, path: r.path.replace(/:(\w+)/g, '{$1}'),
    billing: r.kind === 'paid' || (r.kind === 'key' && r.price) ? 'per_call' : 'free',
    priceUsd: r.price ? (r.price / 1000).toFixed(3) : '0.000', credits: r.price || 0,
    authentication: r.kind === 'paid' ? ['x-service-api-key', 'x402'] : r.kind === 'key' ? ['x-service-api-key'] : r.kind === 'special' ? ['x402'] : [],
    limitScope: r.scope || (r.kind === 'public' ? 'ip' : null),
  }));
  return {
    body: {
      currency: 'USD', creditsPerUsd: 1000, priceIncrementUsd: '0.005', operations: ops,
      x402: ctx.x402Info(),
      limits: ctx.limitsInfo(),
    },
  };
}

export const publicRoutes = [
  { method: 'GET', path: '/api/public/forecast-availability', kind: 'public', summary: 'Forecast availability', validate: availabilityValidate, handle: availabilityHandle },
  { method: 'GET', path: '/api/public/forecast-targets', kind: 'public', summary: 'Forecast-target resolution', validate: targetsValidate, handle: targetsHandle },
  { method: 'GET', path: '/api/public/pricing', kind: 'public', summary: 'Pricing, billing and network metadata', handle: pricingHandle },
];
