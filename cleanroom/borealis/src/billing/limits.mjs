// Fixed-window rate limits per scope and principal (second, minute, UTC day)
// plus an in-flight bound. Only admitted requests consume quota, so a burst
// of rejected calls does not extend its own lockout.
import { utcDayStart, DAY } from '../core/clock.mjs';

export const SCOPES = {
  standard: { perSecond: 20, perMinute: 600, perDay: 20000, inFlight: 10 },
  x_research: { perSecond: 5, perMinute: 60, perDay: 500, inFlight: 5 },
  ip_guard: { perSecond: 50, perMinute: 1200, perDay: 50000, inFlight: null },
};

export function createLimits(cfg) {
  const state = new Map();
  const get = (scope, principal) => {
    const k = scope + '|' + principal;
    let s = state.get(k);
    if (!s) { s = { sec: [0, 0], min: [0, 0], day: [0, 0], inFlight: 0 }; state.set(k, s); }
    return s;
  };
  const roll = (slot, windowId) => { if (slot[0] !== windowId) { slot[0] = windowId; slot[1] = 0; } };

  const policyHeader = (scope) => {
    const c = SCOPES[scope];
    return `"${scope}-1s";q=${c.perSecond};w=1, "${scope}-1m";q=${c.perMinute};w=60, "${scope}-1d";q=${c.perDay};w=86400`;
  };

  // Returns { ok:true, headers, release } or { ok:false, rejection }.
  function admit(scope, principal, at) {
    const c = SCOPES[scope];
    const s = get(scope, principal);
    const secId = Math.floor(at / 1000), minId = Math.floor(at / 60000), dayId = utcDayStart(at);
    roll(s.sec, secId); roll(s.min, minId); roll(s.day, dayId);
    const windows = [
      ['1s', s.sec[1], c.perSecond, (secId + 1) * 1000 - at],
      ['1m', s.min[1], c.perMinute, (minId + 1) * 60000 - at],
      ['1d', s.day[1], c.perDay, dayId + DAY - at],
    ];
    const base = { 'ratelimit-policy': policyHeader(scope) };
    if (c.inFlight != null) base['x-quotient-max-concurrent'] = String(c.inFlight);
    for (const [name, used, limit, resetMs] of windows) {
      if (used >= limit) {
        const retry = Math.max(1, Math.ceil(resetMs / 1000));
        return { ok: false, rejection: { scope, window: name, limit, retryAfter: retry, retryMs: resetMs, headers: { ...base, ratelimit: `"${scope}-${name}";r=0;t=${retry}`, 'retry-after': String(retry) } } };
      }
    }
    if (c.inFlight != null && s.inFlight >= c.inFlight) {
      return { ok: false, rejection: { scope, window: 'in_flight', limit: c.inFlight, retryAfter: 1, retryMs: 1000, headers: { ...base, ratelimit: `"${scope}-1s";r=${Math.max(0, c.perSecond - s.sec[1])};t=1`, 'retry-after': '1' } } };
    }
    s.sec[1]++; s.min[1]++; s.day[1]++;
    if (c.inFlight != null) s.inFlight++;
    // Report the tightest remaining window.
    let best = null;
    for (const [name, used, limit, resetMs] of windows) {
      const r = limit - used - 1;
      if (!best || r < best.r) best = { name, r, t: Math.max(1, Math.ceil(resetMs / 1000)) };
    }
    let released = false;
    const release = () => { if (!released && c.inFlight != null) { released = true; s.inFlight--; } };
    return { ok: true, headers: { ...base, ratelimit: `"${scope}-${best.name}";r=${best.r};t=${best.t}` }, release };
  }

  // The crude-oil route: one request in flight service-wide, starts >= 1 s apart.
  const oil = { inFlight: false, lastStart: 0 };
  function admitOil(at) {
    if (oil.inFlight) return { ok: false, retryAfter: 1, reason: 'A crude-oil signal request is already in flight.' };
    const gap = at - oil.lastStart;
    if (gap < 1000) return { ok: false, retryAfter: 1, reason: 'Crude-oil signal requests must start at least one second apart.' };
    oil.inFlight = true;
    oil.lastStart = at;
    let done = false;
    return { ok: true, release: () => { if (!done) { done = true; oil.inFlight = false; } } };
  }

  // Owner-scoped generation quota (venue_market_daily): N jobs per account per UTC day.
  const GEN_LIMIT = 20;
  const gen = new Map();
  function genQuota(accountId, at) {
    const day = utcDayStart(at);
    const g = gen.get(accountId);
    const used = g && g.day === day ? g.n : 0;
    return { used, limit: GEN_LIMIT, ok: used < GEN_LIMIT, retryAfter: Math.max(1, Math.ceil((day + DAY - at) / 1000)) };
  }
  function genConsume(accountId, at) {
    const day = utcDayStart(at);
    const g = gen.get(accountId);
    if (!g || g.day !== day) gen.set(accountId, { day, n: 1 }); else g.n++;
  }

  return { admit, admitOil, genQuota, genConsume, GEN_LIMIT };
}
