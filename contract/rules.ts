/**
 * The rule catalogue: every normative statement of the spec (../shared/spec/api-contract.md) as an
 * atomic rule with a stable ID. Loaded from contract/rules/*.yaml; IDs are never reused.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYamlFile } from '../lib/yaml-file.ts';
import { ruleFileProblems } from './json-schemas.ts';

export type RuleLevel = 'MUST' | 'SHOULD' | 'MAY';
/** How a rule can be observed from outside the target. */
export type Observe = 'black-box' | 'control-plane' | 'spend-budget' | 'wallet' | 'unobservable';

export interface Rule {
  id: string;
  section: string;
  level: RuleLevel;
  text: string;
  observe: Observe;
  kind: 'rule' | 'gap';
  /** Gap entries: the choice the reference stub makes where the spec is silent. */
  choice?: string;
  /**
   * Gap entries: another choice the spec allows, which the alternate stub makes (stub/variant.ts `alt`);
   * a target making it is reported GAP "differs", never FAILED.
   */
  alternate?: string;
  /** Multi-case rules: the cases its sentence names, each provoked and judged by a test (issue 22). */
  cases?: string[];
  /** Schema location (`Component/properties/field`) whose violations are attributed to this rule. */
  schema?: string;
  keyword?: string;
  operations?: string[];
  /**
   * The operations the rule applies to, as selectors over the contract's facts (contract/applicability.ts,
   * issue 34); without it `operations` (or the component of `schema`) states them.
   */
  appliesTo?: string[];
  param?: string;
  /**
   * A route's own statement that its answers of these HTTP statuses are not billed (WAL-008: a link's 404): the ledger
   * watch (suites/support/ledger-watch.ts) judges its `operations`' answers of them by this rule, before the general ones.
   */
  unbilled?: number[];
  retired?: boolean;
  /** Testable, but its test lands with a later issue (e.g. "issue 3: money"); reported PENDING, never passed. */
  pending?: string;
  /** Spec units the rule's words come from: fingerprint and locator (contract/spec-text.ts). */
  source?: { fp: string; at: string }[];
  /**
   * Testable, but the case it describes cannot occur on the reference stub (its data model excludes it):
   * the reason. Such a rule ends NOT_RUN against the stub ("no instance of ..."), never PASSED.
   */
  notOnStub?: string;
  /**
   * A rule observed through the control plane or a funded wallet: why it truly needs one (what the public API
   * cannot show or provoke). Every other rule the spec makes observable is judged on a target without one (issue 32).
   */
  needs?: string;
  /**
   * Why a schema-valid random mock of contract/openapi.yaml (scripts/schema-mock.ts: every documented
   * route served, without authentication; any other path 404 not_found) earns this rule's PASS honestly,
   * in one line. `npm run vacuity` accepts a PASS on the mock only from a rule that says why.
   */
  schemaImplied?: string;
  /** The catalogue file (family) the rule came from. */
  file: string;
}

const RULES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'rules');

let cache: Map<string, Rule> | undefined;

/**
 * Loads every rule of the catalogue, keyed by ID. Each file is checked against contract/rules.schema.json
 * (contract/json-schemas.ts): a missing field, a malformed ID, a value outside its enum (`level: MUSTT`), an
 * unknown field, a gap without its choice or a blank reason fails, with every problem of the file named.
 * @throws Error naming the file and its problems, or an ID that appears twice.
 */
export function loadRules(dir = RULES_DIR): Map<string, Rule> {
  if (cache && dir === RULES_DIR) return cache;
  const rules = new Map<string, Rule>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const entries = parseYamlFile(join(dir, file));
    const problems = ruleFileProblems(entries);
    if (problems.length) throw new Error(problems.map((p) => `${file}: ${p}`).join('\n'));
    for (const entry of (entries ?? []) as Omit<Rule, 'file'>[]) {
      if (rules.has(entry.id)) throw new Error(`${file}: ${entry.id}: duplicate id (also in ${rules.get(entry.id)?.file})`);
      rules.set(entry.id, { ...entry, file });
    }
  }
  if (dir === RULES_DIR) cache = rules;
  return rules;
}

/** True when the rule needs at least one test: a live, observable rule (not a gap, not retired). */
export function isTestable(rule: Rule): boolean {
  return rule.kind === 'rule' && rule.observe !== 'unobservable' && !rule.retired;
}

/** IDs of the live schema rules attributed to any of the given component schemas. */
export function schemaRulesFor(components: Iterable<string>): string[] {
  const wanted = new Set(components);
  return [...loadRules().values()]
    .filter((r) => r.schema && !r.retired && r.kind === 'rule' && wanted.has(r.schema.split('/')[0]!))
    .map((r) => r.id);
}

/** IDs of the live parameter rules of one operation. */
export function paramRulesFor(operationId: string): Rule[] {
  return [...loadRules().values()].filter((r) => r.param && !r.retired && r.operations?.includes(operationId));
}
