/** Fixtures of the limit checks (checks/limits.ts): the 429 anatomy, a burst against a bound, the IP guard's tightening (LIM-014). */
import type { LimitAnswer } from '../limits.ts';
import { CHECKS } from '../registry.ts';
import { cases, mutate } from './cases.ts';

const C = CHECKS;

/** A 429 of the per-IP guard's minute (or of the scope and policy given), for LIM-020's retries. */
const guardMinute = (policy = '"ip_guard-minute";q=1200;w=60', scope = 'ip_guard'): LimitAnswer => ({
  status: 429,
  headers: { 'retry-after': '30', 'ratelimit-policy': policy },
  body: { error: 'rate_limited', message: 'Too many requests', retry_after: 30, limit_scope: scope },
});

/** A conforming 429 of the standard scope's per-second bound. */
const refused: LimitAnswer = {
  status: 429,
  headers: {
    'retry-after': '1',
    'ratelimit-policy': '"standard-second";q=20;w=1, "standard-minute";q=600;w=60',
    ratelimit: '"standard-second";r=0;t=1',
  },
  body: { error: 'rate_limited', message: 'Too many requests', retry_after: 1, limit_scope: 'standard' },
};
/** The same for a concurrency rejection (X-Quotient-Max-Concurrent due). */
const concurrent = mutate(refused, (a) => ((a.headers as Record<string, string>)['x-quotient-max-concurrent'] = '10'));
const body = (a: LimitAnswer) => a.body as Record<string, unknown>;
const headers = (a: LimitAnswer) => a.headers as Record<string, string>;

const ok20 = [...Array<number>(20).fill(200), 429];

export const LIMIT_CASES = [
  cases({
    check: C.checkRateLimited,
    ok: [[refused], [refused, { scope: 'standard' }], [concurrent, { scope: 'standard', maxConcurrent: 10 }, 'LIM-004']],
    bad: {
      'ERR-009': [mutate(refused, (a) => (body(a).error = 'too_many_requests'))],
      'LIM-019': [mutate(refused, (a) => (body(a).retry_after = '1'))],
      'CONTRACT-003': [mutate(refused, (a) => delete headers(a)['retry-after'])],
      'LIM-024': [mutate(refused, (a) => (headers(a)['retry-after'] = '2'))],
      'LIM-029': [refused, { scope: 'x_research' }],
      'LIM-021': [mutate(refused, (a) => delete headers(a)['ratelimit-policy'])],
      'LIM-022': [mutate(refused, (a) => delete headers(a).ratelimit)],
      'LIM-028': [mutate(refused, (a) => (headers(a).ratelimit = 'standard-second;r=1'))],
      'LIM-023': [refused, { maxConcurrent: 10 }],
      'LIM-030': [mutate(refused, (a) => (headers(a)['x-quotient-max-concurrent'] = '5')), { maxConcurrent: 10 }],
      // The caller names the rule a non-429 breaks (e.g. the oil spacing's).
      'OIL-012': [{ ...refused, status: 200 }, {}, 'OIL-012'],
    },
  }),
  // retry_after and Retry-After state one wait (both in seconds; the header may be an HTTP-date read against Date).
  cases({
    check: C.checkRateLimited,
    ok: [],
    bad: {
      // A wait in ms where the header says s (round 5's signals_429_retry_after_ms).
      'LIM-019': [mutate(refused, (a) => ((body(a).retry_after = 60000), (headers(a)['retry-after'] = '60')))],
      // An HTTP-date three seconds after the answer's Date for a retry_after of 2: one wait, another form (a warning only).
      'LIM-024': [
        mutate(refused, (a) => {
          body(a).retry_after = 2;
          headers(a).date = 'Sun, 29 Nov 2026 18:00:00 GMT';
          headers(a)['retry-after'] = 'Sun, 29 Nov 2026 18:00:03 GMT';
        }),
      ],
    },
  }),
  cases({
    check: C.checkBurst,
    ok: [
      ['LIM-001', 'standard per-second', ok20, 20],
      ['LIM-009', 'per-IP guard per-second', [...Array<number>(18).fill(200), 429, 429], 20, true],
    ],
    bad: {
      'LIM-001': ['LIM-001', 'standard per-second', [...Array<number>(21).fill(200), 429], 20],
      'LIM-005': ['LIM-005', 'social per-second', [200, 200, 200, 200, 429, 429], 5],
      'LIM-009': ['LIM-009', 'per-IP guard per-second', [...Array<number>(20).fill(200), 500], 20, true],
    },
  }),
  cases({
    check: C.checkQuotaPolicies,
    ok: [
      [
        '"standard-second";q=20;w=1, "standard-minute";q=600;w=60, "standard-day";q=20000;w=86400, "standard-concurrency";q=10',
        { scope: 'standard', limit: 'second' },
      ],
      // The earlier draft syntax (gap LIM-028's alternate) carries the same figures.
      ['5;w=1, 60;w=60, 500;w=86400, 5', { scope: 'x_research', limit: 'concurrency' }],
      // The per-IP guard may tighten; the oil route's spacing; other quotas listed beside the refusing one.
      ['"ip_guard-second";q=30;w=1', { scope: 'ip_guard', limit: 'second' }],
      ['"oil-concurrency";q=1, "oil-spacing";q=1;w=1', { scope: 'oil', limit: 'spacing' }],
      ['"venue_market_daily";q=50;w=86400, "standard-day";q=20000;w=86400', { scope: 'standard', limit: 'day' }],
      // A concurrency refusal listing the scope's rate policies only: its limit is not stated, nothing to judge (issue 32).
      ['20;w=1, 600;w=60, 20000;w=86400', { scope: 'standard', limit: 'concurrency' }],
      // No header, or one in no syntax read: nothing to judge here (LIM-021, LIM-028).
      [undefined, { scope: 'standard', limit: 'second' }],
      ['standard-second;r=1', { scope: 'standard', limit: 'second' }],
    ],
    bad: {
      // The per-second policy one above the bound (mutant lim-policy-quota-off).
      'LIM-033': ['"standard-second";q=21;w=1, "standard-minute";q=600;w=60', { scope: 'standard', limit: 'second' }],
    },
  }),
  cases({
    check: C.checkRetryAdmitted,
    ok: [
      // Admitted once the stated wait passed.
      [guardMinute(), { status: 200, headers: {}, body: {} }, 'a retry'],
      // Refused again by another limit (the key's own scope), or by a guard that now states a lower quota (tightened).
      [guardMinute(), guardMinute('"standard-minute";q=600;w=60', 'standard'), 'a retry'],
      [guardMinute(), guardMinute('"ip_guard-minute";q=600;w=60'), 'a retry'],
    ],
    bad: {
      // Refused again by the same limit at the same quota: the stated wait was too short (round-14 bug).
      'LIM-020': [guardMinute(), guardMinute(), 'a retry'],
    },
  }),
  cases({
    check: C.checkGuardTightening,
    ok: [
      // The guard admits its whole bound: it never tightened.
      [ok20.map((status) => ({ status })), 20, false],
      // Tightened while the client was abusing it, with the guard's own 429.
      [[{ status: 200 }, { status: 429, limitScope: 'ip_guard' }, { status: 429 }], 3, true],
    ],
    bad: {
      'LIM-014': [[{ status: 200 }, { status: 429, limitScope: 'ip_guard' }], 3, false],
    },
  }),
];
