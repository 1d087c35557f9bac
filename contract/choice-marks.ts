/**
 * Documented versus chosen, statically (issue 18): every `x-fc-choice: <GAP-ID>` mark of
 * contract/openapi.yaml, and the documented rules that would judge a chosen part. `npm run rules:check`
 * fails on such a rule (a MUST rule may only fail a target on what the spec states) and on a mark that
 * names no live gap rule.
 */
import { CHOICE_MARK, contract } from './index.ts';
import { loadRules, type Rule } from './rules.ts';

/** One mark: where it sits (a JSON pointer into contract/openapi.yaml) and the gap rule it names. */
export interface ChoiceMark {
  pointer: string;
  gapId: string;
}

const escape = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every `x-fc-choice` mark of the document, in document order. */
export function choiceMarks(): ChoiceMark[] {
  const out: ChoiceMark[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object') return;
    const mark = (node as Record<string, unknown>)[CHOICE_MARK];
    if (typeof mark === 'string') out.push({ pointer: pointer || '/', gapId: mark });
    for (const [k, v] of Object.entries(node)) walk(v, `${pointer}/${escape(k)}`);
  };
  walk(contract().doc, '');
  return out;
}

/**
 * The chosen component location (`Component/properties/x`) a schema location sits at or under, or
 * undefined when every node from the component down to it is documented.
 */
function chosenAncestor(location: string): ChoiceMark | undefined {
  const parts = location.split('/');
  let node: unknown = contract().doc.components?.schemas;
  for (let i = 0; i < parts.length; i++) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[parts[i]!] : undefined;
    const mark = node && typeof node === 'object' ? (node as Record<string, unknown>)[CHOICE_MARK] : undefined;
    if (typeof mark === 'string')
      return {
        pointer: `/components/schemas/${parts
          .slice(0, i + 1)
          .map(escape)
          .join('/')}`,
        gapId: mark,
      };
  }
  return undefined;
}

/** A parameter's mark: `x-fc-choice` on the parameter object of `operationId` named `name` (any `in`). */
function parameterMark(operationId: string, name: string): ChoiceMark | undefined {
  const op = contract().operation(operationId);
  const params = (op.spec.parameters ?? []).map((p) => contract().deref(p) as unknown as { name?: string; [k: string]: unknown });
  const i = params.findIndex((p) => p.name === name);
  const mark = i >= 0 ? params[i]![CHOICE_MARK] : undefined;
  return typeof mark === 'string' ? { pointer: `/paths/${escape(op.path)}/${op.method}/parameters/${i}`, gapId: mark } : undefined;
}

/** A documented rule that judges a part the spec does not show, and the mark that says so. */
export interface RuleOnChoice {
  ruleId: string;
  mark: ChoiceMark;
}

/**
 * Documented (kind `rule`) schema and parameter rules whose location is marked as a choice: their
 * failure would fail a target for a choice. A documented member inside a chosen container has a rule
 * at its own location and is not listed unless that location is itself under a mark.
 */
export function rulesOnChoices(rules: Iterable<Rule> = loadRules().values()): RuleOnChoice[] {
  const out: RuleOnChoice[] = [];
  for (const r of rules) {
    if (r.kind !== 'rule' || r.retired) continue;
    const mark = r.schema
      ? chosenAncestor(r.schema)
      : r.param
        ? (r.operations ?? []).map((op) => parameterMark(op, r.param!.split('.')[0]!)).find(Boolean)
        : undefined;
    if (mark) out.push({ ruleId: r.id, mark });
  }
  return out;
}

/** Marks that name no live gap rule of the catalogue. */
export function danglingMarks(): ChoiceMark[] {
  const rules = loadRules();
  return choiceMarks().filter((m) => {
    const r = rules.get(m.gapId);
    return !r || r.kind !== 'gap' || r.retired;
  });
}
