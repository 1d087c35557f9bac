/**
 * The foundation gate: accepts API keys from a configured list and debits nothing yet. Paid routes
 * without a key answer the x402 challenge (402 payment_required); key-only routes answer 401.
 */
import { ApiError } from '../errors.ts';
import type { Admission, AdmitRequest, Gate } from './gate.ts';
import { paymentRequired, encodeHeader } from './challenge.ts';

const free: Admission = { finish: async () => ({}) };

export class KeyListGate implements Gate {
  constructor(private readonly keys: ReadonlySet<string>) {}

  async admit(req: AdmitRequest): Promise<Admission> {
    const { price } = req;
    const raw = req.headers['x-service-api-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (price.credits === 0 && !price.keyOnly) return free;
    if (key !== undefined) {
      if (!this.keys.has(key)) throw new ApiError(401, 'invalid_api_key', 'The x-service-api-key is not valid');
      return { principal: { accountId: `key:${[...this.keys].indexOf(key)}`, via: 'api-key' }, finish: async () => ({}) };
    }
    if (!price.x402) throw new ApiError(401, 'gateway_required', 'This route needs an API key in x-service-api-key');
    const challenge = paymentRequired(req.url, req.operationId, price.credits);
    throw new ApiError(402, 'payment_required', 'Payment required: pay with x402 or send an API key', {}, { 'PAYMENT-REQUIRED': encodeHeader(challenge) });
  }
}
