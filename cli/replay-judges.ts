/**
 * The checks `replay` can run on one answer alone (issue 33: replay gives the verdict of the rule's own
 * check, not the contract validator's on some other rule). Each judge names the registered check it
 * runs, the rules that check emits, and how it reads one answer of the recorded operation. A rule with
 * no judge here is judged by rerunning its own suite tests (cli/replay.ts).
 */
import { CHECKS } from '../checks/registry.ts';
import { runCheck } from '../checks/define.ts';
import { checkPriceUnits, priceTable, unitFigures } from '../checks/pricing.ts';
import { validateResponse, type ObservedResponse } from '../contract/index.ts';
import { loadRules, type Rule } from '../contract/rules.ts';
import type { Violation } from '../lib/violation.ts';

/** One answer as replay received it, with the operation that answered. */
export interface ReplayedAnswer extends ObservedResponse {
  operationId: string;
}

interface Judge {
  /** The registered check (or `contract validator`), as printed. */
  name: string;
  /** Whether the judge speaks for `rule` on an answer of `operationId`. */
  judges(rule: Rule, operationId: string): boolean;
  run(answer: ReplayedAnswer): Violation[];
}

const declares = (check: { rules: readonly string[] }) => (rule: Rule) => check.rules.includes(rule.id);

/** Rules the contract validator attributes itself (schema and CONTRACT rules; reporter/rule-results.ts `selfAttributed`). */
const validatorRule = (rule: Rule) => Boolean(rule.schema) || rule.id.startsWith('CONTRACT-');

const JUDGES: readonly Judge[] = [
  {
    name: 'contract validator',
    judges: (rule, operationId) => validatorRule(rule) && (rule.operations ?? [operationId]).includes(operationId),
    run: (a) => validateResponse(a.operationId, a),
  },
  {
    name: CHECKS.checkErrorEnvelope.name,
    judges: declares(CHECKS.checkErrorEnvelope),
    run: (a) => runCheck(CHECKS.checkErrorEnvelope, [{ status: a.status, headers: a.headers, bodyText: a.bodyText }, a.operationId]),
  },
  {
    // Only a 402 is a challenge to judge: the suites run this check on refusals sent without key or payment.
    name: CHECKS.checkPaymentChallenge.name,
    judges: declares(CHECKS.checkPaymentChallenge),
    run: (a) =>
      a.status !== 402
        ? []
        : runCheck(CHECKS.checkPaymentChallenge, [{ status: a.status, headers: a.headers, bodyText: a.bodyText }, a.operationId]),
  },
  {
    // The pricing metadata judged as suites/pricing.spec.ts judges it: its advertised units and its table.
    name: `${CHECKS.checkAdvertisedUnits.name} + ${CHECKS.checkPriceUnits.name}`,
    judges: (rule, operationId) => operationId === 'getPricing' && declares(CHECKS.checkAdvertisedUnits)(rule),
    run: (a) => {
      const table = priceTable(a.body);
      return [...runCheck(CHECKS.checkAdvertisedUnits, [unitFigures(a.body)]), ...(table ? checkPriceUnits(table) : [])];
    },
  },
];

/** The judges of `ruleId` on an answer of `operationId` (empty: no check of it judges one answer alone). */
export function judgesOf(ruleId: string, operationId: string): readonly Judge[] {
  const rule = loadRules().get(ruleId);
  return rule ? JUDGES.filter((j) => j.judges(rule, operationId)) : [];
}

/** Every violation the one-answer judges find in `answer`, each at the severity the catalogue gives its rule. */
export function judgeAnswer(answer: ReplayedAnswer): Violation[] {
  const rules = loadRules();
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const j of JUDGES)
    for (const v of j.run(answer)) {
      const key = `${v.ruleId} ${v.path} ${v.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const rule = rules.get(v.ruleId);
      out.push(rule && rule.kind === 'rule' ? { ...v, severity: rule.level === 'MUST' ? 'error' : 'warning' } : v);
    }
  return out;
}
