/** Public API of the stub's account state: credit accounts and wallet attestation. */
export { AccountStore, DEFAULT_KEY_CREDITS, type Account, type Debit, type LedgerEntry } from './store.ts';
export { WalletRegistry, LINK_TOKEN_TTL_MS, CHALLENGE_TTL_MS, LINK_TOKEN_PATTERN, type Attestation, type AttestResult, type LinkToken, type SiweChallenge } from './wallets.ts';
