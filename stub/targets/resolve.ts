/**
 * Resolution of a forecast-targets `ref` (spec: Endpoints / GET /api/public/forecast-targets,
 * "Accepted forms") into a venue event and, for exact input, the selected child market.
 *
 * Gap choices (contract/rules/targets.yaml): URLs on the venue hosts with or without `www.`
 * (TGT-040); tickers and slugs match case-insensitively; bare refs must look like tickers (TGT-041);
 * venue_b:<event ticker> is event input (TGT-043); a standalone venue_a market resolves within its
 * single-market event (TGT-042); an event with no open child, or a closed child, matches nothing
 * (TGT-039).
 */
import type { Market, VenueEvent } from '../data/model.ts';
import type { DataStore } from '../data/store.ts';
import { VENUE_HOSTS } from '../data/urls.ts';
import { invalidRequest, notFound, type ApiError } from '../errors.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

export interface Resolved {
  venue: 'venue_a' | 'venue_b';
  event: VenueEvent;
  /** The event's open children, in venue order. */
  children: Market[];
  /** Exact input: the selected child (one of `children`). */
  selected: Market | null;
}

const BARE_TICKER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const HAS_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

const hostOf = (base: string): string => new URL(base).hostname;
const VENUE_B_HOST = hostOf(VENUE_HOSTS.venue_b);
const VENUE_A_HOST = hostOf(VENUE_HOSTS.venue_a);

/** The open binary children of an event (every stub child is binary). */
export const openChildren = (store: DataStore, event: VenueEvent): Market[] => store.childrenOf(event).filter((m) => m.status === 'open');

/** 404 with the unresolved reference echoed in `ticker` (gap TGT-034: the alternate stub nests it in details). */
const nothingMatches = (ref: string, what: string): ApiError => {
  const err = notFound(`no forecast target matches ${what}`, 'not_found', alt('TGT-034') ? { details: { ticker: ref } } : { ticker: ref });
  // Mutant tgt-url-404-no-error: the 404 of a URL-form ref built by its own path, without the envelope's error
  // member (round-35 bug); a ticker's 404 keeps it.
  if (mutant('tgt-url-404-no-error') && /^https?:\/\//i.test(ref)) {
    const whole = err.envelope();
    err.envelope = () => Object.fromEntries(Object.entries(whole).filter(([k]) => k !== 'error'));
  }
  return err;
};

function resolvedEvent(store: DataStore, ref: string, event: VenueEvent, selected: Market | null): Resolved {
  const children = openChildren(store, event);
  if (children.length === 0) throw nothingMatches(ref, `${event.ticker ?? event.slug ?? event.id}: the event has no open contract`);
  if (selected && !children.includes(selected)) throw nothingMatches(ref, `${selected.nativeMarketId}: the contract is not open`);
  return { venue: event.venue, event, children, selected };
}

/**
 * A venue_b event ticker (event input) or child ticker (exact input), matched case-insensitively (gap
 * TGT-040; the alternate stub: exactly). @throws 404 when neither.
 */
function venueBTicker(store: DataStore, ref: string, ticker: string): Resolved {
  // Mutant tgt-strike-trailing-zero: a strike ending in zero after the point (T3.00) read as a number, so the child is
  // taken for its event (round-26 bug).
  if (mutant('tgt-strike-trailing-zero') && /-T\d+\.\d*0$/i.test(ticker)) {
    const child = store.resolveMarket({ venue: 'venue_b', marketId: ticker });
    const parent = child ? store.eventOf(child) : undefined;
    if (parent) return resolvedEvent(store, ref, parent, null);
  }
  const same = (a: string | null | undefined): boolean => (alt('TGT-040') ? a === ticker : a?.toLowerCase() === ticker.toLowerCase());
  const event = store.eventByTicker(ticker);
  if (event && same(event.ticker)) return resolvedEvent(store, ref, event, null);
  // Mutant tgt-bracket-child-404: a range child (-B52.5) is not taken for a child ticker (round-46 bug).
  if (mutant('tgt-bracket-child-404') && /-B\d[^-]*$/i.test(ticker)) throw nothingMatches(ref, ticker);
  const market = store.resolveMarket({ venue: 'venue_b', marketId: ticker });
  const parent = market && same(market.nativeMarketId) ? store.eventOf(market) : undefined;
  if (!market || !parent) throw nothingMatches(ref, ticker);
  return resolvedEvent(store, ref, parent, market);
}

/** A venue_a market (by numeric id or slug) selected within its event. @throws 404 when unknown. */
function venueAMarket(store: DataStore, ref: string, market: Market | undefined, what: string): Resolved {
  const event = market?.venue === 'venue_a' ? store.eventOf(market) : undefined;
  if (!market || !event) throw nothingMatches(ref, what);
  return resolvedEvent(store, ref, event, market);
}

function fromUrl(store: DataStore, ref: string): Resolved {
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw invalidRequest('ref is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidRequest(`unsupported URL scheme ${url.protocol}`);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  let parts: string[];
  try {
    parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw invalidRequest('ref URL path is not valid percent-encoding');
  }
  if (host === VENUE_B_HOST) {
    // The public event page: /markets/{series}/{series-slug}/{event-ticker}.
    const [root, series, , eventTicker] = parts;
    if (parts.length !== 4 || root !== 'markets' || !series || !eventTicker)
      throw invalidRequest('unsupported venue_b URL: expected /markets/{series}/{series-slug}/{event-ticker}');
    const event = store.eventByTicker(eventTicker);
    if (!event || event.seriesTicker?.toLowerCase() !== series.toLowerCase()) throw nothingMatches(ref, eventTicker);
    return resolvedEvent(store, ref, event, null);
  }
  if (host === VENUE_A_HOST) {
    const [kind, slug, marketSlug] = parts;
    if (kind === 'event' && slug && (parts.length === 2 || parts.length === 3)) {
      const event = store.venueAEventBySlug(slug);
      if (!event) throw nothingMatches(ref, slug);
      if (parts.length === 2) return resolvedEvent(store, ref, event, null);
      const child = store.childrenOf(event).find((m) => m.slug?.toLowerCase() === marketSlug?.toLowerCase());
      if (!child) throw nothingMatches(ref, `${slug}/${String(marketSlug)}`);
      return resolvedEvent(store, ref, event, child);
    }
    if (kind === 'market' && slug && parts.length === 2)
      return venueAMarket(store, ref, store.resolveMarket({ slug, venue: 'venue_a' }), slug);
    throw invalidRequest('unsupported venue_a URL: expected /event/{slug}, /event/{slug}/{market-slug} or /market/{slug}');
  }
  throw invalidRequest(`unsupported URL host ${url.hostname}`);
}

/**
 * Resolves one ref.
 * @throws ApiError 422 invalid_request for a malformed or unsupported ref; 404 not_found (with
 *   `ticker` echoing the ref) when nothing open matches.
 */
export function resolveRef(store: DataStore, ref: string): Resolved {
  if (/\s/.test(ref) || [...ref].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    throw invalidRequest('ref must not contain whitespace or control characters');
  if (HAS_SCHEME.test(ref)) return fromUrl(store, ref);
  const colon = ref.indexOf(':');
  if (colon >= 0) {
    const prefix = ref.slice(0, colon);
    const id = ref.slice(colon + 1);
    if (!BARE_TICKER.test(id)) throw invalidRequest('ref is not a valid marketKey');
    // Gap TGT-043: the alternate stub takes a venue_b: marketKey for a market only, never an event.
    if (prefix === 'venue_b' && alt('TGT-043') && store.eventByTicker(id) && !store.resolveMarket({ venue: 'venue_b', marketId: id }))
      throw nothingMatches(ref, `${id} (a marketKey names a market, not an event)`);
    if (prefix === 'venue_b') return venueBTicker(store, ref, id);
    if (prefix === 'venue_a') {
      // Mutant tgt-venue-a-key-legacy-only: a venue_a: marketKey is looked up only among legacy rows (a bare numeric
      // serviceMarketId below 1,000,000 here), so newer markets answer 404 (round-19 bug).
      if (mutant('tgt-venue-a-key-legacy-only') && Number(id) >= 1_000_000) throw nothingMatches(ref, ref);
      const market = store.byMarketKey(`venue_a:${id}`);
      return venueAMarket(store, ref, market, `venue_a:${id}`);
    }
    if (mutant('tgt-bad-prefix-404')) throw nothingMatches(ref, ref);
    throw invalidRequest(`unsupported marketKey prefix ${prefix}: (only venue_b: and venue_a:)`);
  }
  if (!BARE_TICKER.test(ref)) throw invalidRequest('ref is neither a URL, a marketKey nor a venue_b ticker');
  if (mutant('tgt-bare-venue-a-id') && /^\d+$/.test(ref) && store.byMarketKey(`venue_a:${ref}`))
    return venueAMarket(store, ref, store.byMarketKey(`venue_a:${ref}`), `venue_a:${ref}`);
  return venueBTicker(store, ref, ref);
}
