/**
 * Wallet attestation state (spec: GET /api/v1/wallets/link; "Link token lifecycle"; Limits rule 6):
 * single-use link tokens living 15 minutes on the stub clock, SIWE challenges of the
 * signature-challenge alternative, and which account each wallet is attested to. A wallet is one
 * EVM address, whatever the chain (it can be attested to one account only).
 */
import { randomBytes } from 'node:crypto';
import { mutant } from '../mutants.ts';
import { alt } from '../variant.ts';
import { getAddress } from 'viem';
import type { Hex } from '../money/x402/tokens.ts';

/** Link token lifetime (spec: "expires after 15 minutes"). */
export const LINK_TOKEN_TTL_MS = 15 * 60_000;
/** SIWE challenge lifetime (not shown: the stub's choice, like the link token). */
export const CHALLENGE_TTL_MS = 15 * 60_000;
/** The link token pattern of the contract (prefix neutralised as svc_). */
export const LINK_TOKEN_PATTERN = /^svc_[A-Za-z0-9_-]{43}$/;

export interface LinkToken {
  token: string;
  accountId: string;
  issuedAt: number;
  expiresAt: number;
  consumedAt: number | null;
}

export interface Attestation {
  address: Hex;
  accountId: string;
  chainId: number;
  method: 'x402' | 'signature';
  attestedAt: number;
}

export interface SiweChallenge {
  id: string;
  accountId: string;
  address: Hex;
  chainId: number;
  nonce: string;
  message: string;
  issuedAt: number;
  expiresAt: number;
  used: boolean;
}

/** The outcome of attesting a wallet to an account. */
export type AttestResult =
  | { kind: 'attested'; attestation: Attestation; alreadyAttested: boolean; undo: () => void }
  | { kind: 'conflict'; attestation: Attestation };

export class WalletRegistry {
  private readonly tokens = new Map<string, LinkToken>();
  private readonly attestations = new Map<string, Attestation>();
  private readonly challenges = new Map<string, SiweChallenge>();

  /** @param nowMs the stub clock. */
  constructor(private readonly nowMs: () => number) {}

  /** Issues a single-use link token of `accountId`: svc_ + 43 base64url characters (32 random bytes). */
  issueToken(accountId: string): LinkToken {
    const now = this.nowMs();
    const link: LinkToken = {
      token: `svc_${randomBytes(32)
        .toString('base64url')
        .slice(0, mutant('wal-token-short') ? 42 : 43)}`,
      accountId,
      issuedAt: now,
      expiresAt: now + (mutant('wal-token-16min') ? 16 * 60_000 : LINK_TOKEN_TTL_MS),
      consumedAt: null,
    };
    this.tokens.set(link.token, link);
    return link;
  }

  token(token: string): LinkToken | undefined {
    return this.tokens.get(token);
  }

  /** The token's state at the stub clock's now. */
  tokenState(link: LinkToken): 'issued' | 'expired' | 'consumed' {
    if (link.consumedAt !== null) return 'consumed';
    // mutant wal-token-14min: the expiry check counts 14 minutes while expires_at still says 15.
    const expiresAt = mutant('wal-token-14min') ? link.issuedAt + 14 * 60_000 : link.expiresAt;
    return this.nowMs() >= expiresAt ? 'expired' : 'issued';
  }

  /** Consumes a token. @returns the undo step (restores the issued state). */
  consume(link: LinkToken): () => void {
    link.consumedAt = this.nowMs();
    return () => {
      link.consumedAt = null;
    };
  }

  attestation(address: string): Attestation | undefined {
    return this.attestations.get(address.toLowerCase());
  }

  /** Wallets attested to an account, oldest first. */
  walletsOf(accountId: string): Attestation[] {
    return [...this.attestations.values()]
      .filter((a) => a.accountId === accountId)
      .sort((a, b) => a.attestedAt - b.attestedAt || (a.address < b.address ? -1 : 1));
  }

  /**
   * Attests `address` to `accountId`, unless it is attested to another account (conflict). Attesting
   * again to the same account keeps the first attestation (alreadyAttested true).
   */
  attest(address: string, accountId: string, chainId: number, method: Attestation['method']): AttestResult {
    const key = address.toLowerCase();
    const existing = this.attestations.get(key);
    if (existing && existing.accountId !== accountId) return { kind: 'conflict', attestation: existing };
    if (existing) {
      // WAL-025: the stub keeps the first attestation's time; the alternate stub refreshes it.
      const first = existing.attestedAt;
      if (alt('WAL-025')) existing.attestedAt = this.nowMs();
      return { kind: 'attested', attestation: existing, alreadyAttested: true, undo: () => void (existing.attestedAt = first) };
    }
    const attestation: Attestation = { address: getAddress(address), accountId, chainId, method, attestedAt: this.nowMs() };
    this.attestations.set(key, attestation);
    return {
      kind: 'attested',
      attestation,
      alreadyAttested: false,
      undo: () => {
        if (this.attestations.get(key) === attestation) this.attestations.delete(key);
      },
    };
  }

  /** Stores a SIWE challenge issued to `accountId`. */
  addChallenge(challenge: Omit<SiweChallenge, 'id' | 'used'>): SiweChallenge {
    const stored: SiweChallenge = { ...challenge, id: `chl_${randomBytes(16).toString('hex')}`, used: false };
    this.challenges.set(stored.id, stored);
    return stored;
  }

  /** A challenge by id, or by its exact message text. */
  findChallenge(ref: string): SiweChallenge | undefined {
    return this.challenges.get(ref) ?? [...this.challenges.values()].find((c) => c.message === ref);
  }

  /** Back to the seeded state: no tokens, challenges or attestations (control plane reset). */
  reset(): void {
    this.tokens.clear();
    this.attestations.clear();
    this.challenges.clear();
  }
}
