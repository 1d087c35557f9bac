/**
 * Where x402 test wallets get their private keys (suites/support/x402.ts `newWallet`): drawn at random,
 * or derived from FC_WALLET_SEED and the worker's index for the harness's own secret scan, which must
 * know every private key a run used. Kept apart from x402.ts so that the fixtures set it without
 * loading viem and the x402 SDK in every worker: only the suites that pay load them.
 */

/** The derivation in force: `<seed>:<worker>` and the next key's index, or undefined (random keys). */
let derivation: { seed: string; next: number } | undefined;

/**
 * Makes `newWallet` derive its keys from `seed` and this worker's index (key i =
 * keccak256("<seed>:<worker>:<i>"), i counting from 0 in the worker) instead of drawing them at
 * random; an undefined seed restores random keys. Calling it again with the same seed and worker
 * keeps the counter.
 */
export function deriveWalletsFrom(seed: string | undefined, worker: number): void {
  const scoped = seed ? `${seed}:${worker}` : undefined;
  if (!scoped) derivation = undefined;
  else if (derivation?.seed !== scoped) derivation = { seed: scoped, next: 0 };
}

/** The preimage of the next derived key (`<seed>:<worker>:<i>`, advancing i), or undefined for a random key. */
export function nextDerivedPreimage(): string | undefined {
  return derivation ? `${derivation.seed}:${derivation.next++}` : undefined;
}
