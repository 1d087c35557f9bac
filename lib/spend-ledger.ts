/**
 * The run's spend ledger and the USD/credit amount helpers. One ledger per run, held by the run
 * coordinator (lib/run-coordinator.ts) and reached by every worker's budget (suites/support/budget.ts)
 * through its typed client; each change is one message the coordinator applies whole, so parallel
 * workers never overdraw. Amounts are whole credits (1 credit = $0.001), so no float ever accumulates.
 */

/** Totals of one run, credits. `committed` = spent + credits still reserved by running tests. */
export interface LedgerState {
  /** The run's budget, credits; null = unlimited (or no paid call was charged yet). */
  limitCredits: number | null;
  committed: number;
  spent: number;
  calls: number;
}

/** A change of the totals, credits: what a charge, a refund or a released reservation adds (negative to give back). */
export interface LedgerChange {
  committed: number;
  spent: number;
  calls: number;
}

/** The answer to a commitment: taken, or refused with the credits that were left. */
export type Commitment = { ok: true } | { ok: false; left: number };

/** The ledger as a budget sees it: every method is one atomic step of the run's one ledger. */
export interface LedgerPort {
  /** The totals now. */
  read(): Promise<LedgerState>;
  /**
   * Applies `change` when its `committed` part fits `limitCredits` (null = unlimited), else nothing.
   * @throws Error when the coordinator cannot be reached
   */
  commit(change: LedgerChange, limitCredits: number | null): Promise<Commitment>;
  /** Applies `change` unconditionally (refunds and released reservations give credits back). */
  adjust(change: LedgerChange): Promise<void>;
}

/** The one ledger of a run, in the process that holds it (the run coordinator; a unit test's own). */
export class SpendLedger implements LedgerPort {
  private state: LedgerState = { limitCredits: null, committed: 0, spent: 0, calls: 0 };

  /** The totals now (a copy). */
  now(): LedgerState {
    return { ...this.state };
  }

  read(): Promise<LedgerState> {
    return Promise.resolve(this.now());
  }

  /** The synchronous step `commit` takes: check and apply in one turn of the event loop. */
  commitNow(change: LedgerChange, limitCredits: number | null): Commitment {
    const s = this.state;
    const limit = limitCredits ?? Infinity;
    if (limitCredits !== null) s.limitCredits = limitCredits;
    if (change.committed > 0 && limit - s.committed < change.committed) return { ok: false, left: Math.max(0, limit - s.committed) };
    this.adjustNow(change);
    return { ok: true };
  }

  commit(change: LedgerChange, limitCredits: number | null): Promise<Commitment> {
    return Promise.resolve(this.commitNow(change, limitCredits));
  }

  /** The synchronous step `adjust` takes. */
  adjustNow(change: LedgerChange): void {
    const s = this.state;
    s.committed += change.committed;
    s.spent += change.spent;
    s.calls += change.calls;
  }

  adjust(change: LedgerChange): Promise<void> {
    this.adjustNow(change);
    return Promise.resolve();
  }
}

/** USD with three decimals ("$0.005"); "unlimited" for Infinity. */
export const usd = (credits: number): string => (Number.isFinite(credits) ? `$${(credits / 1000).toFixed(3)}` : 'unlimited');
/** Whole credits of a USD amount (rounded up: a budget check must never under-count). */
export const usdToCredits = (amount: number): number => (Number.isFinite(amount) ? Math.ceil(Math.round(amount * 1e6) / 1e3) : Infinity);
/**
 * Whole credits a budget of `amount` USD allows: rounded DOWN (a limit must never grow by rounding),
 * Infinity only for Infinity, and 0 for anything unusable (NaN from a mistyped FC_MAX_SPEND, a
 * negative amount), so a bad setting spends nothing rather than everything.
 */
export const budgetCredits = (amount: number): number =>
  amount === Infinity ? Infinity : Number.isFinite(amount) && amount > 0 ? Math.floor(Math.round(amount * 1e6) / 1e3) : 0;

/** The run's spend line from the ledger's totals (undefined: no ledger was reached). */
export function spendSummary(state: LedgerState | undefined): { spent: number; calls: number; limitCredits: number | null; line: string } {
  if (!state || state.calls === 0) {
    return { spent: 0, calls: 0, limitCredits: state?.limitCredits ?? null, line: 'Spend: $0.000 (no paid call was charged)' };
  }
  const limit = state.limitCredits === null ? 'unlimited budget' : `budget ${usd(state.limitCredits)}`;
  return {
    spent: state.spent,
    calls: state.calls,
    limitCredits: state.limitCredits,
    line: `Spend: ${usd(state.spent)} in ${state.calls} paid call(s) (${limit}, priced from contract/pricing.ts)`,
  };
}
