/**
 * The synthesis pass (spec: POST /api/v1/x/profile, behaviour 1; Social-account profile): turns the
 * research findings into interests, beliefs, tendencies, risk profile, information processing,
 * hints and raw observations. Every claim cites the posts it was drawn from; a final pass drops any
 * citation that does not resolve to a found post and any claim left without one ("Every claim cites
 * post_ids present in evidence; unsupported claims are dropped", PROF-012/013).
 */
import { GOAL_LABEL, GOALS, type CorpusPost, type Goal, type ReasoningMarker, type Stance } from './model.ts';
import { supports, type Findings } from './research.ts';

export interface Interest {
  post_ids: string[];
  topic: string;
  weight: number;
}
export interface Belief {
  post_ids: string[];
  claim: string;
  confidence: string;
}
export interface Tendency {
  post_ids: string[];
  trait: string;
  description: string;
}
export interface RiskProfile {
  post_ids: string[];
  posture: string;
  time_horizon: string;
  position_sizing: string;
  reaction_to_loss: string;
}
export interface InformationProcessing {
  post_ids: string[];
  style: string;
  evidence_preference: string;
  handles_ambiguity: string;
  changes_mind_when: string;
}
export interface RecommendationHints {
  market_categories: string[];
  tone: string;
  avoid: string[];
}
export interface Observation {
  dimension: string;
  statement: string;
  post_ids: string[];
}

export interface Synthesis {
  interests: Interest[];
  beliefs: Belief[];
  tendencies: Tendency[];
  risk_profile: RiskProfile | null;
  information_processing: InformationProcessing | null;
  recommendation_hints: RecommendationHints | null;
  observations: Observation[];
  confidence: 'low' | 'medium' | 'high';
  gaps: string[];
}

const ids = (posts: readonly CorpusPost[]): string[] => posts.map((p) => p.id);
const count = <K extends string>(posts: readonly CorpusPost[], key: (p: CorpusPost) => K | null): Map<K, CorpusPost[]> => {
  const m = new Map<K, CorpusPost[]>();
  for (const p of posts) {
    const k = key(p);
    if (k !== null) m.set(k, [...(m.get(k) ?? []), p]);
  }
  return m;
};
/** Groups by size, largest first, ties by key. */
const bySize = <K extends string>(m: Map<K, CorpusPost[]>): [K, CorpusPost[]][] =>
  [...m.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
const mostNamedDriver = (posts: readonly CorpusPost[]): string | null => bySize(count(posts, (p) => p.driver))[0]?.[0] ?? null;
const round2 = (x: number): number => Math.round(x * 100) / 100;

const STANCE_CLAIM: Readonly<Record<Stance, string>> = {
  bullish: 'Expects upside in',
  bearish: 'Expects downside in',
  watching: 'Holds off on a call in',
  skeptical: 'Doubts the consensus in',
};

function interestsOf(found: readonly CorpusPost[]): Interest[] {
  const topical = found.filter((p) => p.topic !== null);
  return bySize(count(topical, (p) => p.topic))
    .slice(0, 6)
    .map(([topic, posts]) => ({ post_ids: ids(posts), topic, weight: round2(posts.length / topical.length) }));
}

function beliefsOf(found: readonly CorpusPost[]): Belief[] {
  const withStance = found.filter((p) => p.stance !== null && p.topic !== null);
  return bySize(count(withStance, (p) => `${p.topic}|${p.stance}`))
    .slice(0, 6)
    .map(([key, posts]) => {
      const [topic, stance] = key.split('|') as [string, Stance];
      const driver = mostNamedDriver(posts);
      return {
        post_ids: ids(posts),
        claim: `${STANCE_CLAIM[stance]} ${topic} markets${driver ? `, reading ${driver} as the driver` : ''}.`,
        confidence: posts.length >= 4 ? 'high' : posts.length >= 2 ? 'medium' : 'low',
      };
    });
}

const TRAITS: readonly [string, (p: CorpusPost) => boolean, string][] = [
  ['contrarian', (p) => p.risk === 'fade' || p.stance === 'bearish', 'Leans against the prevailing move and fades strength.'],
  ['momentum-seeking', (p) => p.risk === 'buy' || p.risk === 'size_large', 'Buys into moves once a catalyst shows up.'],
  [
    'patient',
    (p) => p.risk === 'wait' || p.risk === 'hold_long' || p.stance === 'watching',
    'Waits for confirmation before acting and holds through noise.',
  ],
  ['skeptical', (p) => p.stance === 'skeptical', 'Questions the consensus view before adopting it.'],
  ['driver-focused', (p) => p.reasoning === 'signal' || p.reasoning === 'data', 'Names one concrete driver as the decisive signal.'],
  ['self-correcting', (p) => p.reasoning === 'updates' || p.risk === 'cut_loss', 'Revises views and exits when the evidence turns.'],
];

function tendenciesOf(found: readonly CorpusPost[]): Tendency[] {
  return TRAITS.map(([trait, has, description]) => ({ trait, description, posts: found.filter(has) }))
    .filter((t) => t.posts.length >= 2)
    .map(({ trait, description, posts }) => ({ post_ids: ids(posts), trait, description }));
}

const has = (m: Map<string, CorpusPost[]>, ...keys: string[]): number => keys.reduce((s, k) => s + (m.get(k)?.length ?? 0), 0);

function riskOf(found: readonly CorpusPost[]): RiskProfile {
  const posts = found.filter((p) => p.risk !== null);
  const m = count<string>(posts, (p) => p.risk);
  const cautious = has(m, 'fade', 'wait', 'size_small', 'cut_loss');
  const aggressive = has(m, 'buy', 'size_large', 'average_down');
  return {
    post_ids: ids(posts),
    posture: cautious > aggressive ? 'cautious' : aggressive > cautious ? 'aggressive' : 'balanced',
    time_horizon: has(m, 'hold_long', 'wait') > has(m, 'buy', 'fade') ? 'weeks to months' : 'days to weeks',
    position_sizing:
      has(m, 'size_large') > has(m, 'size_small')
        ? 'concentrated positions'
        : has(m, 'size_small')
          ? 'small starter positions scaled on confirmation'
          : 'sizing not stated in the window',
    reaction_to_loss:
      has(m, 'cut_loss') > has(m, 'average_down')
        ? 'cuts losing positions quickly'
        : has(m, 'average_down')
          ? 'adds to losing positions'
          : 'no losing trade discussed in the window',
  };
}

const STYLE: Readonly<Record<ReasoningMarker, string>> = {
  signal: 'signal-driven: singles out one tell',
  data: 'data-driven',
  base_rates: 'base-rate anchored',
  updates: 'evidence-updating',
  narrative: 'narrative-led',
};

function infoOf(found: readonly CorpusPost[]): InformationProcessing {
  const posts = found.filter((p) => p.reasoning !== null);
  const m = count<ReasoningMarker>(posts, (p) => p.reasoning);
  const top = bySize(m)[0]![0];
  const driver = mostNamedDriver(posts);
  return {
    post_ids: ids(posts),
    style: STYLE[top],
    evidence_preference: driver ? `concrete market drivers such as ${driver}` : 'market drivers named in the post',
    handles_ambiguity:
      (m.get('narrative')?.length ?? 0) > 0 ? 'states uncertainty openly when the story is mixed' : 'commits to a single reading',
    changes_mind_when: (m.get('updates')?.length ?? 0) > 0 ? 'a data release contradicts the current view' : 'not observed in the window',
  };
}

function observationsOf(f: Findings): Observation[] {
  const out: Observation[] = [];
  for (const s of f.searches) {
    const goals: Goal[] = s.goal ? [s.goal] : [...GOALS];
    for (const g of goals) {
      const posts = s.found.filter((p) => supports(p, g));
      if (posts.length === 0) continue;
      const how = s.goal ? `targeted search for ${GOAL_LABEL[g]}` : 'broad search';
      out.push({
        dimension: GOAL_LABEL[g],
        statement: `Turn ${s.turn} ${how}: ${posts.length} post(s) bear on ${GOAL_LABEL[g]}.`,
        post_ids: ids(posts),
      });
    }
  }
  return out;
}

const GAP_TEXT: Readonly<Record<Goal, string>> = {
  interests_beliefs: 'interests and beliefs: too few posts in the window state a view on a market topic',
  risk_trading: 'risk and trading behaviour: too few posts in the window describe positions, sizing or losses',
  reasoning_style: 'reasoning style: too few posts in the window show how the account weighs evidence',
};

/** Keeps only citations of found posts and drops the claims left without any (PROF-013). */
export function dropUnsupported<T extends { post_ids: string[] }>(claims: readonly T[], known: ReadonlySet<string>): T[] {
  return claims.map((c) => ({ ...c, post_ids: c.post_ids.filter((id) => known.has(id)) })).filter((c) => c.post_ids.length > 0);
}

/** The synthesis of the findings (deterministic). */
export function synthesize(f: Findings): Synthesis {
  const known = new Set(ids(f.found));
  const one = <T extends { post_ids: string[] }>(x: T | null): T | null => (x ? (dropUnsupported([x], known)[0] ?? null) : null);
  const interests = dropUnsupported(interestsOf(f.found), known);
  const nSupported = GOALS.filter((g) => f.supported[g]).length;
  return {
    interests,
    beliefs: dropUnsupported(beliefsOf(f.found), known),
    tendencies: dropUnsupported(tendenciesOf(f.found), known),
    risk_profile: f.supported.risk_trading ? one(riskOf(f.found)) : null,
    information_processing: f.supported.reasoning_style ? one(infoOf(f.found)) : null,
    recommendation_hints: interests.length
      ? {
          market_categories: interests.slice(0, 3).map((i) => i.topic),
          tone: f.supported.reasoning_style ? 'evidence-first, name the driver' : 'plain and brief',
          avoid: ['sports outcomes', 'mention markets', 'short-horizon crypto up/down markets'],
        }
      : null,
    observations: dropUnsupported(observationsOf(f), known),
    confidence: nSupported === GOALS.length && f.found.length >= 30 ? 'high' : nSupported >= 2 ? 'medium' : 'low',
    gaps: GOALS.filter((g) => !f.supported[g]).map((g) => GAP_TEXT[g]),
  };
}
