/**
 * Judging a target's choices where the spec is silent (issue 18). A gap rule's test observes what the
 * target chose and reports it: the stub's choice leaves the gap GAP "same", another choice records a
 * warning under the gap (GAP "differs"), never a failure. And where the spec documents content inside
 * a part it does not show (rows inside an envelope whose member names are a choice, a token of a
 * documented pattern inside a chosen body), the helpers here find that content wherever the target put
 * it, so the documented rules are judged on any conforming shape.
 */
import { violation, type Violation } from '../../lib/violation.ts';
import { loadRules } from '../../contract/rules.ts';
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
  judged(gapId, 1, choiceCase(gapId));
  if (!sameAsStub) {
    const v: Violation = violation(gapId, '/', `differs from the stub's choice: ${detail}`, 'warning');
    record([v]);
  }
  return sameAsStub;
}

const choiceCase = (gapId: string): string => `an answer showing the choice of ${gapId}`;

/**
 * Starts the observation of gap rules the running test declares but may not meet (an answer without
 * the case): each is recorded with 0 instances, so it stays "not observed" unless observeChoice sees it.
 */
export function observing(...gapIds: string[]): void {
  for (const id of gapIds) judged(id, 0, choiceCase(id));
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
