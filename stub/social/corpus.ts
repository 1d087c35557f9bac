/**
 * The social corpus behind a handle: the dataset's posts when the dataset knows the author
 * (macro_maven's deep history, thin_history's four posts, the feed authors), otherwise the
 * synthetic account the handle names (stub/social/synthetic.ts). Dataset posts are classified
 * from their text and market, the way the synthetic ones are drawn.
 */
import type { DataStore, SocialPost } from '../data/index.ts';
import { rngFor } from './hash.ts';
import type { CorpusPost, RiskMarker, SocialAccount, Stance } from './model.ts';
import { newestFirst, personaOf, syntheticPosts } from './synthetic.ts';

/** An account and its posts. */
export interface Corpus {
  account: SocialAccount;
  /** Posts published in [fromMs, toMs], newest first. */
  postsBetween(fromMs: number, toMs: number): CorpusPost[];
}

/** Stance and trading marker of the dataset's post openings ("Fading ...", "Buying ..."). */
const OPENINGS: readonly [RegExp, Stance, RiskMarker | null][] = [
  [/^Fading /, 'bearish', 'fade'],
  [/^Buying /, 'bullish', 'buy'],
  [/^Watching /, 'watching', 'wait'],
  [/^Skeptical on /, 'skeptical', null],
];

/** A dataset post as a corpus post: topic from its market's category, markers from its text. */
export function classifyDatasetPost(store: DataStore, p: SocialPost): CorpusPost {
  const opening = OPENINGS.find(([re]) => re.test(p.text));
  const tell = /([^.]+) is the tell\.\s*$/i.exec(p.text);
  const market = p.marketKeys[0] ? store.byMarketKey(p.marketKeys[0]) : undefined;
  return {
    id: p.id,
    url: p.url,
    authorHandle: p.authorHandle,
    publishedAt: p.publishedAt,
    text: p.text,
    topic: market?.categories[0] ?? null,
    driver: tell ? tell[1]!.trim().toLowerCase() : null,
    stance: opening?.[1] ?? null,
    risk: opening?.[2] ?? null,
    reasoning: tell ? 'signal' : null,
  };
}

const titleCase = (handle: string): string =>
  handle
    .split('_')
    .filter(Boolean)
    .map((w) => `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`)
    .join(' ');

/**
 * The corpus of a handle (leading '@' already stripped; matched case-insensitively).
 * `seed` is the dataset seed; `anchorMs` the dataset anchor.
 */
export function corpusFor(store: DataStore, seed: number, handle: string): Corpus {
  const known = store.postsByHandle(handle);
  if (known.length > 0) {
    const stored = known[0]!.authorHandle;
    const posts = known.map((p) => classifyDatasetPost(store, p)).sort(newestFirst);
    const account: SocialAccount = {
      handle: stored,
      displayName: titleCase(stored),
      xUserId: rngFor(seed, 'x_user_id', stored.toLowerCase()).digits(18),
      isExpert: known.some((p) => p.isExpert),
    };
    return { account, postsBetween: (from, to) => posts.filter((p) => p.publishedAt >= from && p.publishedAt <= to) };
  }
  const persona = personaOf(seed, handle.toLowerCase());
  return { account: persona.account, postsBetween: (from, to) => syntheticPosts(seed, persona, store.anchor, from, to) };
}
