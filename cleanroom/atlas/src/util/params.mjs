// Strict query-string parsing. Every malformed, repeated, out-of-range or
// empty value is a 422 invalid_request naming the parameter.
import { invalid } from './http.mjs';

const decode = (s) => decodeURIComponent(s.replace(/\+/g, ' '));

export function parseQueryString(raw) {
  const map = new Map();
  if (!raw) return map;
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    let k;
    let v;
    try {
      k = decode(eq === -1 ? part : part.slice(0, eq));
      v = eq === -1 ? '' : decode(part.slice(eq + 1));
    } catch {
      throw invalid('The query string contains a malformed percent-encoding.');
    }
    if (!map.has(k)) map.set(k, []);
    map.get(k).push(v);
  }
  return map;
}

export class Query {
  constructor(map) {
    this.map = map;
  }
  has(name) {
    return this.map.has(name);
  }
  /** Single-valued parameter; repeating it is a 422. */
  raw(name) {
    const vals = this.map.get(name);
    if (!vals) return undefined;
    if (vals.length > 1) throw invalid(`Parameter '${name}' may be given only once.`);
    return vals[0];
  }
  all(name) {
    return this.map.get(name) || [];
  }
  str(name, { min = 1, max = 512, required = false, pattern, label } = {}) {
    const v = this.raw(name);
    if (v === undefined) {
      if (required) throw invalid(`Parameter '${name}' is required.`);
      return undefined;
    }
    if (v.length < min || v.length > max) throw invalid(`Parameter '${name}' must be ${min} to ${max} characters long.`);
    if (pattern && !pattern.test(v)) throw invalid(`Parameter '${name}' is not a valid ${label || 'value'}.`);
    return v;
  }
  int(name, { min, max, def, required = false } = {}) {
    const v = this.raw(name);
    if (v === undefined) {
      if (required) throw invalid(`Parameter '${name}' is required.`);
      return def;
    }
    if (!/^-?\d{1,12}$/.test(v)) throw invalid(`Parameter '${name}' must be an integer.`);
    const n = Number(v);
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
      throw invalid(`Parameter '${name}' must be between ${min} and ${max}.`);
    }
    return n;
  }
  num(name, { min, max, def } = {}) {
    const v = this.raw(name);
    if (v === undefined) return def;
    if (!/^-?\d{1,6}(\.\d{1,6})?$/.test(v)) throw invalid(`Parameter '${name}' must be a number.`);
    const n = Number(v);
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
      throw invalid(`Parameter '${name}' must be between ${min} and ${max}.`);
    }
    return n;
  }
  /** Booleans are the literal words true or false (lower case). */
  bool(name, def) {
    const v = this.raw(name);
    if (v === undefined) return def;
    if (v === 'true') return true;
    if (v === 'false') return false;
    throw invalid(`Parameter '${name}' must be true or false.`);
  }
  enum(name, values, def) {
    const v = this.raw(name);
    if (v === undefined) return def;
    if (!values.includes(v)) throw invalid(`Parameter '${name}' must be one of: ${values.join(', ')}.`);
    return v;
  }
  /** Comma-separated list, trimmed, de-duplicated in first-seen order. */
  list(name, { min = 1, max = 10, allowed, itemMax = 512 } = {}) {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    const items = v.split(',').map((s) => s.trim());
    if (items.some((s) => s === '')) throw invalid(`Parameter '${name}' contains an empty entry.`);
    const out = [...new Set(items)];
    if (out.length < min || out.length > max) throw invalid(`Parameter '${name}' must list ${min} to ${max} entries.`);
    for (const it of out) {
      if (it.length > itemMax) throw invalid(`An entry of '${name}' is longer than ${itemMax} characters.`);
      if (allowed && !allowed.includes(it)) throw invalid(`Parameter '${name}' accepts only: ${allowed.join(', ')}.`);
    }
    return out;
  }
}

export const VENUES = ['venue_a', 'venue_a_us', 'venue_b', 'venue_c'];

export function venueParam(q, name = 'venue') {
  return q.enum(name, VENUES, undefined);
}

/** Strict body-field helpers for JSON bodies. */
export function rejectUnknownFields(body, allowed) {
  for (const k of Object.keys(body)) {
    if (!allowed.includes(k)) throw invalid(`Unknown body field '${k}'.`);
  }
}
