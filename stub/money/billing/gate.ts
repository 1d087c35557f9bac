/**
 * The payment gate in front of every operation (spec: Authentication; Errors 401/402/403/409).
 * `admit` decides who pays before the handler runs; `finish` is told the final status so that an
 * unbilled answer (404, 429, 502, any failed upstream) is never debited or settled.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Price } from '../../../contract/pricing.ts';

export interface Principal {
  /** acct_N for an API key; `x402:<payer address, lowercase>` for a payment. */
  accountId: string;
  via: 'api-key' | 'x402';
  /** x402 only: the verified payer wallet and the payment's network. */
  payer?: { address: `0x${string}`; network: string; chainId: number };
  /**
   * Registers an undo step, run if the answer ends up unbilled after the handler succeeded (the
   * x402 settlement failed): e.g. the wallet link undoes its attestation and token consumption.
   */
  onUnbilled?(undo: () => void): void;
}

export interface Admission {
  principal?: Principal;
  /**
   * Called with the final status (and `billable: false` when the handler reports a missing upstream
   * answer); returns headers to add (e.g. PAYMENT-RESPONSE). Only the first call counts. Answers at
   * once, except where an x402 settlement waits on the facilitator (a promise then).
   * @throws ApiError 402 when a billed x402 answer cannot be settled.
   */
  finish(status: number, billable?: boolean): AddedHeaders | Promise<AddedHeaders>;
}

/** Headers an admission adds to the answer. */
export type AddedHeaders = Readonly<Record<string, string>>;

/** No headers to add (shared: never written to). */
export const NO_HEADERS: AddedHeaders = Object.freeze({});

export interface AdmitRequest {
  operationId: string;
  price: Price;
  headers: IncomingHttpHeaders;
  /** Absolute URL of the request (the x402 resource). */
  url: string;
  method: string;
  /**
   * Runs once the caller is identified (an entitled API-key account, or the verified payer of a signed
   * x402 payment) and before anything is debited or settled; throwing an ApiError refuses the call
   * undebited and unsettled (a limit's or an owner-scoped quota's 429: Limits rule 2, Authentication rule 7).
   */
  beforeDebit?: (principal: Principal) => void;
}

export interface Gate {
  /**
   * Admits a call. Answers at once (an API key, a free route, a refusal decided from the headers);
   * a promise where an x402 payment is verified or a challenge is built.
   * @throws ApiError 401 / 402 / 403 / 409 / 422 when the request may not proceed (thrown, or the promise's rejection).
   */
  admit(req: AdmitRequest): Admission | Promise<Admission>;
  /**
   * The PAYMENT-REQUIRED header of a fresh challenge for one call of `operationId` at `url` (the x402
   * v2 PaymentRequired, base64 JSON), for a route that refuses an unpaid call with a status other than
   * 402 and still tells the client what to pay (the alternate stub's wallet link, gap WAL-022).
   */
  challengeHeaders(url: string, operationId: string): Promise<Record<string, string>>;
}

/** Statuses that are billed: 2xx only. 404, 429, 502 and every other failure are free (spec: Authentication, rule 7). */
export const isBilledStatus = (status: number): boolean => status >= 200 && status < 300;
