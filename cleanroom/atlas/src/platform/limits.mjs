// Rate and concurrency limits. Each scope keeps, per principal, sliding logs
// for the one-second and one-minute windows, a UTC-day counter and an
// in-flight count. The IP guard is a separate scope keyed by client address.
import { nextUtcMidnight, utcDay } from '../util/time.mjs';
import { ApiError } from '../util/http.mjs';

export const SCOPES = {
  standard: { name: 'standard', second: 20, minute: 600, day: 20000, inflight: 10 },
  x_research: { name: 'x_research', second: 5, minute: 60, day: 500, inflight: 5 },
  ip: { name: 'ip', second: 50, minute: 1200, day: 50000, inflight: null },
};

export function policyHeader(scope) {
  const c = SCOPES[scope];
  return `"${c.name}-second";q=${c.second};w=1, "${c.name}-minute";q=${c.minute};w=60, "${c.name}-day";q=${c.day};w=86400`;
}

export class Limiter {
  constructor(config) {
    this.config = config;
    this.state = new Map();
    this.oil = new Map();
    // Forget idle principals so memory stays flat.
    this.sweeper = setInterval(() => this.sweep(), 60e3);
    this.sweeper.unref();
  }
  entry(scope, principal, now) {
    const k = scope + '|' + principal;
    let e = this.state.get(k);
    if (!e) {
      e = { sec: [], min: [], day: utcDay(now), dayCount: 0, inflight: 0, touched: now };
      this.state.set(k, e);
    }
    if (e.day !== utcDay(now)) {
      e.day = utcDay(now);
      e.dayCount = 0;
    }
    while (e.sec.length && e.sec[0] <= now - 1000) e.sec.shift();
    while (e.min.length && e.min[0] <= now - 60000) e.min.shift();
    e.touched = now;
    return e;
  }
  sweep() {
    const now = Date.now();
    for (const [k, e] of this.state) if (e.inflight === 0 && now - e.touched > 120e3 && e.day === utcDay(now) && e.dayCount === 0) this.state.delete(k);
    for (const [k, e] of this.state) if (e.inflight === 0 && now - e.touched > 26 * 3600e3) this.state.delete(k);
  }
  /** Remaining-budget header for the tightest window. */
  rateHeader(scope, e, now) {
    const c = SCOPES[scope];
    const windows = [
      ['second', c.second - e.sec.length, e.sec.length ? Math.max(1, Math.ceil((e.sec[0] + 1000 - now) / 1000)) : 1],
      ['minute', c.minute - e.min.length, e.min.length ? Math.max(1, Math.ceil((e.min[0] + 60000 - now) / 1000)) : 60],
      ['day', c.day - e.dayCount, Math.max(1, Math.ceil((nextUtcMidnight(now) - now) / 1000))],
    ];
    windows.sort((a, b) => a[1] - b[1]);
    const [w, r, t] = windows[0];
    return `"${c.name}-${w}";r=${Math.max(0, r)};t=${t}`;
  }
  /**
   * Admits one request start for (scope, principal) or throws the 429. On
   * success it returns { release, headers }; release() ends the in-flight slot.
   */
  admit(scope, principal, now = Date.now()) {
    const c = SCOPES[scope];
    const e = this.entry(scope, principal, now);
    // DEVIATION D1: the standard per-second check lets one extra request through.
    const secFull = this.config.deviations && scope === 'standard' ? e.sec.length > c.second : e.sec.length >= c.second;
    let retry = 0;
    let why = null;
    if (e.dayCount >= c.day) {
      why = 'daily';
      retry = Math.ceil((nextUtcMidnight(now) - now) / 1000);
    } else if (e.min.length >= c.minute) {
      why = 'per-minute';
      retry = Math.ceil((e.min[0] + 60000 - now) / 1000);
    } else if (secFull) {
      why = 'per-second';
      retry = Math.ceil((e.sec[0] + 1000 - now) / 1000);
    } else if (c.inflight !== null && e.inflight >= c.inflight) {
      why = 'concurrency';
      retry = 1;
    }
    const headers = { 'RateLimit-Policy': policyHeader(scope), RateLimit: this.rateHeader(scope, e, now) };
    if (c.inflight !== null) headers['X-Quotient-Max-Concurrent'] = String(c.inflight);
    if (why) {
      retry = Math.max(1, retry);
      throw new ApiError(429, 'rate_limited', `The ${c.name} ${why} limit was exceeded; retry after ${retry} second(s).`,
        { retry_after: retry, limit_scope: c.name }, { ...headers, 'Retry-After': String(retry) });
    }
    e.sec.push(now);
    e.min.push(now);
    e.dayCount += 1;
    e.inflight += 1;
    let released = false;
    return {
      headers: { ...headers, RateLimit: this.rateHeader(scope, e, now) },
      release: () => {
        if (!released) {
          released = true;
          e.inflight -= 1;
        }
      },
    };
  }
  /** Oil route: one request in flight per principal, starts at least 1 s apart. */
  admitOil(principal, now = Date.now()) {
    const o = this.oil.get(principal) || { inflight: false, lastStart: -Infinity };
    this.oil.set(principal, o);
    const gap = now - o.lastStart;
    if (o.inflight || gap < 1000) {
      const retry = 1;
      throw new ApiError(429, 'rate_limited', o.inflight ? 'One oil-signal request may be in flight at a time.' : 'Oil-signal request starts must be at least one second apart.',
        { retry_after: retry, limit_scope: 'oil_signal' },
        { 'Retry-After': String(retry), 'RateLimit-Policy': '"oil_signal-start";q=1;w=1', RateLimit: `"oil_signal-start";r=0;t=${retry}`, 'X-Quotient-Max-Concurrent': '1' });
    }
    o.inflight = true;
    o.lastStart = now;
    return () => {
      o.inflight = false;
    };
  }
}
