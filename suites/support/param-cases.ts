/**
 * Parameter bounds as data: what every operation's parameters and request-body fields allow
 * (contract/openapi.yaml), out-of-bounds values built by construction (fast-check arbitraries) and
 * in-bounds edge values, each tied to the PARAM rule (contract/rules/params.yaml) it exercises.
 * Used by suites/parameters.spec.ts, suites/errors.spec.ts and suites/support/operations.ts; pure apart from reading the contract and the catalogue.
 */
import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { contract } from '../../contract/index.ts';
import { paramRulesFor, type Rule } from '../../contract/rules.ts';
import { violation, type Violation } from '../../lib/violation.ts';

/** A JSON Schema node as the contract writes parameter schemas. */
export interface ParamSchema {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  default?: unknown;
  anyOf?: ParamSchema[];
  items?: ParamSchema;
  properties?: Record<string, ParamSchema>;
  required?: string[];
  $ref?: string;
}

export type ParamIn = 'query' | 'path' | 'header' | 'body';

/** One parameter or request-body field, named as the PARAM rules name it (`q`, `body.handle`, `body`). */
export interface ParamSpec {
  /** Name in the catalogue: the parameter name, `body.<field>` or `body` (the whole body). */
  name: string;
  /** Name on the wire (query/path/header name, or body field). */
  field: string;
  in: ParamIn;
  required: boolean;
  schema: ParamSchema;
  /** Query arrays: comma-joined in one value (`explode: false`) instead of a repeated parameter. */
  csv: boolean;
}

/**
 * The keywords this module can exercise. `required` means "left out"; items keywords of an array
 * parameter (`minLength`, `enum` of its entries) use the plain keyword, as the PARAM family does.
 */
export type BoundKeyword =
  | 'required'
  | 'minLength'
  | 'maxLength'
  | 'minimum'
  | 'maximum'
  | 'minItems'
  | 'maxItems'
  | 'enum'
  | 'const'
  | 'pattern'
  | 'format'
  | 'type';

/** A marker for "send the parameter/field/body not at all". */
export const ABSENT = Symbol('absent');
export type ParamValue = string | string[] | number | boolean | null | Record<string, unknown> | unknown[] | typeof ABSENT;

/** An out-of-bounds family of values: every value must be rejected with 422 invalid_request. */
export interface BoundCase {
  param: ParamSpec;
  keyword: BoundKeyword;
  what: string;
  values: fc.Arbitrary<ParamValue>;
  /** The family holds one value only (a left-out parameter, an empty string): try it once. */
  single?: boolean;
}

/** An in-bounds edge value (exactly the minimum, exactly the maximum, each enum value...): never 422. */
export interface EdgeCase {
  param: ParamSpec;
  keyword: BoundKeyword;
  what: string;
  value: ParamValue;
}

const ALNUM = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Values some frameworks coerce to booleans; a "malformed boolean" must be none of them. */
const BOOLEANISH = new Set(['true', 'false', '0', '1', 'yes', 'no', 'on', 'off', 't', 'f', 'y', 'n']);

const alnum = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...ALNUM), minLength, maxLength });
/** Lower-case word-like tokens: never empty, never coercible to a number. */
const token = (): fc.Arbitrary<string> => fc.stringMatching(/^[a-z][a-z_]{1,15}$/);

function typeOf(s: ParamSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.enum || s.pattern || s.format || s.minLength !== undefined || s.maxLength !== undefined) return 'string';
  return undefined;
}

/** The schema with `$ref`s resolved and an `anyOf` of formats folded into `format` (`date|date-time`). */
function resolveSchema(node: ParamSchema | undefined): ParamSchema {
  const s = contract().deref<ParamSchema>((node ?? {}) as ParamSchema);
  if (s.anyOf?.every((a) => a.format) && !s.format) return { ...s, format: s.anyOf.map((a) => a.format).join('|') };
  return s;
}

/** Every parameter and request-body field of an operation, resolved. */
export function paramSpecs(operationId: string): ParamSpec[] {
  const c = contract();
  const op = c.operation(operationId).spec;
  const out: ParamSpec[] = [];
  for (const p of op.parameters ?? []) {
    const param = c.deref<OpenAPIV3_1.ParameterObject>(p);
    if (!['query', 'path', 'header'].includes(param.in)) continue;
    const schema = resolveSchema(param.schema as ParamSchema);
    out.push({
      name: param.name,
      field: param.name,
      in: param.in as ParamIn,
      required: Boolean(param.required),
      schema,
      csv: typeOf(schema) === 'array' && param.explode === false,
    });
  }
  const body = op.requestBody ? c.deref<OpenAPIV3_1.RequestBodyObject>(op.requestBody) : undefined;
  const bodySchema = body?.content?.['application/json']?.schema;
  if (body && bodySchema) {
    const schema = resolveSchema(bodySchema as ParamSchema);
    out.push({ name: 'body', field: 'body', in: 'body', required: Boolean(body.required), schema, csv: false });
    for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
      out.push({
        name: `body.${field}`,
        field,
        in: 'body',
        required: (schema.required ?? []).includes(field),
        schema: resolveSchema(fieldSchema),
        csv: false,
      });
    }
  }
  return out;
}

function notIn(values: readonly unknown[]): (v: string) => boolean {
  const set = new Set(values.map(String));
  return (v) => !set.has(v);
}

/** Out-of-bounds values of a string schema (also the entries of a csv list). */
function stringCases(spec: ParamSpec, s: ParamSchema): Omit<BoundCase, 'param'>[] {
  const out: Omit<BoundCase, 'param'>[] = [];
  // An empty path segment changes the route and an empty header may be dropped: not a length test.
  const canBeEmpty = spec.in === 'query' || spec.in === 'body';
  if (s.minLength !== undefined && s.minLength >= 1 && canBeEmpty) {
    out.push({ keyword: 'minLength', what: `shorter than ${s.minLength}`, values: alnum(0, s.minLength - 1), single: s.minLength === 1 });
  }
  if (s.maxLength !== undefined)
    out.push({ keyword: 'maxLength', what: `longer than ${s.maxLength}`, values: alnum(s.maxLength + 1, s.maxLength + 16) });
  if (s.enum) out.push({ keyword: 'enum', what: 'outside the enum', values: token().filter(notIn(s.enum)) });
  if (s.const !== undefined)
    out.push({ keyword: 'const', what: `other than ${String(s.const)}`, values: token().filter(notIn([s.const])) });
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    out.push({
      keyword: 'pattern',
      what: `not matching ${s.pattern}`,
      values: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 64 }).filter((v) => !re.test(v)),
    });
  }
  if (s.format === 'uuid')
    out.push({ keyword: 'format', what: 'not a UUID', values: fc.stringMatching(/^[a-z0-9-]{1,40}$/).filter((v) => !UUID.test(v)) });
  if (s.format && /date/.test(s.format)) {
    out.push({
      keyword: 'format',
      what: `not a ${s.format}`,
      values: fc.oneof(
        fc.constantFrom('2024-13-01', '2024-00-10', '2024/01/15', '15-01-2024', 'yesterday', '2024-01-15T25:00:00Z'),
        fc.stringMatching(/^[a-z]{3,10}$/),
      ),
    });
  }
  if (spec.in === 'body' && typeOf(s) === 'string')
    out.push({
      keyword: 'type',
      what: 'not a string',
      values: fc.oneof<fc.Arbitrary<ParamValue>[]>(fc.integer(), fc.boolean(), fc.constant([]), fc.constant({})),
    });
  return out;
}

function integerCases(spec: ParamSpec, s: ParamSchema): Omit<BoundCase, 'param'>[] {
  const wire = (n: number): ParamValue => (spec.in === 'body' ? n : String(n));
  const out: Omit<BoundCase, 'param'>[] = [];
  const nonInteger =
    spec.in === 'body'
      ? fc.oneof<fc.Arbitrary<ParamValue>[]>(
          fc.integer({ min: -1000, max: 1000 }).map((n) => n + 0.5),
          token(),
          fc.constant([]),
          fc.constant({}),
        )
      : fc.oneof(
          fc.integer({ min: -1000, max: 1000 }).map((n) => `${n}.5`),
          token(),
        );
  out.push({ keyword: 'type', what: 'not an integer', values: nonInteger });
  if (s.minimum !== undefined)
    out.push({
      keyword: 'minimum',
      what: `below ${s.minimum}`,
      values: fc.integer({ min: s.minimum - 10_000, max: s.minimum - 1 }).map(wire),
    });
  if (s.maximum !== undefined)
    out.push({
      keyword: 'maximum',
      what: `above ${s.maximum}`,
      values: fc.integer({ min: s.maximum + 1, max: s.maximum + 10_000 }).map(wire),
    });
  return out;
}

function booleanCases(spec: ParamSpec): Omit<BoundCase, 'param'>[] {
  const values = spec.in === 'body' ? fc.oneof(token(), fc.integer({ min: 2, max: 100 })) : token().filter((v) => !BOOLEANISH.has(v));
  return [{ keyword: 'type', what: 'not a boolean', values }];
}

/** Out-of-bounds values of a query array (repeated or comma-joined). */
function arrayCases(spec: ParamSpec, s: ParamSchema): Omit<BoundCase, 'param'>[] {
  const item = resolveSchema(s.items);
  const entry = item.enum ? fc.constantFrom(...item.enum.map(String)) : alnum(1, 12);
  const list = (min: number, max: number) => fc.array(entry, { minLength: min, maxLength: max });
  const wire = (items: string[]): ParamValue => (spec.csv ? items.join(',') : items);
  const out: Omit<BoundCase, 'param'>[] = [];
  // Exceeding maxItems of an enum list needs duplicates, which breaks uniqueness too: not a clean case.
  if (s.maxItems !== undefined && !item.enum)
    out.push({ keyword: 'maxItems', what: `more than ${s.maxItems} entries`, values: list(s.maxItems + 1, s.maxItems + 5).map(wire) });
  if (spec.csv && s.minItems !== undefined && s.minItems >= 1)
    out.push({ keyword: 'minItems', what: 'no entry', values: fc.constant(''), single: true });
  const room = Math.max(1, Math.min(3, (s.maxItems ?? 4) - 1));
  if (spec.csv && item.minLength !== undefined && item.minLength >= 1) {
    out.push({
      keyword: 'minLength',
      what: 'an empty entry',
      values: fc.tuple(list(1, room), fc.nat()).map(([items, at]) => {
        const copy = [...items];
        copy.splice(at % (copy.length + 1), 0, '');
        return copy.join(',');
      }),
    });
  }
  if (item.enum) {
    out.push({
      keyword: 'enum',
      what: 'an entry outside the enum',
      values: fc.tuple(list(0, room - 1), token().filter(notIn(item.enum))).map(([items, bad]) => wire([...items, bad])),
    });
  }
  return out;
}

/**
 * Every out-of-bounds case of one parameter, by construction: strings just over maxLength, empty
 * strings under minLength, integers below minimum / above maximum, non-integers, values outside an
 * enum, malformed booleans, list counts over maxItems, empty list entries, and the parameter left out
 * when it is required.
 */
export function outOfBounds(spec: ParamSpec): BoundCase[] {
  const s = spec.schema;
  const cases: Omit<BoundCase, 'param'>[] = [];
  if (spec.required) cases.push({ keyword: 'required', what: 'left out', values: fc.constant(ABSENT), single: true });
  if (spec.name !== 'body') {
    switch (typeOf(s)) {
      case 'string':
        cases.push(...stringCases(spec, s));
        break;
      case 'integer':
        cases.push(...integerCases(spec, s));
        break;
      case 'boolean':
        cases.push(...booleanCases(spec));
        break;
      case 'array':
        if (spec.in === 'query') cases.push(...arrayCases(spec, s));
        break;
    }
  }
  return cases.map((c) => ({ ...c, param: spec }));
}

/** `example` padded (or cut) to exactly `length` characters, keeping its form (digits stay digits). */
export function padTo(example: string, length: number): string {
  if (example.length >= length) return example.slice(0, length);
  const fill = /\d$/.test(example) ? '7' : 'x';
  return example + fill.repeat(length - example.length);
}

/** A pattern of one optional literal prefix and a bounded run of one class: ^@?[A-Za-z0-9_]{1,15}$. */
const BOUNDED_RUN = /^\^(?:(\\.|[^\\[(){}?*+.|^$])\?)?\[([^\]]+)\]\{(\d+),(\d+)\}\$$/;

/**
 * The length edges of a pattern that bounds a run of one character class (issue 34: an accepted form checked at
 * each of its edges, not on one sample): the longest run without and with the optional prefix, and the shortest.
 * The prefix does not count in the run's length (the bound is the run's), so "@" and 15 characters match. Nothing
 * for a pattern of another form.
 */
export function patternLengthEdges(pattern: string): Omit<EdgeCase, 'param'>[] {
  const m = BOUNDED_RUN.exec(pattern);
  if (!m) return [];
  const [, rawPrefix, cls, min, max] = m;
  const prefix = rawPrefix?.replace(/^\\/, '');
  const klass = new RegExp(`^[${cls!}]$`);
  const ch = ['a', 'A', '0', '_', '-'].find((c) => klass.test(c));
  if (!ch) return [];
  const [lo, hi] = [Number(min), Number(max)];
  const edges: Omit<EdgeCase, 'param'>[] = [{ keyword: 'pattern', what: `${hi} characters of the run`, value: ch.repeat(hi) }];
  if (prefix) edges.push({ keyword: 'pattern', what: `"${prefix}" and ${hi} characters of the run`, value: prefix + ch.repeat(hi) });
  if (lo >= 1 && lo < hi) edges.push({ keyword: 'pattern', what: `${lo} character(s) of the run`, value: ch.repeat(lo) });
  return edges.filter((e) => new RegExp(pattern).test(String(e.value)));
}

/**
 * In-bounds edge values: exactly minLength/maxLength (built from `example`, a valid value of the
 * parameter, when there is one, so that a structured identity keeps its form), exactly
 * minimum/maximum, every enum value, both booleans, exactly maxItems / one entry, one pattern match
 * (seeded) and a well-formed UUID/date.
 */
export function inBoundsEdges(spec: ParamSpec, example: string | undefined, seed: number): EdgeCase[] {
  const s = spec.schema;
  const out: Omit<EdgeCase, 'param'>[] = [];
  const t = typeOf(s);
  const num = (n: number): ParamValue => (spec.in === 'body' ? n : String(n));
  if (t === 'string') {
    // A one-character marketKey or slug cannot keep its form; only free text gets the minLength edge.
    if (s.minLength !== undefined && example === undefined)
      out.push({ keyword: 'minLength', what: `exactly ${s.minLength} character(s)`, value: 'a'.repeat(Math.max(1, s.minLength)) });
    if (s.maxLength !== undefined)
      out.push({ keyword: 'maxLength', what: `exactly ${s.maxLength} characters`, value: padTo(example ?? 'a', s.maxLength) });
    // A bound of free text counts characters, not bytes (round-25 bug: a q of accented letters refused by its UTF-8
    // length): the bound again in a two-byte letter, twice as many bytes as characters.
    if (s.maxLength !== undefined && example === undefined && !s.pattern && !s.format && !s.enum)
      out.push({ keyword: 'maxLength', what: `exactly ${s.maxLength} characters of two UTF-8 bytes each`, value: 'é'.repeat(s.maxLength) });
    for (const v of s.enum ?? []) out.push({ keyword: 'enum', what: `= ${String(v)}`, value: String(v) });
    if (s.const !== undefined) out.push({ keyword: 'const', what: `= ${String(s.const)}`, value: String(s.const) });
    if (s.pattern) {
      const [match] = fc.sample(fc.stringMatching(new RegExp(s.pattern)), { seed, numRuns: 1 });
      if (match !== undefined) out.push({ keyword: 'pattern', what: `matching ${s.pattern}`, value: match });
      out.push(...patternLengthEdges(s.pattern));
    }
    if (s.format === 'uuid')
      out.push({ keyword: 'format', what: 'a UUID', value: fc.sample(fc.uuid({ version: 4 }), { seed, numRuns: 1 })[0]! });
    if (s.format?.includes('date-time')) out.push({ keyword: 'format', what: 'an RFC 3339 date-time', value: '2026-01-15T12:00:00Z' });
    if (s.format?.split('|').includes('date')) out.push({ keyword: 'format', what: 'an RFC 3339 full-date', value: '2026-01-15' });
  } else if (t === 'integer') {
    if (s.minimum !== undefined) out.push({ keyword: 'minimum', what: `exactly ${s.minimum}`, value: num(s.minimum) });
    if (s.maximum !== undefined) out.push({ keyword: 'maximum', what: `exactly ${s.maximum}`, value: num(s.maximum) });
  } else if (t === 'boolean') {
    out.push(
      { keyword: 'type', what: '= true', value: spec.in === 'body' ? true : 'true' },
      { keyword: 'type', what: '= false', value: spec.in === 'body' ? false : 'false' },
    );
  } else if (t === 'array' && spec.in === 'query') {
    const item = resolveSchema(s.items);
    const wire = (items: string[]): ParamValue => (spec.csv ? items.join(',') : items);
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        i === 0 && example ? example : padTo(example ?? 'fcedge', (example ?? 'fcedge').length + 2) + String(i),
      );
    if (item.enum) {
      for (const v of item.enum) out.push({ keyword: 'enum', what: `= ${String(v)}`, value: wire([String(v)]) });
    } else {
      if (s.maxItems !== undefined)
        out.push({ keyword: 'maxItems', what: `exactly ${s.maxItems} entries`, value: wire(entries(s.maxItems)) });
      if (s.minItems !== undefined && spec.csv)
        out.push({
          keyword: 'minItems',
          what: `exactly ${Math.max(1, s.minItems)} entry(ies)`,
          value: wire(entries(Math.max(1, s.minItems))),
        });
    }
  }
  return out.map((e) => ({ ...e, param: spec }));
}

/**
 * The boundary generator (issue 22): for every numeric, length and count bound of a parameter, the
 * values one step either side of it, built from `example` (a valid value) where there is one so that a
 * structured identity keeps its form. `over`: just outside (maximum + 1, maxLength + 1 characters,
 * maxItems + 1 entries, minimum - 1, minLength - 1 characters when that is not empty), each a one-value
 * out-of-bounds case judged by the bound's rule (422). `inside`: just inside (maximum - 1, minimum + 1,
 * maxLength - 1 characters, maxItems - 1 entries, and `interiorValues` between them), in-bounds edges never answered 422. The bound itself
 * is `inBoundsEdges`' exactly-min/exactly-max edge. A random out-of-bounds value (`outOfBounds`) seldom
 * lands on bound + 1, so a bound off by one passed those alone.
 */
export function boundaryCases(spec: ParamSpec, example: string | undefined): { over: BoundCase[]; inside: EdgeCase[] } {
  const s = spec.schema;
  const over: Omit<BoundCase, 'param'>[] = [];
  const inside: Omit<EdgeCase, 'param'>[] = [];
  const one = (keyword: BoundKeyword, what: string, value: ParamValue) =>
    over.push({ keyword, what, values: fc.constant(value), single: true });
  const t = typeOf(s);
  if (t === 'string') {
    const canBeEmpty = spec.in === 'query' || spec.in === 'body';
    if (s.maxLength !== undefined) {
      one('maxLength', `exactly ${s.maxLength + 1} characters (bound + 1)`, padTo(example ?? 'a', s.maxLength + 1));
      if (s.maxLength - 1 >= Math.max(1, s.minLength ?? 0) && (example === undefined || example.length <= s.maxLength - 1))
        inside.push({
          keyword: 'maxLength',
          what: `exactly ${s.maxLength - 1} characters (bound - 1)`,
          value: padTo(example ?? 'a', s.maxLength - 1),
        });
      // Lengths between the example's (or the minimum) and the maximum (round-10 bug: a slug refused above 255 of its
      // 512 characters, a column width no edge reaches).
      const from = Math.max(1, s.minLength ?? 1, example?.length ?? 1);
      for (const n of interiorValues(from, s.maxLength))
        inside.push({ keyword: 'maxLength', what: `exactly ${n} characters (between the bounds)`, value: padTo(example ?? 'a', n) });
    }
    if (s.minLength !== undefined && s.minLength >= 2 && canBeEmpty)
      one('minLength', `exactly ${s.minLength - 1} character(s) (bound - 1)`, 'a'.repeat(s.minLength - 1));
  } else if (t === 'integer') {
    const num = (n: number): ParamValue => (spec.in === 'body' ? n : String(n));
    if (s.maximum !== undefined) one('maximum', `exactly ${s.maximum + 1} (bound + 1)`, num(s.maximum + 1));
    if (s.minimum !== undefined) one('minimum', `exactly ${s.minimum - 1} (bound - 1)`, num(s.minimum - 1));
    const lo = s.minimum ?? -Infinity;
    const hi = s.maximum ?? Infinity;
    if (s.maximum !== undefined && s.maximum - 1 >= lo)
      inside.push({ keyword: 'maximum', what: `exactly ${s.maximum - 1} (bound - 1)`, value: num(s.maximum - 1) });
    if (s.minimum !== undefined && s.minimum + 1 <= hi)
      inside.push({ keyword: 'minimum', what: `exactly ${s.minimum + 1} (bound + 1)`, value: num(s.minimum + 1) });
    for (const n of interiorValues(lo, hi)) inside.push({ keyword: 'maximum', what: `exactly ${n} (between the bounds)`, value: num(n) });
  } else if (t === 'array' && spec.in === 'query') {
    const item = resolveSchema(s.items);
    const wire = (items: string[]): ParamValue => (spec.csv ? items.join(',') : items);
    const base = example ?? 'fcedge';
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) => (i === 0 && example ? example : padTo(base, base.length + 2) + String(i)));
    // Exceeding maxItems of an enum list needs duplicates (see arrayCases): not a clean case.
    if (s.maxItems !== undefined && !item.enum) {
      one('maxItems', `exactly ${s.maxItems + 1} entries (bound + 1)`, wire(entries(s.maxItems + 1)));
      if (s.maxItems - 1 >= Math.max(1, s.minItems ?? 0))
        inside.push({ keyword: 'maxItems', what: `exactly ${s.maxItems - 1} entries (bound - 1)`, value: wire(entries(s.maxItems - 1)) });
      for (const n of interiorValues(Math.max(1, s.minItems ?? 0), s.maxItems))
        inside.push({ keyword: 'maxItems', what: `exactly ${n} entries (between the bounds)`, value: wire(entries(n)) });
    }
  }
  return { over: over.map((c) => ({ ...c, param: spec })), inside: inside.map((e) => ({ ...e, param: spec })) };
}

/**
 * Integers strictly between bound + 1 and bound - 1 of a closed range (round-8 bug: a price that changed at a value
 * between the edges, hours above 3, passed every edge): each of them on a short range (at most 8 values, the hours of
 * the latest feed), the midpoint and the quartiles on a longer one (a 168-hour window). Nothing for an open range.
 */
export function interiorValues(lo: number, hi: number): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi - lo < 4) return [];
  if (hi - lo <= 10) return Array.from({ length: hi - lo - 3 }, (_, i) => lo + 2 + i);
  return [...new Set([0.25, 0.5, 0.75].map((q) => Math.round(lo + (hi - lo) * q)))];
}

/** A documented default (issue 22): the parameter, its default, the PARAM rule stating it and a value that is not it. */
export interface DefaultCase {
  operationId: string;
  param: ParamSpec;
  /** The default, on the wire (a query value is a string; a csv list is comma-joined). */
  value: ParamValue;
  /** Another allowed value, which must answer differently on data that tells them apart; undefined when none exists. */
  other: ParamValue | undefined;
  /** Further allowed values, tried in turn when `other` answers the default's items on the target's data. */
  others: ParamValue[];
  rule: Rule;
}

/** Another in-bounds value than `dflt` for schema `s`: another enum entry, the other boolean, a bound, one list item. */
function nonDefault(spec: ParamSpec, dflt: unknown): ParamValue | undefined {
  const s = spec.schema;
  const t = typeOf(s);
  const q = (v: string | number | boolean): ParamValue => (spec.in === 'body' ? v : String(v));
  if (s.enum) {
    const v = s.enum.find((e) => e !== dflt);
    return v === undefined ? undefined : q(v as string);
  }
  if (t === 'boolean') return q(!dflt);
  if (t === 'integer') {
    const n = Number(dflt);
    if (s.minimum !== undefined && s.minimum !== n) return q(s.minimum);
    if (s.maximum !== undefined && s.maximum !== n) return q(s.maximum);
    return q(n + 1);
  }
  if (t === 'array' && Array.isArray(dflt) && dflt.length > 1) return spec.csv ? String(dflt[0]) : [String(dflt[0])];
  return undefined;
}

/** The other enum entries, or the default list's other single items, after the first `nonDefault` gives. */
function moreNonDefaults(spec: ParamSpec, dflt: unknown): ParamValue[] {
  const s = spec.schema;
  const q = (v: string | number | boolean): ParamValue => (spec.in === 'body' ? v : String(v));
  if (s.enum)
    return s.enum
      .filter((e) => e !== dflt)
      .slice(1)
      .map((e) => q(e as string));
  if (typeOf(s) === 'array' && Array.isArray(dflt) && dflt.length > 1)
    return dflt.slice(1).map((v) => (spec.csv ? String(v) : [String(v)]));
  return [];
}

/**
 * Every documented default of the contract (a parameter or body field whose schema has a `default`)
 * whose PARAM `default` rule is a live documented rule; a default the spec does not show is a gap and
 * has no oracle. The default oracle (suites/defaults.spec.ts) judges each; tests/harness/bounds-catalogue.spec.ts
 * fails while one has none.
 */
export function documentedDefaults(): DefaultCase[] {
  const out: DefaultCase[] = [];
  for (const { operationId } of contract().operations.values())
    for (const param of paramSpecs(operationId)) {
      if (param.schema.default === undefined || param.name === 'body') continue;
      const rule = paramRule(operationId, param.name, 'default');
      if (!rule || rule.kind !== 'rule' || rule.retired) continue;
      const d = param.schema.default;
      const value: ParamValue =
        param.in === 'body' ? (d as ParamValue) : Array.isArray(d) ? (param.csv ? d.join(',') : d.map(String)) : String(d);
      out.push({ operationId, param, value, other: nonDefault(param, d), others: moreNonDefaults(param, d), rule });
    }
  return out;
}

/** A numeric, length or count bound of a parameter: its operation, parameter, keyword and figure. */
export interface BoundFact {
  operationId: string;
  param: ParamSpec;
  keyword: 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'maxItems';
  bound: number;
}

/** Every numeric, length and count bound of every operation's parameters and body fields (the contract's schemas). */
export function documentedBounds(): BoundFact[] {
  const out: BoundFact[] = [];
  const keywords = ['minLength', 'maxLength', 'minimum', 'maximum', 'maxItems'] as const;
  for (const { operationId } of contract().operations.values())
    for (const param of paramSpecs(operationId)) {
      if (param.name === 'body') continue;
      for (const keyword of keywords) {
        const bound = param.schema[keyword];
        if (bound !== undefined) out.push({ operationId, param, keyword, bound });
      }
    }
  return out;
}

/** The live PARAM rule for one operation, parameter and keyword, if the catalogue has one. */
export function paramRule(operationId: string, param: string, keyword: string): Rule | undefined {
  return paramRulesFor(operationId).find((r) => r.param === param && r.keyword === keyword);
}

/**
 * A route's own text beats the general PARAM rule (issue 18): parameters whose route answers an invalid
 * value with another status than the 422 of the Errors table, by `operationId#param`, with the sentence.
 * The generated rules' own wording ("or 404") is read too (rejectionStatuses).
 */
export const ROUTE_REJECTIONS: Readonly<Record<string, { statuses: readonly number[]; source: string }>> = {
  'getMarketSignals#slug': {
    statuses: [404],
    source: 'Endpoints / GET /api/v1/markets/{slug}/signals: "When the slug is invalid or no evidence exists, the route returns 404"',
  },
};

/**
 * Statuses a rule allows for an out-of-bounds value: 422, plus 404 where its text says "or (the same) 404"
 * or its route's own text answers an invalid value so (ROUTE_REJECTIONS).
 */
export function rejectionStatuses(rule: Rule | undefined): number[] {
  if (!rule) return [422];
  const own = (rule.operations ?? []).flatMap((op) => ROUTE_REJECTIONS[`${op}#${rule.param?.split('.')[0] ?? ''}`]?.statuses ?? []);
  const worded = /\bor (?:the same )?404\b/.test(rule.text) ? [404] : [];
  return [...new Set([422, ...worded, ...own])];
}

const preview = (v: unknown): string => {
  const s = v === ABSENT ? '(absent)' : typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 80 ? `${s.slice(0, 77)}... (${s.length} chars)` : s;
};

/**
 * An out-of-bounds value was rejected as the rule says: a status in `allowed` (422 unless the rule
 * also allows 404) with the envelope's `error` = invalid_request on a 422.
 */
export function checkRejected(
  ruleId: string,
  label: string,
  value: unknown,
  status: number,
  body: unknown,
  allowed: readonly number[] = [422],
): Violation[] {
  const where = `${label}=${preview(value)}`;
  if (!allowed.includes(status)) return [violation(ruleId, 'status', `${where}: expected ${allowed.join(' or ')}, got ${status}`)];
  const code = (body as { error?: unknown } | null)?.error;
  if (status === 422 && code !== 'invalid_request')
    return [violation(ruleId, '/error', `${where}: expected error invalid_request, got ${JSON.stringify(code)}`)];
  return [];
}

/** An in-bounds edge value was not rejected as invalid (any status but 422; 404 for a missing identity is fine). */
export function checkAccepted(ruleId: string, label: string, value: unknown, status: number, body: unknown): Violation[] {
  if (status !== 422) return [];
  const msg = (body as { message?: unknown } | null)?.message;
  return [violation(ruleId, 'status', `${label}=${preview(value)} is within bounds but was rejected with 422 (${JSON.stringify(msg)})`)];
}

/** One answer, as far as the in-bounds judgements read it: its status and error code. */
export interface AnswerCode {
  status: number;
  /** The error envelope's `error` member, when the body has one. */
  code?: unknown;
}

/**
 * An in-bounds edge of a parameter whose unknown values have an answer the contract does not show (a generation's
 * market_id, Limits rule 4: 1..512 characters): the edge names nothing, so it is held against `unknown`, the answer
 * to a value of ordinary length that names nothing either (round-28 bug: ids of 256..512 characters refused 422
 * invalid_request, ids of ordinary length looked up and answered 404). A 422 is a violation of `ruleId` only where
 * the ordinary-length value was not refused the same way; undefined when the two are refused alike (no judgement:
 * the target refuses unknown values of any length with that 422).
 */
export function checkAcceptedBeside(
  ruleId: string,
  label: string,
  value: unknown,
  edge: AnswerCode,
  unknown: AnswerCode,
): Violation[] | undefined {
  if (edge.status !== 422) return [];
  if (unknown.status === 422 && unknown.code === edge.code) return undefined;
  const said = `${unknown.status}${unknown.code === undefined ? '' : ` ${JSON.stringify(unknown.code)}`}`;
  return [
    violation(
      ruleId,
      'status',
      `${label}=${preview(value)} is within bounds but was refused 422 ${JSON.stringify(edge.code)}, where a value of ordinary length naming nothing answered ${said}`,
    ),
  ];
}

/** A value of `s`'s form (its first enumerated value, its minimum, a string matching its pattern), or undefined. */
/**
 * A value of the right form for a parameter of schema `s` (its first enum value, its minimum, false, a string matching
 * its pattern or of its minimum length): well-formed, naming no existing entity.
 */
export function placeholder(s: ParamSchema): string | undefined {
  const t = typeOf(s);
  if (s.enum?.length) return String(s.enum[0]);
  if (t === 'integer' || t === 'number') return String(s.minimum ?? 1);
  if (t === 'boolean') return 'false';
  if (t === 'array') return placeholder(resolveSchema(s.items));
  if (t !== 'string') return undefined;
  if (s.pattern) return fc.sample(fc.stringMatching(new RegExp(s.pattern)), { seed: 1, numRuns: 1 })[0];
  return 'a'.repeat(Math.max(1, s.minLength ?? 1));
}

/**
 * `parts` with a value of the right form for every required query parameter it lacks (a placeholder, not
 * an existing entity: a route whose baseline needs a discovered identity has none without it). A target
 * that checks parameters before credentials (gap AUTH-020) refuses a request lacking one 422 before it
 * asks for a key or payment; with the placeholder it answers the refusal for want of credentials.
 */
export function wellFormed<T extends { params: Record<string, unknown> }>(operationId: string, parts: T): T {
  const params = { ...parts.params };
  for (const spec of paramSpecs(operationId)) {
    if (spec.in !== 'query' || !spec.required || params[spec.name] !== undefined) continue;
    const value = placeholder(spec.schema);
    if (value !== undefined) params[spec.name] = value;
  }
  return { ...parts, params };
}
