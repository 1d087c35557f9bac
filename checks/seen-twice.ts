/**
 * The instance count of the cross-answer rules ("one X, one fact wherever it is seen": FCST-017, ROUTE-014, SIG-027):
 * an object is an instance when its id was seen before, in an earlier answer (`known`) or earlier in the same answer.
 */

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
