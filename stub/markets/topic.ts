/**
 * Topic matching shared by the catalog, search and mispriced routes (spec GET /api/v1/markets:
 * "case-insensitive exact event or market tag or category; a direct tag needs no category
 * assignment; topic=broker_a selects broker-listed markets"; rules MKT-013..-018, gap MKT-019).
 */
import type { Market } from '../data/index.ts';
import { mutant } from '../mutants.ts';

/** The topic value that selects broker-listed markets. */
export const BROKER_TOPIC = 'broker_a';

const lower = (s: string): string => s.toLowerCase();

/**
 * True when `topic` is, case-insensitively and exactly, one of the market's tags (which already
 * carry its event's tags) or categories; topic=broker_a also selects markets whose
 * broker_channels contain broker_a.
 */
export function matchesTopic(m: Market, topic: string): boolean {
  const t = mutant('mkt-topic-case') ? topic : lower(topic);
  if (t === BROKER_TOPIC && m.brokerChannels.includes('broker_a')) return true;
  // Mutant mkt-topic-word-match: topic also matches one word of a hyphenated tag (round-13 bug).
  const words = (x: string): string[] => (mutant('mkt-topic-word-match') ? lower(x).split('-') : []);
  // Mutant mkt-topic-category-slug: a multi-word category compares in its slug form only (round-14 bug).
  const category = (x: string): string => (mutant('mkt-topic-category-slug') ? lower(x).replace(/\s+/g, '-') : lower(x));
  return m.tags.some((x) => lower(x) === t || words(x).includes(t)) || m.categories.some((x) => category(x) === t);
}

/** True when `tag` is one of the market's tags, case-insensitively (search `tag`; gap MSRCH-018). */
export function matchesTag(m: Market, tag: string): boolean {
  const t = lower(tag);
  if (t === BROKER_TOPIC && m.brokerChannels.includes('broker_a')) return true;
  return m.tags.some((x) => lower(x) === t);
}

/** True when `category` is one of the market's categories, case-insensitively (search `category`). */
export function matchesCategory(m: Market, category: string): boolean {
  const c = lower(category);
  return m.categories.some((x) => lower(x) === c);
}

/** Tie-break shared by every ordering of these routes: marketKey ascending, code-unit order (gap MKT-032). */
export const byMarketKey = (a: { marketKey: string }, b: { marketKey: string }): number =>
  a.marketKey < b.marketKey ? -1 : a.marketKey > b.marketKey ? 1 : 0;

/** The length bounds the stub gives topic, tag and category values (gaps MKT-036, MSRCH-018, MISP-009). */
export const FILTER_BOUNDS = { min: 1, max: 200 } as const;
