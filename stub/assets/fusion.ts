/**
 * Reciprocal-rank fusion for asset search (spec: Asset search item, relevance: "Relevance scores are
 * reciprocal-rank-fusion scores that order one response only. They are not probabilities.").
 *
 * Each lane grades the candidates it matched (0 = best). Candidates with an equal grade share
 * a rank (competition ranking: 1, 2, 2, 4), so a lane never invents an order it does not know. The
 * fused score is Σ over lanes of 1 / (K + rank), K = 60 (gap ASRCH-106).
 */

/** The RRF constant of the original paper (Cormack et al. 2009); keeps one lane from dominating. */
export const RRF_K = 60;

/** One hit of a lane: the candidate key, how well it matched (0 = best) and which field matched. */
export interface LaneHit {
  key: string;
  grade: number;
  field: string;
}

/** A ranked lane: the candidate's 1-based competition rank and field, by candidate key. */
export type RankedLane = Map<string, { rank: number; field: string }>;

/**
 * Ranks one lane's hits: the best grade per candidate counts; equal grades share a rank.
 * Returns a map key → {rank, field}.
 */
export function rankLane(hits: readonly LaneHit[]): RankedLane {
  const best = new Map<string, LaneHit>();
  for (const h of hits) {
    const cur = best.get(h.key);
    if (!cur || h.grade < cur.grade) best.set(h.key, h);
  }
  const sorted = [...best.values()].sort((a, b) => a.grade - b.grade);
  const out: RankedLane = new Map();
  sorted.forEach((h, i) => {
    const prev = i > 0 ? sorted[i - 1]! : undefined;
    const rank = prev && prev.grade === h.grade ? out.get(prev.key)!.rank : i + 1;
    out.set(h.key, { rank, field: h.field });
  });
  return out;
}

/** A fused candidate: its RRF score and the fields that matched, in lane order without repeats. */
export interface Fused {
  key: string;
  score: number;
  fields: string[];
}

/**
 * Fuses ranked lanes: score = Σ 1/(RRF_K + rank) over the lanes that matched the candidate.
 * Sorted by score descending, then by `tieBreak` (ascending) so one request always answers the
 * same order.
 */
export function fuse(lanes: readonly RankedLane[], tieBreak: (key: string) => string): Fused[] {
  const acc = new Map<string, Fused>();
  for (const lane of lanes) {
    for (const [key, { rank, field }] of lane) {
      const f = acc.get(key) ?? { key, score: 0, fields: [] };
      f.score += 1 / (RRF_K + rank);
      if (!f.fields.includes(field)) f.fields.push(field);
      acc.set(key, f);
    }
  }
  return [...acc.values()].sort(
    (a, b) => b.score - a.score || (tieBreak(a.key) < tieBreak(b.key) ? -1 : tieBreak(a.key) > tieBreak(b.key) ? 1 : 0),
  );
}

/** Rounds a score for the wire; rounding is monotonic, so the fused order survives it. */
export const roundScore = (s: number): number => Math.round(s * 1e6) / 1e6;
