// Time-aware reads over the dataset plus the state's published forecasts.
// `vx` is the view context of one request: {ds, st, now, siteUrl, dev}.
import { normNative } from './index.mjs';
import { HOUR } from '../util/time.mjs';

export function forecastsOf(vx, m, until = vx.now) {
  const base = vx.ds.forecastsByMarket.get(m.idx) || [];
  const pub = vx.st.published.get(m.idx) || [];
  const all = pub.length ? [...base, ...pub].sort((a, b) => a.created_at - b.created_at) : base;
  return all.filter((f) => f.created_at <= until);
}
export const latestForecast = (vx, m, until) => forecastsOf(vx, m, until).at(-1) ?? null;

export function forecastById(vx, id) {
  const f = vx.ds.forecastById.get(id) ?? vx.st.publishedById.get(id);
  return f && f.created_at <= vx.now ? f : null;
}

export function articlesOf(vx, m) {
  return (vx.ds.articlesByMarket.get(m.idx) || []).filter((a) => a.published_at <= vx.now && a.correlated_at <= vx.now);
}

export function postsOf(vx, m) {
  return (vx.ds.postsByMarket.get(m.idx) || []).filter(({ post, rel }) => post.published_at <= vx.now && rel.last_seen_at <= vx.now);
}

// Published trade signals of a market, oldest first.
export function signalsOf(vx, m, until = vx.now) {
  return (vx.ds.signalsByMarket.get(m.idx) || []).filter((s) => s.published_at <= until);
}

export function isCovered(vx, m) {
  return forecastsOf(vx, m).length > 0 || signalsOf(vx, m).length > 0;
}

export function inWindowCount(vx, m, hours) {
  const since = vx.now - hours * HOUR;
  return forecastsOf(vx, m).filter((f) => f.created_at >= since);
}

// --- identity resolution ---
export function byMarketKey(ds, key) {
  const i = key.indexOf(':');
  if (i <= 0) return null;
  const venue = key.slice(0, i);
  const native = key.slice(i + 1);
  if (!ds.byNative.has(venue) || !native) return null;
  return ds.byNative.get(venue).get(normNative(venue, native)) ?? null;
}
export const byNative = (ds, venue, id) => ds.byNative.get(venue)?.get(normNative(venue, id)) ?? null;
export const bySlug = (ds, venue, slug) => ds.bySlug.get(venue)?.get(slug) ?? null;

// Resolution of a {slug} path segment: a marketKey, else a slug in the venue
// namespace (venue_a by default), else a native id in that namespace.
export function resolvePathMarket(ds, seg, venue) {
  if (seg.includes(':')) {
    const m = byMarketKey(ds, seg);
    if (m && (!venue || m.venue === venue)) return m;
    if (m) return null;
  }
  const v = venue ?? 'venue_a';
  return bySlug(ds, v, seg) ?? byNative(ds, v, seg) ?? (v === 'venue_a' ? byCondition(ds, seg) : null);
}

// venue_a condition ids (0x + 64 hex) are another legacy identity.
export const byCondition = (ds, id) => (/^0x[0-9a-fA-F]{64}$/.test(id) ? ds.byCondition.get(id.toLowerCase()) ?? null : null);

export function venueBEvent(ds, ticker) {
  const ev = ds.events.get(`venue_b:${ticker.toUpperCase()}`);
  return ev ?? null;
}
