/**
 * The two dollar tokens the stub accepts (spec: Authentication, rule 6) and its fixed payee.
 * Both have 6 decimals, so 1 credit ($0.001) = 1,000 atomic units (contract/pricing.ts creditsToAtomic).
 */
import type { Network } from '@x402/core/types';
import { alt } from '../../variant.ts';

export type Hex = `0x${string}`;

export interface TokenInfo {
  network: Network;
  chainId: number;
  /** Canonical (checksummed) contract address. */
  address: Hex;
  /** EIP-712 domain name and version of the token (EIP-3009 signatures are bound to them). */
  name: string;
  version: string;
  decimals: number;
  symbol: string;
}

/** USDC on Base mainnet (eip155:8453); EIP-712 domain "USD Coin", version "2". */
export const BASE_USDC: Hex = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/** The stub's own 6-decimal dollar token on eip155:4663. */
export const SECOND_TOKEN: Hex = '0x4663000000000000000000000000000000000001';
/** The payee of every accepts entry. */
export const PAY_TO: Hex = '0x000000000000000000000000000000000000Fc01';
/** The in-process facilitator's own address (it "sends" the settlement transactions). */
export const FACILITATOR_ADDRESS: Hex = '0x00000000000000000000000000000000000Fac11';
/** maxTimeoutSeconds of every accepts entry. */
export const MAX_TIMEOUT_SECONDS = 300;

export const TOKENS: readonly TokenInfo[] = [
  { network: 'eip155:8453', chainId: 8453, address: BASE_USDC, name: 'USD Coin', version: '2', decimals: 6, symbol: 'USDC' },
  {
    network: 'eip155:4663',
    chainId: 4663,
    address: SECOND_TOKEN,
    // X402-030: the EIP-712 domain of the second token is not shown; the alternate stub names another (read at use).
    get name() {
      return alt('X402-030') ? 'Second Dollar' : 'Stub Dollar';
    },
    get version() {
      return alt('X402-030') ? '2' : '1';
    },
    decimals: 6,
    symbol: 'SUSD',
  },
];

/** The token of a CAIP-2 network id, if the stub accepts payments there. */
export const tokenOfNetwork = (network: string): TokenInfo | undefined => TOKENS.find((t) => t.network === network);
