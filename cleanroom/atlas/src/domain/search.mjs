// Graph-lane search scoring shared by market and asset search. Two internal
// rankings (exact identity, keyword overlap) are fused by reciprocal rank
// (k = 60); scores order one response only and are not probabilities.
export const RRF_K = 60;

export const tokens = (s) => String(s || '').toLowerCase().split(/[^a-z0-9$.%]+/).filter((t) => t.length > 1);

/**
 * candidates: [{ item, identity: [[field, value]], text: [[field, value]] }]
 * Returns [{ item, score, matched_fields }] for candidates matched by either lane.
 */
export function fuse(query, candidates) {
  const q = query.trim().toLowerCase();
  const qt = tokens(query);
  const ident = [];
  const kw = [];
  for (const c of candidates) {
    const idFields = c.identity.filter(([, v]) => v && String(v).toLowerCase() === q).map(([f]) => f);
    if (idFields.length) ident.push({ c, s: idFields.length, fields: idFields });
    let hits = 0;
    const fields = new Set();
    for (const [f, v] of c.text) {
      const vt = new Set(tokens(v));
      for (const t of qt) if (vt.has(t)) {
        hits += 1;
        fields.add(f);
      }
    }
    if (qt.length && hits) kw.push({ c, s: hits / qt.length, fields: [...fields] });
  }
  const scores = new Map();
  const add = (list) => {
    list.sort((a, b) => b.s - a.s);
    list.forEach((e, i) => {
      const cur = scores.get(e.c) || { item: e.c.item, score: 0, matched_fields: new Set() };
      cur.score += 1 / (RRF_K + i + 1);
      e.fields.forEach((f) => cur.matched_fields.add(f));
      scores.set(e.c, cur);
    });
  };
  add(ident);
  add(kw);
  return [...scores.values()].map((e) => ({ item: e.item, score: Math.round(e.score * 1e6) / 1e6, matched_fields: [...e.matched_fields] }))
    .sort((a, b) => b.score - a.score);
}
