/**
 * The research agent (spec: POST /api/v1/x/profile, behaviour 1): one broad search over the
 * window's grounded posts, ranked with the focus's weights (focus reweights this same search and
 * adds no second one, PROF-001), then targeted searches for the evidence goals still unsupported,
 * until every goal is supported, a turn finds nothing new, or the hard ceiling of three turns
 * (PROF-002). Deterministic: ties are broken by post id.
 */
import { GOALS, type CorpusPost, type Focus, type Goal } from './model.ts';

/** Hard ceiling of research turns (spec: Limits rule 7). */
export const MAX_TURNS = 3;
/** Posts the broad first search returns; at least the 15 a profile needs. */
export const BROAD_RESULTS = 24;
/** Posts each targeted search returns. */
export const TARGETED_RESULTS = 6;

/** How much each goal's evidence counts in the ranking, per focus. */
const FOCUS_WEIGHTS: Readonly<Record<Focus, Readonly<Record<Goal, number>>>> = {
  general: { interests_beliefs: 0.2, risk_trading: 0.3, reasoning_style: 0.3 },
  trading: { interests_beliefs: 0.1, risk_trading: 1.5, reasoning_style: 0.1 },
  reasoning: { interests_beliefs: 0.1, risk_trading: 0.1, reasoning_style: 1.5 },
};

/** Whether a post is evidence for a goal. */
export function supports(post: CorpusPost, goal: Goal): boolean {
  switch (goal) {
    case 'interests_beliefs':
      return post.topic !== null;
    case 'risk_trading':
      return post.risk !== null;
    case 'reasoning_style':
      return post.reasoning !== null;
  }
}

/** Whether the found posts support a goal well enough to stop searching for it. */
export function goalSupported(found: readonly CorpusPost[], goal: Goal): boolean {
  const hits = found.filter((p) => supports(p, goal));
  if (goal === 'interests_beliefs') return hits.length >= 5 && hits.filter((p) => p.stance !== null).length >= 2;
  return hits.length >= 3;
}

/** One search the agent ran. */
export interface SearchRun {
  turn: number;
  /** null for the broad first search. */
  goal: Goal | null;
  found: CorpusPost[];
}

export interface Findings {
  /** Distinct posts found, in discovery order. */
  found: CorpusPost[];
  searches: SearchRun[];
  turns: number;
  supported: Record<Goal, boolean>;
}

/**
 * Runs the research over the window's grounded posts (`grounded`, newest first).
 * `windowMs` scales recency: a post at the window's start scores 0, one at `nowMs` scores 1.
 */
export function research(grounded: readonly CorpusPost[], focus: Focus, nowMs: number, windowMs: number): Findings {
  const weights = FOCUS_WEIGHTS[focus];
  const score = (p: CorpusPost): number =>
    Math.max(0, 1 - (nowMs - p.publishedAt) / windowMs) +
    GOALS.reduce((s, g) => s + (supports(p, g) ? weights[g] : 0), 0) +
    (p.stance ? 0.1 : 0);
  const ranked = [...grounded].sort((a, b) => score(b) - score(a) || (a.id < b.id ? -1 : 1));

  const found: CorpusPost[] = [];
  const seen = new Set<string>();
  const take = (posts: CorpusPost[]): CorpusPost[] => {
    for (const p of posts) seen.add(p.id);
    found.push(...posts);
    return posts;
  };
  const searches: SearchRun[] = [{ turn: 1, goal: null, found: take(ranked.slice(0, BROAD_RESULTS)) }];
  let turns = 1;
  while (turns < MAX_TURNS) {
    const open = GOALS.filter((g) => !goalSupported(found, g));
    if (open.length === 0) break;
    const turn = turns + 1;
    const runs = open.map((goal) => ({
      turn,
      goal,
      found: take(ranked.filter((p) => !seen.has(p.id) && supports(p, goal)).slice(0, TARGETED_RESULTS)),
    }));
    turns = turn;
    searches.push(...runs);
    // Nothing new anywhere: a further turn would search the same posts again.
    if (runs.every((r) => r.found.length === 0)) break;
  }
  const supported = Object.fromEntries(GOALS.map((g) => [g, goalSupported(found, g)])) as Record<Goal, boolean>;
  return { found, searches, turns, supported };
}
