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
import type { Query } from '../params.ts';
import type { RouteModule } from '../server.ts';
import { generationBody } from '../targets/present.ts';
import { openChildren } from '../targets/resolve.ts';
import { mutant } from '../mutants.ts';

const MAX_ID = 512;

const EXCLUSION_MESSAGES: Record<Exclusion, string> = {
  sports: 'Sports outcomes are never forecast.',
  mentions: 'Mention markets are never forecast.',
  crypto_up_down: 'Short-horizon crypto up/down markets (fifteen-minute and hourly settles) are never forecast.',
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

const untracked = (): Availability => ({
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
  reason ? { reason, message: EXCLUSION_MESSAGES[reason] } : null;

/** The parsed identity (rule 5: exactly one identifier; market_id needs venue; market_key excludes venue). */
function parseLookup(q: Query): MarketLookup {
  const which = q.exactlyOne('market_key', 'market_id', 'slug');
  const venue = q.venue();
  if (which === 'market_key') {
    if (q.has('venue') && !mutant('avail-key-and-venue'))
      throw invalidRequest('market_key already names the venue; do not also give venue');
    return { marketKey: q.requiredStr('market_key', { max: MAX_ID }) };
  }
  if (which === 'market_id') {
    const marketId = q.requiredStr('market_id', { max: MAX_ID });
    if (!venue && !mutant('avail-id-no-venue')) throw invalidRequest('market_id is venue-native: venue is required');
    return { venue: venue ?? 'venue_a', marketId };
  }
  return { slug: q.requiredStr('slug', { max: MAX_ID }), venue };
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

/** The read of the stored forecast (gap AVAIL-032; path and venue parameter as FCST-002). */
function readEndpoint(m: Market): string {
  const path = `/api/v1/markets/${encodeURIComponent(m.slug ?? m.marketKey)}/forecast`;
  return m.venue === 'venue_a' ? path : `${path}?venue=${m.venue}`;
}

const generation = (m: Market): unknown => ({
  method: 'POST',
  endpoint: '/api/auth/forecast-requests',
  authentication: { type: 'header', name: 'x-service-api-key' },
  idempotencyKeyRequired: true,
  body: generationBody(m),
});

/** A market row: tracked when covered; an uncovered row is venue-resolvable but untracked (AVAIL-035). */
function forMarket(store: DataStore, m: Market): Availability {
  const excluded = excludedOf(m.exclusion);
  if (!m.covered) return { ...untracked(), generation: excluded ? null : generation(m), excluded };
  const latest = store.latestForecast(m.marketKey);
  return {
    tracked: true,
    available: latest !== undefined,
    market: withRelationships(m, store),
    question: m.question,
    latestForecast: latest
      ? {
          id: latest.id,
          createdAt: iso(latest.createdAt),
          relationships: relationships({ kind: 'forecast', forecastId: latest.id }, store),
        }
      : null,
    read: latest ? { method: 'GET', endpoint: readEndpoint(m), paid: true } : null,
    generation: (latest && !mutant('avail-generation-with-read')) || excluded ? null : generation(m),
    targetResolution: null,
    excluded,
  };
}

/** A venue_b event identifier (rule 4; gaps AVAIL-036, -037, -038). */
function forEvent(store: DataStore, event: VenueEvent): Availability {
  const children = store.childrenOf(event);
  if (!store.isMultiContract(event) && children[0]) return forMarket(store, children[0]);
  const open = openChildren(store, event);
  if (open.length === 0) return untracked();
  const ticker = event.ticker ?? event.id;
  return {
    ...untracked(),
    targetResolution: {
      endpoint: `/api/public/forecast-targets?ref=${encodeURIComponent(ticker)}`,
      reason: 'venue_event_requires_market',
      message: `${ticker} is a multi-contract event with ${open.length} open contract${open.length === 1 ? '' : 's'}; resolve it and pick one exact child ticker before generation.`,
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
    const lookup = parseLookup(req.query);
    const market = resolveStrict(ctx.store, lookup);
    if (market) return { body: forMarket(ctx.store, market) };
    const event = namedVenueBEvent(ctx.store, lookup);
    return { body: event ? forEvent(ctx.store, event) : untracked() };
  });
};
