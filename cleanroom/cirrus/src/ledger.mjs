// The in-memory token ledger standing in for the two chains: balances of the
// two accepted dollar tokens (6 decimals) and the EIP-3009 authorizations
// already used (a nonce is spent once per token and signer).
import { getAddress } from 'viem';
import { sha256Hex } from './util/rng.mjs';

export const NETWORKS = {
  'eip155:8453': { network: 'eip155:8453', chainId: 8453, asset: getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'), name: 'USD Coin', version: '2', symbol: 'USDC', decimals: 6 },
  'eip155:4663': { network: 'eip155:4663', chainId: 4663, asset: getAddress('0x' + sha256Hex('cirrus-token-4663').slice(0, 40)), name: 'Stratus Dollar', version: '1', symbol: 'SUSD', decimals: 6 },
};
// Challenge order: Base first, then the second token. Clients select by scheme,
// network and asset, never by position.
export const NETWORK_ORDER = ['eip155:8453', 'eip155:4663'];

export function createLedger() {
  return { balances: new Map(), used: new Map(), pending: new Set(), transfers: [] };
}

const k = (network, addr) => `${network}|${addr.toLowerCase()}`;
export const balanceOf = (led, network, addr) => led.balances.get(k(network, addr)) ?? 0n;
export function mint(led, network, addr, amount) {
  led.balances.set(k(network, addr), balanceOf(led, network, addr) + amount);
  return balanceOf(led, network, addr);
}
export function transfer(led, network, from, to, amount) {
  const b = balanceOf(led, network, from);
  if (b < amount) return false;
  led.balances.set(k(network, from), b - amount);
  led.balances.set(k(network, to), balanceOf(led, network, to) + amount);
  return true;
}
export const nonceKey = (network, from, nonce) => `${network}|${from.toLowerCase()}|${nonce.toLowerCase()}`;
