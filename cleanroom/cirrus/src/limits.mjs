// Rate limits of the Limits table. Second and minute windows slide (an
// admission leaves them 1 s / 60 s later); the day window is the UTC day.
// Every scope is keyed by its principal: an account, a payer wallet, or for
// the guard a client address. A rejected request is never admitted.
import { ApiError } from './errors.mjs';
import { utcDayStart, secondsToUtcMidnight } from './util/time.mjs';

export const BOUNDS = {
  standard: { second: 20, minute: 600, day: 20000, inFlight: 10 },
  x_research: { second: 5, minute: 60, day: 500, inFlight: 5 },
  ip_guard: { second: 50, minute: 1200, day: 50000, inFlight: null },
};
export const policyHeader = (scope) => { const b = BOUNDS[scope]; return `${b.second};w=1, ${b.minute};w=60, ${b.day};w=86400`; };

export function usageOf(st, scope, key, now) {
  const id = `${scope}|${key}`;
  let u = st.usage.get(id);
  if (!u) { u = { sec: [], min: [], day: utcDayStart(now), dayCount: 0, inFlight: 0 }; st.usage.set(id, u); }
  while (u.sec.length && u.sec[0] <= now - 1000) u.sec.shift();
  while (u.min.length && u.min[0] <= now - 60_000) u.min.shift();
  if (utcDayStart(now) !== u.day) { u.day = utcDayStart(now); u.dayCount = 0; }
  return u;
}

// Returns null when admissible, else the rejection facts.
export function check(st, scope, key, now, dev) {
  const b = BOUNDS[scope];
  const u = usageOf(st, scope, key, now);
  if (b.inFlight && u.inFlight >= b.inFlight) return { scope, window: 'concurrency', limit: b.inFlight, retryAfter: 1 };
  if (u.sec.length >= b.second) return { scope, window: 'second', limit: b.second, retryAfter: Math.max(1, Math.ceil((u.sec[0] + 1000 - now) / 1000)) };
  // DEVIATION D3 (DEVIATIONS=on): the minute window compares with ">" and so
  // admits one request beyond its bound.
  if (dev ? u.min.length > b.minute : u.min.length >= b.minute) return { scope, window: 'minute', limit: b.minute, retryAfter: Math.max(1, Math.ceil((u.min[0] + 60_000 - now) / 1000)) };
  if (u.dayCount >= b.day) return { scope, window: 'day', limit: b.day, retryAfter: secondsToUtcMidnight(now) };
  return null;
}

export function admit(st, scope, key, now) {
  const u = usageOf(st, scope, key, now);
  u.sec.push(now); u.min.push(now); u.dayCount++;
  if (BOUNDS[scope].inFlight) u.inFlight++;
  return u;
}
export function release(st, scope, key) {
  const u = st.usage.get(`${scope}|${key}`);
  if (u && u.inFlight > 0) u.inFlight--;
}

// RateLimit header for an admitted request: the window closest to exhaustion.
export function rateHeaders(st, scope, key, now) {
  const b = BOUNDS[scope];
  const u = usageOf(st, scope, key, now);
  const wins = [
    { limit: b.second, remaining: b.second - u.sec.length, reset: 1 },
    { limit: b.minute, remaining: b.minute - u.min.length, reset: u.min.length ? Math.max(1, Math.ceil((u.min[0] + 60_000 - now) / 1000)) : 60 },
    { limit: b.day, remaining: b.day - u.dayCount, reset: secondsToUtcMidnight(now) },
  ];
  const w = wins.reduce((a, c) => (c.remaining < a.remaining ? c : a));
  return { RateLimit: `limit=${w.limit}, remaining=${Math.max(0, w.remaining)}, reset=${w.reset}`, 'RateLimit-Policy': policyHeader(scope) };
}

export function rejection(r) {
  const headers = {
    'Retry-After': String(r.retryAfter),
    RateLimit: `limit=${r.limit}, remaining=0, reset=${r.retryAfter}`,
    'RateLimit-Policy': r.scope === 'oil_signal' ? '1;w=1' : policyHeader(r.scope),
  };
  if (r.scope !== 'ip_guard') headers['X-Quotient-Max-Concurrent'] = String(r.scope === 'oil_signal' ? 1 : BOUNDS[r.scope].inFlight);
  const what = r.window === 'concurrency' ? 'concurrent requests' : `requests per ${r.window}`;
  return new ApiError(429, 'rate_limited', `Too many ${what} for the ${r.scope} limit (${r.limit}).`, { retry_after: r.retryAfter, limit_scope: r.scope }, headers);
}

// The oil route's own guard: one request in flight per principal, starts at
// least one second apart. Not lifted by the tier switch.
export function oilCheck(st, key, now) {
  const g = st.oilGuard.get(key);
  if (!g) return null;
  if (g.inFlight) return { scope: 'oil_signal', window: 'concurrency', limit: 1, retryAfter: 1 };
  if (now - g.lastStart < 1000) return { scope: 'oil_signal', window: 'second', limit: 1, retryAfter: 1 };
  return null;
}
export function oilAdmit(st, key, now) { st.oilGuard.set(key, { inFlight: true, lastStart: now }); }
export function oilRelease(st, key) { const g = st.oilGuard.get(key); if (g) g.inFlight = false; }

// Control plane: preload one window.
export function preload(st, scope, key, window, count, now) {
  const u = usageOf(st, scope, key, now);
  if (window === 'second') u.sec = Array(count).fill(now);
  else if (window === 'minute') u.min = Array(count).fill(now);
  else { u.day = utcDayStart(now); u.dayCount = count; }
  return { second: u.sec.length, minute: u.min.length, day: u.dayCount, inFlight: u.inFlight };
}
