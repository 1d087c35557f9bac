/**
 * The x402 v2 challenge (PaymentRequired) of a paid route (spec: Authentication, rules 5 and 6).
 * Amounts are atomic-unit strings of 6-decimal dollar tokens equal to the route's price.
 */
import { creditsToAtomic } from '../../contract/pricing.ts';

/** USDC on Base mainnet (eip155:8453); EIP-712 domain "USD Coin", version "2". */
export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/** The stub's own 6-decimal dollar token on eip155:4663. */
export const SECOND_TOKEN = '0x4663000000000000000000000000000000000001';
export const PAY_TO = '0x000000000000000000000000000000000000fC01';

export interface PaymentRequirements {
  scheme: 'exact';
  network: `eip155:${number}`;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

export interface PaymentRequired {
  x402Version: 2;
  error?: string;
  resource: { url: string; description: string; mimeType: string };
  accepts: PaymentRequirements[];
}

/** The PaymentRequired object offered for one call of `operationId` at `credits`. */
export function paymentRequired(url: string, operationId: string, credits: number): PaymentRequired {
  const amount = creditsToAtomic(credits);
  return {
    x402Version: 2,
    error: 'PAYMENT-SIGNATURE header is required',
    resource: { url, description: operationId, mimeType: 'application/json' },
    accepts: [
      { scheme: 'exact', network: 'eip155:8453', amount, asset: BASE_USDC, payTo: PAY_TO, maxTimeoutSeconds: 300, extra: { name: 'USD Coin', version: '2' } },
      { scheme: 'exact', network: 'eip155:4663', amount, asset: SECOND_TOKEN, payTo: PAY_TO, maxTimeoutSeconds: 300, extra: { name: 'Stub Dollar', version: '1' } },
    ],
  };
}

/** base64 of the JSON, as the PAYMENT-REQUIRED / PAYMENT-RESPONSE headers carry it. */
export const encodeHeader = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
