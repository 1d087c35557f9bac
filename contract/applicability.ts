/**
 * Which operations a catalogue rule applies to (issue 34): the pairs (rule, operation) a run must judge.
 *
 * A rule states it in `appliesTo`, a list of selectors whose union is its operations; without one, its
 * `operations` list is the statement, and a schema rule (`schema: Component/...`) applies to every operation
 * whose documented answers reach that component. A selector is an operationId or a fact of the contract:
 *
 * - `all`: every operation of contract/openapi.yaml;
 * - `free` / `paid`: price 0 / above 0 (x-fc-price); `free` only where the spec shows the price (a route whose
 *   price the spec does not show, priced 0 by the stub's choice, is not a free route a rule may speak of);
 * - `keyed` / `x402` / `open`: the API key, x402 payment, or no credential is one of its auth modes (security);
 * - `scope:standard`, `scope:x_research`, `scope:oil`: it counts against that limit scope (x-fc-limits);
 * - `body`: it takes a request body;
 * - `status:NNN`: it documents answers of that status (a `4XX` range or `default` does not count);
 * - `component:Name`: its documented answers reach component schema Name;
 * - `param:name`: it declares a query, path or header parameter `name`, or a body field `name`;
 * - `none`: the rule concerns no operation (a property of the service, of the run, or of a client).
 *
 * Selectors combine with ` & ` (intersection) and `!` (every operation but): `paid & status:404` is every paid
 * operation documenting a 404, `status:502 & !scope:x_research` every 502-documenting one outside social research.
 * Errors: an unknown selector or operation is a problem (`applicabilityProblems`), never silently empty.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { contract } from './index.ts';
import type { Rule } from './rules.ts';

/** The selector words, for messages and docs. */
export const SELECTOR_WORDS = ['all', 'free', 'paid', 'keyed', 'x402', 'open', 'body', 'none'] as const;

const PREFIXES = ['scope:', 'status:', 'component:', 'param:'] as const;

/** The operations one atom (no `&`) selects. @throws Error for an unknown selector */
function atom(selector: string): Set<string> {
  const c = contract();
  const ops = [...c.operations.values()];
  const pick = (keep: (op: (typeof ops)[number]) => boolean) => new Set(ops.filter(keep).map((o) => o.operationId));
  switch (selector) {
    case 'all':
      return pick(() => true);
    case 'none':
      return new Set();
    case 'free':
      return pick((o) => o.facts.price.credits === 0 && !o.facts.price.gap);
    case 'paid':
      return pick((o) => o.facts.price.credits > 0);
    case 'keyed':
      return pick((o) => o.facts.auth.includes('apiKey'));
    case 'x402':
      return pick((o) => o.facts.auth.includes('x402'));
    case 'open':
      return pick((o) => o.facts.auth.length === 0 || isOptional(o.spec));
    case 'body':
      return pick((o) => Boolean(o.spec.requestBody));
  }
  if (selector.startsWith('scope:')) {
    const scope = selector.slice('scope:'.length);
    if (!['standard', 'x_research', 'oil'].includes(scope)) throw new Error(`unknown limit scope in "${selector}"`);
    return pick((o) => (o.facts.limits as readonly string[]).includes(scope));
  }
  if (selector.startsWith('status:')) {
    const status = selector.slice('status:'.length);
    if (!/^[1-5]\d\d$/.test(status)) throw new Error(`"${selector}" is not a status code`);
    return pick((o) => Object.keys(o.spec.responses ?? {}).includes(status));
  }
  if (selector.startsWith('component:')) {
    const name = selector.slice('component:'.length);
    if (!c.doc.components?.schemas?.[name]) throw new Error(`unknown component schema in "${selector}"`);
    return pick((o) => c.componentsOf(o.operationId).has(name));
  }
  if (selector.startsWith('param:')) {
    const name = selector.slice('param:'.length);
    const found = pick((o) => parameterNames(o.spec).has(name));
    if (!found.size) throw new Error(`no operation declares parameter "${name}" (${selector})`);
    return found;
  }
  if (c.operations.has(selector)) return new Set([selector]);
  throw new Error(`unknown selector "${selector}" (an operationId, ${SELECTOR_WORDS.join(', ')}, or ${PREFIXES.join('…, ')}…)`);
}

/** An operation whose security lists the empty alternative `{}` besides others: credentials optional. */
function isOptional(spec: OpenAPIV3_1.OperationObject): boolean {
  return (spec.security ?? []).some((s) => Object.keys(s).length === 0);
}

/** Names of an operation's parameters and top-level body fields. */
function parameterNames(spec: OpenAPIV3_1.OperationObject): Set<string> {
  const c = contract();
  const names = new Set<string>();
  for (const p of spec.parameters ?? []) names.add((c.deref(p) as OpenAPIV3_1.ParameterObject).name);
  const body = spec.requestBody ? (c.deref(spec.requestBody) as OpenAPIV3_1.RequestBodyObject) : undefined;
  const schema = body?.content?.['application/json']?.schema;
  const props = schema ? (c.deref(schema) as OpenAPIV3_1.SchemaObject).properties : undefined;
  for (const name of Object.keys(props ?? {})) names.add(name);
  return names;
}

/** The operations one selector (atoms joined by ` & `) selects. @throws Error for an unknown atom */
export function selectOperations(selector: string): Set<string> {
  const parts = selector.split('&').map((s) => s.trim());
  let out: Set<string> | undefined;
  for (const part of parts) {
    const negated = part.startsWith('!');
    const named = atom(negated ? part.slice(1).trim() : part);
    const got = negated ? new Set([...atom('all')].filter((op) => !named.has(op))) : named;
    out = out ? new Set([...out].filter((op) => got.has(op))) : got;
  }
  return out ?? new Set();
}

/** How a rule states its applicability, or undefined when it does not. */
export function applicabilityStatement(rule: Rule): 'appliesTo' | 'operations' | 'schema' | undefined {
  if (rule.appliesTo) return 'appliesTo';
  if (rule.operations) return 'operations';
  if (rule.schema) return 'schema';
  return undefined;
}

const memo = new Map<string, readonly string[]>();

/**
 * The operations the rule applies to, sorted; [] for a rule that applies to none (`appliesTo: [none]`) or
 * states nothing (rules:check fails the latter).
 * @throws Error for an unknown selector (rules:check reports it first)
 */
export function applicableOperations(rule: Rule): readonly string[] {
  const key = JSON.stringify([rule.appliesTo, rule.operations, rule.schema]);
  const known = memo.get(key);
  if (known) return known;
  let ops: Set<string>;
  if (rule.appliesTo) ops = new Set(rule.appliesTo.flatMap((s) => [...selectOperations(s)]));
  else if (rule.operations) ops = new Set(rule.operations);
  else if (rule.schema) ops = atom(`component:${rule.schema.split('/')[0]!}`);
  else ops = new Set();
  const sorted = [...ops].sort();
  memo.set(key, sorted);
  return sorted;
}

/** Problems of one rule's applicability statement, for rules:check (empty when it is sound). */
export function applicabilityProblems(rule: Rule): string[] {
  if (rule.retired) return [];
  const how = applicabilityStatement(rule);
  if (!how) return [`${rule.id}: applicability unstated (give appliesTo, operations or schema)`];
  const problems: string[] = [];
  for (const s of rule.appliesTo ?? []) {
    try {
      const got = selectOperations(s);
      if (!got.size && s !== 'none') problems.push(`${rule.id}: appliesTo "${s}" selects no operation`);
    } catch (err) {
      problems.push(`${rule.id}: appliesTo: ${(err as Error).message}`);
    }
  }
  if (rule.appliesTo?.includes('none') && rule.appliesTo.length > 1) problems.push(`${rule.id}: appliesTo "none" stands alone`);
  for (const op of rule.operations ?? []) if (!contract().operations.has(op)) problems.push(`${rule.id}: unknown operation ${op}`);
  if (!problems.length && how !== 'appliesTo' && applicableOperations(rule).length === 0)
    problems.push(`${rule.id}: its ${how} select no operation`);
  return problems;
}
