/**
 * Articles (RELEVANT_TO markets) and social posts over the 7 days before the anchor, skewed recent
 * so the 1..6h latest feed and the 48h sources window both have rows. Some posts are re-sighted:
 * published weeks ago but last seen relevant inside the window.
 */
import type { Article, EpochMs, Market, SocialPost } from '../model.ts';
import type { Rng } from '../rng.ts';
import { DAY, HOUR, MINUTE } from '../rng.ts';
import { HANDLES, PROFILE_HANDLE, PUBLISHERS, THIN_HANDLE, voiceFor } from '../tables/text.ts';
import { slugify } from '../urls.ts';
import { stem } from '../forecast-text.ts';

const cap = (s: string): string => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;

const TITLES: ((s: string, d: string) => string)[] = [
  (s, d) => `Traders reassess whether ${s} as ${d} shifts`,
  (s, d) => `${cap(d)} puts focus on whether ${s}`,
  (s) => `Analysts split on whether ${s}`,
  (s, d) => `What ${d} says about whether ${s}`,
];

function drawArticle(rng: Rng, anchor: EpochMs, m: Market, siblings: readonly string[]): Article {
  const voice = voiceFor(m.categories[0] ?? '');
  const driver = rng.pick(voice.drivers);
  const pub = rng.pick(PUBLISHERS);
  const title = rng.pick(TITLES)(stem(m.question), driver);
  const age = Math.max(3 * MINUTE, Math.round(7 * DAY * rng.float() ** 1.7));
  const publishedAt = anchor - age;
  // Ingestion and correlation follow publication but never pass the anchor.
  const ingestedAt = publishedAt + Math.min(rng.int(1, 30) * MINUTE, Math.floor(age * 0.3));
  const correlatedAt = ingestedAt + Math.min(rng.int(2, 60) * MINUTE, Math.floor(age * 0.5));
  const extra = siblings.length > 0 && rng.chance(0.2) ? [rng.pick(siblings)] : [];
  return {
    id: `art_${rng.hex(16)}`,
    marketKeys: [m.marketKey, ...extra.filter((k) => k !== m.marketKey)],
    title,
    comment: `Bears on "${m.question}" through ${driver}; the crux is ${voice.crux}.`,
    direction: rng.weighted<'yes' | 'no' | null>([
      ['yes', 45],
      ['no', 25],
      [null, 30],
    ]),
    url: `https://${pub.host}/news/${slugify(title).slice(0, 60)}-${rng.hex(6)}`,
    source: pub.name,
    feedTier: pub.tier,
    publishedAt,
    correlatedAt,
    ingestedAt,
    confidence: rng.pick(['high', 'medium', 'low']),
    evidenceQuote: `${cap(driver)} moved sharply this week, according to people familiar with the matter.`,
  };
}

function drawPost(
  rng: Rng,
  anchor: EpochMs,
  m: Market,
  handle: string,
  expert: boolean,
  age: { published: number; resighted: boolean },
): SocialPost {
  const voice = voiceFor(m.categories[0] ?? '');
  const driver = rng.pick(voice.drivers);
  const id = rng.digits(19);
  const publishedAt = anchor - age.published;
  const lastSeenRelevantAt = age.resighted
    ? anchor - rng.int(10, 47 * 60) * MINUTE
    : publishedAt + Math.min(rng.int(0, 12 * 60) * MINUTE, Math.floor(age.published * 0.5));
  const stance = rng.pick(['Fading', 'Buying', 'Watching', 'Skeptical on']);
  return {
    id,
    marketKeys: [m.marketKey],
    authorHandle: handle,
    isExpert: expert,
    url: `https://x.com/${handle}/status/${id}`,
    text: `${stance} ${stem(m.question)}. ${cap(driver)} is the tell.`,
    publishedAt,
    lastSeenRelevantAt,
    confidence: rng.pick(['high', 'medium', 'low']),
    reasoning: `The post argues about ${driver}, which bears on ${voice.crux}.`,
    evidenceQuote: `${cap(driver)} is the tell.`,
  };
}

export interface EvidenceOut {
  articles: Article[];
  posts: SocialPost[];
}

export function generateEvidence(
  rng: Rng,
  anchor: EpochMs,
  markets: readonly Market[],
  siblingsOf: (marketKey: string) => readonly string[],
): EvidenceOut {
  const articles: Article[] = [];
  const posts: SocialPost[] = [];
  const eligible = markets.filter((m) => m.covered && m.active && m.exclusion === null);
  for (const m of eligible) {
    const nArticles = rng.weighted([
      [0, 30],
      [1, 20],
      [2, 20],
      [3, 12],
      [4, 8],
      [6, 6],
      [9, 4],
    ]);
    for (let i = 0; i < nArticles; i++) articles.push(drawArticle(rng, anchor, m, siblingsOf(m.marketKey)));
    const nPosts = rng.weighted([
      [0, 55],
      [1, 25],
      [2, 13],
      [3, 7],
    ]);
    for (let i = 0; i < nPosts; i++) {
      const h = rng.pick(HANDLES);
      const resighted = rng.chance(0.15);
      const published = resighted ? rng.int(8 * 24, 40 * 24) * HOUR : Math.max(2 * MINUTE, Math.round(7 * DAY * rng.float() ** 1.5));
      posts.push(drawPost(rng, anchor, m, h.handle, h.expert, { published, resighted }));
    }
  }
  // Profile fixtures: one account with a deep grounded history, one below the 15-post floor.
  const macro = eligible.filter((m) => m.categories.includes('Economics'));
  for (let i = 0; i < 24; i++) {
    posts.push(drawPost(rng, anchor, rng.pick(macro), PROFILE_HANDLE, true, { published: rng.int(1, 200 * 24) * HOUR, resighted: false }));
  }
  for (let i = 0; i < 4; i++) {
    posts.push(drawPost(rng, anchor, rng.pick(eligible), THIN_HANDLE, false, { published: rng.int(1, 90 * 24) * HOUR, resighted: false }));
  }
  // Excluded markets are still covered rows: one article each for the first of every exclusion
  // reason puts them in the catalog, where CAT-004 checks they never carry an in-window forecast.
  for (const reason of ['sports', 'mentions', 'crypto_up_down'] as const) {
    const m = markets.find((x) => x.covered && x.active && x.exclusion === reason);
    if (m) articles.push(drawArticle(rng, anchor, m, []));
  }
  return { articles, posts };
}
