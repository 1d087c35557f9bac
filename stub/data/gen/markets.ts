/**
 * Markets and venue events from the tables. Each market comes out as a draft carrying the fair
 * probability and asset links the later stages (assets, forecasts, evidence) build on.
 */
import type { ChildContract, Exclusion, Market, Venue, VenueEvent, CryptoHorizon, EpochMs } from '../model.ts';
import type { Rng } from '../rng.ts';
import { DAY, HOUR, MINUTE, round } from '../rng.ts';
import { VENUE_B_EVENTS } from '../tables/venue-b.ts';
import { LARGEST_COMPANY_ASSETS, VENUE_A_EVENTS, VENUE_A_ONLY } from '../tables/venue-a.ts';
import { CRYPTO_AND_EXCLUDED_TOPICS, TOPICS, type TopicRow } from '../tables/topics.ts';
import * as url from '../urls.ts';
import { drawBook, drawLiveQuote, drawSnapshotQuote, type Book } from './pricing.ts';

export interface MarketDraft {
  market: Market;
  fairP: number;
  assets: string[];
  affects: string[];
}

export interface MarketsOut {
  drafts: MarketDraft[];
  events: VenueEvent[];
}

interface Common {
  question: string;
  category: string;
  tags: string[];
  endDays: number;
  exclusion: Exclusion | null;
  cryptoHorizon: CryptoHorizon | null;
  covered: boolean;
}

/** Monotonic numeric ids: unique, deterministic, and never reused across rows. */
class IdSeq {
  constructor(
    private readonly rng: Rng,
    private next: number,
  ) {}
  take(): string {
    this.next += this.rng.int(7, 900);
    return String(this.next);
  }
}

class Builder {
  readonly drafts: MarketDraft[] = [];
  readonly events: VenueEvent[] = [];
  private readonly venueASlugs = new Set<string>();
  readonly legacyIds: IdSeq;
  readonly newIds: IdSeq;
  readonly eventIds: IdSeq;

  constructor(
    readonly rng: Rng,
    readonly anchor: EpochMs,
  ) {
    this.legacyIds = new IdSeq(rng, 500_000);
    this.newIds = new IdSeq(rng, 1_000_000);
    this.eventIds = new IdSeq(rng, 16_000);
  }

  uniqueVenueASlug(s: string): string {
    let slug = s;
    for (let n = 2; this.venueASlugs.has(slug); n++) slug = `${s}-${n}`;
    this.venueASlugs.add(slug);
    return slug;
  }

  /** Fields every venue fills the same way; venue-specific routing is passed in `fields`. */
  push(
    c: Common,
    fields: Omit<
      Market,
      | 'question'
      | 'tags'
      | 'categories'
      | 'endDate'
      | 'inDispute'
      | 'volume24h'
      | 'openInterest'
      | 'updatedAt'
      | 'status'
      | 'active'
      | 'covered'
      | 'exclusion'
      | 'cryptoHorizon'
      | 'marketKey'
    > & { marketKey?: string },
    fairP: number,
    assets: string[],
    affects: string[],
  ): Market {
    const rng = this.rng;
    const open = c.endDays > 0;
    const endDate = this.anchor + Math.round(c.endDays * DAY);
    const hasVolume = fields.venue !== 'venue_c' || rng.chance(0.6);
    const volume = round(rng.between(200, 400_000), 2);
    const oi = round(rng.between(1_000, 2_000_000), 2);
    const market: Market = {
      ...fields,
      marketKey: fields.marketKey ?? `${fields.venue}:${fields.nativeMarketId}`,
      question: c.question,
      tags: c.tags,
      categories: [c.category],
      endDate,
      inDispute: fields.venue === 'venue_a' && rng.chance(0.05),
      volume24h: hasVolume ? (open ? volume : 0) : null,
      openInterest: hasVolume ? oi : null,
      updatedAt: open ? this.anchor - rng.int(1, 360) * MINUTE : endDate + rng.int(1, 12) * HOUR,
      status: open ? 'open' : 'closed',
      active: open,
      covered: c.covered,
      exclusion: c.exclusion,
      cryptoHorizon: c.cryptoHorizon,
    };
    this.drafts.push({ market, fairP, assets, affects });
    return market;
  }
}

const childContract = (
  title: string,
  subtitle: string,
  outcomeLabel: string,
  book: Book,
  closeTime: EpochMs,
  strike: { type: string | null; floor: number | null; cap: number | null },
): ChildContract => ({
  title,
  subtitle,
  outcomeLabel,
  strikeType: strike.type,
  floorStrike: strike.floor,
  capStrike: strike.cap,
  yesBid: book.bid,
  yesAsk: book.ask,
  lastPrice: book.last,
  closeTime,
});

function buildVenueB(b: Builder): void {
  for (const ev of VENUE_B_EVENTS) {
    const eventUrl = url.venueBEventUrl(ev.series, ev.seriesSlug, ev.ticker);
    const keys: string[] = [];
    for (const ch of ev.children) {
      const ticker = `${ev.ticker}-${ch.suffix}`;
      const question = ev.question(ch);
      const book = drawBook(b.rng, 'venue_b', ch.p);
      const quote = drawLiveQuote(b.rng, b.anchor, book, ev.endDays > 0);
      const broker = ev.brokerCategory !== null && ev.covered;
      const m = b.push(
        {
          question,
          category: ev.category,
          tags: ev.tags,
          endDays: ev.endDays,
          exclusion: ev.exclusion,
          cryptoHorizon: ev.cryptoHorizon,
          covered: ev.covered,
        },
        {
          venue: 'venue_b',
          nativeMarketId: ticker,
          nativeEventId: ev.ticker,
          seriesTicker: ev.series,
          serviceMarketId: `venue_b:${ticker}`,
          legacy: false,
          slug: ticker,
          marketUrl: eventUrl,
          sourceUrl: url.venueBSourceUrl(ticker),
          brokerChannels: broker ? ['broker_a'] : [],
          brokerACategory: broker ? ev.brokerCategory : null,
          brokerAUrl: broker && ev.brokerCategory ? url.brokerAUrl(ev.brokerCategory, ev.ticker) : null,
          event: { id: ev.ticker, title: ev.title, slug: null },
          quote,
          conditionId: null,
          child: childContract(question, ch.label, ch.label, book, b.anchor + Math.round(ev.endDays * DAY), {
            type: ch.strikeType,
            floor: ch.floor,
            cap: ch.cap,
          }),
        },
        ch.p,
        ev.assets,
        ev.affects,
      );
      keys.push(m.marketKey);
    }
    b.events.push({
      venue: 'venue_b',
      id: ev.ticker,
      ticker: ev.ticker,
      slug: null,
      seriesTicker: ev.series,
      title: ev.title,
      subtitle: ev.subtitle,
      category: ev.category,
      mutuallyExclusive: ev.mutuallyExclusive,
      sourceUrl: url.venueBEventSourceUrl(ev.ticker),
      eventUrl,
      daily: ev.daily,
      childMarketKeys: keys,
    });
  }
}

interface VenueAInput extends Common {
  legacy: boolean;
  slug: string;
  eventSlug: string;
  eventId: string;
  eventTitle: string;
  multi: boolean;
  outcome: string;
  p: number;
  assets: string[];
  affects: string[];
}

function pushVenueA(b: Builder, r: VenueAInput): Market {
  const id = r.legacy ? b.legacyIds.take() : b.newIds.take();
  const book = drawBook(b.rng, 'venue_a', r.p);
  const quote = drawLiveQuote(b.rng, b.anchor, book, r.endDays > 0);
  const conditionId = `0x${b.rng.hex(64)}`;
  return b.push(
    r,
    {
      venue: 'venue_a',
      nativeMarketId: id,
      nativeEventId: r.eventId,
      seriesTicker: null,
      serviceMarketId: r.legacy ? id : `venue_a:${id}`,
      legacy: r.legacy,
      slug: r.slug,
      marketUrl: r.multi ? url.venueAEventMarketUrl(r.eventSlug, r.slug) : url.venueAMarketUrl(r.slug),
      sourceUrl: url.venueASourceUrl(id),
      brokerChannels: [],
      brokerACategory: null,
      brokerAUrl: null,
      event: { id: r.eventId, title: r.eventTitle, slug: r.eventSlug },
      quote,
      conditionId,
      child: r.multi
        ? childContract(r.question, r.eventTitle, r.outcome, book, b.anchor + Math.round(r.endDays * DAY), {
            type: null,
            floor: null,
            cap: null,
          })
        : null,
    },
    r.p,
    r.assets,
    r.affects,
  );
}

function venueAEvent(
  b: Builder,
  id: string,
  slug: string,
  title: string,
  category: string,
  mutuallyExclusive: boolean,
  keys: string[],
): void {
  b.events.push({
    venue: 'venue_a',
    id,
    ticker: null,
    slug,
    seriesTicker: null,
    title,
    subtitle: title,
    category,
    mutuallyExclusive,
    sourceUrl: url.venueAEventSourceUrl(id),
    eventUrl: url.venueAEventUrl(slug),
    daily: false,
    childMarketKeys: keys,
  });
}

function pushVenueAStandalone(b: Builder, r: Omit<VenueAInput, 'eventSlug' | 'eventId' | 'eventTitle' | 'multi' | 'outcome'>): void {
  const eventId = b.eventIds.take();
  const m = pushVenueA(b, { ...r, eventSlug: r.slug, eventId, eventTitle: r.question, multi: false, outcome: 'Yes' });
  venueAEvent(b, eventId, r.slug, r.question, r.category, false, [m.marketKey]);
}

function buildVenueA(b: Builder): void {
  for (const ev of VENUE_A_EVENTS) {
    const eventId = b.eventIds.take();
    const keys = ev.children.map((ch, i) => {
      const assets = ev.slug === 'largest-company-end-of-2026' ? [LARGEST_COMPANY_ASSETS[i] ?? ''].filter(Boolean) : ev.assets;
      return pushVenueA(b, {
        question: ch.question,
        category: ev.category,
        tags: ev.tags,
        endDays: ev.endDays,
        exclusion: null,
        cryptoHorizon: null,
        covered: true,
        legacy: ev.legacy,
        slug: b.uniqueVenueASlug(url.slugify(ch.question)),
        eventSlug: ev.slug,
        eventId,
        eventTitle: ev.title,
        multi: true,
        outcome: ch.outcome,
        p: ch.p,
        assets,
        affects: [],
      }).marketKey;
    });
    venueAEvent(b, eventId, ev.slug, ev.title, ev.category, ev.mutuallyExclusive, keys);
  }
  for (const t of TOPICS.filter((t) => t.on.includes('a'))) {
    pushVenueAStandalone(b, { ...t, covered: true, legacy: b.rng.chance(0.65), slug: b.uniqueVenueASlug(url.slugify(t.question)) });
  }
  for (const r of VENUE_A_ONLY) {
    pushVenueAStandalone(b, { ...r, affects: [], slug: b.uniqueVenueASlug(r.slug ?? url.slugify(r.question)) });
  }
}

function pushSnapshotVenue(b: Builder, venue: Extract<Venue, 'venue_a_us' | 'venue_c'>, t: TopicRow): void {
  const us = venue === 'venue_a_us';
  const nativeMarketId = us ? b.rng.digits(8) : `c-${b.rng.hex(10)}`;
  const slug = us || b.rng.chance(0.5) ? url.slugify(t.question) : null;
  const eventId = us ? `E${b.rng.digits(6)}` : `c-evt-${b.rng.hex(8)}`;
  // Rule 2 of the venue quote: these venues always expose a stale graph snapshot, open or not.
  const quote = drawSnapshotQuote(b.rng, b.anchor, t.p);
  b.push(
    { ...t, covered: true },
    {
      venue,
      nativeMarketId,
      nativeEventId: us ? eventId : null,
      seriesTicker: null,
      serviceMarketId: `${venue}:${nativeMarketId}`,
      legacy: false,
      slug,
      marketUrl: us ? url.venueAUsMarketUrl(nativeMarketId) : url.venueCMarketUrl(nativeMarketId),
      sourceUrl: us ? url.venueAUsSourceUrl(nativeMarketId) : null,
      brokerChannels: [],
      brokerACategory: null,
      brokerAUrl: null,
      event: { id: eventId, title: t.question.replace(/\?$/, ''), slug },
      quote,
      conditionId: null,
      child: null,
    },
    t.p,
    t.assets,
    t.affects,
  );
}

function buildSnapshotVenues(b: Builder): void {
  for (const t of [...TOPICS, ...CRYPTO_AND_EXCLUDED_TOPICS]) {
    if (t.on.includes('u')) pushSnapshotVenue(b, 'venue_a_us', t);
    if (t.on.includes('c')) pushSnapshotVenue(b, 'venue_c', t);
  }
}

/** A disputed venue_a row must exist whatever the seed; mark one if the draws produced none. */
function ensureDispute(drafts: MarketDraft[]): void {
  if (drafts.some((d) => d.market.inDispute)) return;
  const m = drafts.find(
    (d) => d.market.venue === 'venue_a' && d.market.covered && d.market.active && d.market.exclusion === null && d.market.child === null,
  )?.market;
  if (m) m.inDispute = true;
}

export function generateMarkets(rng: Rng, anchor: EpochMs): MarketsOut {
  const b = new Builder(rng, anchor);
  buildVenueB(b);
  buildVenueA(b);
  buildSnapshotVenues(b);
  ensureDispute(b.drafts);
  return { drafts: b.drafts, events: b.events };
}
