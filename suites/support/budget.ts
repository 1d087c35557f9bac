/**
 * The run's spend budget (FC_MAX_SPEND, fixture option `maxSpendUsd`). Every paid call's cost is
 * known from the price table (contract/pricing.ts), so the harness charges a call BEFORE sending it
 * and a test whose cost would not fit is SKIPPED ("budget: needs $X, $Y left"), never run half-way.
 *
 * Workers are separate processes: they share one ledger file in the run's output directory
 * (Playwright empties that directory when a run starts; lib/spend-ledger.ts).
 */
import { test } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import type { StatusSpend } from '../../lib/annotation-kinds.ts';
import { usd, usdToCredits, type Ledger } from '../../lib/spend-ledger.ts';

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
    private readonly ledger: Ledger,
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

  /** Credits still available to the run (Infinity when unlimited). */
  left(): number {
    return Math.max(0, this.limitCredits - this.ledger.read().committed);
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
  fits(credits: number): boolean {
    return credits <= this.reserved || credits - this.reserved <= this.left();
  }

  /**
   * Holds `amountUsd` for this test before it starts spending; SKIPS the test ("budget: needs $X,
   * $Y left") when the run's budget cannot cover it. Calls the test makes then draw from it.
   */
  reserve(amountUsd: number): void {
    this.reserveCredits(usdToCredits(amountUsd));
  }

  /** `reserve` for `calls` billed calls of an operation, priced from the price table. */
  reserveCalls(operationId: string, calls = 1): void {
    this.reserveCredits(costOf(operationId, calls));
  }

  /** `reserve` in credits. */
  reserveCredits(credits: number): void {
    if (credits <= 0) return;
    // null: it fits; a number: the credits left when it does not.
    const short = this.ledger.update<number | null>((s) => {
      if (this.limitCredits - s.committed < credits)
        return { state: { ...s, limitCredits: finite(this.limitCredits) }, result: Math.max(0, this.limitCredits - s.committed) };
      return { state: { ...s, limitCredits: finite(this.limitCredits), committed: s.committed + credits }, result: null };
    });
    if (short !== null) test.skip(true, `budget: needs ${usd(credits)}, ${usd(short)} left`);
    this.reserved += credits;
    this.peakHeld = Math.max(this.peakHeld, this.reserved + this.spentHere);
  }

  /**
   * Charges one call of `credits` before it is sent: from the reservation, else from the run's
   * budget. SKIPS the test when it does not fit. Returns the function to call with the answer's
   * status (an unbilled status gives the credits back).
   */
  charge(credits: number, what: string): (status: number) => void {
    if (credits <= 0) return () => {};
    const fromReserve = Math.min(this.reserved, credits);
    const extra = credits - fromReserve;
    const short = this.ledger.update<number | null>((s) => {
      if (extra > 0 && this.limitCredits - s.committed < extra)
        return { state: { ...s, limitCredits: finite(this.limitCredits) }, result: Math.max(0, this.limitCredits - s.committed) };
      return {
        state: {
          ...s,
          limitCredits: finite(this.limitCredits),
          committed: s.committed + extra,
          spent: s.spent + credits,
          calls: s.calls + 1,
        },
        result: null,
      };
    });
    if (short !== null) test.skip(true, `budget: ${what} needs ${usd(extra)}, ${usd(short)} left`);
    this.reserved -= fromReserve;
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
      this.ledger.update((s) => ({
        state: { ...s, committed: s.committed - credits, spent: s.spent - credits, calls: s.calls - 1 },
        result: undefined,
      }));
    };
  }

  /** `charge` priced from the price table: one call of `operationId`. */
  chargeOperation(operationId: string): (status: number) => void {
    return this.charge(costOf(operationId), operationId);
  }

  /** Gives back what is left of this test's reservation (fixture teardown). */
  release(): void {
    if (this.reserved <= 0) return;
    const credits = this.reserved;
    this.reserved = 0;
    this.ledger.update((s) => ({ state: { ...s, committed: s.committed - credits }, result: undefined }));
  }
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);
