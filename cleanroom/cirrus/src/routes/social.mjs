// Social research: account profiling (adaptive research over a simulated
// search provider, at most three turns, cached 30 days per handle, focus and
// lookback) and structured social search (never stored).
import { ApiError, invalid } from '../errors.mjs';
import { parseJsonObject } from '../util/http.mjs';
import { bodyStr, bodyInt, bodyEnum, bodyBool, onlyKeys } from '../util/validate.mjs';
import { iso, dateStr, DAY } from '../util/time.mjs';
import { round } from '../util/rng.mjs';

const HANDLE = /^@?[A-Za-z0-9_]{1,15}$/;
const CACHE_MS = 30 * DAY;
const MIN_POSTS = 15;
const TURN_MS = 120;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CATEGORY = { rates: 'Economics', inflation: 'Economics', gold: 'Commodities', oil: 'Commodities', energy: 'Energy', crypto: 'Crypto', ai: 'Tech', equities: 'Companies', politics: 'Politics', weather: 'Climate and Weather' };

function prepareProfile(ctx) {
  const b = parseJsonObject(ctx.rawBody);
  onlyKeys(b, ['handle', 'lookback_days', 'focus']);
  const handle = bodyStr(b, 'handle', { required: true, max: 16, pattern: HANDLE });
  return { handle: handle.replace(/^@/, ''), lookback: bodyInt(b, 'lookback_days', { min: 14, max: 365, def: 365 }), focus: bodyEnum(b, 'focus', ['general', 'trading', 'reasoning'], 'general') };
}

function buildProfile(vx, acct, handle, posts, p, now) {
  const ids = (arr, n = 6) => arr.slice(0, n).map((x) => x.id);
  const of = (kind) => posts.filter((x) => x.kind === kind);
  const boost = { general: [], trading: ['risk', 'tendency'], reasoning: ['reasoning', 'belief'] }[p.focus];
  const topics = new Map();
  for (const x of posts) {
    const w = boost.includes(x.kind) ? 1.5 : 1;
    const t = topics.get(x.topic) ?? { w: 0, posts: [] };
    t.w += w; t.posts.push(x); topics.set(x.topic, t);
  }
  const totalW = [...topics.values()].reduce((s, t) => s + t.w, 0);
  const interests = [...topics.entries()].sort((a, b) => b[1].w - a[1].w).map(([topic, t]) => ({ post_ids: ids(t.posts), topic, weight: round(t.w / totalW, 3) }));
  const beliefsByTopic = new Map();
  for (const x of of('belief')) { if (!beliefsByTopic.has(x.topic)) beliefsByTopic.set(x.topic, []); beliefsByTopic.get(x.topic).push(x); }
  const beliefs = [...beliefsByTopic.entries()].map(([topic, xs]) => ({ post_ids: ids(xs), claim: `The market underprices how quickly ${topic} conditions turn.`, confidence: xs.length >= 3 ? 'high' : xs.length === 2 ? 'medium' : 'low' }));
  const tend = of('tendency');
  const tendencies = tend.length ? [{ post_ids: ids(tend), trait: 'headline fader', description: 'Waits for the revision rather than trading the first headline.' }] : [];
  const risk = of('risk');
  const reason = of('reasoning');
  const risk_profile = risk.length ? { post_ids: ids(risk), posture: 'cautious', time_horizon: 'days to weeks', position_sizing: 'small starter positions, scaled in', reaction_to_loss: 'cuts quickly at a predefined stop' } : null;
  const information_processing = reason.length ? { post_ids: ids(reason), style: 'source-first', evidence_preference: 'primary data over commentary', handles_ambiguity: 'waits for independent confirmation', changes_mind_when: 'primary data contradicts the view' } : null;
  const gaps = [];
  if (!risk_profile) gaps.push('Risk posture and trading behaviour were not established by any post in the window.');
  if (!information_processing) gaps.push('Reasoning style could not be established from the posts in the window.');
  if (!beliefs.length) gaps.push('No explicit beliefs were stated in the window.');
  const goalsMissing = [!beliefs.length, !risk_profile, !information_processing].filter(Boolean).length;
  const turns = Math.min(3, 1 + goalsMissing + (posts.length < 20 ? 1 : 0));
  const observations = [
    ...interests.slice(0, 3).map((i) => ({ dimension: 'interests', statement: `Posts repeatedly about ${i.topic}.`, post_ids: i.post_ids.slice(0, 3) })),
    ...(risk_profile ? [{ dimension: 'risk', statement: 'Describes small sizing and hard stops.', post_ids: risk_profile.post_ids.slice(0, 3) }] : []),
    ...(information_processing ? [{ dimension: 'reasoning', statement: 'Cites primary sources before commentary.', post_ids: information_processing.post_ids.slice(0, 3) }] : []),
  ];
  const cited = new Set([...interests, ...beliefs, ...tendencies, ...observations, ...(risk_profile ? [risk_profile] : []), ...(information_processing ? [information_processing] : [])].flatMap((x) => x.post_ids));
  const byId = new Map(posts.map((x) => [x.id, x]));
  const evidence = [...cited].map((id) => byId.get(id)).sort((a, b) => b.published_at - a.published_at).map((x) => ({ post_id: x.id, url: x.url, published_at: iso(x.published_at), excerpt: x.text.slice(0, 140) }));
  return {
    handle,
    display_name: acct.display_name,
    profile_url: `https://x.example/${acct.handle}`,
    service_metadata: { handle, display_name: acct.display_name, x_user_id: acct.x_user_id, current_username: acct.current_username, is_service_expert: acct.is_expert, service_expert: acct.is_expert ? { designation: 'reviewed_expert', policy_version: acct.policy_version } : null },
    window: { from_date: dateStr(now - p.lookback * DAY), to_date: dateStr(now), lookback_days: p.lookback, post_count: posts.length },
    interests, beliefs, tendencies, risk_profile, information_processing,
    recommendation_hints: { market_categories: [...new Set(interests.map((i) => CATEGORY[i.topic]).filter(Boolean))], tone: acct.is_expert ? 'technical' : 'plain', avoid: ['Sports', 'Mentions'] },
    observations, evidence,
    confidence: posts.length >= 35 ? 'high' : posts.length >= 22 ? 'medium' : 'low',
    gaps,
    meta: { research_turns: turns, research_ceiling: 3, focus: p.focus, searches: Array.from({ length: turns }, (_, i) => ({ turn: i + 1, query: `from:${acct.handle} ${['', 'risk OR stop OR sizing', 'source OR data OR evidence'][i]}`.trim() })), model: 'cirrus-research-2', generated_at: iso(now), cached: false, cache_expires_at: iso(now + CACHE_MS) },
  };
}

async function profile(ctx, p) {
  const configured = ctx.faultScope && ctx.st.profilingScopes.has(ctx.faultScope) ? ctx.st.profilingScopes.get(ctx.faultScope) : ctx.cfg.profilingConfigured;
  if (!configured) throw new ApiError(503, 'profiling_not_configured', 'Social-account profiling is not configured on this deployment.');
  const now = ctx.now;
  const key = `${p.handle.toLowerCase()}|${p.focus}|${p.lookback}`;
  const hit = ctx.st.profileCache.get(key);
  if (hit && now - hit.at < CACHE_MS) return { body: { ...hit.profile, meta: { ...hit.profile.meta, cached: true, cache_age_seconds: Math.floor((now - hit.at) / 1000) } } };
  const acct = ctx.vx.ds.accountByHandle.get(p.handle.toLowerCase());
  const since = now - p.lookback * DAY;
  const posts = acct ? (ctx.vx.ds.postsByHandle.get(acct.handle) || []).filter((x) => x.grounded && x.published_at >= since && x.published_at <= now).sort((a, b) => b.published_at - a.published_at) : [];
  if (posts.length < MIN_POSTS) throw new ApiError(404, 'insufficient_post_history', `@${p.handle} has ${posts.length} citation-grounded posts in the last ${p.lookback} days; at least ${MIN_POSTS} are needed.`, { post_count: posts.length, required: MIN_POSTS });
  const prof = buildProfile(ctx.vx, acct, acct.handle, posts, p, now);
  await sleep(TURN_MS * prof.meta.research_turns); // the research turns take time
  ctx.st.profileCache.set(key, { at: now, profile: prof });
  return { body: prof };
}

function prepareSearch(ctx) {
  const b = parseJsonObject(ctx.rawBody);
  onlyKeys(b, ['query', 'range_days', 'max_results', 'handles', 'experts_only', 'sort']);
  const query = bodyStr(b, 'query', { required: true, max: 256 });
  if (query.trim() === '') throw invalid('query must not be blank.');
  let handles;
  if (b.handles !== undefined) {
    if (!Array.isArray(b.handles) || b.handles.length > 10 || b.handles.some((h) => typeof h !== 'string' || !HANDLE.test(h))) throw invalid('handles must be an array of at most 10 valid handles.');
    handles = b.handles.map((h) => h.replace(/^@/, '').toLowerCase());
  }
  return { query, handles, range: bodyInt(b, 'range_days', { min: 1, max: 180, def: 30 }), max: bodyInt(b, 'max_results', { min: 1, max: 30, def: 15 }), experts: bodyBool(b, 'experts_only', false), sort: bodyEnum(b, 'sort', ['relevance', 'recent'], 'relevance') };
}

async function xsearch(ctx, p) {
  const { ds } = ctx.vx;
  const now = ctx.now;
  const since = now - p.range * DAY;
  const terms = p.query.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = [];
  for (const x of ds.posts) {
    if (x.published_at < since || x.published_at > now) continue;
    const acct = ds.accountByHandle.get(x.handle);
    if (p.handles && !p.handles.includes(x.handle)) continue;
    if (p.experts && !acct?.is_expert) continue;
    const hay = `${x.text} ${x.topic} ${x.handle}`.toLowerCase();
    const matched = terms.filter((t) => hay.includes(t.replace(/^[@#]/, '')));
    if (!matched.length) continue;
    hits.push({ x, acct, matched, score: matched.length + x.metrics.likes / 10000 });
  }
  hits.sort(p.sort === 'recent' ? (a, b) => b.x.published_at - a.x.published_at : (a, b) => b.score - a.score || b.x.published_at - a.x.published_at);
  await sleep(60);
  const results = hits.slice(0, p.max).map(({ x, acct, matched, score }) => ({ post_id: x.id, url: x.url, author_handle: x.handle, author_display_name: acct?.display_name ?? null, is_expert: !!acct?.is_expert, text: x.text, published_at: iso(x.published_at), metrics: x.metrics, matched_terms: matched, score: round(score, 4) }));
  return { body: { query: p.query, range: { from: iso(since), to: iso(now), days: p.range }, sort: p.sort, results, count: results.length, stored: false, provider: { status: 'ok', executed: true } } };
}

export default [
  { method: 'POST', path: '/api/v1/x/profile', operationId: 'profileSocialAccount', kind: 'paid', credits: 1000, scope: 'x_research', body: true, summary: 'Research and profile a social account from its grounded posts', prepare: prepareProfile, handler: profile, faultCodes: { 502: 'search_provider_unavailable', 503: 'profiling_not_configured' } },
  { method: 'POST', path: '/api/v1/x/search', operationId: 'searchSocialPosts', kind: 'paid', credits: 500, scope: 'x_research', body: true, summary: 'Structured social search (not stored)', prepare: prepareSearch, handler: xsearch, faultCodes: { 502: 'social_search_unavailable' } },
];
