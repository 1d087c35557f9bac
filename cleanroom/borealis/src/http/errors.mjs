// The one error envelope of the API: {error, message, ...extra}. Handlers
// throw ApiError; the gate turns it into a response and decides billing.
export class ApiError extends Error {
  constructor(status, code, message, extra = {}, headers = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
  body() {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const invalid = (message, extra) => new ApiError(422, 'invalid_request', message, extra);
export const notFound = (message, extra) => new ApiError(404, 'not_found', message || 'Resource not found.', extra);
export const upstream = (message) => new ApiError(502, 'upstream_unavailable', message);
export const unavailable = (code, message) => new ApiError(503, code, message, {}, { 'retry-after': '30' });

// Statuses that the contract says are never billed (404, 429, 502 and any
// missing or failed upstream answer). 5xx covers the upstream family.
export const isUnbilledStatus = (status) => status === 404 || status === 429 || status >= 500;
