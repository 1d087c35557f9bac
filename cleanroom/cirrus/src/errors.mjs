// The one error type of the service. Every failure path throws an ApiError so
// that the pipeline can render the shared envelope {error, message, ...extra}
// and decide billing from the status alone.
export class ApiError extends Error {
  constructor(status, code, message, extra = {}, headers = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

export const invalid = (message, extra) => new ApiError(422, 'invalid_request', message, extra);
export const notFound = (message, code = 'not_found', extra) => new ApiError(404, code, message, extra);
