/**
 * Accounts of the stub: API keys, a credit balance and the API entitlement flag (spec:
 * Authentication rules 2-4; Errors 401/403). Units: credits (10 credits = $0.01).
 * Debits are check-and-subtract in one synchronous step, so concurrent calls can never overdraw an
 * account or debit twice; every debit can be refunded exactly once (spec: Authentication rule 7).
 * API keys are secrets: they are never logged and never returned after creation.
 */
import { randomBytes } from 'node:crypto';
import { alt } from '../../choices.ts';

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

export interface Account {
  id: string;
  credits: number;
  entitled: boolean;
  entries: LedgerEntry[];
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
    const account: Account = { id: `acct_${++this.seq}`, credits: 0, entitled: opts.entitled ?? true, entries: [] };
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
    const at = alt('BILL-015') ? account.entries.findIndex((e) => e.seq === debit.seq) : -1;
    if (at < 0) return void this.record(account, 'refund', debit.credits, debit.operationId);
    account.entries.splice(at, 1);
    account.credits += debit.credits;
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

  /** Adds an entry and moves the balance. @returns the entry's seq. */
  private record(account: Account, kind: LedgerEntry['kind'], credits: number, operationId?: string): number {
    account.credits += credits;
    account.entries.push({
      seq: ++this.entrySeq,
      at: new Date(this.nowMs()).toISOString(),
      kind,
      credits,
      balance: account.credits,
      ...(operationId ? { operationId } : {}),
    });
    if (account.entries.length > MAX_ENTRIES) account.entries.splice(0, account.entries.length - MAX_ENTRIES);
    return this.entrySeq;
  }
}
