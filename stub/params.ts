/**
 * Query-parameter parsing with the contract's bounds (spec: Limits, item 4, and each endpoint's
 * parameter table). Every bad value throws ApiError 422 invalid_request naming the parameter.
 */
import { invalidRequest } from './errors.ts';

export type RawQuery = Record<string, string | string[] | undefined>;

import { VENUES, type Venue } from './data/model.ts';

export { VENUES, type Venue };

interface StrOpts {
  min?: number;
  max: number;
}

export class Query {
  constructor(private readonly raw: RawQuery) {}

  has(name: string): boolean {
    return this.raw[name] !== undefined;
  }

  /** The single value of a non-repeatable parameter. @throws 422 when repeated. */
  private one(name: string): string | undefined {
    const v = this.raw[name];
    if (Array.isArray(v)) throw invalidRequest(`${name} must be given at most once`);
    return v;
  }

  /** A string of `min..max` characters (default min 1). @throws 422 when out of bounds. */
  str(name: string, opts: StrOpts): string | undefined {
    const v = this.one(name);
    if (v === undefined) return undefined;
    const min = opts.min ?? 1;
    if (v.length < min || v.length > opts.max) throw invalidRequest(`${name} must be ${min}..${opts.max} characters`);
    return v;
  }

  /** A required string. @throws 422 when missing or out of bounds. */
  requiredStr(name: string, opts: StrOpts): string {
    const v = this.str(name, opts);
    if (v === undefined) throw invalidRequest(`${name} is required`);
    return v;
  }

  /** A base-10 integer in `min..max`. @throws 422 when not an integer or out of bounds. */
  int(name: string, opts: { min: number; max?: number; default: number }): number;
  int(name: string, opts: { min: number; max?: number }): number | undefined;
  int(name: string, opts: { min: number; max?: number; default?: number }): number | undefined {
    const v = this.one(name);
    if (v === undefined) return opts.default;
    if (!/^-?\d{1,12}$/.test(v)) throw invalidRequest(`${name} must be an integer`);
    const n = Number(v);
    if (n < opts.min || (opts.max !== undefined && n > opts.max)) {
      throw invalidRequest(`${name} must be between ${opts.min} and ${opts.max ?? 'unbounded'}`);
    }
    return n;
  }

  /** `true` or `false`. @throws 422 otherwise. */
  bool(name: string, dflt: boolean): boolean {
    const v = this.one(name);
    if (v === undefined) return dflt;
    if (v === 'true') return true;
    if (v === 'false') return false;
    throw invalidRequest(`${name} must be true or false`);
  }

  /** One of `values` (exact). @throws 422 otherwise. */
  enum<T extends string>(name: string, values: readonly T[], dflt: T): T;
  enum<T extends string>(name: string, values: readonly T[]): T | undefined;
  enum<T extends string>(name: string, values: readonly T[], dflt?: T): T | undefined {
    const v = this.one(name);
    if (v === undefined) return dflt;
    if (!(values as readonly string[]).includes(v)) throw invalidRequest(`${name} must be one of ${values.join(', ')}`);
    return v as T;
  }

  venue(name = 'venue'): Venue | undefined {
    return this.enum(name, VENUES);
  }

  /** A comma-separated list of `min..max` non-empty entries. @throws 422 on empty entries or bad count. */
  list(name: string, opts: { min: number; max: number; allowed?: readonly string[] }): string[] | undefined {
    const v = this.one(name);
    if (v === undefined) return undefined;
    const items = v.split(',').map((s) => s.trim());
    if (items.some((s) => s === '')) throw invalidRequest(`${name} has an empty entry`);
    if (items.length < opts.min || items.length > opts.max) throw invalidRequest(`${name} must list ${opts.min}..${opts.max} entries`);
    if (opts.allowed) {
      const bad = items.filter((s) => !opts.allowed!.includes(s));
      if (bad.length) throw invalidRequest(`${name} allows only ${opts.allowed.join(', ')}`);
    }
    return [...new Set(items)];
  }

  /** A repeatable parameter (`reference=a&reference=b`), at most `max` items, each `1..maxLen`. */
  multi(name: string, opts: { max: number; maxLen: number }): string[] | undefined {
    const v = this.raw[name];
    if (v === undefined) return undefined;
    const items = Array.isArray(v) ? v : [v];
    if (items.length > opts.max) throw invalidRequest(`${name} allows at most ${opts.max} values`);
    if (items.some((s) => s.length < 1 || s.length > opts.maxLen))
      throw invalidRequest(`${name} values must be 1..${opts.maxLen} characters`);
    return items;
  }

  /** Exactly one of `names` must be present. @throws 422 for none or several. */
  exactlyOne(...names: string[]): string {
    const given = names.filter((n) => this.has(n));
    if (given.length !== 1)
      throw invalidRequest(`supply exactly one of ${names.join(', ')}${given.length ? ` (got ${given.join(', ')})` : ''}`);
    return given[0]!;
  }

  /** At most one of `names`. @throws 422 when several are present. */
  atMostOne(...names: string[]): void {
    const given = names.filter((n) => this.has(n));
    if (given.length > 1) throw invalidRequest(`${given.join(' and ')} are mutually exclusive`);
  }
}
