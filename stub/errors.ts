/**
 * Every error the stub answers, as typed values with stable codes (spec: Errors). The server's error
 * handler turns an ApiError into the JSON error envelope {error, message, ...extra}.
 */
import { mutant } from './mutants.ts';
import { alt } from './variant.ts';

export type ErrorCode =
  | 'invalid_api_key'
  | 'gateway_required'
  | 'payment_required'
  | 'insufficient_credits'
  | 'entitlement_required'
  | 'not_found'
  | 'forecast_request_not_found'
  | 'link_token_not_found'
  | 'insufficient_post_history'
  | 'payment_replay_mismatch'
  | 'wallet_already_attested'
  | 'idempotency_key_reused'
  | 'invalid_request'
  | 'x402_payment_required'
  | 'forecast_topic_excluded'
  | 'rate_limited'
  | 'upstream_unavailable'
  | 'service_unavailable'
  | 'unavailable'
  | 'entitlement_inactive'
  | 'method_not_allowed';

/** Optional envelope fields (spec: Errors table). */
export interface EnvelopeExtra {
  retry_after?: number;
  retryAfter?: number;
  limit_scope?: string;
  quotaScope?: string;
  limit?: number;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: EnvelopeExtra = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  envelope(): Record<string, unknown> {
    if (mutant('err-no-message') && this.status === 422) return { error: this.code, ...this.extra };
    if (mutant('err-retry-after-on-422') && this.status === 422)
      return { error: this.code, message: this.message, retry_after: 1, ...this.extra };
    return { error: this.code, message: this.message, ...this.extra };
  }
}

/** 422 invalid_request: missing, conflicting or invalid parameters or body. */
export const invalidRequest = (message: string): ApiError => new ApiError(422, 'invalid_request', message);
/** 404 with the given code (not_found unless the spec names another). */
export const notFound = (message: string, code: ErrorCode = 'not_found', extra: EnvelopeExtra = {}): ApiError =>
  new ApiError(404, code, message, extra);
/**
 * 503: a source is unavailable or not configured. Its code is not shown (gap ERR-011): the stub's
 * service_unavailable, the alternate stub's unavailable.
 */
export const serviceUnavailable = (message: string): ApiError => new ApiError(503, unavailableCode(), message);
/** The code of every 503 (gap ERR-011). */
export const unavailableCode = (): ErrorCode => (alt('ERR-011') ? 'unavailable' : 'service_unavailable');
