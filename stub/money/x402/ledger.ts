/**
 * An in-memory token ledger standing in for the chains of the two accepted tokens: balances,
 * EIP-3009 authorization nonces, holds and transfer receipts. It implements what the tokens'
 * `transferWithAuthorization` does on chain (validity window, single-use nonce, EIP-712 signature
 * checked with viem's verifyTypedData, balance), so the x402 SDK's facilitator can verify and settle
 * against it through the ledger-backed signer (./signer.ts) with no RPC at all.
 * Amounts are bigint atomic units (6 decimals). Time is the stub's chain clock, in seconds.
 */
import { encodeAbiParameters, encodeEventTopics, getAddress, keccak256, parseAbi, toHex, verifyTypedData, type Log } from 'viem';
import { authorizationTypes } from '@x402/evm';
import type { Hex, TokenInfo } from './tokens.ts';

/** The EIP-3009 TransferWithAuthorization message. */
export interface Authorization {
  from: Hex;
  to: Hex;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

/** A revert of the token contract; the message follows the USDC (FiatTokenV2) wording the SDK parses. */
export class LedgerRevert extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerRevert';
  }
}

export interface Receipt {
  status: 'success' | 'reverted';
  logs: Log[];
}

const TRANSFER_EVENT = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);

const accountKey = (token: TokenInfo, holder: string): string => `${token.chainId}|${token.address.toLowerCase()}|${holder.toLowerCase()}`;
/** Key of one authorization (EIP-3009 nonces are per token and authorizer). */
export const nonceKey = (token: TokenInfo, from: string, nonce: string): string => `${accountKey(token, from)}|${nonce.toLowerCase()}`;

export class TokenLedger {
  private readonly balances = new Map<string, bigint>();
  private readonly usedNonces = new Set<string>();
  private readonly holds = new Map<string, { account: string; amount: bigint }>();
  private readonly held = new Map<string, bigint>();
  private readonly receipts = new Map<Hex, Receipt>();
  private txSeq = 0;

  /** @param nowSeconds the chain clock (unix seconds). */
  constructor(private readonly nowSeconds: () => bigint) {}

  /** Balance of `holder` in `token` (atomic units). */
  balanceOf(token: TokenInfo, holder: string): bigint {
    return this.balances.get(accountKey(token, holder)) ?? 0n;
  }

  /** Balance minus what pending payments hold. */
  available(token: TokenInfo, holder: string): bigint {
    const key = accountKey(token, holder);
    return (this.balances.get(key) ?? 0n) - (this.held.get(key) ?? 0n);
  }

  /** Credits `amount` to `holder` (control plane funding). @returns the new balance. @throws RangeError for a negative amount. */
  mint(token: TokenInfo, holder: string, amount: bigint): bigint {
    if (amount < 0n) throw new RangeError('amount must be >= 0');
    const key = accountKey(token, holder);
    const next = (this.balances.get(key) ?? 0n) + amount;
    this.balances.set(key, next);
    return next;
  }

  /** True once the authorizer's nonce was used (EIP-3009 authorizationState). */
  authorizationState(token: TokenInfo, authorizer: string, nonce: string): boolean {
    return this.usedNonces.has(nonceKey(token, authorizer, nonce));
  }

  /**
   * Reserves `amount` of `holder`'s balance for the pending payment `id` (a nonceKey), so that
   * concurrent payments from one wallet can never overdraw it between verification and settlement.
   * @returns false when the available balance is too low (nothing is held then).
   */
  hold(id: string, token: TokenInfo, holder: string, amount: bigint): boolean {
    if (this.holds.has(id)) return false;
    const account = accountKey(token, holder);
    if (this.available(token, holder) < amount) return false;
    this.holds.set(id, { account, amount });
    this.held.set(account, (this.held.get(account) ?? 0n) + amount);
    return true;
  }

  /**
   * Marks the authorizer's nonce used without moving anything (as EIP-3009 cancelAuthorization does):
   * the authorization can no longer be settled.
   */
  burn(token: TokenInfo, authorizer: string, nonce: string): void {
    this.usedNonces.add(nonceKey(token, authorizer, nonce));
  }

  /** Drops the hold `id` (no-op when absent). */
  release(id: string): void {
    const h = this.holds.get(id);
    if (!h) return;
    this.holds.delete(id);
    const left = (this.held.get(h.account) ?? 0n) - h.amount;
    if (left > 0n) this.held.set(h.account, left);
    else this.held.delete(h.account);
  }

  /**
   * Runs every check of transferWithAuthorization without changing state (an eth_call).
   * @throws LedgerRevert with the token's revert reason.
   */
  async simulateTransfer(token: TokenInfo, auth: Authorization, signature: Hex): Promise<void> {
    await this.verifySignature(token, auth, signature);
    this.checkState(token, auth);
  }

  /**
   * Executes transferWithAuthorization: moves `value` from `from` to `to`, consumes the nonce and
   * any hold of this authorization, and records a receipt with the ERC-20 Transfer log.
   * @returns the transaction hash. @throws LedgerRevert with the token's revert reason.
   */
  async transferWithAuthorization(token: TokenInfo, auth: Authorization, signature: Hex): Promise<Hex> {
    await this.verifySignature(token, auth, signature);
    // Synchronous from here on: the checks and the state change cannot interleave with another call.
    this.checkState(token, auth);
    const id = nonceKey(token, auth.from, auth.nonce);
    this.release(id);
    this.usedNonces.add(id);
    const fromKey = accountKey(token, auth.from);
    const toKey = accountKey(token, auth.to);
    this.balances.set(fromKey, (this.balances.get(fromKey) ?? 0n) - auth.value);
    this.balances.set(toKey, (this.balances.get(toKey) ?? 0n) + auth.value);
    const hash = keccak256(toHex(`stub-ledger:${token.chainId}:${++this.txSeq}:${id}`));
    this.receipts.set(hash, { status: 'success', logs: [this.transferLog(token, auth, hash)] });
    return hash;
  }

  /** The receipt of a transaction this ledger executed. */
  receipt(hash: Hex): Receipt | undefined {
    return this.receipts.get(hash);
  }

  /** Back to the seeded state: no balances, nonces, holds or receipts (control plane reset). */
  reset(): void {
    this.balances.clear();
    this.usedNonces.clear();
    this.holds.clear();
    this.held.clear();
    this.receipts.clear();
  }

  private async verifySignature(token: TokenInfo, auth: Authorization, signature: Hex): Promise<void> {
    let ok: boolean;
    try {
      ok = await verifyTypedData({
        address: getAddress(auth.from),
        domain: { name: token.name, version: token.version, chainId: token.chainId, verifyingContract: token.address },
        types: authorizationTypes,
        primaryType: 'TransferWithAuthorization',
        message: { ...auth },
        signature,
      });
    } catch {
      ok = false;
    }
    if (!ok) throw new LedgerRevert('FiatTokenV2: invalid signature');
  }

  private checkState(token: TokenInfo, auth: Authorization): void {
    const now = this.nowSeconds();
    if (!(now > auth.validAfter)) throw new LedgerRevert('FiatTokenV2: authorization is not yet valid');
    if (!(now < auth.validBefore)) throw new LedgerRevert('FiatTokenV2: authorization is expired');
    const id = nonceKey(token, auth.from, auth.nonce);
    if (this.usedNonces.has(id)) throw new LedgerRevert('FiatTokenV2: authorization is used or canceled');
    const own = this.holds.get(id)?.amount ?? 0n;
    if (this.available(token, auth.from) + own < auth.value) throw new LedgerRevert('ERC20: transfer amount exceeds balance');
  }

  private transferLog(token: TokenInfo, auth: Authorization, hash: Hex): Log {
    const topics = encodeEventTopics({ abi: TRANSFER_EVENT, eventName: 'Transfer', args: { from: auth.from, to: auth.to } });
    return {
      address: token.address,
      topics: topics as [Hex, ...Hex[]],
      data: encodeAbiParameters([{ type: 'uint256' }], [auth.value]),
      blockHash: keccak256(hash),
      blockNumber: BigInt(this.txSeq),
      logIndex: 0,
      transactionHash: hash,
      transactionIndex: 0,
      removed: false,
    };
  }
}
