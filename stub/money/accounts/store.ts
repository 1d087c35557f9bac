/**
 * Accounts of the stub: API keys, a credit balance and the API entitlement flag (spec:
 * Authentication rules 2-4; Errors 401/403). Units: credits (10 credits = $0.01).
 * Debits are check-and-subtract in one synchronous step, so concurrent calls can never overdraw an
 * account or debit twice; every debit can be refunded exactly once (spec: Authentication rule 7).
 * API keys are secrets: they are never logged and never returned after creation.
 */
import { randomBytes } from 'node:crypto';
import { alt } from '../../variant.ts';

/** Balance of each account seeded from config.apiKeys. */
export const DEFAULT_KEY_CREDITS = 1_000_000;
/** Entries kept per account (the oldest are dropped). */
const MAX_ENTRIES = 200;

export interface LedgerEntry {
  seq: number;
  /** ISO time (stub clock). */
  at: string;
  kind: 'grant' | 'debit' | 'refund' | 'adjust';
  /** Signed change of the balance. */
  credits: number;
  /** Balance after the entry. */
  balance: number;
  operationId?: string;
}

/** An entry as kept: its time as a number, formatted only when the ledger is read. */
interface KeptEntry extends Omit<LedgerEntry, 'at' | 'operationId'> {
  atMs: number;
  operationId: string | undefined;
}

export interface Account {
  id: string;
  credits: number;
  entitled: boolean;
  /**
   * The last MAX_ENTRIES entries as a ring (read them with AccountStore.entriesOf): once full, the
   * oldest entry object is overwritten in place, so a debit allocates nothing that outlives the call.
   */
  readonly kept: KeptEntry[];
  /** Index in `kept` of the oldest entry once the ring is full. */
  oldest: number;
}

/** A debit that may still be refunded. */
export interface Debit {
  accountId: string;
  credits: number;
  operationId: string;
  refunded: boolean;
  /** The seq of its ledger entry (absent for a refund made without the debit at hand). */
  seq?: number;
}

export class AccountStore {
  private readonly accounts = new Map<string, Account>();
  private readonly idByKey = new Map<string, string>();
  private seq = 0;
  private entrySeq = 0;

  /** @param nowMs the stub clock. */
  constructor(private readonly nowMs: () => number) {}

  /** Drops every account and creates one entitled account per configured key (acct_1, acct_2, ...). */
  seed(apiKeys: readonly string[], credits = DEFAULT_KEY_CREDITS): void {
    this.accounts.clear();
    this.idByKey.clear();
    this.seq = 0;
    for (const key of apiKeys) this.create({ credits, entitled: true }, key);
  }

  /**
   * Creates an account. @returns the account and its API key (a fresh `fc_` key unless given).
   * @throws RangeError for a negative or fractional credit amount.
   */
  create(
    opts: { credits: number; entitled?: boolean },
    apiKey = `fc_${randomBytes(20).toString('hex')}`,
  ): { account: Account; apiKey: string } {
    if (!Number.isSafeInteger(opts.credits) || opts.credits < 0) throw new RangeError('credits must be a non-negative integer');
    const account: Account = { id: `acct_${++this.seq}`, credits: 0, entitled: opts.entitled ?? true, kept: [], oldest: 0 };
    this.accounts.set(account.id, account);
    this.idByKey.set(apiKey, account.id);
    this.record(account, 'grant', opts.credits);
    return { account, apiKey };
  }

  /** The account of an API key. */
  byKey(apiKey: string): Account | undefined {
    const id = this.idByKey.get(apiKey);
    return id === undefined ? undefined : this.accounts.get(id);
  }

  get(accountId: string): Account | undefined {
    return this.accounts.get(accountId);
  }

  /**
   * Debits `credits` when the balance covers them, atomically.
   * @returns the debit (to refund later), or undefined when the balance is too low (nothing debited).
   */
  debit(accountId: string, credits: number, operationId: string): Debit | undefined {
    const account = this.accounts.get(accountId);
    if (!account || account.credits < credits) return undefined;
    const seq = this.record(account, 'debit', -credits, operationId);
    return { accountId, credits, operationId, refunded: false, seq };
  }

  /**
   * Returns a debit's credits (spec: Authentication rule 7). Idempotent. The stub's ledger shows the debit
   * and its refund; the alternate stub (gap BILL-015) takes the debit's entry back, so an unbilled answer
   * leaves no entry at all.
   */
  refund(debit: Debit): void {
    if (debit.refunded) return;
    debit.refunded = true;
    const account = this.accounts.get(debit.accountId);
    if (!account) return;
    if (alt('BILL-015') && this.takeBack(account, debit.seq)) account.credits += debit.credits;
    else this.record(account, 'refund', debit.credits, debit.operationId);
  }

  /** Sets the balance and/or entitlement (control plane). @throws RangeError for a bad credit amount. */
  update(accountId: string, patch: { credits?: number; entitled?: boolean }): Account | undefined {
    const account = this.accounts.get(accountId);
    if (!account) return undefined;
    if (patch.credits !== undefined) {
      if (!Number.isSafeInteger(patch.credits) || patch.credits < 0) throw new RangeError('credits must be a non-negative integer');
      this.record(account, 'adjust', patch.credits - account.credits);
    }
    if (patch.entitled !== undefined) account.entitled = patch.entitled;
    return account;
  }

  /** The account's last entries (at most MAX_ENTRIES), oldest first. */
  entriesOf(account: Account): LedgerEntry[] {
    const { kept, oldest } = account;
    return [...kept.slice(oldest), ...kept.slice(0, oldest)].map(({ seq, atMs, kind, credits, balance, operationId }) => ({
      seq,
      at: new Date(atMs).toISOString(),
      kind,
      credits,
      balance,
      ...(operationId ? { operationId } : {}),
    }));
  }

  /**
   * Removes the entry `seq` from the account's ledger, keeping the others in order (the alternate
   * stub's refund, gap BILL-015; rare, so the ring is laid out flat again). @returns false when it is gone.
   */
  private takeBack(account: Account, seq: number | undefined): boolean {
    const ordered = [...account.kept.slice(account.oldest), ...account.kept.slice(0, account.oldest)];
    const at = ordered.findIndex((e) => e.seq === seq);
    if (at < 0) return false;
    ordered.splice(at, 1);
    account.kept.splice(0, account.kept.length, ...ordered);
    account.oldest = 0;
    return true;
  }

  /** Adds an entry and moves the balance. @returns the entry's seq. */
  private record(account: Account, kind: LedgerEntry['kind'], credits: number, operationId?: string): number {
    account.credits += credits;
    const entry = { seq: ++this.entrySeq, atMs: this.nowMs(), kind, credits, balance: account.credits, operationId };
    if (account.kept.length < MAX_ENTRIES) account.kept.push(entry);
    else {
      Object.assign(account.kept[account.oldest]!, entry);
      account.oldest = (account.oldest + 1) % MAX_ENTRIES;
    }
    return entry.seq;
  }
}
