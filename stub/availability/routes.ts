/**
 * GET /api/public/forecast-availability (getForecastAvailability, free): whether a market identity
 * is tracked, whether a stored forecast exists, and what to call next (paid read, generation body,
 * or target resolution of a multi-contract venue_b event). Rules AVAIL-* and TOPIC-*.
 *
 * Gap choices (contract/rules/availability.yaml): read.endpoint form (AVAIL-032), targetResolution
 * endpoint and message (AVAIL-033), untracked identities (AVAIL-034, -035, -040), event identifiers
 * (AVAIL-036, -037, -038).
 */
import type { Exclusion, Market, Venue, VenueEvent } from '../data/model.ts';
import { parseMarketKey, type DataStore, type MarketLookup } from '../data/store.ts';
import { invalidRequest } from '../errors.ts';
import { withRelationships, relationships, iso } from '../present/index.ts';
import type { RelationshipsEnvelope } from '../present/types.ts';
import type { Query } from '../params.ts';
import type { RouteModule } from '../server.ts';
import { generationBody } from '../targets/present.ts';
import { openChildren } from '../targets/resolve.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

const MAX_ID = 512;

/** excluded.message per topic (gap TOPIC-013: its wording is not shown; the alternate stub words it otherwise). */
const EXCLUSION_MESSAGES: Record<Exclusion, string> = {
  sports: 'Sports outcomes are never forecast.',
  mentions: 'Mention markets are never forecast.',
  crypto_up_down: 'Short-horizon crypto up/down markets (fifteen-minute and hourly settles) are never forecast.',
};
const ALT_EXCLUSION_MESSAGES: Record<Exclusion, string> = {
  sports: 'Out of scope: sports outcome market.',
  mentions: 'Out of scope: mention market.',
  crypto_up_down: 'Out of scope: short-horizon crypto up/down market.',
};

interface Availability {
  tracked: boolean;
  available: boolean;
  market: unknown;
  question: string | null;
  latestForecast: unknown;
  read: unknown;
  generation: unknown;
  targetResolution: unknown;
  excluded: { reason: Exclusion; message: string } | null;
}

/** The answer for an identity that resolves to no market row (also mutant avail-market-id-outage-untracked's). */
export const untracked = (): Availability => ({
  tracked: false,
  available: mutant('avail-untracked-available'),
  market: null,
  question: null,
  latestForecast: null,
  read: null,
  generation: null,
  targetResolution: null,
  excluded: null,
});

const excludedOf = (reason: Exclusion | null): Availability['excluded'] =>
  reason ? { reason, message: (alt('TOPIC-013') ? ALT_EXCLUSION_MESSAGES : EXCLUSION_MESSAGES)[reason] } : null;

/**
 * Mutant avail-agreeing-ids-accepted (round-10 bug): market_id (with venue) and slug naming one market are answered as
 * the market_id lookup; identifiers naming different markets stay refused.
 */
function agreeing(q: Query, store: DataStore): boolean {
  if (!mutant('avail-agreeing-ids-accepted') || !q.has('market_id') || !q.has('slug') || q.has('market_key')) return false;
  const venue = q.venue() ?? 'venue_a';
  const byId = store.resolveMarket({ venue, marketId: q.requiredStr('market_id', { max: MAX_ID }) });
  return byId !== undefined && byId === store.resolveMarket({ slug: q.requiredStr('slug', { max: MAX_ID }), venue });
}

/** The parsed identity (rule 5: exactly one identifier; market_id needs venue; market_key excludes venue). */
function parseLookup(q: Query, store: DataStore): MarketLookup {
  // The second case of rule 5 broken by a mutant: two identifiers are accepted (market_id wins over slug).
  const which =
    (mutant('avail-two-ids-accepted') && q.has('market_id') && q.has('slug') && !q.has('market_key')) || agreeing(q, store)
      ? 'market_id'
      : q.exactlyOne('market_key', 'market_id', 'slug');
  const venue = q.venue();
  if (which === 'market_key') {
    const marketKey = q.requiredStr('market_key', { max: mutant('avail-key-513') ? MAX_ID + 1 : MAX_ID });
    // Gap AVAIL-043: the alternate stub ignores a venue that repeats the key's own prefix.
    const redundant = alt('AVAIL-043') && venue !== undefined && parseMarketKey(marketKey)?.venue === venue;
    if (q.has('venue') && !redundant && !mutant('avail-key-and-venue'))
      throw invalidRequest('market_key already names the venue; do not also give venue');
    return { marketKey };
  }
  if (which === 'market_id') {
    const marketId = q.requiredStr('market_id', { max: MAX_ID });
    if (!venue && !mutant('avail-id-no-venue')) throw invalidRequest('market_id is venue-native: venue is required');
    return { venue: venue ?? 'venue_a', marketId };
  }
  const slug = q.requiredStr('slug', { max: MAX_ID });
  // Mutant avail-condition-id-slug-venue-a-us: a condition id as slug naming no venue is looked up in venue_a_us.
  if (mutant('avail-condition-id-slug-venue-a-us') && !venue && /^0x[0-9a-f]{64}$/i.test(slug)) return { slug, venue: 'venue_a_us' };
  return { slug, venue };
}

/** The venue_b event a lookup names, if its venue is venue_b (gap AVAIL-036). */
function namedVenueBEvent(store: DataStore, lookup: MarketLookup): VenueEvent | undefined {
  let venue: Venue | undefined;
  let id: string;
  if ('marketKey' in lookup) {
    const parsed = parseMarketKey(lookup.marketKey);
    venue = parsed?.venue;
    id = parsed?.nativeId ?? '';
  } else if ('marketId' in lookup) {
    venue = lookup.venue;
    id = lookup.marketId;
  } else {
    venue = lookup.venue;
    id = lookup.slug;
  }
  return venue === 'venue_b' ? store.eventByTicker(id) : undefined;
}

/** Where this lookup's answer points its endpoints: relative paths, or the target's own origin (gaps AVAIL-032, -033). */
type Origin = (path: string, absolute: boolean) => string;

/** The read of the stored forecast (gap AVAIL-032; path and venue parameter as FCST-002). */
function readEndpoint(m: Market, at: Origin): string {
  const path = `/api/v1/markets/${encodeURIComponent(m.slug ?? m.marketKey)}/forecast`;
  return at(m.venue === 'venue_a' ? path : `${path}?venue=${m.venue}`, alt('AVAIL-032'));
}

/** The generation object: the authentication header's member is gap AVAIL-042, the key's header name gap JOB-035. */
const generation = (m: Market): unknown => ({
  method: 'POST',
  endpoint: '/api/auth/forecast-requests',
  ...(alt('AVAIL-042') ? { authenticationHeader: 'x-service-api-key' } : { authentication: { type: 'header', name: 'x-service-api-key' } }),
  // Mutant avail-venue-b-idempotency-false: a venue_b market's hint says no idempotency key is required (round-30 bug).
  idempotencyKeyRequired: !(mutant('avail-venue-b-idempotency-false') && m.venue === 'venue_b'),
  ...(alt('JOB-035') ? { idempotencyKeyHeader: 'X-Idempotency-Key' } : {}),
  body: generationBody(m),
});

/** A market row: tracked when covered; an uncovered row is venue-resolvable but untracked (AVAIL-035). */
function forMarket(store: DataStore, m: Market, at: Origin): Availability {
  const excluded = excludedOf(mutant('topic-mentions-in-scope') && m.exclusion === 'mentions' ? null : m.exclusion);
  if (!m.covered) return { ...untracked(), generation: excluded ? null : generation(m), excluded };
  // Mutant avail-latest-forecast-oldest: the lookup takes the first stored forecast, not the newest (round-8 bug).
  const latest = mutant('avail-latest-forecast-oldest') ? store.forecastsFor(m.marketKey).at(-1) : store.latestForecast(m.marketKey);
  return {
    tracked: true,
    available: latest !== undefined,
    market: withRelationships(m, store),
    question: m.question,
    latestForecast: latest
      ? {
          id: latest.id,
          createdAt: iso(latest.createdAt),
          ...(mutant('avail-latest-nested-probability') ? { meta: { value: { probability: latest.probability } } } : {}),
          relationships: edgeIdAssetRefs(relationships({ kind: 'forecast', forecastId: latest.id }, store)),
        }
      : null,
    read: latest ? { method: 'GET', endpoint: readEndpoint(m, at), paid: true } : null,
    generation: (latest && !mutant('avail-generation-with-read')) || excluded ? null : generation(m),
    targetResolution: null,
    excluded,
  };
}

/**
 * Mutant avail-asset-ref-edge-id: the forecast's two-hop AssetRefs (via market) carry the id of their HAS_MARKET edge, a
 * uuid of no Asset, instead of the Asset's (round-37 bug). Otherwise the envelope as it is.
 */
function edgeIdAssetRefs(envelope: RelationshipsEnvelope): RelationshipsEnvelope {
  if (!mutant('avail-asset-ref-edge-id')) return envelope;
  const edgeId = (id: string): string => (id.startsWith('0') ? '1' : '0') + id.slice(1);
  return { ...envelope, assets: envelope.assets.map((r) => (r.via === 'market' ? { ...r, id: edgeId(r.id) } : r)) };
}

/** targetResolution.message (gap AVAIL-033: its wording is not shown). */
function resolutionMessage(ticker: string, open: number): string {
  if (alt('AVAIL-033')) return `Pick one exact contract of event ${ticker} (${open} open) before asking for a forecast.`;
  return `${ticker} is a multi-contract event with ${open} open contract${open === 1 ? '' : 's'}; resolve it and pick one exact child ticker before generation.`;
}

/** A venue_b event identifier (rule 4; gaps AVAIL-036, -037, -038). */
function forEvent(store: DataStore, event: VenueEvent, at: Origin): Availability {
  const children = store.childrenOf(event);
  // Gap AVAIL-037: a single-contract event names its child (the alternate stub answers it as an event).
  if (!store.isMultiContract(event) && children[0] && !alt('AVAIL-037')) return forMarket(store, children[0], at);
  const open = openChildren(store, event);
  if (open.length === 0) return untracked();
  const ticker = event.ticker ?? event.id;
  return {
    ...untracked(),
    question: alt('AVAIL-036') ? event.title : null,
    targetResolution: {
      endpoint: at(`/api/public/forecast-targets?ref=${encodeURIComponent(ticker)}`, alt('AVAIL-033')),
      reason: 'venue_event_requires_market',
      message: resolutionMessage(ticker, open.length),
      marketCount: open.length,
    },
    excluded: excludedOf(children.find((c) => c.exclusion)?.exclusion ?? null),
  };
}

/**
 * The store's resolution, narrowed to what the parameters promise: a slug without venue only ever
 * names a venue_a row (AVAIL-005), and market_id names a venue-native id, not a slug (AVAIL-007).
 */
function resolveStrict(store: DataStore, lookup: MarketLookup): Market | undefined {
  const m = store.resolveMarket(lookup);
  if (!m) return undefined;
  if ('slug' in lookup && lookup.venue === undefined && m.venue !== 'venue_a') return undefined;
  if ('marketId' in lookup) {
    const id = lookup.marketId.toLowerCase();
    if (![m.nativeMarketId, m.serviceMarketId, m.conditionId].some((h) => h?.toLowerCase() === id)) return undefined;
  }
  return m;
}

export const register: RouteModule = (route) => {
  route('getForecastAvailability', (req, ctx) => {
    const lookup = parseLookup(req.query, ctx.store);
    const origin = new URL(req.url).origin;
    const at: Origin = (path, absolute) => (absolute ? `${origin}${path}` : path);
    const market = resolveStrict(ctx.store, lookup);
    // Mutant avail-slug-sports-in-scope: a sports market looked up by slug with its venue loses its exclusion (round-29 bug).
    if (market && mutant('avail-slug-sports-in-scope') && 'slug' in lookup && lookup.venue !== undefined && market.exclusion === 'sports')
      return { body: forMarket(ctx.store, { ...market, exclusion: null }, at) };
    if (market) return { body: forMarket(ctx.store, market, at) };
    const event = namedVenueBEvent(ctx.store, lookup);
    // Mutant avail-slug-event-endpoint-v1: an event named by slug points its targetResolution at /api/v1/forecast-targets,
    // a path that answers 404 (round-36 bug); the market_key and market_id forms keep /api/public.
    const v1: Origin = (path, absolute) => at(path.replace('/api/public/', '/api/v1/'), absolute);
    const slugV1 = mutant('avail-slug-event-endpoint-v1') && 'slug' in lookup;
    return { body: event ? forEvent(ctx.store, event, slugV1 ? v1 : at) : untracked() };
  });
};
