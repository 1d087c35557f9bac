// Forecast-target resolution: turns a venue_b URL or ticker, a marketKey or a
// venue_a browser URL into an event with its open binary children and ready
// generation bodies (a fan-out plan: one request, and one price, per child).
import { ApiError, invalid } from '../errors.mjs';
import { byMarketKey, byNative, bySlug, venueBEvent } from '../data/query.mjs';
import { venueQuote } from '../views/market.mjs';
import { generationBody, EXCLUSION_MESSAGES } from './public.mjs';
import { iso } from '../util/time.mjs';

const notFound = (ref, why) => new ApiError(404, 'not_found', why ?? `Nothing matches ${ref}.`, { ticker: ref });
const VB_HOSTS = ['venue-b.example', 'www.venue-b.example'];
const VA_HOSTS = ['venue-a.example', 'www.venue-a.example'];

function vbChild(vx, m) {
  const q = venueQuote(vx, m);
  return {
    ticker: m.nativeMarketId, eventTicker: m.nativeEventId, title: m.title, subtitle: m.subtitle, strikeType: m.strikeType,
    floorStrike: m.floorStrike, capStrike: m.capStrike, yesBid: q?.yes_bid ?? null, yesAsk: q?.yes_ask ?? null, lastPrice: q?.yes_last ?? null,
    volume24h: m.volume24h, openInterest: m.openInterest, status: m.active ? 'open' : 'settled', closeTime: iso(m.endMs),
    generation: m.excluded ? null : { costUsd: '1.00', body: generationBody(m) },
  };
}
function vaChild(vx, m) {
  const q = venueQuote(vx, m);
  return {
    marketId: m.nativeMarketId, question: m.question, outcome: m.outcomeLabel, slug: m.slug, yesBid: q?.yes_bid ?? null, yesAsk: q?.yes_ask ?? null,
    lastPrice: q?.yes_last ?? null, volume24h: m.volume24h, status: m.active ? 'open' : 'settled', closeTime: iso(m.endMs),
    generation: m.excluded ? null : { costUsd: '1.00', body: generationBody(m) },
  };
}

function resolution(vx, input, ev, selected) {
  const open = ev.children.filter((c) => c.active);
  if (!open.length || (selected && !selected.active)) throw notFound(input, `${ev.ticker ?? ev.id} has no open binary contract to forecast.`);
  const child = ev.venue === 'venue_b' ? vbChild : vaChild;
  const eligible = open.filter((c) => !c.excluded);
  const body = {
    input,
    venue: ev.venue,
    targetType: selected ? 'market' : 'event',
    selectionRequired: !selected,
    event: { ticker: ev.venue === 'venue_b' ? ev.ticker : ev.slug, title: ev.title, subtitle: ev.subtitle ?? '', category: ev.category, mutuallyExclusive: !!ev.mutuallyExclusive, sourceUrl: ev.sourceUrl },
  };
  if (selected) body.selectedMarket = child(vx, selected);
  body.markets = open.map((c) => child(vx, c));
  if (selected) body.generation = selected.excluded ? null : generationBody(selected);
  body.allContracts = { marketCount: open.length, estimatedCostUsd: (eligible.length * 1).toFixed(2), requests: eligible.map(generationBody) };
  if (open[0].excluded) body.excluded = { reason: open[0].excluded, message: EXCLUSION_MESSAGES[open[0].excluded] };
  return { body };
}

function fromVenueB(vx, input, token) {
  const t = token.toUpperCase();
  const ev = venueBEvent(vx.ds, t);
  if (ev) return resolution(vx, input, ev, null);
  const m = byNative(vx.ds, 'venue_b', t);
  if (m) return resolution(vx, input, m.ev, m);
  throw notFound(input);
}

function fromUrl(vx, input) {
  let u;
  try { u = new URL(input); } catch { throw invalid('ref is not a valid URL.'); }
  const parts = u.pathname.split('/').filter(Boolean).map((s) => { try { return decodeURIComponent(s); } catch { throw invalid('ref has a malformed path.'); } });
  const host = u.hostname.toLowerCase();
  if (VB_HOSTS.includes(host)) {
    if (parts[0] === 'markets' && (parts.length === 3 || parts.length === 2)) return fromVenueB(vx, input, parts[parts.length - 1]);
    throw invalid('Unsupported venue_b URL; expected /markets/{series}/{event}.');
  }
  if (VA_HOSTS.includes(host)) {
    if (parts[0] === 'event' && parts.length === 2) {
      const ev = [...vx.ds.events.values()].find((e) => e.venue === 'venue_a' && e.slug === parts[1]);
      if (!ev) throw notFound(input);
      return resolution(vx, input, ev, null);
    }
    if ((parts[0] === 'event' && parts.length === 3) || (parts[0] === 'market' && parts.length === 2)) {
      const slug = parts[parts.length - 1];
      const m = bySlug(vx.ds, 'venue_a', slug) ?? (/^\d+$/.test(slug) ? byNative(vx.ds, 'venue_a', slug) : null);
      if (!m || (parts[0] === 'event' && m.ev?.slug !== parts[1])) throw notFound(input);
      return resolution(vx, input, m.ev, m);
    }
    throw invalid('Unsupported venue_a URL; expected /event/{slug}, /event/{slug}/{market-slug} or /market/{slug}.');
  }
  throw invalid('Unsupported URL host; only venue_b event URLs and venue_a browser URLs resolve.');
}

function targets(ctx, ref) {
  const vx = ctx.vx;
  const input = ref;
  const s = ref.trim();
  if (s === '') throw invalid('ref must not be blank.');
  if (/^https?:\/\//i.test(s)) return fromUrl(vx, input);
  const i = s.indexOf(':');
  if (i > 0) {
    const venue = s.slice(0, i);
    if (venue === 'venue_b') return fromVenueB(vx, input, s.slice(i + 1));
    if (venue === 'venue_a') {
      const m = byMarketKey(vx.ds, s);
      if (!m) throw notFound(input);
      return resolution(vx, input, m.ev, m);
    }
    throw invalid('Only venue_b: and venue_a: marketKeys resolve to forecast targets.');
  }
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(s)) throw invalid('ref is neither a URL, a marketKey nor a venue_b ticker.');
  return fromVenueB(vx, input, s);
}

export default [
  { method: 'GET', path: '/api/public/forecast-targets', operationId: 'resolveForecastTargets', kind: 'free', summary: 'Resolve a venue reference into exact forecastable contracts', prepare: (ctx) => ctx.query.str('ref', { max: 2048, required: true }), handler: targets, faultCodes: { 503: 'target_resolution_unavailable' } },
];
