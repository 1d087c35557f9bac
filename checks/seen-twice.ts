/**
 * The instance count of the cross-answer rules ("one X, one fact wherever it is seen": FCST-017, ROUTE-014, SIG-027, QUOTE-012,
 * QUOTE-015): an object is an instance when its id was seen before, in an earlier answer (`known`) or earlier in the same answer.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';

/** How many of `ids` (in order) an earlier sighting carried: `known`'s keys, or an earlier entry of `ids`. */
export function seenBefore(ids: readonly string[], known?: ReadonlyMap<string, unknown>): number {
  const here = new Set<string>();
  return ids.filter((id) => {
    const seen = known?.has(id) === true || here.has(id);
    here.add(id);
    return seen;
  }).length;
}

/**
 * The earlier sighting of `id` in `known`; when there is none, `s` is recorded as the first (named `answer: path`)
 * and undefined returned.
 */
export function earlierSighting<S extends { path: string }>(
  known: Map<string, S & { where: string }>,
  id: string,
  s: S,
  answer?: string,
): (S & { where: string }) | undefined {
  const seen = known.get(id);
  if (!seen) known.set(id, { ...s, where: answer ? `${answer}: ${s.path}` : s.path });
  return seen;
}

/** One object naming a thing by its key (a marketKey, an Asset id), with the identity members it states non-null. */
export interface IdentitySighting {
  key: string;
  /** Each identity member the object states non-null, in a comparable form. */
  members: Record<string, string>;
  path: string;
}

/** The first statement of each identity member of each key in the answers seen so far, with where it was. */
export type IdentityViews = Map<string, Map<string, { value: string; where: string }>>;

/**
 * Every object of `body` (at any depth, envelopes included) that `keyOf` names, with the members of `members` it
 * states: `comparable` gives a member's value in a form two spellings of one fact share, undefined for no statement
 * (null, absent).
 */
export function identitySightings(
  body: unknown,
  keyOf: (row: Record<string, unknown>) => string | undefined,
  members: readonly string[],
  comparable: (member: string, value: unknown) => string | undefined,
  path = '',
): IdentitySighting[] {
  if (!body || typeof body !== 'object') return [];
  if (Array.isArray(body)) return body.flatMap((v, i) => identitySightings(v, keyOf, members, comparable, path + ptr(i)));
  const row = body as Record<string, unknown>;
  const key = keyOf(row);
  const here: IdentitySighting[] = [];
  if (key !== undefined) {
    const stated: Record<string, string> = {};
    for (const m of members) {
      const v = comparable(m, row[m]);
      if (v !== undefined) stated[m] = v;
    }
    here.push({ key, members: stated, path });
  }
  return [...here, ...Object.entries(row).flatMap(([k, v]) => identitySightings(v, keyOf, members, comparable, path + ptr(k)))];
}

/** The instances of an identity rule: sightings of a key an earlier sighting (`known`, or earlier in this answer) carried. */
export const identitySeenTwiceInstances = (sightings: readonly IdentitySighting[], known?: ReadonlyMap<string, unknown>): number =>
  seenBefore(
    sightings.map((s) => s.key),
    known,
  );

/**
 * One key, one thing: each member a sighting states is compared with the first statement of it for the same key
 * (`known`, updated with this answer's sightings, each named `answer`). `noun` names the thing in messages.
 * @returns a violation of `ruleId` per member stated two ways
 */
export function checkIdentitySeenTwice(
  ruleId: string,
  noun: string,
  sightings: readonly IdentitySighting[],
  known: IdentityViews = new Map(),
  answer?: string,
): Violation[] {
  const out: Violation[] = [];
  for (const s of sightings) {
    let views = known.get(s.key);
    if (!views) known.set(s.key, (views = new Map()));
    for (const [member, value] of Object.entries(s.members)) {
      const first = views.get(member);
      if (!first) views.set(member, { value, where: answer ? `${answer}: ${s.path}` : s.path });
      else if (first.value !== value)
        out.push(
          violation(ruleId, s.path + ptr(member), `${noun} ${s.key} has ${member} ${value} here and ${first.value} in ${first.where}`),
        );
    }
  }
  return out;
}
