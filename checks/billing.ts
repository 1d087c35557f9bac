/**
 * Billing observations as violations (spec: Authentication rules 2 and 7; Errors 403): an account's
 * balance before and after a call, read through the control plane, against the debit the rule
 * demands; and the outcome of parallel calls on an account that can pay only some of them.
 * Units: credits (1 credit = $0.001); wallet amounts in atomic token units.
 */
import { violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

/** Rule IDs of this module (contract/rules/billing.yaml, auth.yaml). */
export const BILLING_RULES = {
  debitsPrice: 'BILL-001',
  notBilled404: 'BILL-002',
  notBilled502: 'BILL-003',
  notBilledUpstream: 'BILL-004',
  freeNeverDebits: 'BILL-012',
  refusedDebitsNothing: 'BILL-016',
  noOverdraw: 'BILL-017',
  insufficientCredits: 'AUTH-011',
  exactPriceAdmitted: 'AUTH-021',
} as const;

/**
 * A balance change against the expected debit: `before - after` must equal `debit` exactly
 * (0 for an unbilled answer).
 */
export function checkDebit(
  ruleId: string,
  what: string,
  before: bigint | number,
  after: bigint | number,
  debit: bigint | number,
): Violation[] {
  const taken = BigInt(before) - BigInt(after);
  if (taken === BigInt(debit)) return [];
  const said = BigInt(debit) === 0n ? 'must not be billed' : `must debit exactly ${debit}`;
  return [
    violation(
      ruleId,
      'balance',
      `${what} ${said}; the balance went from ${before} to ${after} (${taken >= 0n ? `debited ${taken}` : `credited ${-taken}`})`,
    ),
  ];
}

/** What one of the parallel calls answered. */
export interface ParallelOutcome {
  status: number;
  error?: string;
}

/**
 * N parallel calls on an account holding credits for exactly `affordable` of them: exactly that
 * many succeed, every other one is refused 403 insufficient_credits, and the final balance is
 * `expectedBalance` (never negative).
 */
export function checkParallelDebits(
  outcomes: readonly ParallelOutcome[],
  affordable: number,
  finalBalance: number,
  expectedBalance: number,
): Violation[] {
  const out: Violation[] = [];
  const ok = outcomes.filter((o) => o.status >= 200 && o.status < 300).length;
  const refused = outcomes.filter((o) => o.status === 403);
  const other = outcomes.filter((o) => !(o.status >= 200 && o.status < 300) && o.status !== 403);
  if (ok !== affordable)
    out.push(
      violation(
        BILLING_RULES.noOverdraw,
        'status',
        `${ok} of ${outcomes.length} parallel calls succeeded; the account could pay exactly ${affordable}`,
      ),
    );
  if (other.length)
    out.push(
      violation(
        BILLING_RULES.noOverdraw,
        'status',
        `unexpected statuses ${other.map((o) => o.status).join(', ')} (only 2xx or 403 expected)`,
      ),
    );
  refused.forEach((o, i) => {
    if (o.error !== 'insufficient_credits')
      out.push(
        violation(
          BILLING_RULES.insufficientCredits,
          `refused/${i}/error`,
          `a 403 for lack of credits has error ${JSON.stringify(o.error)}, expected insufficient_credits`,
        ),
      );
  });
  if (finalBalance < 0) out.push(violation(BILLING_RULES.noOverdraw, 'balance', `the balance went negative: ${finalBalance}`));
  else if (finalBalance !== expectedBalance)
    out.push(
      violation(
        BILLING_RULES.noOverdraw,
        'balance',
        `final balance ${finalBalance}, expected ${expectedBalance} after ${affordable} paid call(s)`,
      ),
    );
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The billing checks, by name (the name of the function each wraps). */
export const BILLING_CHECKS = {
  checkDebit: defineCheck('checkDebit', [], checkDebit, ([rule]) => rule),
  checkParallelDebits: defineCheck('checkParallelDebits', ['BILL-017', 'AUTH-011'], checkParallelDebits),
};
