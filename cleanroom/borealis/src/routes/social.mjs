// Social research: structured search and account profiling over the
// simulated search provider. Both belong to the x_research limit scope.
import { ApiError, upstream, unavailable } from '../http/errors.mjs';
import { assertObject, onlyFields, bodyStr, bodyInt, bodyEnum } from '../http/params.mjs';
import { iso, dateOnly, DAY } from '../core/clock.mjs';
import { synthesize } from './profiler.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const words = (s) => String(s).toLowerCase().split(/[^a-z0-9$]+/).filter((w) => w.length > 1);

export function socialRoutes(d) {
  const { store, cfg } = d;
  const cache = new Map(); // `${handle}|${focus}|${lookback}` -> { at, profile }
  const CACHE_MS = 30 * DAY;

  // All posts the simulated provider can see: account timelines plus market chatter.
  const corpus = () => {
    const out = [];
    for (const a of store.social.values()) for (const p of a.posts) out.push({ ...p, displayName: a.displayName, isExpert: a.expert, t: p.publishedAt });
    for (const p of store.posts) out.push({ id: p.id, handle: p.handle, displayName: p.displayName, isExpert: p.isExpert, text: p.text, url: p.url, publishedAt: p.publishedAt, t: p.lastSeenAt });
    return out;
  };

  async function search(ctx) {
    const body = assertObject(ctx.json());
    onlyFields(body, ['text', 'days', 'count']);
    const text = bodyStr(body, 'text', { required: true, max: 500 });
    const days = bodyInt(body, 'days', { min: 1, max: 180, def: 30 });
    const count = bodyInt(body, 'count', { min: 1, max: 30, def: 15 });
    if (cfg.outages.has('x_provider')) throw upstream('The social search provider is unavailable; the search did not run.');
    await sleep(180);
    const at = ctx.at;
    const since = at - days * DAY;
    const terms = [...new Set(words(text))];
    const hits = [];
    for (const p of corpus()) {
      if (p.t > at || p.publishedAt <= since) continue;
      const w = new Set(words(p.text + ' ' + p.handle));
      const matched = terms.filter((t) => w.has(t));
      if (matched.length) hits.push({ p, matched });
    }
    hits.sort((a, b) => b.matched.length - a.matched.length || b.p.publishedAt - a.p.publishedAt);
    const results = hits.slice(0, count).map(({ p, matched }) => ({
      post_id: p.id, url: p.url, author_handle: p.handle, author_display_name: p.displayName ?? null, is_expert: !!p.isExpert,
      published_at: iso(p.publishedAt), text: p.text, matched_terms: matched,
    }));
    return { body: { query: text, window: { from_date: dateOnly(since), to_date: dateOnly(at), days }, results, count: results.length, stored: false } };
  }

  async function profile(ctx) {
    const body = assertObject(ctx.json());
    onlyFields(body, ['handle', 'lookback_days', 'focus']);
    const raw = bodyStr(body, 'handle', { required: true, max: 16, pattern: /^@?[A-Za-z0-9_]{1,15}$/ });
    const lookback = bodyInt(body, 'lookback_days', { min: 14, max: 365, def: 365 });
    const focus = bodyEnum(body, 'focus', ['general', 'trading', 'reasoning'], 'general');
    if (!cfg.profilingEnabled || cfg.outages.has('profiling')) throw unavailable('profiling_not_configured', 'Social-account profiling is not configured on this deployment.');
    if (cfg.outages.has('x_provider')) throw upstream('The social search provider is unavailable; profiling did not run.');
    const handle = raw.replace(/^@/, '').toLowerCase();
    const at = ctx.at;
    const key = `${handle}|${focus}|${lookback}`;
    const hit = cache.get(key);
    if (hit && at - hit.at < CACHE_MS) {
      return { body: { ...hit.profile, meta: { ...hit.profile.meta, cached: true, cache_age_seconds: Math.floor((at - hit.at) / 1000) } } };
    }
    const acct = store.social.get(handle);
    const since = at - lookback * DAY;
    const grounded = acct ? acct.posts.filter((p) => p.noDate || (p.publishedAt > since && p.publishedAt <= at)) : [];
    if (grounded.length < 15) {
      throw new ApiError(404, 'insufficient_post_history', `@${handle} has ${grounded.length} citation-grounded posts in the last ${lookback} days; at least 15 are needed.`, { post_count: grounded.length, required_posts: 15 });
    }
    const result = await synthesize(acct, grounded, { focus, lookback, at, since, sleep });
    cache.set(key, { at, profile: result });
    return { body: result };
  }

  return [
    { id: 'searchSocial', method: 'POST', path: '/api/v1/x/search', auth: 'paid', price: 500, scope: 'x_research', summary: 'Structured social search (not stored)', handler: search },
    { id: 'profileSocialAccount', method: 'POST', path: '/api/v1/x/profile', auth: 'paid', price: 1000, scope: 'x_research', summary: 'Social-account profile', handler: profile },
  ];
}
