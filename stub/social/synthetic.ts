/**
 * Synthetic accounts: every valid handle the dataset has no posts for still names an account, with a
 * deterministic persona and posting timeline drawn from a hash of (seed, handle). A quarter of them are
 * dormant (fewer than 15 posts ever, so insufficient_post_history at any lookback); the others post
 * daily at their own rate, on every UTC day before the current one, so the timeline follows the
 * stub's clock (a profile recomputed after a clock advance sees newer posts).
 */
import { voiceFor } from '../data/tables/text.ts';
import type { Rng } from '../data/rng.ts';
import { dayOf, rngFor } from './hash.ts';
import type { CorpusPost, ReasoningMarker, RiskMarker, SocialAccount, Stance } from './model.ts';

const DAY = 86_400_000;

/** Topics and the market each one talks about. */
const SUBJECTS: Readonly<Record<string, string>> = {
  Economics: 'rate cuts',
  Crypto: 'bitcoin',
  Commodities: 'crude',
  Companies: 'big tech earnings',
  Politics: 'the Senate calendar',
  Finance: 'the S&P close',
  'Climate and Weather': 'the weekend high',
};
const TOPICS = Object.keys(SUBJECTS);

type Kind = 'view' | 'trade' | 'analysis' | 'chatter';
const PERSONAS: Readonly<Record<string, readonly (readonly [Kind, number])[]>> = {
  trader: [
    ['view', 25],
    ['trade', 40],
    ['analysis', 10],
    ['chatter', 25],
  ],
  analyst: [
    ['view', 30],
    ['trade', 5],
    ['analysis', 40],
    ['chatter', 25],
  ],
  pundit: [
    ['view', 55],
    ['trade', 4],
    ['analysis', 8],
    ['chatter', 33],
  ],
  balanced: [
    ['view', 35],
    ['trade', 20],
    ['analysis', 25],
    ['chatter', 20],
  ],
};
const RATES = [0.35, 0.7, 1.5, 3] as const;
const CHATTER = ['gm', 'Long day, back tomorrow.', 'Coffee first, markets later.', 'Great thread, thanks all.', 'Offline for the weekend.'];

/** A synthetic account's hidden traits. */
export interface Persona {
  account: SocialAccount;
  dormant: boolean;
  /** Posts per day (active accounts). */
  rate: number;
  kinds: readonly (readonly [Kind, number])[];
  topics: string[];
}

const cap = (s: string): string => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;
const titleCase = (handle: string): string => handle.split('_').filter(Boolean).map(cap).join(' ') || handle;

/** The persona of a handle (lower-cased), fixed by the seed. */
export function personaOf(seed: number, handle: string): Persona {
  const rng = rngFor(seed, 'account', handle);
  const dormant = rng.chance(0.25);
  const rate = rng.pick(RATES);
  const kinds = PERSONAS[rng.pick(Object.keys(PERSONAS))]!;
  const topics = rng.sample(TOPICS, rng.int(2, 4));
  return {
    account: { handle, displayName: dormant ? null : titleCase(handle), xUserId: rng.digits(18), isExpert: false },
    dormant,
    rate,
    kinds,
    topics,
  };
}

const VIEWS: Record<Stance, (s: string, d: string) => string> = {
  bullish: (s, d) => `Bullish on ${s}: ${d} points higher from here.`,
  bearish: (s, d) => `Bearish on ${s}. ${cap(d)} is rolling over.`,
  skeptical: (s, d) => `Not convinced by the ${s} consensus; ${d} does not support it.`,
  watching: (s, d) => `Watching ${s} closely; ${d} decides it.`,
};
const TRADES: Record<RiskMarker, { stance: Stance | null; text: (s: string, d: string) => string }> = {
  buy: { stance: 'bullish', text: (s, d) => `Bought ${s} on the dip; ${d} is the catalyst.` },
  fade: { stance: 'bearish', text: (s, d) => `Fading the ${s} move; ${d} is overdone.` },
  wait: { stance: 'watching', text: (s, d) => `No position in ${s} yet; waiting for ${d} before I act.` },
  size_small: { stance: 'bullish', text: (s, d) => `Took a small starter position in ${s}; will add only if ${d} confirms.` },
  size_large: { stance: 'bullish', text: (s, d) => `Went big on ${s} after ${d}. Conviction trade.` },
  cut_loss: { stance: null, text: (s, d) => `Cut my ${s} position: ${d} went against me. Small loss, moving on.` },
  average_down: { stance: 'bullish', text: (s, d) => `Added to my losing ${s} position; ${d} will turn.` },
  hold_long: { stance: 'bullish', text: (s, d) => `Holding ${s} for months; the noise does not matter until ${d} resolves.` },
};
const ANALYSES: Record<ReasoningMarker, (s: string, d: string) => string> = {
  signal: (s, d) => `${cap(d)} is the tell for ${s}.`,
  data: (s, d) => `The data on ${s}: ${d} is what moves it, not headlines.`,
  base_rates: (s, d) => `Base rates for ${s} say the consensus is too confident; check ${d}.`,
  updates: (s, d) => `Changed my mind on ${s}: ${d} came in against my view.`,
  narrative: (s, d) => `The story on ${s} is all ${d}; hard to say, it could go either way.`,
};

/** One post drawn at `at` for the persona. */
function drawPost(rng: Rng, p: Persona, at: number, allowChatter: boolean): CorpusPost {
  const kind = allowChatter ? rng.weighted(p.kinds) : rng.weighted(p.kinds.filter(([k]) => k !== 'chatter'));
  const id = rng.digits(19);
  const base = { id, url: `https://x.com/${p.account.handle}/status/${id}`, authorHandle: p.account.handle, publishedAt: at };
  if (kind === 'chatter') return { ...base, text: rng.pick(CHATTER), topic: null, driver: null, stance: null, risk: null, reasoning: null };
  // The first topic is the account's main interest.
  const topic = rng.chance(0.5) ? p.topics[0]! : rng.pick(p.topics);
  const subject = SUBJECTS[topic]!;
  const driver = rng.pick(voiceFor(topic).drivers);
  const post = {
    ...base,
    topic,
    driver,
    stance: null as Stance | null,
    risk: null as RiskMarker | null,
    reasoning: null as ReasoningMarker | null,
  };
  if (kind === 'view') {
    const stance = rng.pick(Object.keys(VIEWS) as Stance[]);
    return { ...post, text: VIEWS[stance](subject, driver), stance };
  }
  if (kind === 'trade') {
    const risk = rng.pick(Object.keys(TRADES) as RiskMarker[]);
    return { ...post, text: TRADES[risk].text(subject, driver), stance: TRADES[risk].stance, risk };
  }
  const reasoning = rng.pick(Object.keys(ANALYSES) as ReasoningMarker[]);
  return { ...post, text: ANALYSES[reasoning](subject, driver), reasoning, stance: reasoning === 'updates' ? 'skeptical' : null };
}

/**
 * The posts of a synthetic account published in [fromMs, toMs], newest first. Active accounts post
 * on every UTC day before the day of `toMs`; dormant ones have their few posts on fixed days before
 * `anchorMs` (the dataset anchor).
 */
export function syntheticPosts(seed: number, p: Persona, anchorMs: number, fromMs: number, toMs: number): CorpusPost[] {
  const out: CorpusPost[] = [];
  if (p.dormant) {
    const rng = rngFor(seed, 'dormant', p.account.handle);
    const n = rng.int(0, 14);
    for (let i = 0; i < n; i++) out.push(drawPost(rng, p, anchorMs - rng.int(1, 400) * DAY - rng.int(0, DAY - 1), false));
  } else {
    for (let day = dayOf(fromMs); day < dayOf(toMs); day++) {
      const rng = rngFor(seed, 'day', p.account.handle, day);
      const n = Math.floor(p.rate) + (rng.chance(p.rate % 1) ? 1 : 0);
      for (let i = 0; i < n; i++) out.push(drawPost(rng, p, day * DAY + rng.int(0, DAY - 1), true));
    }
  }
  return out.filter((x) => x.publishedAt >= fromMs && x.publishedAt <= toMs).sort(newestFirst);
}

/** Newest first, ties by id. */
export const newestFirst = (a: CorpusPost, b: CorpusPost): number =>
  b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
