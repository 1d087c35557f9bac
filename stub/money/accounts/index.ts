/** Public API of the stub's account state: credit accounts and wallet attestation. */
export { AccountStore } from './store.ts';
export { WalletRegistry, CHALLENGE_TTL_MS, LINK_TOKEN_PATTERN, type Attestation } from '../../wallets/registry.ts';
