/**
 * The x402 v2 challenge (PaymentRequired) of a paid route (spec: Authentication, rules 5 and 6),
 * built by the SDK's resource server: one `exact` entry per accepted network, amounts in atomic
 * units of the 6-decimal dollar tokens equal to the route's price, and the PAYMENT-REQUIRED header
 * encoded by @x402/core/http.
 */
import type { x402ResourceServer } from '@x402/core/server';
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { encodePaymentRequiredHeader } from '@x402/core/http';
import { creditsToUsdString } from '../../../contract/pricing.ts';
import { ApiError, type ErrorCode } from '../../errors.ts';
import { MAX_TIMEOUT_SECONDS, PAY_TO, TOKENS } from '../x402/tokens.ts';
import { mutant } from '../../mutants.ts';
import { alt } from '../../variant.ts';

/** The alternate stub's payee and maxTimeoutSeconds (gap X402-021). */
const ALT_PAY_TO = '0x000000000000000000000000000000000000a17e';
const ALT_MAX_TIMEOUT_SECONDS = 120;

export { BASE_USDC, SECOND_TOKEN } from '../x402/tokens.ts';

export class Challenges {
  private readonly byCredits = new Map<number, Promise<PaymentRequirements[]>>();

  /** @param ready resolves once the resource server is initialized. */
  constructor(
    private readonly server: x402ResourceServer,
    private readonly ready: () => Promise<void>,
  ) {}

  /** The accepts entries for a price in credits (built once per price). */
  requirements(credits: number): Promise<PaymentRequirements[]> {
    let reqs = this.byCredits.get(credits);
    if (!reqs) {
      reqs = this.ready().then(() =>
        this.server.buildPaymentRequirementsFromOptions(
          TOKENS.map((t) => ({
            scheme: 'exact',
            network: t.network,
            // X402-021: the alternate stub names another payee and a shorter timeout.
            payTo: alt('X402-021') ? ALT_PAY_TO : PAY_TO,
            price: `$${creditsToUsdString(credits)}`,
            maxTimeoutSeconds: alt('X402-021') ? ALT_MAX_TIMEOUT_SECONDS : MAX_TIMEOUT_SECONDS,
          })),
          undefined,
        ),
      );
      reqs.catch(() => this.byCredits.delete(credits));
      this.byCredits.set(credits, reqs);
    }
    return reqs;
  }

  /** The PaymentRequired object offered for one call of `operationId` at `url`. */
  async paymentRequired(url: string, operationId: string, credits: number, error: string): Promise<PaymentRequired> {
    // Mutant x402-oil-no-marks-unrounded: without marks, the oil challenge asks three quarters of the price (round-7 bug).
    const unrounded =
      mutant('x402-oil-no-marks-unrounded') &&
      operationId === 'getOilSignal' &&
      new URL(url, 'http://stub').searchParams.get('include_marks') === 'false';
    const accepts = (await this.requirements(credits)).map((a, i) =>
      unrounded
        ? { ...a, amount: String((BigInt(a.amount) * 3n) / 4n) }
        : (mutant('x402-amount-off') && i === 1) || (mutant('x402-amount-off-oil') && i === 0 && operationId === 'getOilSignal')
          ? { ...a, amount: String(BigInt(a.amount) + 1n) }
          : mutant('x402-decimals-18') && i === 1
            ? { ...a, extra: { ...a.extra, decimals: 18 } }
            : a,
    );
    return this.server.createPaymentRequiredResponse(accepts, { url, description: operationId, mimeType: 'application/json' }, error);
  }

  /** A 402 ApiError carrying a fresh challenge in PAYMENT-REQUIRED. */
  async error(url: string, operationId: string, credits: number, code: ErrorCode, message: string): Promise<ApiError> {
    const challenge = await this.paymentRequired(url, operationId, credits, message);
    if (mutant('x402-no-challenge-header') || (mutant('x402-no-challenge-header-sources') && operationId === 'listSources'))
      return new ApiError(402, code, message);
    if (mutant('x402-402-wrong-code'))
      return new ApiError(
        402,
        'payment_requested' as ErrorCode,
        message,
        {},
        { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(challenge) },
      );
    // X402-023: the alternate stub also puts the PaymentRequired members in the 402 body, beside the envelope.
    const body = alt('X402-023') ? { x402Version: challenge.x402Version, resource: challenge.resource, accepts: challenge.accepts } : {};
    return new ApiError(402, code, message, body, { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(challenge) });
  }
}
