/**
 * Judging a target's choices where the spec is silent (issue 18). A gap rule's test observes what the
 * target chose and reports it: the stub's choice leaves the gap GAP "same", another choice records a
 * warning under the gap (GAP "differs"), never a failure. And where the spec documents content inside
 * a part it does not show (rows inside an envelope whose member names are a choice, a token of a
 * documented pattern inside a chosen body), the helpers here find that content wherever the target put
 * it, so the documented rules are judged on any conforming shape.
 */
import type { Violation } from '../../lib/violation.ts';
import { CHOICE_MARK, contract } from '../../contract/index.ts';
import { loadRules } from '../../contract/rules.ts';
import type { TargetClient } from './client.ts';
import { record } from './matchers.ts';
import { judged } from './annotations.ts';

/**
 * Records what the target chose on the point gap rule `gapId` leaves open: one observation of the gap,
 * and, when `sameAsStub` is false, a warning "differs from the stub's choice" with `detail`.
 * @returns sameAsStub
 * @throws Error when `gapId` is not a gap rule of the catalogue (a documented rule is judged, not observed)
 */
export function observeChoice(gapId: string, sameAsStub: boolean, detail: string): boolean {
  const rule = loadRules().get(gapId);
  if (!rule || rule.kind !== 'gap') throw new Error(`observeChoice: ${gapId} is not a gap rule`);
  judged(gapId, 1, `an answer showing the choice of ${gapId}`);
  if (!sameAsStub) {
    const v: Violation = { ruleId: gapId, severity: 'warning', path: '/', message: `differs from the stub's choice: ${detail}` };
    record([v]);
  }
  return sameAsStub;
}

/** A value found inside a body, with its JSON pointer. */
export interface Found<T> {
  value: T;
  pointer: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Depth-first over every value of `body`, the body itself first, with its pointer. */
function* walk(body: unknown, pointer = ''): Generator<Found<unknown>> {
  yield { value: body, pointer };
  if (Array.isArray(body)) for (let i = 0; i < body.length; i++) yield* walk(body[i], `${pointer}/${i}`);
  else if (isObject(body)) for (const [k, v] of Object.entries(body)) yield* walk(v, `${pointer}/${escape(k)}`);
}

/**
 * The rows of an answer whose envelope is a choice: `body[preferred]` when it is an array of rows (the
 * stub's choice), else the first array anywhere in the body whose items all satisfy `isRow` (a
 * non-empty one, since an empty array says nothing of what it holds), else undefined (the shape is not
 * recognised: the caller reports NOT_RUN, never a violation).
 */
export function findRows<T>(body: unknown, isRow: (x: unknown) => x is T, preferred?: string): Found<T[]> | undefined {
  if (preferred !== undefined && isObject(body) && Array.isArray(body[preferred]) && (body[preferred] as unknown[]).every(isRow))
    return { value: body[preferred] as T[], pointer: `/${escape(preferred)}` };
  for (const f of walk(body))
    if (Array.isArray(f.value) && f.value.length > 0 && f.value.every(isRow)) return { value: f.value as T[], pointer: f.pointer };
  return undefined;
}

/** The first string anywhere in `body` that matches `pattern` (a token of a documented form), or undefined. */
export function findString(body: unknown, pattern: RegExp): Found<string> | undefined {
  for (const f of walk(body)) if (typeof f.value === 'string' && pattern.test(f.value)) return f as Found<string>;
  return undefined;
}

/** A row predicate: an object carrying every one of `members` (documented member names). */
export const hasMembers =
  (...members: string[]) =>
  (x: unknown): x is Record<string, unknown> =>
    isObject(x) && members.every((m) => m in x);

type Json = Record<string, unknown>;
let served: Promise<Json | undefined> | undefined;

/**
 * The machine-readable contract the target serves (GET /openapi.json, spec Versioning 2), fetched once
 * per worker (a worker runs against one target); undefined when it serves none that parses. A failed
 * fetch is not remembered.
 */
export function servedContract(client: TargetClient): Promise<Json | undefined> {
  served ??= (async () => {
    const res = await client.get('/openapi.json');
    const body = res.status() === 200 ? ((await res.json().catch(() => undefined)) as unknown) : undefined;
    if (!isObject(body) || !isObject(body.paths)) throw new Error('no served contract');
    return body;
  })().catch(() => {
    served = undefined;
    return undefined;
  });
  return served;
}

/** A local `$ref` of `doc` resolved (one level or chained); anything else as it is. */
function derefIn(doc: Json, node: unknown): unknown {
  let cur = node;
  for (let i = 0; i < 10 && isObject(cur) && typeof cur.$ref === 'string' && cur.$ref.startsWith('#/'); i++) {
    const ref: string = cur.$ref;
    cur = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (isObject(o) ? o[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  }
  return cur;
}

/**
 * The name under which the target takes the parameter our contract calls `name` of `operationId`,
 * read from the contract it serves. Only where the spec does not show a parameter's name (`x-fc-choice`
 * on the parameter, e.g. gaps MSRCH-014, ASSET-110) may a target take it under another one: when its
 * served operation lacks `name`, the one parameter of the same location that our contract does not
 * document is taken (a required one when ours is required). Falls back to `name` for a documented
 * parameter, or when the target serves no contract or names no such single parameter.
 */
export async function servedParameterName(client: TargetClient, operationId: string, name: string): Promise<string> {
  const c = contract();
  const op = c.operation(operationId);
  const ours = (op.spec.parameters ?? []).map((p) => c.deref(p) as unknown as Json & { name: string; in: string; required?: boolean });
  const mine = ours.find((p) => p.name === name);
  // A documented name is the target's too: only a chosen one is looked up.
  if (!mine || typeof mine[CHOICE_MARK] !== 'string') return name;
  const doc = await servedContract(client);
  const item = doc && isObject(doc.paths) ? derefIn(doc, doc.paths[op.path]) : undefined;
  const operation = isObject(item) ? item[op.method] : undefined;
  if (!mine || !doc || !isObject(operation) || !Array.isArray(operation.parameters)) return name;
  const theirs = operation.parameters.map((p) => derefIn(doc, p)).filter(isObject);
  if (theirs.some((p) => p.name === name && p.in === mine.in)) return name;
  const known = new Set(ours.map((p) => p.name));
  const other = theirs.filter((p) => p.in === mine.in && typeof p.name === 'string' && !known.has(p.name));
  const pick = mine.required ? other.filter((p) => p.required === true) : other;
  return pick.length === 1 ? String(pick[0]!.name) : name;
}
