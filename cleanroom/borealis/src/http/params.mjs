// Strict, crash-proof readers for query strings and JSON bodies. Every reader
// throws a 422 invalid_request ApiError naming the offending parameter.
import { invalid } from './errors.mjs';

export const VENUES = ['venue_a', 'venue_a_us', 'venue_b', 'venue_c'];

// A single-valued parameter given twice is ambiguous: refuse it.
function single(q, name) {
  const v = q[name];
  if (Array.isArray(v)) throw invalid(`Parameter '${name}' must be given at most once.`, { parameter: name });
  return v;
}

export function str(q, name, { min = 1, max = 512, required = false, pattern = null } = {}) {
  const v = single(q, name);
  if (v === undefined) {
    if (required) throw invalid(`Parameter '${name}' is required.`, { parameter: name });
    return undefined;
  }
  if (typeof v !== 'string') throw invalid(`Parameter '${name}' must be a string.`, { parameter: name });
  if (v.length < min || v.length > max) {
    throw invalid(`Parameter '${name}' must be ${min}..${max} characters long.`, { parameter: name });
  }
  if (pattern && !pattern.test(v)) throw invalid(`Parameter '${name}' is malformed.`, { parameter: name });
  return v;
}

// Integers are plain decimal digits only: no sign, no fraction, no exponent.
export function int(q, name, { min, max = Number.MAX_SAFE_INTEGER, def } = {}) {
  const v = single(q, name);
  if (v === undefined) return def;
  if (typeof v !== 'string' || !/^[0-9]{1,16}$/.test(v)) {
    throw invalid(`Parameter '${name}' must be an integer.`, { parameter: name });
  }
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `between ${min} and ${max}`;
    throw invalid(`Parameter '${name}' must be ${range}.`, { parameter: name });
  }
  return n;
}

// Booleans are the lowercase words true/false only.
export function bool(q, name, def) {
  const v = single(q, name);
  if (v === undefined) return def;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(`Parameter '${name}' must be true or false.`, { parameter: name });
}

export function enumOf(q, name, values, def) {
  const v = single(q, name);
  if (v === undefined) return def;
  if (typeof v !== 'string' || !values.includes(v)) {
    throw invalid(`Parameter '${name}' must be one of: ${values.join(', ')}.`, { parameter: name });
  }
  return v;
}

export const venue = (q, name = 'venue') => enumOf(q, name, VENUES, undefined);

// Comma-separated subset of an enum; duplicates collapse, order follows `values`.
export function csvSubset(q, name, values) {
  const v = str(q, name, { min: 1, max: 200 });
  if (v === undefined) return values.slice();
  const parts = v.split(',').map((s) => s.trim());
  if (parts.some((p) => !values.includes(p))) {
    throw invalid(`Parameter '${name}' must be a comma-separated subset of: ${values.join(', ')}.`, { parameter: name });
  }
  return values.filter((x) => parts.includes(x));
}

// Comma-separated list of identifiers with count bounds; empty items refused.
export function csvList(q, name, { min = 1, max = 10, itemMax = 512 } = {}) {
  const v = str(q, name, { min: 1, max: (itemMax + 1) * (max + 5) });
  if (v === undefined) return undefined;
  const parts = v.split(',').map((s) => s.trim());
  if (parts.some((p) => p.length === 0 || p.length > itemMax)) {
    throw invalid(`Parameter '${name}' has an empty or oversized entry.`, { parameter: name });
  }
  const uniq = [...new Set(parts)];
  if (uniq.length < min || uniq.length > max) {
    throw invalid(`Parameter '${name}' takes ${min} to ${max} entries.`, { parameter: name });
  }
  return uniq;
}

// Repeatable parameter (?a=1&a=2) returned as an array of strings.
export function repeated(q, name) {
  const v = q[name];
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v : [v];
}

// JSON body object checks ---------------------------------------------------
export function assertObject(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('The request body must be a JSON object.');
  }
  return body;
}

export function onlyFields(body, allowed) {
  for (const k of Object.keys(body)) {
    if (!allowed.includes(k)) throw invalid(`Unknown body field '${k}'.`, { field: k });
  }
}

export function bodyStr(body, name, { min = 1, max = 512, required = false, pattern = null } = {}) {
  const v = body[name];
  if (v === undefined || v === null) {
    if (required) throw invalid(`Body field '${name}' is required.`, { field: name });
    return undefined;
  }
  if (typeof v !== 'string') throw invalid(`Body field '${name}' must be a string.`, { field: name });
  if (v.length < min || v.length > max) throw invalid(`Body field '${name}' must be ${min}..${max} characters long.`, { field: name });
  if (pattern && !pattern.test(v)) throw invalid(`Body field '${name}' is malformed.`, { field: name });
  return v;
}

export function bodyInt(body, name, { min, max, def }) {
  const v = body[name];
  if (v === undefined || v === null) return def;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw invalid(`Body field '${name}' must be an integer between ${min} and ${max}.`, { field: name });
  }
  return v;
}

export function bodyEnum(body, name, values, def) {
  const v = body[name];
  if (v === undefined || v === null) return def;
  if (typeof v !== 'string' || !values.includes(v)) {
    throw invalid(`Body field '${name}' must be one of: ${values.join(', ')}.`, { field: name });
  }
  return v;
}
