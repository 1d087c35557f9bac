// Market identity resolution. marketKey is global; slugs and condition ids
// without a venue resolve in the venue_a namespace (legacy behaviour).
import { invalid } from '../util/http.mjs';
import { VENUES } from '../util/params.mjs';

const CONDITION = /^0x[0-9a-fA-F]{64}$/;

export function byMarketKey(s, key) {
  const i = key.indexOf(':');
  if (i <= 0 || !VENUES.includes(key.slice(0, i)) || i === key.length - 1) return null;
  return s.byKey.get(key) || null;
}

export const isMarketKeyShape = (v) => {
  const i = v.indexOf(':');
  return i > 0 && VENUES.includes(v.slice(0, i));
};

/**
 * Resolves the {slug} path segment of the market routes. It accepts a slug,
 * a condition id (venue_a) or a marketKey (so markets whose slug is null stay
 * reachable). A marketKey combined with a venue parameter conflicts: 422.
 */
export function resolvePathMarket(s, value, venue) {
  if (isMarketKeyShape(value)) {
    if (venue) throw invalid("A marketKey in the path already names its venue; do not also give 'venue'.");
    return byMarketKey(s, value);
  }
  const ns = venue || 'venue_a';
  if (CONDITION.test(value) && ns === 'venue_a') return s.byCondition.get(value.toLowerCase()) || null;
  return s.bySlug.get(ns).get(value) || null;
}
