/**
 * The run's spend budget (FC_MAX_SPEND, fixture option `maxSpendUsd`). Every paid call's cost is
 * known from the price table (contract/pricing.ts), so the harness charges a call BEFORE sending it
 * and a test whose cost would not fit is SKIPPED ("budget: needs $X, $Y left"), never run half-way.
 *
 * Workers are separate processes: they share one ledger file in the run's output directory
 * (Playwright empties that directory when a run starts), updated under an exclusive lock file.
 * Amounts are whole credits (1 credit = $0.001), so no float ever accumulates.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from '@playwright/test';
import { contract } from '../../contract/index.ts';
import { PRICES, creditsToUsd } from '../../contract/pricing.ts';

/** The ledger file's name inside a project's output directory. */
export const LEDGER_FILE = 'spend-ledger.json';
/** Statuses the spec says are never billed (404, 429, 502) or that no account could pay (401/402/403). */
const UNBILLED = new Set([401, 402, 403, 404, 429, 502]);
const LOCK_WAIT_MS = 10_000;
const STALE_LOCK_MS = 30_000;

/** Totals of one run, credits. `committed` = spent + credits still reserved by running tests. */
export interface LedgerState {
  limitCredits: number | null;
  committed: number;
  spent: number;
  calls: number;
}

const sleep = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The run-wide ledger file, shared by every worker through an exclusive lock file. */
export class Ledger {
  constructor(readonly path: string) {}

  /** Reads the totals (zeros when nothing was spent yet). */
  read(): LedgerState {
    if (!existsSync(this.path)) return { limitCredits: null, committed: 0, spent: 0, calls: 0 };
    return JSON.parse(readFileSync(this.path, 'utf8')) as LedgerState;
  }

  /**
   * Runs `fn` on the totals under the lock and stores what it returns.
   * @throws Error when the lock cannot be taken within 10 s.
   */
  update<T>(fn: (state: LedgerState) => { state: LedgerState; result: T }): T {
    mkdirSync(dirname(this.path), { recursive: true });
    const lock = `${this.path}.lock`;
    const deadline = Date.now() + LOCK_WAIT_MS;
    let fd: number | undefined;
    while (fd === undefined) {
      try {
        fd = openSync(lock, 'wx');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // A worker killed while holding the lock must not wedge the run.
        try {
          if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) unlinkSync(lock);
        } catch {
          // Released meanwhile.
        }
        if (Date.now() > deadline) throw new Error(`spend ledger: lock ${lock} held for more than ${LOCK_WAIT_MS} ms`, { cause: err });
        sleep(2);
      }
    }
    try {
      const { state, result } = fn(this.read());
      writeFileSync(`${this.path}.tmp`, JSON.stringify(state));
      renameSync(`${this.path}.tmp`, this.path);
      return result;
    } finally {
      closeSync(fd);
      unlinkSync(lock);
    }
  }
}

/** USD with three decimals ("$0.005"); "unlimited" for Infinity. */
export const usd = (credits: number): string => (Number.isFinite(credits) ? `$${creditsToUsd(credits).toFixed(3)}` : 'unlimited');
/** Whole credits of a USD amount (rounded up: a budget check must never under-count). */
export const usdToCredits = (amount: number): number => (Number.isFinite(amount) ? Math.ceil(Math.round(amount * 1e6) / 1e3) : Infinity);
/**
 * Whole credits a budget of `amount` USD allows: rounded DOWN (a limit must never grow by rounding),
 * Infinity only for Infinity, and 0 for anything unusable (NaN from a mistyped FC_MAX_SPEND, a
 * negative amount), so a bad setting spends nothing rather than everything.
 */
export const budgetCredits = (amount: number): number =>
  amount === Infinity ? Infinity : Number.isFinite(amount) && amount > 0 ? Math.floor(Math.round(amount * 1e6) / 1e3) : 0;
/** Credits of `calls` billed calls of an operation (0 for a free one). */
export const costOf = (operationId: string, calls = 1): number => (PRICES[operationId]?.credits ?? 0) * calls;

let templates: { operationId: string; method: string; re: RegExp; literal: boolean }[] | undefined;
/** The operationId answering `method path` (query string ignored), from contract/openapi.yaml paths. */
export function operationOf(method: string, path: string): string | undefined {
  templates ??= [...contract().operations.values()]
    .map((op) => ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      re: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`),
      literal: !op.path.includes('{'),
    }))
    // Literal paths win over templates (/markets/search before /markets/{slug}/...).
    .sort((a, b) => Number(b.literal) - Number(a.literal));
  const bare = path.replace(/[?#].*$/, '');
  const pathname = /^https?:/i.test(bare) ? new URL(bare).pathname : bare;
  return templates.find((t) => t.method === method.toUpperCase() && t.re.test(pathname))?.operationId;
}

/**
 * One test's view of the budget: an optional up-front reservation (`reserve`), then one charge per
 * paid call, drawn from the reservation first. Unused reservation goes back at the end of the test.
 */
export class Budget {
  private reserved = 0;
  private spentHere = 0;

  constructor(
    private readonly ledger: Ledger,
    /** The run's limit, credits (Infinity = unlimited). */
    readonly limitCredits: number,
  ) {}

  /** Credits still available to the run (Infinity when unlimited). */
  left(): number {
    return Math.max(0, this.limitCredits - this.ledger.read().committed);
  }

  /** Credits spent by this test so far. */
  spent(): number {
    return this.spentHere;
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
      if (this.limitCredits - s.committed < credits) return { state: { ...s, limitCredits: finite(this.limitCredits) }, result: Math.max(0, this.limitCredits - s.committed) };
      return { state: { ...s, limitCredits: finite(this.limitCredits), committed: s.committed + credits }, result: null };
    });
    if (short !== null) test.skip(true, `budget: needs ${usd(credits)}, ${usd(short)} left`);
    this.reserved += credits;
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
      if (extra > 0 && this.limitCredits - s.committed < extra) return { state: { ...s, limitCredits: finite(this.limitCredits) }, result: Math.max(0, this.limitCredits - s.committed) };
      return { state: { ...s, limitCredits: finite(this.limitCredits), committed: s.committed + extra, spent: s.spent + credits, calls: s.calls + 1 }, result: null };
    });
    if (short !== null) test.skip(true, `budget: ${what} needs ${usd(extra)}, ${usd(short)} left`);
    this.reserved -= fromReserve;
    this.spentHere += credits;
    let settled = false;
    return (status: number) => {
      if (settled || !UNBILLED.has(status)) return;
      settled = true;
      this.spentHere -= credits;
      this.ledger.update((s) => ({ state: { ...s, committed: s.committed - credits, spent: s.spent - credits, calls: s.calls - 1 }, result: undefined }));
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

/** The ledger of the project whose output directory is `outputDir`. */
export const ledgerIn = (outputDir: string): Ledger => new Ledger(join(outputDir, LEDGER_FILE));

/** What the run spent, summed over the given output directories (a reporter passes every project's). */
export function spendSummary(outputDirs: Iterable<string>): { spent: number; calls: number; limitCredits: number | null; line: string } {
  let spent = 0;
  let calls = 0;
  let limitCredits: number | null = null;
  let any = false;
  for (const dir of new Set(outputDirs)) {
    const path = join(dir, LEDGER_FILE);
    if (!existsSync(path)) continue;
    const s = new Ledger(path).read();
    any = true;
    spent += s.spent;
    calls += s.calls;
    limitCredits = s.limitCredits ?? limitCredits;
  }
  if (!any) return { spent, calls, limitCredits, line: 'Spend: $0.000 (no paid call was charged)' };
  const limit = limitCredits === null ? 'unlimited budget' : `budget ${usd(limitCredits)}`;
  return { spent, calls, limitCredits, line: `Spend: ${usd(spent)} in ${calls} paid call(s) (${limit}, priced from contract/pricing.ts)` };
}
