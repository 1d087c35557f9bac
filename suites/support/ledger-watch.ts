/**
 * The debit of every API-key call on an account the harness created through the control plane, judged where the
 * call is made, whatever the test is about (issue 34: a billing rule judged on every operation it applies to, not
 * only where a test watches it; seven of eleven late survivors were one price, form, count or cause billed wrong on
 * a route no billing test visited).
 *
 * How: the calls of one account are grouped while they overlap. The first call of a group reads the account's
 * balance (GET /__control/accounts/{id}) before it is sent; calls starting while the group is open join it (they
 * wait for that read, so their debits fall after it); when the last call of the group has its answer the balance is
 * read again. The group's debit (before − after, credits) is then held to what its answers owe:
 * - a 2xx of a route with a reference price: that price (BILL-001; Authentication rule 2);
 * - a 404, a 429, a 502 or a 503: nothing (BILL-002, LIM-017, BILL-003, BILL-004; Authentication rule 7, Limits rule 2);
 * - any answer of a free route: nothing (BILL-012; Authentication rule 1);
 * each only where the catalogue says the rule applies to the operation (contract/applicability.ts).
 * Anything else makes the group's debit unknown, and the group is not judged: a 2xx of a route the spec prices only
 * by its challenge (a PRICE gap), another status (whether a 422 or a 403 is billed is not shown: gap BILL-013), a
 * call carrying a payment, a call that got no answer, a balance the harness itself set during the group. A
 * generation's 2xx is unknown too (a replay may be refunded, gap JOB-026), and from then on the account may be
 * credited its price back at any time (a job that ends without a forecast, gap BILL-014): a group whose debit is
 * short by whole generation prices, no more than the generations still open, is read that way.
 *
 * A group that matches credits one instance of each of its rules on each call's operation; one that does not is a
 * FAIL of its rule when every call of the group is of one rule and operation (a single call, most often), and
 * unjudged otherwise (which call took the difference cannot be told). The rules join the test as cross-cutting
 * ones (suites/support/answer-checks.ts `join`); violations are held to the test's end like the contract matcher's.
 * Nothing here runs without a control plane, outside a test, or for a key the harness did not create.
 */
import type { APIResponse } from '@playwright/test';
import { applicableOperations } from '../../contract/applicability.ts';
import { PRICES } from '../../contract/pricing.ts';
import { loadRules } from '../../contract/rules.ts';
import { checkDebit } from '../../checks/billing.ts';
import type { Violation } from '../../lib/violation.ts';
import { currentResult, judged } from './annotations.ts';
import { join } from './answer-checks.ts';
import { holdViolations } from './matchers.ts';

/** Reads an account's balance, credits (ControlPlane.balance). */
export type BalanceReader = () => Promise<number>;

/** The operation whose 2xx may be refunded later (gap BILL-014) or at once (a replay, gap JOB-026). */
const GENERATION = 'createForecastRequest';

/**
 * The unbilled statuses the spec names (Authentication rule 7; Limits rule 2) and the rule each is judged by. A 503
 * (a source, resolution or profiling unavailable or not configured: Errors) is an answer without its upstream's
 * answer, so "any missing or error upstream response" (BILL-004) holds it unbilled (round-26 bug: a stance 503 billed).
 */
const UNBILLED: Readonly<Record<number, string>> = { 404: 'BILL-002', 429: 'LIM-017', 502: 'BILL-003', 503: 'BILL-004' };

/**
 * The unbilled statuses a route's own text names beyond the general ones, by operation, and the rule each is judged by:
 * the catalogue's rules with `unbilled` statuses (the wallet link's errors, none billed: 404, 409, 422, round-27 bug: an
 * expired token's keyed 422 billed; the evidence read's 404; the social routes' 502). The first rule naming a status wins.
 */
let routeTable: Map<string, string> | undefined;
function routeUnbilled(operationId: string, status: number): string | undefined {
  routeTable ??= (() => {
    const table = new Map<string, string>();
    for (const rule of loadRules().values())
      if (!rule.retired && rule.unbilled)
        for (const op of applicableOperations(rule))
          for (const code of rule.unbilled) if (!table.has(`${op} ${code}`)) table.set(`${op} ${code}`, rule.id);
    return table;
  })();
  return routeTable.get(`${operationId} ${status}`);
}

/** One answer of a group: its operation, status and response (for the exhibit). */
export interface Answered {
  operationId: string | undefined;
  status: number;
  res: APIResponse;
}

interface Group {
  /** The balance before the group's first call, credits (undefined: the read failed; the group is not judged). */
  before: Promise<number | undefined>;
  answered: Answered[];
  inFlight: number;
  /** Why the group's debit cannot be held to its answers (a call without an answer, a payment, a balance set). */
  tainted?: string;
}

/** What a closed group is handed to: its answers and the balances read around it, credits. */
export type GroupJudge = (answered: readonly Answered[], before: number, after: number, w: { openGenerations: number }) => void;

interface Watched {
  accountId: string;
  read: BalanceReader;
  judge: GroupJudge;
  open?: Group;
  /** The after-read of the group that just closed: a new group starts after it. */
  closing?: Promise<void>;
  /** Generations accepted on the account whose price may still come back (gap BILL-014). */
  openGenerations: number;
}

/** The watched accounts of this worker, by API key. */
const watched = new Map<string, Watched>();

/**
 * Watches every call made with `apiKey` (an account the harness created; ControlPlane.createAccount).
 * @param judge what a closed group is handed to (default: judged against the spec and held, `judgeAndHold`)
 */
export function watchAccount(apiKey: string, accountId: string, read: BalanceReader, judge: GroupJudge = judgeAndHold): void {
  watched.set(apiKey, { accountId, read, judge, openGenerations: 0 });
}

/** Stops watching the accounts of `accountIds` (their control plane is going away). */
export function unwatchAccounts(accountIds: ReadonlySet<string>): void {
  for (const [key, w] of watched) if (accountIds.has(w.accountId)) watched.delete(key);
}

/** The harness set an account's balance itself (PATCH /__control/accounts/{id}): a group open now is not judged. */
export function balanceSet(accountId: string): void {
  for (const w of watched.values()) if (w.accountId === accountId && w.open) w.open.tainted = 'the harness set the balance meanwhile';
}

const applies = (ruleId: string, operationId: string): boolean => {
  const rule = loadRules().get(ruleId);
  return rule !== undefined && applicableOperations(rule).includes(operationId);
};

/** What one answer owes the account: a rule and its debit (credits), or why it cannot be told. */
export type Owed = { rule: string; credits: number } | { unknown: string };

/**
 * The debit one answer of `operationId` owes, by the spec (see the module comment).
 * @returns the rule judging it and its debit, credits; or why the debit is not stated
 */
export function owed(operationId: string | undefined, status: number): Owed {
  const price = operationId ? PRICES[operationId] : undefined;
  if (!operationId || !price) return { unknown: 'an operation outside the contract' };
  // A route's own text beats the general rule (the wallet link: none of its errors is billed).
  const own = routeUnbilled(operationId, status);
  if (own) return { rule: own, credits: 0 };
  if (applies('BILL-012', operationId)) return { rule: 'BILL-012', credits: 0 };
  const unbilled = UNBILLED[status];
  if (unbilled && applies(unbilled, operationId)) return { rule: unbilled, credits: 0 };
  if (status < 200 || status >= 300) return { unknown: `whether a ${status} is billed is not shown` };
  if (operationId === GENERATION) return { unknown: 'a generation may be a replay (gap JOB-026)' };
  if (price.gap) return { unknown: 'the route is priced by its challenge only (a PRICE gap)' };
  return applies('BILL-001', operationId) ? { rule: 'BILL-001', credits: price.credits } : { unknown: 'no billing rule applies' };
}

/**
 * Judges one closed group: its debit `before − after` (credits) against what its answers owe.
 * @returns the violations (empty when it matched or could not be judged)
 */
export function judgeGroup(
  answered: readonly { operationId: string | undefined; status: number }[],
  before: number,
  after: number,
  openGenerations: number,
): { violations: Violation[]; instances: { rule: string; operationId: string; status: number }[]; refunds: number } {
  const none = { violations: [], instances: [], refunds: 0 };
  const owes = answered.map((a) => ({ ...a, owes: owed(a.operationId, a.status) }));
  if (!owes.length || owes.some((a) => 'unknown' in a.owes)) return none;
  const expected = owes.reduce((sum, a) => sum + ('credits' in a.owes ? a.owes.credits : 0), 0);
  const taken = before - after;
  const price = PRICES[GENERATION]!.credits;
  // Credited back whole generation prices, no more than the generations open: their jobs ended without a forecast.
  const short = expected - taken;
  const refunds = short > 0 && short % price === 0 && short / price <= openGenerations ? short / price : 0;
  const instances = owes.map((a) => ({ rule: (a.owes as { rule: string }).rule, operationId: a.operationId!, status: a.status }));
  if (taken === expected || refunds) return { violations: [], instances, refunds };
  const kinds = new Set(instances.map((i) => `${i.rule} ${i.operationId}`));
  // Several rules or operations in one group: which call took the difference cannot be told.
  if (kinds.size > 1) return none;
  const { rule, operationId } = instances[0]!;
  const statuses = [...new Set(instances.map((i) => i.status))].join('/');
  const what =
    instances.length === 1
      ? `an API-key call of ${operationId} answered ${statuses}`
      : `${instances.length} overlapping API-key calls of ${operationId} answered ${statuses}`;
  return {
    violations: checkDebit(
      rule,
      `${what} (the account's balance read before and after, GET /__control/accounts/{id})`,
      before,
      after,
      expected,
    ),
    instances: [],
    refunds: 0,
  };
}

/** The default GroupJudge: instances and violations go to the running test (see the module comment). */
function judgeAndHold(answered: readonly Answered[], before: number, after: number, w: { openGenerations: number }): void {
  const { violations, instances, refunds } = judgeGroup(answered, before, after, w.openGenerations);
  w.openGenerations -= refunds;
  for (const i of instances) {
    join([i.rule]);
    judged(
      i.rule,
      1,
      i.status >= 200 && i.status < 300 ? 'a successful API-key call' : `a ${i.status} answer of an API-key call`,
      i.operationId,
    );
  }
  if (!violations.length) return;
  // A violated rule joins the test as well: its FAIL is that rule's verdict, not an undeclared failure.
  join(violations.map((v) => v.ruleId));
  holdViolations(violations, { res: answered.length === 1 ? answered[0]!.res : undefined });
}

async function close(w: Watched, g: Group): Promise<void> {
  const before = await g.before;
  if (g.tainted || before === undefined) return;
  let after: number;
  try {
    after = await w.read();
  } catch {
    return; // a control-plane fault is the harness's, never a verdict
  }
  w.judge(g.answered, before, after, w);
}

/**
 * Sends one attempt of a call through `send` and judges its debit when `apiKey` is a watched account's and the
 * call runs inside a test (see the module comment).
 * @param payment whether the call carries an x402 payment (its group is not judged: who pays is not the key's)
 * @returns what `send` returned; rethrows what it threw
 */
export async function watchedAttempt(
  apiKey: string | undefined,
  operationId: string | undefined,
  payment: boolean,
  send: () => Promise<APIResponse>,
): Promise<APIResponse> {
  const w = apiKey ? watched.get(apiKey) : undefined;
  if (!w || !currentResult()) return send();
  while (w.closing) await w.closing;
  const g = (w.open ??= {
    before: w.read().catch(() => undefined),
    answered: [],
    inFlight: 0,
  });
  g.inFlight++;
  if (payment) g.tainted = 'a call carried a payment';
  try {
    await g.before;
    const res = await send();
    g.answered.push({ operationId, status: res.status(), res });
    if (operationId === GENERATION && res.status() >= 200 && res.status() < 300) w.openGenerations++;
    return res;
  } catch (err) {
    g.tainted = 'a call got no answer';
    throw err;
  } finally {
    if (--g.inFlight === 0) {
      w.open = undefined;
      const closing = close(w, g);
      w.closing = closing;
      await closing;
      if (w.closing === closing) w.closing = undefined;
    }
  }
}
