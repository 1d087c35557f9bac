/**
 * The target resolution object (spec: Resources / Target resolution) and the generation body
 * (VenueMarketForecastRequest) shared with forecast availability.
 *
 * Gap choices (each flipped by the alternate stub, stub/variant.ts): USD strings with two decimals
 * (TGT-035); child status 'open' (TGT-036); prices in dollars, strikes that do not apply omitted
 * (TGT-045); venue_a children are {question, outcome, yesBid, yesAsk, marketId, generation} (TGT-047)
 * and event.ticker is the venue_a event slug (TGT-042); selectionRequired false (TGT-038) and
 * allContracts present (TGT-046) for exact input.
 */
import { contract } from '../../contract/index.ts';
import { creditsToUsd } from '../../contract/pricing.ts';
import type { Market, VenueEvent } from '../data/model.ts';
import { round } from '../data/rng.ts';
import { iso } from '../present/time.ts';
import type { Resolved } from './resolve.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

/** Generation body (VenueMarketForecastRequest): market_id is the venue-native id (gap AVAIL-041). */
export interface GenerationBody {
  kind: 'venue_market';
  venue: Market['venue'];
  market_id: string;
}

/**
 * The generation body that asks for a forecast of `m`: the venue-native id (the alternate stub names
 * venue_a_us and venue_c markets by their serviceMarketId, gap AVAIL-041).
 */
export const generationBody = (m: Market): GenerationBody => ({
  kind: 'venue_market',
  venue: m.venue,
  market_id: alt('AVAIL-041') && (m.venue === 'venue_a_us' || m.venue === 'venue_c') ? m.serviceMarketId : m.nativeMarketId,
});

/** USD price of one generation (POST /api/auth/forecast-requests), from the price table. */
export const GENERATION_USD = creditsToUsd(contract().operation('createForecastRequest').facts.price.credits);

const usd = (amount: number): string => amount.toFixed(alt('TGT-035') ? 4 : 2);
/** A fixed-point YES price: dollars 0..1 with four decimals (gap TGT-045; the alternate stub: cents 0..100). */
const price = (p: number | null | undefined): number | null =>
  p === null || p === undefined ? null : alt('TGT-045') ? round(p * 100, 2) : round(p, 4);

/** Keys whose value is null are left out: the contract types them as numbers or strings (TGT-045). */
function withoutNulls<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;
}

const childGeneration = (m: Market): { costUsd: string; body: GenerationBody } => ({
  costUsd: usd(mutant('tgt-cost-cents') ? 0.01 : GENERATION_USD),
  body: generationBody(m),
});

function venueBChild(m: Market, event: VenueEvent): Record<string, unknown> {
  const c = m.child;
  return withoutNulls({
    ticker: m.nativeMarketId,
    eventTicker: event.ticker ?? m.nativeEventId ?? '',
    title: c?.title ?? m.question,
    subtitle: c?.subtitle ?? '',
    strikeType: c?.strikeType ?? null,
    floorStrike: c?.floorStrike ?? null,
    capStrike: c?.capStrike ?? null,
    yesBid: price(c?.yesBid ?? m.quote?.bid),
    yesAsk: price(c?.yesAsk ?? m.quote?.ask),
    lastPrice: price(c?.lastPrice ?? m.quote?.last),
    volume24h: m.volume24h ?? 0,
    openInterest: m.openInterest ?? 0,
    status: alt('TGT-036') ? 'active' : 'open',
    closeTime: iso(c?.closeTime ?? m.endDate ?? 0),
    generation: childGeneration(m),
  });
}

/** A venue_a child: its member names are gap TGT-047. */
function venueAChild(m: Market): Record<string, unknown> {
  const [outcome, bid, ask, id] = alt('TGT-047')
    ? ['outcomeLabel', 'bestBid', 'bestAsk', 'venueMarketId']
    : ['outcome', 'yesBid', 'yesAsk', 'marketId'];
  return {
    question: m.question,
    [outcome]: m.child?.outcomeLabel ?? 'Yes',
    [bid]: price(m.child?.yesBid ?? m.quote?.bid),
    [ask]: price(m.child?.yesAsk ?? m.quote?.ask),
    [id]: m.nativeMarketId,
    generation: childGeneration(m),
  };
}

function targetEvent(e: VenueEvent): Record<string, unknown> {
  return {
    ticker: e.venue === 'venue_b' ? (e.ticker ?? e.id) : alt('TGT-042') ? e.id : (e.slug ?? e.id),
    title: e.title,
    subtitle: e.subtitle,
    category: e.category,
    mutuallyExclusive: e.mutuallyExclusive,
    sourceUrl: e.sourceUrl,
  };
}

/** The full resolution, keys in the contract's order; selectedMarket and generation for exact input only. */
export function targetResolution(ref: string, r: Resolved): Record<string, unknown> {
  const child = (m: Market): Record<string, unknown> => (r.venue === 'venue_b' ? venueBChild(m, r.event) : venueAChild(m));
  const markets = r.children.map(child);
  const out: Record<string, unknown> = {
    // Mutant tgt-url-input-query-stripped: a URL ref is echoed without its query string (round-24 bug).
    input: mutant('tgt-input-lowercased')
      ? ref.toLowerCase()
      : mutant('tgt-url-input-query-stripped') && /^https?:\/\//i.test(ref)
        ? ref.replace(/[?#].*$/, '')
        : ref,
    venue: r.venue,
    targetType: r.selected ? 'market' : 'event',
    selectionRequired: r.selected === null,
    event: targetEvent(r.event),
  };
  if (r.selected && alt('TGT-038')) delete out.selectionRequired;
  if (r.selected) out.selectedMarket = markets[r.children.indexOf(r.selected)];
  out.markets = markets;
  if (r.selected) out.generation = generationBody(r.selected);
  if (r.selected && alt('TGT-046')) return out;
  out.allContracts = {
    marketCount: r.children.length - (mutant('tgt-count-off') ? 1 : 0),
    estimatedCostUsd: usd(GENERATION_USD * r.children.length),
    // Mutant tgt-exact-child-requests-omit-selected: exact child input leaves the selected child's own request out of
    // the plan (marketCount and the estimate still count it; round-40 bug).
    requests: r.children.filter((c) => !(mutant('tgt-exact-child-requests-omit-selected') && c === r.selected)).map(generationBody),
  };
  return out;
}
