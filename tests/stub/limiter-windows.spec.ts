/**
 * The limiter's window semantics on both stubs (gap LIM-025 and LIM-031; stub/limits/limiter.ts): the
 * main stub's second window slides, the alternate stub's is fixed to the clock's second and counts
 * refused requests. Driven by hand-set clocks, so the edges are exact.
 */
import { test, expect } from '@playwright/test';
import { RateLimiter } from '../../stub/limits/limiter.ts';
import { activateVariant } from '../../stub/variant.ts';
import { LIMIT_BOUNDS } from '../../contract/limits.ts';
import { ApiError } from '../../stub/errors.ts';

const BOUND = LIMIT_BOUNDS.standard.second;

/** A limiter of the given variant whose clocks both read `clock.now` (ms). */
function limiter(variant: 'main' | 'alt', clock: { now: number }): RateLimiter {
  activateVariant(variant);
  try {
    return new RateLimiter(
      () => clock.now,
      false,
      () => clock.now,
    );
  } finally {
    activateVariant('main');
  }
}

/** Admits one request; the status it would answer (200 or 429) and the 429's retry_after. */
function admit(l: RateLimiter): { status: number; retryAfter?: number } {
  try {
    // Answered at once: the in-flight hold goes back before the next request.
    l.admit('standard', 'acct').release();
    return { status: 200 };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { status: err.status, retryAfter: Number(err.envelope().retry_after) };
  }
}

for (const variant of ['main', 'alt'] as const) {
  test(`${variant}: the bound is admitted late in one second; a call just after the next second begins is ${variant === 'main' ? 'refused (sliding)' : 'admitted (fixed)'}`, () => {
    const clock = { now: 1_700_000_000_600 };
    const l = limiter(variant, clock);
    for (let i = 0; i < BOUND; i++) {
      clock.now += 10;
      expect(admit(l).status).toBe(200);
    }
    clock.now += 10;
    const refused = admit(l);
    expect(refused.status).toBe(429);
    // Sliding: the oldest admission (at .610) leaves at 1.610, 1 s after the 0.810 refusal. Fixed: the second ends.
    expect(refused.retryAfter).toBe(1);
    clock.now = 1_700_000_001_020;
    expect(admit(l).status).toBe(variant === 'main' ? 429 : 200);
  });
}

test('alt: refused requests count against the second and the minute (gap LIM-031), the day holds admissions only', () => {
  const clock = { now: 1_700_000_000_100 };
  const l = limiter('alt', clock);
  for (let i = 0; i < BOUND + 5; i++) admit(l);
  const usage = l.snapshot('standard', 'acct');
  expect(usage).toMatchObject({ second: BOUND + 5, minute: BOUND + 5, day: BOUND });
  const main = limiter('main', clock);
  for (let i = 0; i < BOUND + 5; i++) admit(main);
  expect(main.snapshot('standard', 'acct')).toMatchObject({ second: BOUND, minute: BOUND, day: BOUND });
});
