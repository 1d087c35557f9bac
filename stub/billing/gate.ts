/**
 * The payment gate in front of every operation (spec: Authentication; Errors 401/402/403).
 * `admit` decides who pays before the handler runs; `finish` is told the final status so that an
 * unbilled answer (404, 429, 502, any failed upstream) is never debited or settled.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Price } from '../../contract/pricing.ts';

export interface Principal {
  accountId: string;
  via: 'api-key' | 'x402';
}

export interface Admission {
  principal?: Principal;
  /** Called once with the final status; returns headers to add (e.g. PAYMENT-RESPONSE). */
  finish(status: number): Promise<Record<string, string>>;
}

export interface AdmitRequest {
  operationId: string;
  price: Price;
  headers: IncomingHttpHeaders;
  /** Absolute URL of the request (the x402 resource). */
  url: string;
  method: string;
}

export interface Gate {
  /** @throws ApiError 401 / 402 / 403 / 409 / 422 when the request may not proceed. */
  admit(req: AdmitRequest): Promise<Admission>;
}

/** Statuses that are billed: 2xx only. 404, 429, 502 and every other failure are free (spec: Authentication, rule 7). */
export const isBilledStatus = (status: number): boolean => status >= 200 && status < 300;
