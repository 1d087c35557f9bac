// Social-account profiling over the simulated provider. The "research agent"
// runs up to three targeted turns until the evidence goals are met, then a
// synthesis pass builds the profile. Every claim cites post ids that appear
// in evidence; a claim with no supporting post is dropped.
import { round } from '../util/rng.mjs';
import { iso, DAY, utcDay } from '../util/time.mjs';

export const MIN_POSTS = 15;
export const MAX_TURNS = 3;

const ids = (posts) => posts.map((p) => p.id);

export function postsInWindow(s, handle, lookbackDays, now) {
  const from = now - lookbackDays * DAY;
  return (s.postsByHandle.get(handle.toLowerCase()) || []).filter((p) => p.grounded && p.published_at >= from && p.published_at <= now)
    .sort((a, b) => b.published_at - a.published_at);
}

/** How many research turns the agent needs before the goals are supported (1..3). */
export function researchTurns(posts) {
  const goals = evidenceGoals(posts);
  const missing = Object.values(goals).filter((v) => !v).length;
  return Math.min(MAX_TURNS, 1 + missing + (posts.length < 25 ? 1 : 0));
}

function evidenceGoals(posts) {
  return {
    interests_and_beliefs: posts.length > 0,
    risk_and_trading_behaviour: posts.some((p) => /sized|adding|position/i.test(p.text)),
    reasoning_style: posts.some((p) => /data|watching|decides/i.test(p.text)),
  };
}

export function buildProfile({ acct, posts, lookbackDays, focus, now, turns }) {
  const byDomain = new Map();
  for (const p of posts) {
    if (!byDomain.has(p.domain)) byDomain.set(p.domain, []);
    byDomain.get(p.domain).push(p);
  }
  // focus reweights the one search's results; no second search is run.
  const boost = (d, list) => {
    if (focus === 'trading') return list.filter((p) => p.marketKey).length + list.length * 0.5;
    if (focus === 'reasoning') return list.filter((p) => /data|decides|watching/i.test(p.text)).length + list.length * 0.5;
    return list.length;
  };
  const weighted = [...byDomain.entries()].map(([d, list]) => [d, list, boost(d, list)]).sort((a, b) => b[2] - a[2] || a[0].localeCompare(b[0]));
  const total = weighted.reduce((t, w) => t + w[2], 0) || 1;
  const interests = weighted.map(([d, list, w]) => ({ post_ids: ids(list.slice(0, 5)), topic: d, weight: round(w / total, 3) })).filter((i) => i.weight > 0);
  const beliefs = weighted.slice(0, 3).map(([d, list]) => ({
    post_ids: ids(list.slice(0, 3)), claim: `${list[0].text.split('.')[0]} (${d}).`, confidence: list.length >= 6 ? 'high' : list.length >= 3 ? 'medium' : 'low',
  }));
  const sized = posts.filter((p) => /sized small/i.test(p.text));
  const adding = posts.filter((p) => /adding on weakness/i.test(p.text));
  const data = posts.filter((p) => /data later/i.test(p.text));
  const nfa = posts.filter((p) => /not financial advice/i.test(p.text));
  const tendencies = [
    sized.length && { post_ids: ids(sized.slice(0, 4)), trait: 'small_initial_sizing', description: 'States that positions start small.' },
    adding.length && { post_ids: ids(adding.slice(0, 4)), trait: 'buys_weakness', description: 'Adds to positions on drawdowns rather than cutting.' },
    data.length && { post_ids: ids(data.slice(0, 4)), trait: 'catalyst_driven', description: 'Frames views around upcoming scheduled data.' },
    nfa.length && { post_ids: ids(nfa.slice(0, 4)), trait: 'hedged_disclosure', description: 'Adds disclaimers to directional calls.' },
  ].filter(Boolean);
  const riskPosts = [...sized, ...adding].slice(0, 5);
  const risk_profile = riskPosts.length ? {
    post_ids: ids(riskPosts), posture: adding.length > sized.length ? 'contrarian' : 'measured', time_horizon: 'days_to_weeks',
    position_sizing: sized.length ? 'small, scaled in' : 'not stated', reaction_to_loss: adding.length ? 'adds on weakness' : 'not stated',
  } : null;
  const ipPosts = [...data, ...posts.filter((p) => /watching/i.test(p.text))].slice(0, 5);
  const information_processing = ipPosts.length ? {
    post_ids: ids(ipPosts), style: data.length ? 'catalyst-driven' : 'price-watching', evidence_preference: data.length ? 'scheduled data releases' : 'price action',
    handles_ambiguity: 'waits for confirmation', changes_mind_when: 'a scheduled release surprises',
  } : null;
  const observations = [
    ...weighted.slice(0, 4).map(([d, list]) => ({ dimension: 'interests', statement: `${list.length} posts in the window discuss ${d}.`, post_ids: ids(list.slice(0, 3)) })),
    ...(riskPosts.length ? [{ dimension: 'risk', statement: 'Mentions position management explicitly.', post_ids: ids(riskPosts.slice(0, 3)) }] : []),
    ...(ipPosts.length ? [{ dimension: 'reasoning', statement: 'References upcoming information before acting.', post_ids: ids(ipPosts.slice(0, 3)) }] : []),
  ];
  const cited = new Set([...interests, ...beliefs, ...tendencies, ...observations].flatMap((x) => x.post_ids));
  if (risk_profile) risk_profile.post_ids.forEach((x) => cited.add(x));
  if (information_processing) information_processing.post_ids.forEach((x) => cited.add(x));
  const evidence = posts.filter((p) => cited.has(p.id)).map((p) => ({ post_id: p.id, url: p.url, published_at: iso(p.published_at), excerpt: p.text.slice(0, 140) }));
  const gaps = [];
  if (!risk_profile) gaps.push('Risk and trading behaviour could not be established from posts in the window.');
  if (!information_processing) gaps.push('Reasoning style could not be established from posts in the window.');
  gaps.push('Realised performance of stated views is not observable from posts.');
  return {
    handle: acct.handle, display_name: acct.display_name, profile_url: `https://x.example/${acct.handle}`,
    service_metadata: {
      handle: acct.handle, display_name: acct.display_name, x_user_id: acct.x_user_id, current_username: acct.current_username,
      is_service_expert: acct.is_service_expert, service_expert: acct.is_service_expert ? { designation: 'reviewed_expert', policy_version: acct.policy_version } : null,
    },
    window: { from_date: utcDay(now - lookbackDays * DAY), to_date: utcDay(now), lookback_days: lookbackDays, post_count: posts.length },
    interests, beliefs, tendencies, risk_profile, information_processing,
    recommendation_hints: { market_categories: weighted.slice(0, 3).map((w) => w[0]), tone: acct.is_service_expert ? 'technical' : 'conversational', avoid: acct.domains.includes('sports') ? [] : ['sports'] },
    observations, evidence,
    confidence: posts.length >= 40 ? 'high' : posts.length >= 25 ? 'medium' : 'low',
    gaps,
    meta: { focus, research_turns: turns, max_research_turns: MAX_TURNS, searches: 1, evidence_goals: evidenceGoals(posts), cached: false, generated_at: iso(now), cache_expires_at: iso(now + 30 * DAY), model: 'sim-research-2' },
  };
}
