/**
 * Checks of a served machine-readable contract beyond its OpenAPI version (checks/versioning.ts):
 * that a client can use it as a contract — every local `$ref` resolves, operationIds are unique and
 * every operation documents its responses (VER-005).
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { asRecord as obj } from '../lib/guards.ts';
import { defineCheck } from './define.ts';

type Node = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Resolves a local JSON pointer (`#/components/schemas/X`) in `doc`; undefined when it dangles. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let cur: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const tok = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    const node = cur as Node | unknown[] | undefined;
    if (node === null || typeof node !== 'object' || !(tok in node)) return undefined;
    cur = (node as Node)[tok];
  }
  return cur;
}

/**
 * A served OpenAPI document is a usable contract: every local `$ref` resolves (remote refs are not
 * followed), operationIds are unique, and every operation has a non-empty responses object.
 * Violations are VER-005, with a JSON pointer into the document.
 */
export function checkServedContract(doc: unknown, rule = 'VER-005'): Violation[] {
  const out: Violation[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, path + ptr(i)));
    const o = obj(node);
    if (!o) return;
    if (typeof o.$ref === 'string' && o.$ref.startsWith('#') && resolvePointer(doc, o.$ref) === undefined)
      out.push(violation(rule, path + ptr('$ref'), `dangling $ref ${o.$ref}`));
    for (const [k, v] of Object.entries(o)) walk(v, path + ptr(k));
  };
  walk(doc, '');
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(obj(obj(doc)?.paths) ?? {})) {
    for (const method of METHODS) {
      const op = obj(obj(item)?.[method]);
      if (!op) continue;
      const where = ptr('paths', path, method);
      if (typeof op.operationId === 'string') {
        const other = seen.get(op.operationId);
        if (other) out.push(violation(rule, where + ptr('operationId'), `operationId ${op.operationId} is also used at ${other}`));
        seen.set(op.operationId, where);
      }
      if (!Object.keys(obj(op.responses) ?? {}).length)
        out.push(violation(rule, where + ptr('responses'), 'operation documents no responses'));
    }
  }
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The contract checks, by name (the name of the function each wraps). */
export const CONTRACT_CHECKS = {
  checkServedContract: defineCheck('checkServedContract', ['VER-005'], checkServedContract, ([, rule]) => rule),
};
