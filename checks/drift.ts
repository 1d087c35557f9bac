/**
 * Contract drift: a target's served OpenAPI document compared with the reference contract
 * (contract/openapi.yaml) or with an earlier served document, each difference classified breaking,
 * non-breaking or annotation-only with its JSON pointer (spec: Versioning rules 2-3; VER-007, VER-018).
 *
 * The structural diff is api-smart-diff's (OpenAPI 3.0 and 3.1, $ref-resolving, with a breaking /
 * non-breaking / annotation classifier of its own). Chosen over writing our own: it is the maintained
 * OpenAPI diff library on npm (MIT, two small dependencies of the same author, engines node >= 14),
 * reads 3.1 documents with the JSON Schema 2020-12 rules (`type` arrays, `const`), and compares our
 * 3,600-line contract in well under a second. Its README lists only OpenAPI 3.0, and a few of its
 * defaults do not fit a client of this API (a narrowed response enum or a retyped response member is
 * "non-breaking" there): checks/drift-rules.ts holds the rules specific to this contract.
 *
 * What is ours here: the harness's `x-fc-*` facts are left out of both sides (the targets serve none);
 * the library reports one change once per operation that reaches it through `$ref`, so changes are
 * grouped by the node they change, named by its JSON pointer in its own document. That exact comparison
 * is for two served documents (a baseline). Against the reference contract the comparison is on what the
 * spec shows, member by member, never layout (checks/drift-spec.ts).
 */
import { apiDiff, type Diff } from 'api-smart-diff';
import { asRecord } from '../lib/guards.ts';
import { contract } from '../contract/index.ts';
import { defineCheck } from './define.ts';
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { CLASS_RANK, classifyChange, maxClass, type DriftClass } from './drift-rules.ts';
import { compareWithReference } from './drift-spec.ts';

export type { DriftClass } from './drift-rules.ts';

/** Name of the test attachment that carries the served document to the rule reporter (suites/versioning.spec.ts). */
export const SERVED_CONTRACT_ATTACHMENT = 'served-contract';

type Segment = string | number;

/** One difference: one changed node, however many operations reach it. */
export interface DriftDifference {
  class: DriftClass;
  /** RFC 6901 pointer of the changed node in its own document (the earlier one for a removal or replacement, the later one for an addition). */
  pointer: string;
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** What changed, in words (api-smart-diff's descriptions, one per distinct change). */
  what: string;
  /** The operations a client meets it in ("GET /api/v1/markets"); empty for a document-level node. */
  operations: string[];
  /** Against the reference contract, the rule a breaking difference breaks: VER-007 (operation removed), else VER-018. */
  ruleId?: string;
  /** The gap ID of the `x-fc-choice` mark the node is under: the target's choice, reported as an annotation. */
  choice?: string;
  /** Why our class differs from the library's (checks/drift-rules.ts), or why it is a choice. */
  reason?: string;
}

export interface DriftComparison {
  against: 'reference' | 'baseline';
  /** What the served document was compared with: contract/openapi.yaml, or the baseline file. */
  before: string;
  counts: Record<DriftClass, number>;
  differences: DriftDifference[];
}

/** A deep copy of an OpenAPI document without the harness's `x-fc-*` extensions (contract/operation-facts.ts, `x-fc-choice`). */
export function withoutHarnessFacts(doc: unknown): unknown {
  if (Array.isArray(doc)) return doc.map(withoutHarnessFacts);
  const o = asRecord(doc);
  if (!o) return doc;
  return Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (k.startsWith('x-fc-') ? [] : [[k, withoutHarnessFacts(v)]])));
}

/** Schema combiners: an entry of one the document lacks is the schema's own siblings (see walk). */
const COMBINERS = new Set(['allOf', 'anyOf', 'oneOf']);

/** The node a local `$ref` ("#/components/...") names, with its path; undefined for another reference. */
function follow(root: unknown, node: unknown): { node: unknown; at: Segment[] } | undefined {
  const ref = asRecord(node)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  const at = ref
    .slice(2)
    .split('/')
    .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
  let n: unknown = root;
  for (const t of at) n = Array.isArray(n) ? n[Number(t)] : asRecord(n)?.[t];
  return n === undefined ? undefined : { node: n, at };
}

/**
 * Walks `path` (api-smart-diff's, rooted at an operation) through `root`, following `$ref` at every
 * node but the last. Returns where the last node is defined and every node visited (for the marks);
 * a segment the document lacks ends the walk, the rest of the path appended as it is.
 */
function walk(root: unknown, path: readonly Segment[]): { at: Segment[]; visited: unknown[] } {
  let node: unknown = root;
  let at: Segment[] = [];
  const visited: unknown[] = [];
  for (let i = 0; i < path.length; i++) {
    for (let hops = 0, f = follow(root, node); f && hops < 20; hops++, f = follow(root, node)) {
      visited.push(node);
      ({ node, at } = f);
    }
    visited.push(node);
    const seg = path[i]!;
    const next: unknown = Array.isArray(node) ? node[Number(seg)] : keyOf(asRecord(node), seg);
    // The library writes a schema's siblings of allOf or $ref (and a type list) as one more combiner
    // entry: such an entry absent from the document is the node itself.
    const entry = path[i + 1];
    if (COMBINERS.has(String(seg)) && typeof entry === 'number' && !(Array.isArray(next) && next[entry] !== undefined)) {
      i++;
      continue;
    }
    if (next === undefined) return { at: [...at, ...path.slice(i)], visited };
    node = next;
    at = [...at, seg];
  }
  visited.push(node);
  const last = follow(root, node);
  if (last) visited.push(last.node);
  return { at, visited };
}

/** Keys of maps whose entries are named by the author (a member "type" under `properties` is a member, not a keyword). */
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'schemas', 'responses', 'parameters', 'headers', 'content', 'paths']);
const NAMED_DEEP = new Set(['securitySchemes', 'requestBodies', 'examples', 'links', 'callbacks', 'variables', 'encoding']);
/** Schema keywords whose value is a list of subschemas or type names: an entry of one is part of its schema. */
const KEYWORD_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems', 'type']);

/**
 * The node a change is about, from where it is defined: a `required` entry is its member, a keyword
 * of a schema or parameter (type, items, format, required, schema, ...) is that schema or parameter,
 * an enum value is its enum. So a member retyped (type and items both change) is one difference.
 */
function subjectOf(at: Segment[], d: Diff): Segment[] {
  const s = [...at];
  const last = s[s.length - 1];
  if (s[s.length - 2] === 'required' && typeof last === 'number') {
    const name = d.action === 'add' ? d.after : d.before;
    if (typeof name === 'string') return [...s.slice(0, -2), 'properties', name];
  }
  if (s[s.length - 2] === 'enum' && typeof last === 'number') return s.slice(0, -1);
  // An operation (/paths/{path}/{method}) is the smallest node a change under it can be about.
  while (s.length > (s[0] === 'paths' ? 3 : 1)) {
    const parent = s[s.length - 2];
    if (typeof parent === 'string' && (NAMED.has(parent) || NAMED_DEEP.has(parent))) break;
    if (typeof s[s.length - 1] === 'number' && !KEYWORD_LISTS.has(String(parent))) break;
    if (s[s.length - 1] === 'enum') break;
    s.pop();
  }
  return s;
}

/** "GET /api/v1/markets" for a change under an operation. */
function operationOf(path: readonly Segment[]): string | undefined {
  if (path[0] !== 'paths' || path.length < 3) return undefined;
  const method = String(path[2]);
  return /^(get|put|post|delete|patch|head|options|trace)$/.test(method) ? `${method.toUpperCase()} ${String(path[1])}` : undefined;
}

/**
 * A member of `record` by `seg`; a response's status range (2XX) also by its other case, since the
 * library writes it in lower case (OpenAPI allows either, upper case by convention).
 */
function keyOf(record: Record<string, unknown> | undefined, seg: Segment): unknown {
  const key = String(seg);
  if (!record) return undefined;
  if (key in record) return record[key];
  return /^[1-5]xx$/i.test(key) ? (record[key.toUpperCase()] ?? record[key.toLowerCase()]) : undefined;
}

interface Change {
  key: string;
  pointer: string;
  underPaths: boolean;
  operation?: string;
  diff: Diff;
  class: DriftClass;
  reason?: string;
}

/** Merges the changes of one node into one difference; the operations' view wins over the components' (direction-blind) one. */
function merge(changes: Change[]): DriftDifference {
  const viaOps = changes.filter((c) => c.underPaths);
  const use = viaOps.length ? viaOps : changes;
  const cls = use.reduce<DriftClass>((acc, c) => maxClass(acc, c.class), 'annotation');
  const top = use.find((c) => c.class === cls)!;
  const what = [...new Set(use.map((c) => c.diff.description).filter((s): s is string => Boolean(s)))];
  return {
    class: cls,
    pointer: top.pointer,
    action: top.diff.action,
    what: what.slice(0, 3).join('; ') || `${top.diff.action} at ${top.pointer}`,
    operations: [...new Set(use.map((c) => c.operation).filter((o): o is string => Boolean(o)))].sort(),
    ...(top.reason ? { reason: top.reason } : {}),
  };
}

/** One library change of a baseline comparison, classified by this API's rules (checks/drift-rules.ts). */
function change(d: Diff, before: unknown, after: unknown): Change {
  const side = d.action === 'add' ? after : before;
  const at = subjectOf(walk(side, d.path).at, d);
  const { class: cls, reason } = classifyChange(d);
  const pointer = ptr(...at);
  const operation = operationOf(d.path);
  return {
    key: pointer,
    pointer,
    underPaths: d.path[0] === 'paths',
    ...(operation ? { operation } : {}),
    diff: d,
    class: cls,
    ...(reason ? { reason } : {}),
  };
}

/**
 * Compares two OpenAPI 3.x documents. `against: 'reference'` compares the served document with our contract on
 * the parts the spec shows (checks/drift-spec.ts: the `x-fc-choice` marks of `before` say which, and each breaking
 * difference names the rule it breaks); a baseline comparison (two served documents, deploy to deploy) is exact
 * and layout-aware (api-smart-diff): every change the clients see counts.
 * @throws Error when either side is not an OpenAPI 3.x document, or the library fails on it
 */
export function compareContracts(before: unknown, after: unknown, against: 'reference' | 'baseline', label: string): DriftComparison {
  for (const [side, doc] of [
    ['the earlier document', before],
    ['the served document', after],
  ] as const) {
    const v = asRecord(doc)?.openapi;
    if (typeof v !== 'string' || !/^3\.\d/.test(v))
      throw new Error(`${side} is not an OpenAPI 3.x document (openapi ${JSON.stringify(v)})`);
  }
  // Against the reference, the parts the spec shows, member by member, never layout (issue 32; checks/drift-spec.ts).
  if (against === 'reference') return compareWithReference(before, withoutHarnessFacts(after), label);
  const b = withoutHarnessFacts(before);
  const a = withoutHarnessFacts(after);
  const groups = new Map<string, Change[]>();
  // The library rewrites its inputs in place (allOf siblings merged): it gets copies, the walks read the originals.
  for (const d of apiDiff(structuredClone(b), structuredClone(a))) {
    const c = change(d, b, a);
    groups.set(c.key, [...(groups.get(c.key) ?? []), c]);
  }
  const differences = [...groups.values()]
    .map(merge)
    .sort((x, y) => CLASS_RANK[y.class] - CLASS_RANK[x.class] || x.pointer.localeCompare(y.pointer));
  const counts: Record<DriftClass, number> = { breaking: 0, 'non-breaking': 0, annotation: 0 };
  for (const d of differences) counts[d.class]++;
  return { against, before: label, counts, differences };
}

/** Label of the reference contract in reports. */
export const REFERENCE_LABEL = 'contract/openapi.yaml';

/**
 * VER-018: the served contract breaks nothing the spec shows of the documented contract (a parameter,
 * status, response member or enum value removed; a parameter or request member made required; a
 * member retyped). An operation removed is VER-007's (checkDocumentedOperations); a difference on a
 * part the spec does not show (x-fc-choice) is the target's choice, never a violation.
 */
export function checkContractDrift(served: unknown, reference: unknown = contract().doc): Violation[] {
  let cmp: DriftComparison;
  try {
    cmp = compareContracts(reference, served, 'reference', REFERENCE_LABEL);
  } catch (err) {
    return [violation('VER-018', '/', `the served contract cannot be compared: ${(err as Error).message}`)];
  }
  return cmp.differences
    .filter((d) => d.ruleId === 'VER-018')
    .map((d) => violation('VER-018', d.pointer, `${d.what}${d.operations.length ? ` (${d.operations.join(', ')})` : ''}`));
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The drift check, by name. */
export const DRIFT_CHECKS = {
  checkContractDrift: defineCheck('checkContractDrift', ['VER-018'], checkContractDrift),
};
