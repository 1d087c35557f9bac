// Path-template matching. Literal segments win over parameters, so
// /api/v1/markets/search is never read as a slug.
import { invalid } from './errors.mjs';

export function compile(routes) {
  return routes.map((r) => {
    const segs = r.path.split('/').slice(1);
    return { r, segs, literal: segs.filter((s) => !s.startsWith('{')).length };
  }).sort((a, b) => b.literal - a.literal);
}

export function match(table, method, path) {
  const parts = path.split('/').slice(1);
  const allowed = new Set();
  for (const { r, segs } of table) {
    if (segs.length !== parts.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < segs.length; i++) {
      if (segs[i].startsWith('{')) {
        if (parts[i] === '') { ok = false; break; }
        let v;
        try { v = decodeURIComponent(parts[i]); } catch { throw invalid('The path contains a malformed percent-encoding.'); }
        params[segs[i].slice(1, -1)] = v;
      } else if (segs[i] !== parts[i]) { ok = false; break; }
    }
    if (!ok) continue;
    if (r.method === method) return { route: r, params };
    allowed.add(r.method);
  }
  return allowed.size ? { allowed: [...allowed] } : null;
}
