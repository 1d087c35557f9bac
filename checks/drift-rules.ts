/**
 * What counts as breaking for a client of this contract: the classification rules specific to the
 * Forecast Intelligence API, applied over api-smart-diff's own (checks/drift.ts). The library's
 * classification stays wherever these rules say nothing; each rule here names why it overrides it.
 *
 * Sources: Versioning rule 2 (the served document is the machine-readable contract, VER-007 and
 * VER-018) and rule 3 (breaking changes are recorded in the contract with a version). Parts the spec
 * does not show are the target's choices (`x-fc-choice: <GAP-ID>` in contract/openapi.yaml).
 */
import type { Diff } from 'api-smart-diff';

/** The three classes of the drift section. */
export type DriftClass = 'breaking' | 'non-breaking' | 'annotation';

/** Rank of a class: the class of a group of changes is its highest. */
export const CLASS_RANK: Record<DriftClass, number> = { annotation: 0, 'non-breaking': 1, breaking: 2 };

/** The class and, when one of our rules decided it, why. */
export interface Classified {
  class: DriftClass;
  reason?: string;
}

/** The library's class in our three: a deprecation mark is an annotation; what it cannot classify is reported non-breaking. */
function libraryClass(d: Diff): Classified {
  if (d.type === 'breaking' || d.type === 'non-breaking' || d.type === 'annotation') return { class: d.type };
  if (d.type === 'deprecated') return { class: 'annotation', reason: 'a deprecation mark' };
  return { class: 'non-breaking', reason: 'not classified by api-smart-diff: reported non-breaking' };
}

/** True when the changed node is read by the client (a response), false when sent by it (parameter, body), undefined elsewhere. */
function readByClient(path: readonly (string | number)[]): boolean | undefined {
  if (path[0] !== 'paths') return undefined;
  if (path.includes('responses')) return true;
  if (path.includes('parameters') || path.includes('requestBody')) return false;
  return undefined;
}

/** The JSON Schema `type` of a schema value as a set ("string", ["string", "null"]). */
const typeSet = (v: unknown): Set<string> => new Set((Array.isArray(v) ? v : [v]).filter((t): t is string => typeof t === 'string'));

/**
 * The class of one change, by this API's rules, else the library's:
 * - a documented enum value removed, on a request or a response: the spec lists each value set a client
 *   sends or branches on, so a value it no longer accepts or may receive breaks it (the library calls a
 *   narrowed response enum safe);
 * - a member retyped: a response whose type gains a type the client never saw, or a request whose type
 *   loses one the client sends, breaks it (the library calls a response retype safe); the other way
 *   round (a response narrowed, a request widened) does not;
 * - a parameter list added to an operation that had none, holding a required parameter: the client's
 *   call lacks it (the library calls the added list an annotation);
 * - everything else (operation, parameter, status, member removed; parameter or body member made
 *   required; security changed; descriptions) as api-smart-diff classifies it.
 */
export function classifyChange(d: Diff): Classified {
  const path = d.path;
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  if (parent === 'enum' && typeof last === 'number' && (d.action === 'remove' || d.action === 'replace'))
    return {
      class: 'breaking',
      reason:
        readByClient(path) === false
          ? 'a documented value the client sends is no longer accepted'
          : 'a documented value the client reads or branches on is gone',
    };
  // A parameter list added where the operation (or its path) had none: the library calls the whole list
  // an annotation, but a required parameter in it is one the client's call never sends (issue 33).
  if (d.action === 'add' && last === 'parameters' && path[0] === 'paths' && Array.isArray(d.after)) {
    const required = (d.after as unknown[])
      .filter((p): p is { name?: unknown; in?: unknown; required?: unknown } => typeof p === 'object' && p !== null)
      .filter((p) => p.required === true)
      .map((p) => `${String(p.in)} parameter ${String(p.name)}`);
    if (required.length)
      return { class: 'breaking', reason: `a required parameter added where the operation had none: ${required.join(', ')}` };
  }
  if (last === 'type' && d.action === 'replace' && parent !== 'properties') {
    const before = typeSet(d.before);
    const after = typeSet(d.after);
    const read = readByClient(path);
    const widened = [...after].some((t) => !before.has(t));
    const narrowed = [...before].some((t) => !after.has(t));
    const change = `${[...before].join('|')} → ${[...after].join('|')}`;
    if ((read === true && widened) || (read === false && narrowed)) return { class: 'breaking', reason: `member retyped (${change})` };
    // The other direction is safe for the client whatever the library says (it loses track of the
    // direction inside nested allOf: the same response member is "breaking" via one operation, not another).
    if (read !== undefined)
      return { class: 'non-breaking', reason: `type ${read ? 'narrowed on a response' : 'widened on a request'} (${change})` };
  }
  return libraryClass(d);
}

/** Higher of two classes. */
export const maxClass = (a: DriftClass, b: DriftClass): DriftClass => (CLASS_RANK[a] >= CLASS_RANK[b] ? a : b);
