/**
 * POST /api/v1/x/profile behind the gate (spec: its endpoint section; Social-account profile):
 * the window, the grounded-post floor (404 insufficient_post_history, PROF-004), the research loop,
 * the synthesis, and the store of successful profiles reused across callers for under 30 days when
 * handle, focus and lookback match (PROF-006..008). Provider faults are injected by the control
 * plane around the handler (stub/server.ts), so a 502 never reaches this module.
 */
import type { components } from '../../contract/openapi-types.ts';
import type { StubContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { corpusFor } from './corpus.ts';
import { dateOf, dayOf } from './hash.ts';
import type { CorpusPost, ProfileRequest } from './model.ts';
import { research } from './research.ts';
import { synthesize, type Synthesis } from './synthesis.ts';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';

const DAY = 86_400_000;
/** Grounded posts a profile needs (spec: behaviour 2; Limits rule 4). */
export const MIN_GROUNDED_POSTS = 15;
/** A stored profile is reused while younger than this (spec: behaviour 3; Limits rule 7). */
export const CACHE_MAX_AGE_MS = 30 * DAY;
/** Names the research engine in meta (gap PROF-018). */
const ENGINE = 'stub-research-1';

/**
 * The response body: the contract's generated SocialAccountProfile for every member but the synthesis,
 * which stub/social/synthesis.ts types (its enums narrower than the contract's strings), and meta,
 * whose members the spec does not show (gap PROF-018: the stub's own).
 */
export type SocialProfile = Omit<components['schemas']['SocialAccountProfile'], keyof Synthesis | 'meta'> &
  Synthesis & {
    meta: { cached: boolean; research_turns: number; searches: number; generated_at: string; focus: string; engine: string };
  };

interface Stored {
  profile: SocialProfile;
  storedAt: number;
}

const stores = new WeakMap<StubContext, Map<string, Stored>>();

/** The profile store of a stub (emptied by the control plane's reset). */
function storeOf(ctx: StubContext): Map<string, Stored> {
  let s = stores.get(ctx);
  if (!s) {
    const fresh = new Map<string, Stored>();
    stores.set(ctx, fresh);
    ctx.resetHooks.push(() => fresh.clear());
    s = fresh;
  }
  return s;
}

/** Cache key: the lower-cased handle, focus and lookback (gap PROF-019). */
const keyOf = (r: ProfileRequest): string =>
  // Mutant prof-focus-folded: focus keyed as "general or not", so a stored trading profile answers reasoning (round-26 bug).
  `${r.handle.toLowerCase()}|${mutant('prof-focus-folded') && r.focus !== 'general' ? 'other' : r.focus}|${r.lookbackDays}` +
  // Mutant prof-default-focus-unshared: a body without focus is stored apart from focus "general", its default
  // (round-42 bug: neither reused the other's profile).
  (mutant('prof-default-focus-unshared') && r.focusDefaulted ? '|default' : '');

/**
 * The window of a request at `nowMs` (gap PROF-017): to_date is the UTC date of the request,
 * from_date lies lookback_days before it; posts of those dates, up to now, are in the window.
 */
export function windowOf(nowMs: number, lookbackDays: number): { fromDate: string; toDate: string; fromMs: number; toMs: number } {
  const today = dayOf(nowMs);
  // The alternate stub's window spans lookback_days calendar dates, both ends counted (gap PROF-017).
  const from = today - (alt('PROF-017') ? lookbackDays - 1 : lookbackDays);
  return { fromDate: dateOf(from), toDate: dateOf(today), fromMs: from * DAY, toMs: nowMs };
}

/** Posts that can ground a claim: those about a market topic (chatter grounds nothing). */
export const groundedPosts = (posts: readonly CorpusPost[]): CorpusPost[] => posts.filter((p) => p.topic !== null);

/** Builds a fresh profile. @throws ApiError 404 insufficient_post_history below the floor. */
export function buildProfile(ctx: StubContext, req: ProfileRequest, nowMs: number): SocialProfile {
  const corpus = corpusFor(ctx.store, ctx.config.seed, req.handle);
  const w = windowOf(nowMs, req.lookbackDays);
  // Mutant prof-floor-extra-day: the posts are collected over one day more than the window (round-10 bug).
  const grounded = groundedPosts(corpus.postsBetween(w.fromMs - (mutant('prof-floor-extra-day') ? DAY : 0), w.toMs));
  if (grounded.length < MIN_GROUNDED_POSTS) {
    throw notFound(
      `@${corpus.account.handle} has ${grounded.length} grounded post(s) in the last ${req.lookbackDays} days; a profile needs at least ${MIN_GROUNDED_POSTS}.`,
      'insufficient_post_history',
    );
  }
  const findings = research(grounded, req.focus, nowMs, w.toMs - w.fromMs);
  const synthesis = synthesize(findings);
  const cited = new Set<string>();
  for (const list of [synthesis.interests, synthesis.beliefs, synthesis.tendencies, synthesis.observations])
    for (const c of list) c.post_ids.forEach((id) => cited.add(id));
  for (const c of [synthesis.risk_profile, synthesis.information_processing]) c?.post_ids.forEach((id) => cited.add(id));
  // Evidence lists exactly the cited posts, newest first (gap PROF-020); the alternate stub lists every post found, oldest first.
  const listed = alt('PROF-020')
    ? [...findings.found].sort((a, b) => a.publishedAt - b.publishedAt || (a.id < b.id ? -1 : 1))
    : findings.found.filter((p) => cited.has(p.id)).sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1));
  const evidence = listed.map((p) => ({
    post_id: p.id,
    url: p.url,
    published_at: new Date(p.publishedAt).toISOString(),
    excerpt: p.text.slice(0, 280),
  }));
  const a = corpus.account;
  return {
    handle: a.handle,
    display_name: a.displayName,
    profile_url: `https://x.com/${a.handle}`,
    service_metadata: {
      handle: a.handle,
      display_name: a.displayName,
      x_user_id: a.xUserId,
      current_username: a.handle,
      is_service_expert: a.isExpert,
      service_expert: a.isExpert ? { designation: 'reviewed_expert', policy_version: '2025-01' } : null,
    },
    window: {
      from_date: w.fromDate,
      to_date: w.toDate,
      lookback_days: mutant('prof-lookback-echo') ? 365 : req.lookbackDays,
      post_count: cited.size,
    },
    ...synthesis,
    evidence,
    meta: {
      cached: false,
      research_turns: findings.turns,
      searches: findings.searches.length,
      generated_at: new Date(nowMs).toISOString(),
      focus: req.focus,
      engine: ENGINE,
    },
  };
}

/** meta as the alternate stub names it (gap PROF-018): other member names, the same facts. */
function altMeta(m: SocialProfile['meta']): Record<string, unknown> {
  return { cache_hit: m.cached, turns: m.research_turns, search_count: m.searches, built_at: m.generated_at, model: m.engine };
}

/**
 * The profile answered for a request: a stored one under 30 days old for the same handle, focus and
 * lookback (from any caller; meta.cached true), else a fresh one, stored when built.
 * @throws ApiError 404 insufficient_post_history (never stored).
 */
export function profileFor(ctx: StubContext, req: ProfileRequest): SocialProfile | Record<string, unknown> {
  const now = ctx.clock.nowMs();
  const store = storeOf(ctx);
  const key = keyOf(req);
  const hit = store.get(key);
  const answer = (p: SocialProfile): SocialProfile | Record<string, unknown> => (alt('PROF-018') ? { ...p, meta: altMeta(p.meta) } : p);
  // mutant prof-cache-29d23h: the reuse window is an hour short of 30 days.
  const maxAge = mutant('prof-cache-29d23h') ? CACHE_MAX_AGE_MS - 3_600_000 : CACHE_MAX_AGE_MS;
  if (hit && now - hit.storedAt < maxAge) return answer({ ...hit.profile, meta: { ...hit.profile.meta, cached: true } });
  const profile = buildProfile(ctx, req, now);
  store.set(key, { profile, storedAt: now });
  return answer(profile);
}
