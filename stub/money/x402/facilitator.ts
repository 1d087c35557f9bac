/**
 * The x402 v2 machinery of the stub, built from the protocol's own SDK: an in-process
 * x402Facilitator with the exact EVM scheme over the ledger-backed signers, reached through a LOCAL
 * facilitator client (no HTTP, no network), and an x402ResourceServer that builds the accepts list
 * and verifies and settles payments through it.
 */
import { x402Facilitator } from '@x402/core/facilitator';
import { x402ResourceServer, type FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse, SupportedResponse, VerifyResponse } from '@x402/core/types';
import { convertToTokenAmount } from '@x402/core/utils';
import { ExactEvmScheme as ExactEvmFacilitatorScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmScheme as ExactEvmServerScheme } from '@x402/evm/exact/server';
import type { TokenLedger } from './ledger.ts';
import { ledgerSigner } from './signer.ts';
import { TOKENS, tokenOfNetwork } from './tokens.ts';

/** A FacilitatorClient that calls an in-process x402Facilitator directly. */
export class LocalFacilitatorClient implements FacilitatorClient {
  constructor(private readonly facilitator: x402Facilitator) {}

  verify(paymentPayload: PaymentPayload, paymentRequirements: PaymentRequirements): Promise<VerifyResponse> {
    return this.facilitator.verify(paymentPayload, paymentRequirements);
  }

  settle(paymentPayload: PaymentPayload, paymentRequirements: PaymentRequirements): Promise<SettleResponse> {
    return this.facilitator.settle(paymentPayload, paymentRequirements);
  }

  async getSupported(): Promise<SupportedResponse> {
    return this.facilitator.getSupported() as SupportedResponse;
  }
}

/** The facilitator: the exact scheme on each accepted network, settling on `ledger`. */
export function buildFacilitator(ledger: TokenLedger): x402Facilitator {
  const facilitator = new x402Facilitator();
  for (const token of TOKENS) facilitator.register(token.network, new ExactEvmFacilitatorScheme(ledgerSigner(ledger, token)));
  return facilitator;
}

/**
 * The resource server. Dollar prices are converted by the SDK's exact EVM server scheme: its default
 * asset for eip155:8453 is USDC (domain "USD Coin", version "2"); a money parser adds the stub's own
 * token on eip155:4663, which the SDK has no default for. Call `initialize()` before use.
 */
export function buildResourceServer(client: FacilitatorClient): x402ResourceServer {
  const evm = new ExactEvmServerScheme().registerMoneyParser(async (amount, network) => {
    const token = tokenOfNetwork(network);
    if (!token || token.network === 'eip155:8453') return null;
    return {
      amount: convertToTokenAmount(String(amount), token.decimals),
      asset: token.address,
      extra: { name: token.name, version: token.version },
    };
  });
  const server = new x402ResourceServer(client);
  for (const token of TOKENS) server.register(token.network, evm);
  return server;
}
