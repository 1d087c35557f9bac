// Market identity resolution shared by the routes. Without a venue, slugs and
// condition ids stay in the venue_a namespace; a marketKey carries its venue.
import { invalid } from '../http/errors.mjs';
import { VENUES } from '../http/params.mjs';

const KEY_RE = /^(venue_a_us|venue_a|venue_b|venue_c):(.+)$/;
export const parseMarketKey = (s) => {
  const m = KEY_RE.exec(s);
  return m ? { venue: m[1], nativeId: m[2] } : null;
};

// For the {slug} path segment: a slug, a marketKey, or a venue_a condition id.
export function resolvePathRef(store, ref, venue) {
  const key = parseMarketKey(ref);
  if (key) {
    if (venue && venue !== key.venue) throw invalid('The venue parameter conflicts with the venue of the marketKey.', { parameter: 'venue' });
    return store.market(`${key.venue}:${key.nativeId}`) || store.byNative(key.venue, key.nativeId);
  }
  const v = venue || 'venue_a';
  if (/^0x[0-9a-fA-F]{64}$/.test(ref) && v === 'venue_a') return store.byCondition(ref);
  const bySlug = store.bySlug(v, ref);
  if (bySlug) return bySlug;
  // venue_b rows often have no slug: their ticker works in the same position.
  return v === 'venue_b' ? store.byNative('venue_b', ref) : null;
}

export function resolveNative(store, venue, id) {
  if (venue === 'venue_a' && /^0x[0-9a-fA-F]{64}$/.test(id)) return store.byCondition(id);
  return store.byNative(venue, id);
}

export const isVenue = (v) => VENUES.includes(v);

// The paid-read path for a market: its slug when it has one, else its marketKey.
export function readPath(m) {
  const seg = encodeURIComponent(m.slug ?? m.key);
  const q = m.slug && m.venue !== 'venue_a' ? `?venue=${m.venue}` : '';
  return `/api/v1/markets/${seg}/forecast${q}`;
}

export const EXCLUSION_MESSAGES = {
  sports: 'Sports outcomes are never forecast.',
  mentions: 'Mention markets are never forecast.',
  crypto_up_down: 'Short-horizon crypto up/down markets (15-minute and hourly settles) are never forecast.',
};
