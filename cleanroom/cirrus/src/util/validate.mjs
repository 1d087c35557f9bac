// Typed readers over the parsed query. Each reader enforces one parameter's
// type and bounds and throws the spec's 422 envelope otherwise.
import { invalid } from '../errors.mjs';

export const VENUES = ['venue_a', 'venue_a_us', 'venue_b', 'venue_c'];

export class Query {
  constructor(map) { this.map = map; }
  has(name) { return this.map.has(name); }
  raw(name) { return this.map.get(name) || []; }

  single(name) {
    const v = this.map.get(name);
    if (!v) return undefined;
    // A scalar given twice is ambiguous; we refuse rather than pick one.
    if (v.length > 1) throw invalid(`Parameter ${name} was given more than once.`);
    return v[0];
  }

  str(name, { min = 1, max = 512, required = false, pattern, label } = {}) {
    const v = this.single(name);
    if (v === undefined) {
      if (required) throw invalid(`Parameter ${name} is required.`);
      return undefined;
    }
    if (v.length < min || v.length > max) throw invalid(`Parameter ${name} must be ${min} to ${max} characters long.`);
    if (pattern && !pattern.test(v)) throw invalid(`Parameter ${name} has an invalid format${label ? ` (${label})` : ''}.`);
    return v;
  }

  int(name, { min = -Infinity, max = Infinity, def, required = false } = {}) {
    const v = this.single(name);
    if (v === undefined) {
      if (required) throw invalid(`Parameter ${name} is required.`);
      return def;
    }
    if (!/^-?\d{1,12}$/.test(v)) throw invalid(`Parameter ${name} must be an integer.`);
    const n = Number(v);
    if (n < min || n > max) {
      const hi = Number.isFinite(max) ? ` and at most ${max}` : '';
      throw invalid(`Parameter ${name} must be at least ${min}${hi}.`);
    }
    return n;
  }

  num(name, { min = -Infinity, max = Infinity, def } = {}) {
    const v = this.single(name);
    if (v === undefined) return def;
    if (!/^-?\d{1,9}(\.\d{1,6})?$/.test(v)) throw invalid(`Parameter ${name} must be a number.`);
    const n = Number(v);
    if (n < min || n > max) throw invalid(`Parameter ${name} must be between ${min} and ${max}.`);
    return n;
  }

  bool(name, def) {
    const v = this.single(name);
    if (v === undefined) return def;
    const l = v.toLowerCase();
    if (l === 'true') return true;
    if (l === 'false') return false;
    throw invalid(`Parameter ${name} must be true or false.`);
  }

  enum(name, values, def) {
    const v = this.single(name);
    if (v === undefined) return def;
    if (!values.includes(v)) throw invalid(`Parameter ${name} must be one of: ${values.join(', ')}.`);
    return v;
  }

  venue(name = 'venue') { return this.enum(name, VENUES, undefined); }

  // Comma-separated list: no empty entries, deduplicated, bounded.
  csv(name, { allowed, min = 1, max = 50, itemMax = 512, def } = {}) {
    const v = this.single(name);
    if (v === undefined) return def;
    const items = v.split(',').map((s) => s.trim());
    if (items.some((s) => s === '')) throw invalid(`Parameter ${name} contains an empty entry.`);
    const uniq = [...new Set(items)];
    if (uniq.length < min || uniq.length > max) throw invalid(`Parameter ${name} must list ${min} to ${max} entries.`);
    for (const s of uniq) {
      if (s.length > itemMax) throw invalid(`An entry of ${name} is longer than ${itemMax} characters.`);
      if (allowed && !allowed.includes(s)) throw invalid(`Parameter ${name} accepts only: ${allowed.join(', ')}.`);
    }
    return uniq;
  }
}

// Body field readers, same spirit as Query.
export function bodyStr(body, name, { min = 1, max = 512, required = false, pattern } = {}) {
  const v = body[name];
  if (v === undefined || v === null) {
    if (required) throw invalid(`Field ${name} is required.`);
    return undefined;
  }
  if (typeof v !== 'string') throw invalid(`Field ${name} must be a string.`);
  if (v.length < min || v.length > max) throw invalid(`Field ${name} must be ${min} to ${max} characters long.`);
  if (pattern && !pattern.test(v)) throw invalid(`Field ${name} has an invalid format.`);
  return v;
}
export function bodyInt(body, name, { min, max, def }) {
  const v = body[name];
  if (v === undefined) return def;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalid(`Field ${name} must be an integer.`);
  if (v < min || v > max) throw invalid(`Field ${name} must be between ${min} and ${max}.`);
  return v;
}
export function bodyEnum(body, name, values, def) {
  const v = body[name];
  if (v === undefined) return def;
  if (!values.includes(v)) throw invalid(`Field ${name} must be one of: ${values.join(', ')}.`);
  return v;
}
export function bodyBool(body, name, def) {
  const v = body[name];
  if (v === undefined) return def;
  if (typeof v !== 'boolean') throw invalid(`Field ${name} must be a boolean.`);
  return v;
}
export function onlyKeys(body, keys) {
  for (const k of Object.keys(body)) if (!keys.includes(k)) throw invalid(`Unknown field ${k}.`);
}
