/**
 * Drift against the reference contract, on what the spec shows (issue 32; spec: Versioning rule 2, VER-007,
 * VER-018). Each operation our contract documents is looked up in the served document by path and method and
 * compared there, both sides dereferenced, member by member: the operation itself, its parameters, its request
 * body's members and the members of its success answer. A node the spec does not show (`x-fc-choice` on it or on
 * an ancestor in our copy) is never compared, and component names, `$ref` layout, descriptions and examples never
 * count: two documents describing the same requests and answers in other words show no drift. What the served
 * document adds (operations, members, statuses) is reported as non-breaking. A deploy-to-deploy comparison of
 * two served documents (a baseline) stays the exact, layout-aware one of checks/drift.ts.
 *
 * What breaks a client written from the spec: an operation gone (VER-007); a shown parameter gone, retyped, newly
 * required, or a required parameter added where the spec shows the operation's parameters; a shown body field
 * gone or retyped, or a required one added; a shown member of the success answer gone, or typed, or valued (enum)
 * beyond what the spec shows. What the served document says less precisely (no `required` list, no type) is not a
 * difference: it states nothing against the spec.
 */
import { asRecord } from '../lib/guards.ts';
import { CHOICE_MARK as CHOICE } from '../contract/index.ts';
import { ptr } from '../lib/violation.ts';
import { CLASS_RANK, type DriftClass } from './drift-rules.ts';
import type { DriftComparison, DriftDifference } from './drift.ts';

type Node = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Follows local `$ref`s (chained ones too, at most 16 hops); undefined when one dangles. */
function deref(doc: unknown, node: unknown): Node | undefined {
  let cur = node;
  for (let hops = 0; asRecord(cur) && typeof asRecord(cur)!.$ref === 'string' && hops < 16; hops++) {
    const ref = String(asRecord(cur)!.$ref);
    if (!ref.startsWith('#/')) return undefined;
    cur = ref
      .slice(2)
      .split('/')
      .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((acc, t) => asRecord(acc)?.[t], doc);
  }
  return asRecord(cur);
}

/** A schema as a client reads it: its types, enum, properties (allOf, anyOf and oneOf branches merged), required, items, chosen mark. */
interface Shape {
  types: Set<string>;
  enum?: unknown[];
  properties: Map<string, Node>;
  /** Whether the schema names its members at all (a free-form object states nothing of them). */
  listsProperties: boolean;
  required: Set<string>;
  items?: Node;
  choice?: string;
}

/** The shape of `schema` in `doc`: branches of a union and an allOf are merged (a member of any branch may appear). */
function shapeOf(doc: unknown, schema: unknown, depth = 0): Shape {
  const s = deref(doc, schema) ?? {};
  const out: Shape = { types: new Set(), properties: new Map(), listsProperties: false, required: new Set() };
  if (typeof s[CHOICE] === 'string') out.choice = String(s[CHOICE]);
  for (const t of Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]) if (typeof t === 'string') out.types.add(t);
  if (s.const !== undefined) out.enum = [s.const];
  if (Array.isArray(s.enum)) out.enum = [...s.enum];
  if (asRecord(s.properties)) {
    out.listsProperties = true;
    for (const [k, v] of Object.entries(asRecord(s.properties)!)) out.properties.set(k, asRecord(v) ?? {});
  }
  if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') out.required.add(r);
  if (s.items !== undefined) out.items = asRecord(s.items);
  if (depth < 8)
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (!Array.isArray(s[key])) continue;
      const branches = (s[key] as unknown[]).map((b) => shapeOf(doc, b, depth + 1));
      for (const b of branches) {
        for (const t of b.types) out.types.add(t);
        // A member several branches give may be any of them (a union on venue gives venue_b or venue_a).
        for (const [k, v] of b.properties) {
          const had = out.properties.get(k);
          out.properties.set(k, had === undefined || had === v ? v : key === 'allOf' ? had : { anyOf: [had, v] });
        }
        out.listsProperties ||= b.listsProperties;
        if (b.enum) out.enum = [...(out.enum ?? []), ...b.enum];
        out.items ??= b.items;
        out.choice ??= b.choice;
        // A member an allOf branch requires is required; one a union branch requires is not (another branch may hold).
        if (key === 'allOf') for (const r of b.required) out.required.add(r);
      }
    }
  // A member whose schema is an object is typed object even when it only lists properties.
  if (!out.types.size && out.listsProperties) out.types.add('object');
  return out;
}

/** integer is a number, for a client reading one. */
const widen = (t: string): string => (t === 'integer' ? 'number' : t);
const typeText = (s: Set<string>): string => [...s].join('|');

interface Ctx {
  ours: unknown;
  served: unknown;
  operation: string;
  out: DriftDifference[];
}

function push(ctx: Ctx, cls: DriftClass, pointer: string, action: DriftDifference['action'], what: string): void {
  ctx.out.push({
    class: cls,
    pointer,
    action,
    what,
    operations: [ctx.operation],
    ...(cls === 'breaking' ? { ruleId: 'VER-018' } : {}),
  });
}

/**
 * Compares one schema read by the client (`read`: a response; else sent: a parameter or body) member by member.
 * `ours` from our contract, `theirs` from the served document; `at` is the pointer in the served document.
 */
function compareSchema(ctx: Ctx, ours: unknown, theirs: unknown, at: string, read: boolean, depth = 0): void {
  const o = shapeOf(ctx.ours, ours);
  if (o.choice || depth > 12) return;
  const t = shapeOf(ctx.served, theirs);
  if (t.types.size && o.types.size) {
    const oursT = new Set([...o.types].map(widen));
    const theirsT = new Set([...t.types].map(widen));
    // Read: the served type may not hold a value the spec's type does not (a response widened); sent: the served
    // type must take every value the spec's type allows (a request narrowed). integer within number is the same.
    const widened = [...theirsT].filter((x) => !oursT.has(x));
    const narrowed = [...oursT].filter((x) => !theirsT.has(x) && !(x === 'number' && t.types.has('integer')));
    if (read ? widened.length > 0 : narrowed.length > 0)
      push(ctx, 'breaking', at, 'replace', `${read ? 'answers' : 'takes'} ${typeText(t.types)} where the spec shows ${typeText(o.types)}`);
  }
  if (o.enum && t.enum) {
    const extra = t.enum.filter((v) => !o.enum!.some((x) => JSON.stringify(x) === JSON.stringify(v)));
    const missing = o.enum.filter((v) => !t.enum!.some((x) => JSON.stringify(x) === JSON.stringify(v)));
    if (read && extra.length)
      push(ctx, 'breaking', at, 'replace', `answers the values ${JSON.stringify(extra)} beyond the spec's ${JSON.stringify(o.enum)}`);
    if (!read && missing.length) push(ctx, 'breaking', at, 'replace', `no longer takes the values ${JSON.stringify(missing)}`);
    // A reader of fewer values is not broken: the served contract only says it never answers them.
    if (read && missing.length) push(ctx, 'non-breaking', at, 'replace', `never answers the values ${JSON.stringify(missing)}`);
  }
  for (const [name, member] of o.properties) {
    const mine = shapeOf(ctx.ours, member);
    if (mine.choice) continue;
    const where = `${at}/properties${ptr(name)}`;
    const theirsMember = t.properties.get(name);
    if (theirsMember === undefined) {
      // A served schema that names its members but not this one: a reader of it never gets it, a sender may not send it.
      if (t.listsProperties && (read ? o.required.has(name) : true))
        push(
          ctx,
          read ? 'breaking' : 'non-breaking',
          where,
          'remove',
          `the ${read ? 'answer' : 'body'} member ${name} the spec shows is not in the served shape`,
        );
      continue;
    }
    if (!read && t.required.has(name) && !o.required.has(name))
      push(ctx, 'breaking', where, 'add', `the body member ${name} is required by the served contract, optional in the spec`);
    compareSchema(ctx, member, theirsMember, where, read, depth + 1);
  }
  // A body whose members the spec does not show (our schema lists none) leaves what the target requires its choice.
  if (!read && o.listsProperties)
    for (const name of t.required)
      if (!o.properties.has(name) && !o.choice)
        push(
          ctx,
          'breaking',
          `${at}/properties${ptr(name)}`,
          'add',
          `the served contract requires the body member ${name}, which the spec does not show`,
        );
  if (read)
    for (const name of t.properties.keys())
      if (!o.properties.has(name) && o.listsProperties)
        push(ctx, 'non-breaking', `${at}/properties${ptr(name)}`, 'add', `the served answer adds the member ${name}`);
  if (o.items !== undefined && t.items !== undefined) compareSchema(ctx, o.items, t.items, `${at}/items`, read, depth + 1);
}

/** The JSON schema of an operation's first 2xx response. */
function successSchema(doc: unknown, op: Node): { status: string; schema: unknown } | undefined {
  const responses = asRecord(op.responses) ?? {};
  const status = Object.keys(responses).find((s) => /^2(\d\d|XX)$/i.test(s));
  if (!status) return undefined;
  const res = deref(doc, responses[status]);
  // A success answer the spec does not show (marked on our copy) is the target's choice as a whole.
  if (typeof res?.[CHOICE] === 'string') return undefined;
  const schema = asRecord(deref(doc, asRecord(res?.content)?.['application/json'])?.schema);
  return schema ? { status, schema } : undefined;
}

/** An operation's parameters, dereferenced, path-level ones included. */
function parametersOf(doc: unknown, item: Node, op: Node): Node[] {
  return [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]
    .map((p) => deref(doc, p))
    .filter((p): p is Node => p !== undefined && typeof p.name === 'string');
}

/** `/api/v1/markets/{slug}/signals` with template names normalised, so a served `{market}` matches our `{slug}`. */
const pathKey = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

/**
 * The reference comparison: every operation of `reference` (our contract, with its `x-fc-choice` marks) against
 * the served document. @returns the differences on parts the spec shows, grouped as checks/drift.ts reports them
 */
export function compareWithReference(reference: unknown, served: unknown, label: string): DriftComparison {
  const out: DriftDifference[] = [];
  const ourPaths = asRecord(asRecord(reference)?.paths) ?? {};
  const servedPaths = asRecord(asRecord(served)?.paths) ?? {};
  const servedByKey = new Map(Object.keys(servedPaths).map((p) => [pathKey(p), p]));
  const seen = new Set<string>();
  for (const [path, rawItem] of Object.entries(ourPaths)) {
    const item = deref(reference, rawItem) ?? {};
    const servedPath = servedByKey.get(pathKey(path));
    const servedItem = servedPath === undefined ? undefined : deref(served, servedPaths[servedPath]);
    for (const method of METHODS) {
      const op = deref(reference, item[method]);
      if (!op) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      seen.add(`${method} ${pathKey(path)}`);
      const theirs = servedItem ? deref(served, servedItem[method]) : undefined;
      const at = `/paths${ptr(servedPath ?? path, method)}`;
      const ctx: Ctx = { ours: reference, served, operation, out };
      if (!theirs) {
        out.push({
          class: 'breaking',
          pointer: at,
          action: 'remove',
          what: `the operation ${operation} is not served`,
          operations: [operation],
          ruleId: 'VER-007',
        });
        continue;
      }
      // Parameters: the shown ones present, taking the spec's values, not newly required.
      const mine = parametersOf(reference, item, op);
      const served_ = parametersOf(served, servedItem!, theirs);
      const chosenPlaces = new Set(
        mine
          .filter((p) => typeof p[CHOICE] === 'string' || asRecord(deref(reference, p.schema))?.$comment === 'gap:name')
          .map((p) => String(p.in)),
      );
      for (const p of mine) {
        // A parameter the spec does not name (its name is a choice) is not looked up by our name.
        if (typeof p[CHOICE] === 'string' || asRecord(deref(reference, p.schema))?.$comment === 'gap:name') continue;
        const q = served_.find((x) => x.name === p.name && x.in === p.in);
        const where = `${at}/parameters/${p.in}${ptr(String(p.name))}`;
        if (!q) {
          if (p.in !== 'header')
            push(ctx, 'breaking', where, 'remove', `the ${p.in} parameter ${String(p.name)} the spec shows is not taken`);
          continue;
        }
        if (q.required === true && p.required !== true)
          push(
            ctx,
            'breaking',
            where,
            'add',
            `the ${p.in} parameter ${String(p.name)} is required by the served contract, optional in the spec`,
          );
        // A comma-separated list is one string on the wire: an array not exploded and a string describe the same value.
        const commaList = (x: Node, doc: unknown) => x.explode === false && shapeOf(doc, x.schema).types.has('array');
        const asString = (doc: unknown, x: Node) => shapeOf(doc, x.schema).types.has('string');
        if ((commaList(p, reference) && asString(served, q)) || (commaList(q, served) && asString(reference, p))) continue;
        compareSchema(ctx, p.schema, q.schema, `${where}/schema`, false);
      }
      for (const q of served_) {
        if (mine.some((p) => p.name === q.name && p.in === q.in)) continue;
        const where = `${at}/parameters/${String(q.in)}${ptr(String(q.name))}`;
        // Where the spec shows none of an operation's parameters at that place, a required one is the target's choice.
        if (q.required === true && !chosenPlaces.has(String(q.in)) && q.in !== 'header')
          push(
            ctx,
            'breaking',
            where,
            'add',
            `the served contract requires the ${String(q.in)} parameter ${String(q.name)}, which the spec does not show`,
          );
        else push(ctx, 'non-breaking', where, 'add', `the served contract adds the ${String(q.in)} parameter ${String(q.name)}`);
      }
      // Request body: what a client sends.
      const body = (doc: unknown, o: Node) =>
        asRecord(deref(doc, asRecord(deref(doc, o.requestBody)?.content)?.['application/json'])?.schema);
      const ourBody = body(reference, op);
      const theirBody = body(served, theirs);
      if (ourBody && theirBody) compareSchema(ctx, ourBody, theirBody, `${at}/requestBody`, false);
      // The success answer: what a client reads.
      const ourOk = successSchema(reference, op);
      const theirOk = successSchema(served, theirs);
      if (ourOk && theirOk) compareSchema(ctx, ourOk.schema, theirOk.schema, `${at}/responses/${theirOk.status}`, true);
    }
  }
  for (const [path, rawItem] of Object.entries(servedPaths))
    for (const method of METHODS)
      if (deref(served, deref(served, rawItem)?.[method]) && !seen.has(`${method} ${pathKey(path)}`))
        out.push({
          class: 'non-breaking',
          pointer: `/paths${ptr(path, method)}`,
          action: 'add',
          what: `the served contract adds ${method.toUpperCase()} ${path}`,
          operations: [],
        });
  const differences = out.sort((x, y) => CLASS_RANK[y.class] - CLASS_RANK[x.class] || x.pointer.localeCompare(y.pointer));
  const counts: Record<DriftClass, number> = { breaking: 0, 'non-breaking': 0, annotation: 0 };
  for (const d of differences) counts[d.class]++;
  return { against: 'reference', before: label, counts, differences };
}
