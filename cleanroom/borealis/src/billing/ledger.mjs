// Simulated chain: one token balance per (network, wallet), in atomic units.
// Every wallet starts at zero; WALLET_FUNDS credits the listed wallets on each
// supported network at start. Settled authorizations are kept (by nonce) so a
// replay can be recognised.
import { keccak256, toHex } from 'viem';

export function createLedger(cfg, networks) {
  const balances = new Map();
  const k = (network, addr) => `${network}|${addr.toLowerCase()}`;
  for (const [addr, usd] of cfg.walletFunds) {
    for (const n of networks) balances.set(k(n.network, addr), BigInt(Math.round(usd * 10 ** n.decimals)));
  }
  const settled = new Map(); // nonceKey -> { fingerprint, response, settlement }
  let seq = 0;
  return {
    balance: (network, addr) => balances.get(k(network, addr)) ?? 0n,
    transfer(network, from, to, amount) {
      const fb = balances.get(k(network, from)) ?? 0n;
      if (fb < amount) return false;
      balances.set(k(network, from), fb - amount);
      balances.set(k(network, to), (balances.get(k(network, to)) ?? 0n) + amount);
      return true;
    },
    txHash: (nonceKey) => keccak256(toHex(`borealis-settle:${nonceKey}:${++seq}`)),
    settledRecord: (nonceKey) => settled.get(nonceKey) || null,
    remember(nonceKey, record) {
      settled.set(nonceKey, record);
      // Bound memory: forget the oldest records beyond 20k.
      if (settled.size > 20000) settled.delete(settled.keys().next().value);
    },
  };
}
