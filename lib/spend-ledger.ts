/**
 * The run's spend ledger: one file per project output directory, shared by every Playwright worker
 * (separate processes) under an exclusive lock file, plus USD/credit amount helpers. Used by the
 * suites' budget fixture (suites/support/budget.ts) and by the reporter's spend line, so it lives
 * in lib/. Amounts are whole credits (1 credit = $0.001), so no float ever accumulates.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { lockFileOf, PROJECT_FILES } from './run-state.ts';

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

/** How long `update` waits for the lock, and the age (by mtime) at which a lock left by a dead worker is broken; ms. */
export interface LockTimes {
  waitMs: number;
  staleMs: number;
}

/** The run-wide ledger file, shared by every worker through an exclusive lock file (`<path>.lock`). */
export class Ledger {
  constructor(
    readonly path: string,
    private readonly lockTimes: LockTimes = { waitMs: LOCK_WAIT_MS, staleMs: STALE_LOCK_MS },
  ) {}

  /** Reads the totals (zeros when nothing was spent yet). */
  read(): LedgerState {
    if (!existsSync(this.path)) return { limitCredits: null, committed: 0, spent: 0, calls: 0 };
    return JSON.parse(readFileSync(this.path, 'utf8')) as LedgerState;
  }

  /**
   * Runs `fn` on the totals under the lock and stores what it returns (nothing is stored when `fn` throws).
   * A lock older than 30 s is a dead worker's and is broken.
   * @throws Error when the lock cannot be taken within 10 s; what `fn` throws.
   */
  update<T>(fn: (state: LedgerState) => { state: LedgerState; result: T }): T {
    mkdirSync(dirname(this.path), { recursive: true });
    const lock = lockFileOf(this.path);
    const { waitMs, staleMs } = this.lockTimes;
    const deadline = Date.now() + waitMs;
    let fd: number | undefined;
    while (fd === undefined) {
      try {
        fd = openSync(lock, 'wx');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // A worker killed while holding the lock must not wedge the run.
        try {
          if (Date.now() - statSync(lock).mtimeMs > staleMs) unlinkSync(lock);
        } catch {
          // Released meanwhile.
        }
        if (Date.now() > deadline) throw new Error(`spend ledger: lock ${lock} held for more than ${waitMs} ms`, { cause: err });
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
/** The ledger of the project whose output directory is `outputDir`. */
export const ledgerIn = (outputDir: string): Ledger => new Ledger(join(outputDir, PROJECT_FILES.spendLedger));

/** What the run spent, summed over the given output directories (a reporter passes every project's). */
export function spendSummary(outputDirs: Iterable<string>): { spent: number; calls: number; limitCredits: number | null; line: string } {
  let spent = 0;
  let calls = 0;
  let limitCredits: number | null = null;
  let any = false;
  for (const dir of new Set(outputDirs)) {
    const path = join(dir, PROJECT_FILES.spendLedger);
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
