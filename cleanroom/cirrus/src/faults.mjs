// Upstream fault injection (control plane). A fault names a method and either
// a contract path template or one concrete path, optionally limited to calls
// carrying X-Fault-Scope, for a number of calls or until cleared.
export function takeFault(st, method, template, path, scopeHeader) {
  let decoded = path;
  try { decoded = decodeURIComponent(path); } catch { /* keep the raw path */ }
  const i = st.faults.findIndex((f) => f.method === method && (f.path === template || f.path === path || f.path === decoded) && (f.scope === null || f.scope === scopeHeader));
  if (i < 0) return null;
  const f = st.faults[i];
  if (f.remaining !== null) {
    f.remaining--;
    if (f.remaining <= 0) st.faults.splice(i, 1);
  }
  return f;
}

const CODES = { 400: 'invalid_request', 401: 'invalid_api_key', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 422: 'invalid_request', 429: 'rate_limited', 500: 'upstream_error', 502: 'upstream_unavailable', 503: 'service_unavailable', 504: 'upstream_timeout' };

// Route-specific error codes for an injected upstream failure.
export function faultCode(route, status) {
  if (route.faultCodes && route.faultCodes[status]) return route.faultCodes[status];
  return CODES[status] ?? (status >= 500 ? 'upstream_error' : 'upstream_rejected');
}
