/**
 * Checks of the market routing object (spec: Resources / Market routing object; rules ROUTE-*).
 * Each takes a row that carries routing fields and returns violations; none throws.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';
import {
  checkIdentitySeenTwice,
  identitySightings,
  identitySeenTwiceInstances,
  type IdentitySighting,
  type IdentityViews,
} from './seen-twice.ts';

type Row = Record<string, unknown>;

/**
 * marketKey form, serviceMarketId form, broker channels, venueAUrl (ROUTE-001, -003, -004, -006; gap
 * ROUTE-008 as a warning). A venue-prefixed serviceMarketId only has to begin with `<venue>:` (the
 * contract's `<venue>:<native id>` is an example; the form after the prefix is gap ROUTE-011).
 */
export function checkRouting(row: Row, path = ''): Violation[] {
  const out: Violation[] = [];
  const venue = row.venue as string;
  const native = row.nativeMarketId as string;
  if (typeof row.marketKey === 'string' && row.marketKey !== `${venue}:${native}`) {
    out.push(violation('ROUTE-001', path + ptr('marketKey'), `marketKey ${JSON.stringify(row.marketKey)} is not ${venue}:${native}`));
  }
  const sid = row.serviceMarketId;
  if (typeof sid === 'string') {
    const prefixed = sid.startsWith(`${venue}:`) && sid.length > venue.length + 1;
    const legacy = venue === 'venue_a' && /^\d+$/.test(sid);
    if (!prefixed && !legacy) {
      out.push(
        violation(
          'ROUTE-003',
          path + ptr('serviceMarketId'),
          `serviceMarketId ${JSON.stringify(sid)} is not venue-prefixed (${venue}:…)${venue === 'venue_a' ? ' nor a bare numeric legacy id' : ''}`,
        ),
      );
    }
  }
  const channels = row.broker_channels;
  if (Array.isArray(channels)) {
    if (channels.some((c) => c !== 'broker_a'))
      out.push(violation('ROUTE-004', path + ptr('broker_channels'), `unknown broker channel in ${JSON.stringify(channels)}`));
    if (venue !== 'venue_b' && channels.length)
      out.push(violation('ROUTE-004', path + ptr('broker_channels'), `${venue} row carries broker channels (only venue_b rows may)`));
    if (!channels.length && (row.broker_a_category != null || row.broker_a_url != null)) {
      out.push(violation('ROUTE-008', path + ptr('broker_a_category'), 'broker fields set while broker_channels is empty', 'warning'));
    }
  }
  if ('venueAUrl' in row) out.push(...checkVenueAUrl(venue, row.venueAUrl, path + ptr('venueAUrl')));
  return out;
}

/** venueAUrl is populated only for venue_a rows (ROUTE-006). */
export function checkVenueAUrl(venue: string, venueAUrl: unknown, path: string): Violation[] {
  if (venue !== 'venue_a' && venueAUrl !== null)
    return [violation('ROUTE-006', path, `venueAUrl is ${JSON.stringify(venueAUrl)} on a ${venue} row (must be null)`)];
  if (venue === 'venue_a' && (typeof venueAUrl !== 'string' || venueAUrl === ''))
    return [violation('ROUTE-006', path, 'venueAUrl must be populated on a venue_a row')];
  return [];
}

/** The expected serviceUrl of a row (ROUTE-005), in the stub's encoding (gap ROUTE-010). */
export const expectedServiceUrl = (siteUrl: string, serviceMarketId: string): string =>
  `${siteUrl.replace(/\/+$/, '')}/markets/${encodeURIComponent(serviceMarketId)}`;

/**
 * A URL as origin (scheme and host, case-insensitive, default port dropped) and its path segments,
 * each percent-decoded; undefined when it is no absolute URL or a segment does not decode.
 */
function urlParts(url: string): { origin: string; segments: string[] } | undefined {
  try {
    const u = new URL(url);
    const raw = u.pathname.replace(/\/+$/, '').split('/').slice(1);
    return { origin: u.origin, segments: raw.map((s) => decodeURIComponent(s)) };
  } catch {
    return undefined;
  }
}

/**
 * serviceUrl equals {site_url}/markets/{serviceMarketId}, URL-encoded, when non-null (ROUTE-005). Which
 * characters the encoding escapes and the letter case of the host are open (gap ROUTE-010): the URLs
 * are compared by origin and by percent-decoded path segments, so `venue_b:X` and `venue_b%3AX` both
 * pass while an unescaped `/` or a twice-encoded id does not.
 */
export function checkServiceUrl(serviceUrl: unknown, serviceMarketId: unknown, siteUrl: string, path: string): Violation[] {
  if (serviceUrl === null || serviceUrl === undefined || typeof serviceMarketId !== 'string' || !siteUrl) return [];
  const want = expectedServiceUrl(siteUrl, serviceMarketId);
  const site = urlParts(siteUrl);
  const got = typeof serviceUrl === 'string' ? urlParts(serviceUrl) : undefined;
  const same =
    serviceUrl === want ||
    (site !== undefined &&
      got !== undefined &&
      got.origin === site.origin &&
      JSON.stringify(got.segments) === JSON.stringify([...site.segments.filter(Boolean), 'markets', serviceMarketId]));
  return same ? [] : [violation('ROUTE-005', path, `serviceUrl ${JSON.stringify(serviceUrl)} should be ${JSON.stringify(want)}`)];
}

/** No two rows share a marketKey (ROUTE-002). */
export function checkUniqueMarketKeys(rows: readonly Row[], path = ''): Violation[] {
  const seen = new Map<string, number>();
  const out: Violation[] = [];
  rows.forEach((r, i) => {
    const key = r.marketKey as string;
    if (seen.has(key)) out.push(violation('ROUTE-002', path + ptr(i, 'marketKey'), `marketKey ${key} repeats row ${seen.get(key)}`));
    else seen.set(key, i);
  });
  return out;
}

/** A routing object's broker channels as a sorted list, undefined when it carries none to compare. */
function brokersOf(routing: unknown): string[] | undefined {
  const b = (routing as Row | null | undefined)?.broker_channels;
  return Array.isArray(b) ? b.map(String).sort() : undefined;
}

/**
 * ROUTE-013: a job's listing names the brokers its market's own routing object names. `listing` is the job's
 * listing, `market` the routing object forecast-availability answered for the same market; judged only where both
 * name the same marketKey and carry broker_channels (which market a listing names is gap JOB-023).
 * @returns a violation when the two broker sets differ; none when they agree or cannot be compared
 */
export function checkListingBrokers(listing: unknown, market: unknown, path = ''): Violation[] {
  if (!listingComparable(listing, market)) return [];
  const a = brokersOf(listing)!;
  const b = brokersOf(market)!;
  const key = String((listing as Row).marketKey);
  if (a.join(',') === b.join(',')) return [];
  return [
    violation(
      'ROUTE-013',
      path + ptr('listing', 'broker_channels'),
      `the listing of ${key} names broker_channels ${JSON.stringify(a)}; forecast-availability shows ${JSON.stringify(b)} for the same market`,
    ),
  ];
}

/** Whether checkListingBrokers can judge the pair: both carry broker_channels and name one marketKey. */
export function listingComparable(listing: unknown, market: unknown): boolean {
  const key = (listing as Row | null | undefined)?.marketKey;
  return Boolean(brokersOf(listing) && brokersOf(market)) && typeof key === 'string' && key === (market as Row).marketKey;
}

/**
 * The members of a market object that state which market it is, or a fact of the market itself (ROUTE-014): one
 * marketKey names one market (e583ecdc6909), so every answer carrying it states these alike. Prices, odds, counts
 * and forecast figures are left out: they move with time and have their own rules.
 */
const IDENTITY_MEMBERS = [
  'venue',
  'nativeMarketId',
  'nativeEventId',
  'seriesTicker',
  'serviceMarketId',
  'slug',
  'marketUrl',
  'question',
  'end_date',
  'broker_channels',
] as const;

/** The first statement of each identity member of each marketKey in the answers seen so far (ROUTE-014). */
export type MarketViews = IdentityViews;

/**
 * The routing object's nullable members (CanonicalMarketRouting: string|null, required): only routing objects carry
 * them, and there a null states a fact of the market (no event, no series, no slug, no venue page), so a null where
 * another answer states a value is two statements of one market (round-27 bug: the mispriced list's venue_b rows
 * stating seriesTicker null where the market list states KXWTI). question and end_date stay unstated when null: a
 * MarketRef may leave question null, and an item's end_date null is read as not given.
 */
const NULL_STATES: ReadonlySet<string> = new Set(['nativeEventId', 'seriesTicker', 'slug', 'marketUrl']);

/** A member's value in a form two spellings of one fact share; undefined when absent, unreadable or a null that states nothing. */
function comparable(member: string, value: unknown): string | undefined {
  if (value === null && NULL_STATES.has(member)) return 'null';
  if (value === null || value === undefined) return undefined;
  if (member === 'broker_channels') return Array.isArray(value) ? JSON.stringify(value.map(String).sort()) : undefined;
  if (typeof value !== 'string') return JSON.stringify(value);
  if (member === 'end_date') {
    const t = Date.parse(value);
    return Number.isFinite(t) ? String(t) : value;
  }
  if (member === 'marketUrl') {
    try {
      return new URL(value).href;
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * The market objects an answer carries anywhere (relationships envelopes' MarketRefs included): every object with a
 * string marketKey, a string venue and a nativeMarketId, which is the shape of a market in every answer of the spec;
 * keyed by marketKey, with the identity members each states non-null (instants in ms, URLs normalised, channels sorted).
 */
export const marketSightings = (body: unknown, path = ''): IdentitySighting[] =>
  identitySightings(
    body,
    (row) => (typeof row.marketKey === 'string' && typeof row.venue === 'string' && 'nativeMarketId' in row ? row.marketKey : undefined),
    IDENTITY_MEMBERS,
    comparable,
    path,
  );

/**
 * ROUTE-014: one marketKey, one market. Each identity member a sighting states is compared with the first statement
 * of it for the same marketKey (`known`, updated with this answer's sightings named `answer`); an absent member is no
 * statement, nor a null question or end_date (a ref may leave question null), while a routing member's null is
 * (NULL_STATES).
 * @returns a violation per member stated two ways
 */
export const checkMarketSeenTwice = (
  sightings: readonly IdentitySighting[],
  known: MarketViews = new Map(),
  answer?: string,
): Violation[] => checkIdentitySeenTwice('ROUTE-014', 'market', sightings, known, answer);

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
const checkVenueAUrlEntry = defineCheck('checkVenueAUrl', ['ROUTE-006'], checkVenueAUrl);
/** The routing checks, by name (the name of the function each wraps). */
export const ROUTING_CHECKS = {
  checkVenueAUrl: checkVenueAUrlEntry,
  checkRouting: defineCheck(
    'checkRouting',
    ['ROUTE-001', 'ROUTE-003', 'ROUTE-004', 'ROUTE-008', ...checkVenueAUrlEntry.rules],
    checkRouting,
  ),
  checkServiceUrl: defineCheck('checkServiceUrl', ['ROUTE-005'], checkServiceUrl),
  checkUniqueMarketKeys: defineCheck('checkUniqueMarketKeys', ['ROUTE-002'], checkUniqueMarketKeys),
  checkMarketSeenTwice: defineCheck('checkMarketSeenTwice', ['ROUTE-014'], checkMarketSeenTwice, undefined, {
    'ROUTE-014': {
      what: 'a market whose marketKey an earlier answer (or object) carried',
      count: ([sightings, known]) => identitySeenTwiceInstances(sightings, known),
    },
  }),
  checkListingBrokers: defineCheck('checkListingBrokers', ['ROUTE-013'], checkListingBrokers, undefined, {
    'ROUTE-013': {
      what: "a job's listing and forecast-availability's routing object of one marketKey",
      count: ([listing, market]) => (listingComparable(listing, market) ? 1 : 0),
    },
  }),
};
