// GET /api/public/forecast-targets: resolve a venue_b or venue_a reference
// into an event, its open binary children and ready generation bodies.
import { ApiError, invalid, unavailable } from '../http/errors.mjs';
import { str } from '../http/params.mjs';
import { iso } from '../core/clock.mjs';
import { HOSTS } from '../data/catalog.mjs';

const A_HOST = new URL(HOSTS.venue_a).host;
const B_HOST = new URL(HOSTS.venue_b).host;

export function targetRoute(d) {
  const { store, mv, cfg } = d;

  const notFound = (ref) => new ApiError(404, 'not_found', 'No forecast target matches this reference.', { ticker: ref });
  const excluded = (m) => new ApiError(422, 'forecast_topic_excluded', `This target is topic-excluded (${m.excluded}) and is never forecast.`, { reason: m.excluded });

  function child(m, at) {
    const q = mv.quote(m, at);
    const body = { kind: 'venue_market', venue: m.venue, market_id: m.nativeId };
    const c = {
      ticker: m.venue === 'venue_b' ? m.nativeId : m.slug,
      eventTicker: m.event.ticker,
      title: m.question,
      subtitle: m.subtitle || '',
      strikeType: m.strike.type === 'greater' ? 'greater' : 'custom',
      floorStrike: m.strike.floor,
      capStrike: m.strike.cap,
      yesBid: q.yes_bid,
      yesAsk: q.yes_ask,
      lastPrice: q.yes_last,
      volume24h: m.volume24h,
      openInterest: m.openInterest,
      status: m.active ? 'active' : 'closed',
      closeTime: iso(m.endDate),
      generation: { costUsd: '1.00', body },
    };
    if (m.venue === 'venue_a') Object.assign(c, { question: m.question, outcome: m.outcome || 'Yes', marketId: m.nativeId });
    return c;
  }

  function answer(ref, ev, selected, at) {
    const first = store.market(ev.marketKeys[0]);
    if (first.excluded) throw excluded(first);
    const open = ev.marketKeys.map((k) => store.market(k)).filter((m) => m.active);
    if (open.length === 0 || (selected && !selected.active)) throw notFound(ref);
    const children = open.map((m) => child(m, at));
    const out = {
      input: ref,
      venue: ev.venue,
      targetType: selected ? 'market' : 'event',
      selectionRequired: !selected,
      event: { ticker: ev.ticker, title: ev.title, subtitle: ev.subtitle || '', category: ev.category, mutuallyExclusive: ev.mutuallyExclusive, sourceUrl: ev.sourceUrl },
    };
    if (selected) out.selectedMarket = child(selected, at);
    out.markets = children;
    if (selected) out.generation = { kind: 'venue_market', venue: selected.venue, market_id: selected.nativeId };
    out.allContracts = { marketCount: children.length, estimatedCostUsd: (children.length * 1).toFixed(2), requests: children.map((c) => c.generation.body) };
    return out;
  }

  function venueB(ref, ticker, at) {
    const t = ticker.toUpperCase();
    const ev = store.eventByTicker('venue_b', t);
    if (ev) return answer(ref, ev, null, at);
    const m = store.byNative('venue_b', t);
    if (m) return answer(ref, m.event, m, at);
    throw notFound(ref);
  }

  function venueA(ref, kind, slug, marketSlug, at) {
    if (kind === 'event') {
      const ev = store.eventBySlug(slug);
      if (!ev) throw notFound(ref);
      if (!marketSlug) return answer(ref, ev, null, at);
      const m = store.bySlug('venue_a', marketSlug);
      if (!m || m.event !== ev) throw notFound(ref);
      return answer(ref, ev, m, at);
    }
    const m = store.bySlug('venue_a', slug);
    if (!m) throw notFound(ref);
    return answer(ref, m.event, m, at);
  }

  function handler(ctx) {
    const ref = str(ctx.query, 'ref', { required: true, max: 2048 });
    if (/\s/.test(ref)) throw invalid('ref must not contain whitespace.', { parameter: 'ref' });
    let plan;
    if (/^https?:\/\//i.test(ref)) {
      let u;
      try { u = new URL(ref); } catch { throw invalid('ref is not a valid URL.', { parameter: 'ref' }); }
      const host = u.host.toLowerCase().replace(/^www\./, '');
      const segs = u.pathname.split('/').filter(Boolean).map((s) => { try { return decodeURIComponent(s); } catch { return s; } });
      if (host === B_HOST && segs[0] === 'markets' && segs.length >= 2) plan = ['b', segs[segs.length - 1]];
      else if (host === A_HOST && segs[0] === 'event' && (segs.length === 2 || segs.length === 3)) plan = ['a', 'event', segs[1], segs[2]];
      else if (host === A_HOST && segs[0] === 'market' && segs.length === 2) plan = ['a', 'market', segs[1]];
      else throw invalid('Unsupported URL: give a venue_b event URL or a venue_a /event or /market URL.', { parameter: 'ref' });
    } else if (/^venue_b:/.test(ref)) {
      plan = ['b', ref.slice(8)];
    } else if (/^venue_a:/.test(ref)) {
      plan = ['akey', ref.slice(8)];
    } else if (/^[a-z_]+:/i.test(ref)) {
      throw invalid('Only venue_b: and venue_a: marketKeys can be resolved.', { parameter: 'ref' });
    } else if (/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(ref)) {
      plan = ['b', ref];
    } else {
      throw invalid('ref is malformed.', { parameter: 'ref' });
    }
    if (plan[1] === undefined || plan[1] === '') throw invalid('ref is malformed.', { parameter: 'ref' });
    if (cfg.outages.has('targets')) throw unavailable('target_resolution_unavailable', 'Venue resolution is unavailable.');
    let body;
    if (plan[0] === 'b') body = venueB(ref, plan[1], ctx.at);
    else if (plan[0] === 'a') body = venueA(ref, plan[1], plan[2], plan[3], ctx.at);
    else {
      const m = store.byNative('venue_a', plan[1]);
      if (!m) throw notFound(ref);
      body = answer(ref, m.event, m, ctx.at);
    }
    return { body };
  }

  return { id: 'getForecastTargets', method: 'GET', path: '/api/public/forecast-targets', auth: 'free', summary: 'Resolve a venue reference into forecast targets', handler };
}
