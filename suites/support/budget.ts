/**
 * The run's spend budget (FC_MAX_SPEND, fixture option `maxSpendUsd`). Every paid call's cost is
 * known from the price table (contract/pricing.ts), so the harness charges a call BEFORE sending it
 * and a test whose cost would not fit is SKIPPED ("budget: needs $X, $Y left"), never run half-way.
 *
 * Workers are separate processes: they share the run's one ledger, held by the run coordinator
 * (lib/run-coordinator.ts, lib/spend-ledger.ts); each charge is one step it applies whole.
 */
import { test } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import type { StatusSpend } from '../../lib/test-result.ts';
import { usd, usdToCredits, type LedgerPort } from '../../lib/spend-ledger.ts';

/** Statuses the spec says are never billed (404, 429, 502) or that no account could pay (401/402/403). */
const UNBILLED = new Set([401, 402, 403, 404, 429, 502]);
/**
 * Credits (500 = $0.50) from which a route's call is "expensive": generation, profile, social search.
 * Probes of such routes on the configured key are sized down or sent only on an unlimited budget (issue 19).
 */
export const EXPENSIVE_CREDITS = 500;

/**
 * Credits of `calls` billed calls of an operation (0 for a free one), from its contract price.
 * @throws Error for an operationId the contract does not define.
 */
export const costOf = (operationId: string, calls = 1): number => contract().operation(operationId).facts.price.credits * calls;

/**
 * One test's view of the budget: an optional up-front reservation (`reserve`), then one charge per
 * paid call, drawn from the reservation first. Unused reservation goes back at the end of the test.
 */
export class Budget {
  private reserved = 0;
  private spentHere = 0;
  /** The most credits this test held at once: its reservation and its charges, before refunds. */
  private peakHeld = 0;
  /** Net credits this test's billed calls spent, per operation (issue 19: spend per operation, test and rule). */
  private readonly byOperation = new Map<string, number>();
  /** Charges kept for answers of a status from 400 to 599 (gap BILL-013), per status. */
  private readonly byRefusalStatus = new Map<number, StatusSpend>();
  /** UNBILLED and the statuses the operator declared unbilled. */
  private readonly unbilled: ReadonlySet<number>;

  constructor(
    private readonly ledger: LedgerPort,
    /** The run's limit, credits (Infinity = unlimited). */
    readonly limitCredits: number,
    /**
     * Statuses the operator states the target never bills (`--unbilled-status`, gap BILL-013): their
     * charge goes back like a 404's. Unverifiable without a control plane: the operator's word.
     */
    declaredUnbilled: ReadonlySet<number> = new Set(),
  ) {
    this.unbilled = new Set([...UNBILLED, ...declaredUnbilled]);
  }

  /** Refunds told to the ledger and not yet applied (`release` waits for them). */
  private readonly refunds = new Set<Promise<void>>();

  /** Credits still available to the run (Infinity when unlimited). */
  async left(): Promise<number> {
    return Math.max(0, this.limitCredits - (await this.ledger.read()).committed);
  }

  /** Credits spent by this test so far. */
  spent(): number {
    return this.spentHere;
  }

  /**
   * Credits this test held at its peak beyond what it spent in the end (its unused reservation, calls
   * refunded as unbilled): room the run's budget must have left when it runs, though it is not spent
   * (issue 19: the spend plan keeps it free, lib/spend-plan.ts).
   */
  headroom(): number {
    return Math.max(0, this.peakHeld - this.spentHere);
  }

  /** Net credits spent by this test per operation (billed calls only; refunded ones are taken back). */
  spentByOperation(): ReadonlyMap<string, number> {
    return this.byOperation;
  }

  /**
   * What this test's calls answered with a status from 400 to 599 were kept charged, per status (their
   * sum and the dearest call, credits): refusals the spec does not say are unbilled (gap BILL-013), which a
   * target may bill. The spend plan prices them out for a target declared not to bill them (cli/spend.ts).
   */
  spentByStatus(): ReadonlyMap<number, StatusSpend> {
    return this.byRefusalStatus;
  }

  /** True when `credits` more fit the run's budget (counting this test's reservation). */
  async fits(credits: number): Promise<boolean> {
    return credits <= this.reserved || credits - this.reserved <= (await this.left());
  }

  /**
   * Holds `amountUsd` for this test before it starts spending; SKIPS the test ("budget: needs $X,
   * $Y left") when the run's budget cannot cover it. Calls the test makes then draw from it.
   */
  reserve(amountUsd: number): Promise<void> {
    return this.reserveCredits(usdToCredits(amountUsd));
  }

  /** `reserve` for `calls` billed calls of an operation, priced from the price table. */
  reserveCalls(operationId: string, calls = 1): Promise<void> {
    return this.reserveCredits(costOf(operationId, calls));
  }

  /** `reserve` in credits. */
  async reserveCredits(credits: number): Promise<void> {
    if (credits <= 0) return;
    const taken = await this.ledger.commit({ committed: credits, spent: 0, calls: 0 }, finite(this.limitCredits));
    if (!taken.ok) test.skip(true, `budget: needs ${usd(credits)}, ${usd(taken.left)} left`);
    this.reserved += credits;
    this.peakHeld = Math.max(this.peakHeld, this.reserved + this.spentHere);
  }

  /**
   * Charges one call of `credits` before it is sent: from the reservation, else from the run's
   * budget. SKIPS the test when it does not fit. Resolves to the function to call with the answer's
   * status (an unbilled status gives the credits back; `release` waits for that refund).
   */
  async charge(credits: number, what: string): Promise<(status: number) => void> {
    if (credits <= 0) return () => {};
    // Taken from the reservation before the ledger is asked: another call of this test meanwhile draws on what is left.
    const fromReserve = Math.min(this.reserved, credits);
    const extra = credits - fromReserve;
    this.reserved -= fromReserve;
    const taken = await this.ledger.commit({ committed: extra, spent: credits, calls: 1 }, finite(this.limitCredits));
    if (!taken.ok) {
      this.reserved += fromReserve;
      test.skip(true, `budget: ${what} needs ${usd(extra)}, ${usd(taken.left)} left`);
    }
    this.spentHere += credits;
    this.peakHeld = Math.max(this.peakHeld, this.reserved + this.spentHere);
    this.byOperation.set(what, (this.byOperation.get(what) ?? 0) + credits);
    let settled = false;
    return (status: number) => {
      if (settled) return;
      if (!this.unbilled.has(status)) {
        if (status >= 400 && status <= 599) {
          settled = true;
          const had = this.byRefusalStatus.get(status);
          this.byRefusalStatus.set(status, { credits: (had?.credits ?? 0) + credits, dearest: Math.max(had?.dearest ?? 0, credits) });
        }
        return;
      }
      settled = true;
      this.spentHere -= credits;
      this.byOperation.set(what, (this.byOperation.get(what) ?? 0) - credits);
      const refund = this.ledger.adjust({ committed: -credits, spent: -credits, calls: -1 }).finally(() => this.refunds.delete(refund));
      this.refunds.add(refund);
    };
  }

  /** `charge` priced from the price table: one call of `operationId`. */
  chargeOperation(operationId: string): Promise<(status: number) => void> {
    return this.charge(costOf(operationId), operationId);
  }

  /** Gives back what is left of this test's reservation, once its refunds are applied (fixture teardown). */
  async release(): Promise<void> {
    while (this.refunds.size) await Promise.allSettled([...this.refunds]);
    if (this.reserved <= 0) return;
    const credits = this.reserved;
    this.reserved = 0;
    await this.ledger.adjust({ committed: -credits, spent: 0, calls: 0 });
  }
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);
