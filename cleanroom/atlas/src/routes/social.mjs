// Social research routes (x_research limit scope): account profiling and
// structured search over the simulated social provider.
import { ApiError, invalid } from '../util/http.mjs';
import { rejectUnknownFields } from '../util/params.mjs';
import { postsInWindow, researchTurns, buildProfile, MIN_POSTS } from '../domain/profile.mjs';
import { tokens } from '../domain/search.mjs';
import { iso, DAY } from '../util/time.mjs';

const HANDLE = /^@?[A-Za-z0-9_]{1,15}$/;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CACHE_MS = 30 * DAY;

function intField(body, name, lo, hi, def) {
  if (body[name] === undefined) return def;
  if (!Number.isInteger(body[name]) || body[name] < lo || body[name] > hi) throw invalid(`Body field '${name}' must be an integer from ${lo} to ${hi}.`);
  return body[name];
}

function profileValidate({ body }) {
  rejectUnknownFields(body, ['handle', 'lookback_days', 'focus']);
  if (typeof body.handle !== 'string' || !HANDLE.test(body.handle)) throw invalid("Body field 'handle' must match ^@?[A-Za-z0-9_]{1,15}$.");
  const focus = body.focus === undefined ? 'general' : body.focus;
  if (!['general', 'trading', 'reasoning'].includes(focus)) throw invalid("Body field 'focus' must be general, trading or reasoning.");
  return { handle: body.handle.replace(/^@/, ''), lookbackDays: intField(body, 'lookback_days', 14, 365, 365), focus };
}

function upstreamGuard(ctx, profiling) {
  if (profiling && ctx.config.outages.has('profiling')) throw new ApiError(503, 'profiling_not_configured', 'Social-account profiling is not configured on this deployment.');
  if (ctx.config.outages.has('social')) throw new ApiError(502, 'social_search_unavailable', 'The social search provider is unavailable; nothing was billed.');
}

async function profileHandle(p, ctx) {
  upstreamGuard(ctx, true);
  const key = `${p.handle.toLowerCase()}|${p.focus}|${p.lookbackDays}`;
  const hit = ctx.profileCache.get(key);
  if (hit && ctx.now - hit.at < CACHE_MS) {
    await sleep(40);
    return { body: { ...hit.profile, meta: { ...hit.profile.meta, cached: true } } };
  }
  const acct = ctx.store.socialAccounts.get(p.handle.toLowerCase());
  const posts = acct ? postsInWindow(ctx.store, acct.handle, p.lookbackDays, ctx.now) : [];
  if (posts.length < MIN_POSTS) {
    throw new ApiError(404, 'insufficient_post_history', `@${p.handle} has ${posts.length} grounded posts in the last ${p.lookbackDays} days; at least ${MIN_POSTS} are needed.`, { post_count: posts.length, required: MIN_POSTS });
  }
  const turns = researchTurns(posts);
  await sleep(350 * turns); // adaptive research turns, then synthesis
  const profile = buildProfile({ acct, posts, lookbackDays: p.lookbackDays, focus: p.focus, now: ctx.now, turns });
  ctx.profileCache.set(key, { at: ctx.now, profile });
  return { body: profile };
}

function searchValidate({ body }) {
  rejectUnknownFields(body, ['query', 'range_days', 'max_results', 'handles', 'expert_only']);
  if (typeof body.query !== 'string' || body.query.trim().length < 1 || body.query.length > 500) throw invalid("Body field 'query' must be a non-blank string of at most 500 characters.");
  let handles;
  if (body.handles !== undefined) {
    if (!Array.isArray(body.handles) || body.handles.length > 10 || body.handles.some((h) => typeof h !== 'string' || !HANDLE.test(h))) throw invalid("Body field 'handles' must be an array of at most 10 handles.");
    handles = body.handles.map((h) => h.replace(/^@/, '').toLowerCase());
  }
  if (body.expert_only !== undefined && typeof body.expert_only !== 'boolean') throw invalid("Body field 'expert_only' must be a boolean.");
  return { query: body.query, rangeDays: intField(body, 'range_days', 1, 180, 30), maxResults: intField(body, 'max_results', 1, 30, 15), handles, expertOnly: body.expert_only === true };
}

async function searchHandle(p, ctx) {
  upstreamGuard(ctx, false);
  await sleep(250);
  const s = ctx.store;
  const from = ctx.now - p.rangeDays * DAY;
  const qt = tokens(p.query);
  const scored = [];
  for (const x of s.posts) {
    if (x.published_at < from || x.published_at > ctx.now) continue;
    if (p.handles && !p.handles.includes(x.handle.toLowerCase())) continue;
    if (p.expertOnly && !x.is_expert) continue;
    const hay = new Set(tokens(`${x.text} ${x.domain} ${x.handle}`));
    const hits = qt.filter((t) => hay.has(t)).length;
    if (!hits) continue;
    scored.push({ x, score: Math.round((hits / qt.length) * 1000) / 1000 });
  }
  scored.sort((a, b) => b.score - a.score || b.x.published_at - a.x.published_at);
  const results = scored.slice(0, p.maxResults).map(({ x, score }) => ({
    post_id: x.id, url: x.url, author_handle: x.handle, author_display_name: s.socialAccounts.get(x.handle.toLowerCase())?.display_name ?? null,
    text: x.text, published_at: iso(x.published_at), is_expert: x.is_expert, score, linked_market_keys: x.marketKey ? [x.marketKey] : [],
  }));
  return { body: { query: p.query, range: { from: iso(from), to: iso(ctx.now), days: p.rangeDays }, results, count: results.length, stored: false } };
}

export const socialRoutes = [
  { method: 'POST', path: '/api/v1/x/profile', kind: 'paid', price: 1000, scope: 'x_research', body: true, summary: 'Social-account profile', validate: profileValidate, handle: profileHandle },
  { method: 'POST', path: '/api/v1/x/search', kind: 'paid', price: 500, scope: 'x_research', body: true, summary: 'Structured social search', validate: searchValidate, handle: searchHandle },
];
