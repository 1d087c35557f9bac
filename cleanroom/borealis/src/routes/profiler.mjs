// The simulated research agent: up to three targeted research turns toward
// fixed evidence goals, then a synthesis pass. Every claim cites post ids
// that appear in `evidence`; a claim without support is dropped.
import { iso, dateOnly } from '../core/clock.mjs';
import { round } from '../core/prng.mjs';

const GOALS = [
  { id: 'interests_beliefs', topics: ['rates', 'oil', 'inflation', 'crypto', 'politics', 'ai'] },
  { id: 'risk_trading', topics: ['trading'] },
  { id: 'reasoning_style', topics: ['reasoning'] },
];
const CATEGORY = { rates: 'economics', inflation: 'economics', oil: 'commodities', crypto: 'crypto', politics: 'politics', ai: 'technology', trading: 'markets', reasoning: 'markets' };
const FOCUS_BOOST = { general: {}, trading: { trading: 1.6 }, reasoning: { reasoning: 1.6 } };

export async function synthesize(acct, posts, { focus, lookback, at, since, sleep }) {
  // One search, reweighted by focus: boosted topics are cited first.
  const boost = FOCUS_BOOST[focus];
  const ranked = posts.slice().sort((a, b) => (boost[b.topic] || 1) - (boost[a.topic] || 1) || (b.publishedAt - a.publishedAt));
  const turns = [];
  for (const g of GOALS) {
    if (turns.length >= 3) break;
    await sleep(150);
    const found = ranked.filter((p) => g.topics.includes(p.topic));
    turns.push({ goal: g.id, query: `from:${acct.handle} ${g.topics.join(' OR ')}`, results: found.length });
  }
  const cited = ranked.slice(0, 40);
  const ids = (list, n = 5) => list.slice(0, n).map((p) => p.id);
  const byTopic = new Map();
  for (const p of cited) { if (!byTopic.has(p.topic)) byTopic.set(p.topic, []); byTopic.get(p.topic).push(p); }

  const raw = [...byTopic.entries()].map(([topic, list]) => [topic, list, list.length * (boost[topic] || 1)]);
  const max = Math.max(...raw.map((r) => r[2]));
  const interests = raw.filter(([t]) => t !== 'reasoning').sort((a, b) => b[2] - a[2])
    .map(([topic, list, w]) => ({ post_ids: ids(list, 40), topic, weight: round(w / max, 3) }));
  const beliefs = raw.filter(([t]) => !['trading', 'reasoning'].includes(t)).flatMap(([topic, list]) => {
    const first = list[0];
    const agree = list.filter((p) => p.stance === first.stance).length;
    return [{ post_ids: ids(list, 3), claim: first.text, confidence: agree >= 4 ? 'high' : agree >= 2 ? 'medium' : 'low' }];
  }).slice(0, 6);
  const trading = byTopic.get('trading') || [];
  const reasoning = byTopic.get('reasoning') || [];
  const tendencies = [];
  if (trading.length) tendencies.push({ post_ids: ids(trading, 3), trait: 'loss_discipline', description: 'Closes positions when the thesis breaks rather than averaging down.' });
  if (reasoning.length) tendencies.push({ post_ids: ids(reasoning, 3), trait: 'base_rate_anchoring', description: 'Starts from base rates and names what would change the view.' });
  if (cited.length >= 30) tendencies.push({ post_ids: ids(cited, 4), trait: 'high_cadence', description: 'Posts frequently and revisits earlier calls.' });

  const risk = trading.length ? { post_ids: ids(trading, 4), posture: 'disciplined', time_horizon: 'days_to_weeks', position_sizing: 'small_and_diversified', reaction_to_loss: 'exits_when_thesis_breaks' } : null;
  const info = reasoning.length ? { post_ids: ids(reasoning, 4), style: 'base_rate_first', evidence_preference: 'independent_corroboration', handles_ambiguity: 'states_conditions_for_changing_view', changes_mind_when: 'new data contradicts the thesis' } : null;
  const cats = [...new Set(interests.map((i) => CATEGORY[i.topic]).filter(Boolean))];
  const observations = [
    ...interests.slice(0, 3).map((i) => ({ dimension: 'interests', statement: `Frequently discusses ${i.topic}.`, post_ids: i.post_ids.slice(0, 3) })),
    ...(risk ? [{ dimension: 'risk', statement: 'Describes explicit exit rules for losing positions.', post_ids: risk.post_ids.slice(0, 2) }] : []),
    ...(info ? [{ dimension: 'reasoning', statement: 'Refers to base rates and independent sources.', post_ids: info.post_ids.slice(0, 2) }] : []),
  ];
  // Evidence holds exactly the posts cited anywhere above.
  const used = new Set([...interests, ...beliefs, ...tendencies, ...observations, ...(risk ? [risk] : []), ...(info ? [info] : [])].flatMap((x) => x.post_ids));
  const evidence = cited.filter((p) => used.has(p.id)).map((p) => ({ post_id: p.id, url: p.url, published_at: p.noDate ? null : iso(p.publishedAt), excerpt: p.text.slice(0, 200) }));
  const gaps = [];
  if (!risk) gaps.push('No posts about position sizing or reactions to losses in the window.');
  if (!info) gaps.push('Too few posts about how evidence is weighed to describe a reasoning style.');
  if (cited.length < posts.length) gaps.push(`Only the ${cited.length} most relevant of ${posts.length} posts were cited.`);
  const n = evidence.length;
  return {
    handle: acct.handle,
    display_name: acct.displayName ?? null,
    profile_url: `https://x.example/${acct.handle}`,
    service_metadata: {
      handle: acct.handle, display_name: acct.displayName ?? null, x_user_id: acct.userId ?? null, current_username: acct.currentUsername ?? null,
      is_service_expert: acct.expert, service_expert: acct.expert ? { designation: 'reviewed_expert', policy_version: acct.policyVersion } : null,
    },
    window: { from_date: dateOnly(since), to_date: dateOnly(at), lookback_days: lookback, post_count: n },
    interests, beliefs, tendencies,
    risk_profile: risk,
    information_processing: info,
    recommendation_hints: cats.length ? { market_categories: cats, tone: focus === 'trading' ? 'direct' : 'analytical', avoid: ['sports', 'mentions'] } : null,
    observations,
    evidence,
    confidence: n >= 35 ? 'high' : n >= 22 ? 'medium' : 'low',
    gaps,
    meta: { focus, research_turns: turns.length, turns, synthesis: 'single_pass', model: 'borealis-sim-reasoner', generated_at: iso(at), cached: false },
  };
}
