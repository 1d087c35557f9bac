/**
 * Social-account profile checks (family PROF; spec: Resources / Social-account profile and
 * Endpoints / POST /api/v1/x/profile): citations resolve to evidence, unsupported claims are
 * dropped, window.post_count counts the distinct cited posts (at least 15), the window echoes the
 * lookback and holds the cited posts, research turns stay within three where reported; plus the
 * comparison of two answers that tells a reused stored profile from a recomputed one.
 */
import { isDeepStrictEqual } from 'node:util';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { isRecord as isObj } from '../lib/guards.ts';
import { defineCheck } from './define.ts';

/** Rule IDs of this module (contract/rules/social-profile.yaml, params.yaml). */
export const PROFILE_RULES = {
  citationsResolve: 'PROF-012',
  claimsCite: 'PROF-013',
  postCount: 'PROF-014',
  floor: 'PROF-015',
  lookbackEcho: 'PROF-016',
  citedInWindow: 'PROF-023',
  researchTurns: 'PROF-024',
  lookbackDefault: 'PARAM-078',
} as const;

/** Grounded posts a profile needs (spec: behaviour 2; Limits rule 4). */
export const MIN_GROUNDED_POSTS = 15;
/** Claim lists whose items each cite post_ids. */
export const CLAIM_LISTS = ['interests', 'beliefs', 'tendencies', 'observations'] as const;
/** Single claims that cite post_ids when not null. */
export const CLAIM_OBJECTS = ['risk_profile', 'information_processing'] as const;

type Json = Record<string, unknown>;

/** Every citation of a profile: the claim's JSON pointer and its post_ids (non-strings dropped). */
export function citationsOf(profile: unknown): { path: string; postIds: string[] }[] {
  if (!isObj(profile)) return [];
  const out: { path: string; postIds: string[] }[] = [];
  const idsOf = (c: Json): string[] => (Array.isArray(c.post_ids) ? c.post_ids.filter((x): x is string => typeof x === 'string') : []);
  for (const list of CLAIM_LISTS) {
    const items = profile[list];
    if (Array.isArray(items)) items.forEach((c, i) => isObj(c) && out.push({ path: ptr(list, i), postIds: idsOf(c) }));
  }
  for (const key of CLAIM_OBJECTS) {
    const c = profile[key];
    if (isObj(c)) out.push({ path: ptr(key), postIds: idsOf(c) });
  }
  return out;
}

/** UTC calendar date (YYYY-MM-DD) of a date-time, or undefined when it does not parse. */
function utcDate(dateTime: string): string | undefined {
  const t = Date.parse(dateTime);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 10);
}

/**
 * The invariants every returned profile holds (PROF-012/013/014/015/016/023/024). `lookbackDays`
 * is the lookback the request asked for (365 when it gave none: then PARAM-078 is the rule of the
 * echo). Shapes are the schema's business (toMatchContract); missing parts are skipped here.
 */
export function checkSocialProfile(profile: unknown, request: { lookbackDays?: number }): Violation[] {
  // Not an object: nothing of it can be judged here (the schema rules report it).
  if (!isObj(profile)) return [];
  const out: Violation[] = [];
  const evidence = Array.isArray(profile.evidence) ? profile.evidence.filter(isObj) : [];
  const evidenceIds = new Set(evidence.map((e) => e.post_id).filter((x): x is string => typeof x === 'string'));
  const cited = new Set<string>();
  for (const c of citationsOf(profile)) {
    if (c.postIds.length === 0)
      out.push(violation(PROFILE_RULES.claimsCite, `${c.path}/post_ids`, 'a claim without any post_id is unsupported and must be dropped'));
    c.postIds.forEach((id, i) => {
      cited.add(id);
      if (!evidenceIds.has(id))
        out.push(
          violation(PROFILE_RULES.citationsResolve, `${c.path}/post_ids/${i}`, `post_id ${id} is cited but has no entry in evidence`),
        );
    });
  }

  const window = isObj(profile.window) ? profile.window : undefined;
  if (window) {
    const count = window.post_count;
    if (typeof count === 'number') {
      // Every cited post is a citation-grounded post, so the count is at least the cited posts; whether it may
      // count grounded posts the profile does not cite is gap PROF-020 (issue 32 triage: two of three
      // independent implementations count every grounded post of the window).
      if (count < cited.size)
        out.push(
          violation(
            PROFILE_RULES.postCount,
            '/window/post_count',
            `post_count is ${count} but the profile cites ${cited.size} distinct post(s)`,
          ),
        );
      else if (count > cited.size)
        out.push(
          violation(
            'PROF-020',
            '/window/post_count',
            `post_count ${count} exceeds the ${cited.size} distinct post(s) the profile cites (stub choice: equal)`,
            'warning',
          ),
        );
      if (count < MIN_GROUNDED_POSTS)
        out.push(
          violation(
            PROFILE_RULES.floor,
            '/window/post_count',
            `a profile was returned with post_count ${count}, below the floor of ${MIN_GROUNDED_POSTS} grounded posts (that is a 404 insufficient_post_history)`,
          ),
        );
    }
    const wanted = request.lookbackDays ?? 365;
    const rule = request.lookbackDays === undefined ? PROFILE_RULES.lookbackDefault : PROFILE_RULES.lookbackEcho;
    if (window.lookback_days !== wanted)
      out.push(
        violation(
          rule,
          '/window/lookback_days',
          `window.lookback_days is ${JSON.stringify(window.lookback_days)}, the request's lookback is ${wanted}${request.lookbackDays === undefined ? ' (the default)' : ''}`,
        ),
      );
    const from = typeof window.from_date === 'string' ? window.from_date : undefined;
    const to = typeof window.to_date === 'string' ? window.to_date : undefined;
    if (from && to) {
      evidence.forEach((e, i) => {
        if (typeof e.published_at !== 'string') return;
        const d = utcDate(e.published_at);
        if (d && (d < from || d > to))
          out.push(
            violation(
              PROFILE_RULES.citedInWindow,
              ptr('evidence', i, 'published_at'),
              `${e.published_at} lies outside the window ${from}..${to}`,
            ),
          );
      });
    }
  }

  const turns = researchTurns(profile.meta);
  if (turns && !(Number.isInteger(turns.value) && turns.value >= 1 && turns.value <= 3)) {
    out.push(
      violation(PROFILE_RULES.researchTurns, `/meta/${turns.key}`, `${turns.key} is ${turns.value}; the hard ceiling is three turns`),
    );
  }
  return out;
}

/**
 * The number of research turns a profile reports, where it does: meta.research_turns (the stub's
 * choice, gap PROF-018), else meta's one numeric member named for turns (its contents are not shown).
 */
export function researchTurns(meta: unknown): { key: string; value: number } | undefined {
  if (!isObj(meta)) return undefined;
  if (typeof meta.research_turns === 'number') return { key: 'research_turns', value: meta.research_turns };
  const found = Object.entries(meta).filter(([k, v]) => /turn/i.test(k) && typeof v === 'number');
  return found.length === 1 ? { key: found[0]![0], value: found[0]![1] as number } : undefined;
}

/**
 * A profile as compared: `content` leaves meta out (its contents are not shown, gap PROF-018, so a
 * reused profile may differ there: whether it was reused, when it was served); `build` keeps meta but
 * its boolean members (a reuse flag), so a profile built anew (another build time, focus, engine run)
 * differs from the stored one even when focus changed nothing else.
 */
function comparable(profile: unknown, mode: 'content' | 'build'): unknown {
  if (!isObj(profile)) return profile;
  const { meta, ...rest } = profile;
  if (mode === 'content' || !isObj(meta)) return rest;
  return { ...rest, meta: Object.fromEntries(Object.entries(meta).filter(([, v]) => typeof v !== 'boolean')) };
}

/** Top-level keys whose values differ (meta compared as `mode` says). */
export function profileDiff(a: unknown, b: unknown, mode: 'content' | 'build' = 'content'): string[] {
  const x = comparable(a, mode);
  const y = comparable(b, mode);
  if (!isObj(x) || !isObj(y)) return isDeepStrictEqual(x, y) ? [] : ['/'];
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => !isDeepStrictEqual(x[k], y[k])).map((k) => ptr(k));
}

/** `second` must be the stored `first` (same content; meta aside). */
export function checkReused(ruleId: string, first: unknown, second: unknown, what: string): Violation[] {
  const diff = profileDiff(first, second);
  return diff.length
    ? [violation(ruleId, diff.join(','), `${what}: expected the stored profile again, but ${diff.join(', ')} differ(s)`)]
    : [];
}

/** `second` must not be the stored `first` (identical content means the store answered). */
export function checkNotReused(ruleId: string, first: unknown, second: unknown, what: string): Violation[] {
  return profileDiff(first, second, 'build').length === 0
    ? [violation(ruleId, '/', `${what}: the answer is the stored profile (identical but for meta's flags), so the store was reused`)]
    : [];
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The social-profile checks, by name (the name of the function each wraps). */
export const SOCIAL_PROFILE_CHECKS = {
  checkSocialProfile: defineCheck(
    'checkSocialProfile',
    ['PROF-012', 'PROF-013', 'PROF-014', 'PROF-015', 'PROF-016', 'PROF-020', 'PROF-023', 'PROF-024', 'PARAM-078'],
    checkSocialProfile,
  ),
  checkReused: defineCheck('checkReused', [], checkReused, ([rule]) => rule),
  checkNotReused: defineCheck('checkNotReused', [], checkNotReused, ([rule]) => rule),
};
