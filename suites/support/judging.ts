/**
 * Running a registered check on the target's answers while counting what it judged: for every rule
 * the check declares a narrow case for (checks/define.ts RuleCase: ERR-003 speaks of a 401 answer)
 * and the running test declares, the instances of that case in the input are recorded (`judged`).
 * The fixtures record each such rule with 0 instances when the test starts (suites/support/fixtures.ts),
 * so its verdict counts only instances judged here, never every answer the test read.
 */
import { runCheck, type FnCheck } from '../../checks/define.ts';
import type { Violation } from '../../lib/violation.ts';
import { declares, judged } from './annotations.ts';

/**
 * Runs `check` on one input (its argument list) and records the instances of each declared narrow case.
 * @returns the check's violations (an undeclared rule ID becomes an error violation: checks/define.ts runCheck)
 */
export function judgeWith<A extends unknown[]>(check: FnCheck<A>, ...args: A): Violation[] {
  for (const [id, c] of Object.entries(check.cases ?? {})) if (declares(id)) judged(id, c.count(args), c.what);
  return runCheck(check, args);
}
