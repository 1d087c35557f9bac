/**
 * suites/support/property.ts: a skip raised inside a fast-check property is recognised as a skip
 * (the test's SKIPPED verdict), any other failure stays a failure with fast-check's report.
 */
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { assertProperty, skipReasonOf } from '../../suites/support/property.ts';

class TestSkipError extends Error {}

test('a Playwright skip, or one wrapped as a cause, is told apart from a failure', () => {
  expect(skipReasonOf(new TestSkipError('Test is skipped: budget: needs $0.01'))).toBe('budget: needs $0.01');
  expect(skipReasonOf(new Error('Property failed', { cause: new TestSkipError('Test is skipped: no key') }))).toBe('no key');
  expect(skipReasonOf(new Error('expect(received).toBe(expected)'))).toBeUndefined();
  expect(skipReasonOf(new TypeError('x is undefined'))).toBeUndefined();
});

test('a failing property still fails, with the seed and the original error', async () => {
  const failure = assertProperty(
    fc.asyncProperty(fc.integer({ min: 0, max: 10 }), async (n) => {
      if (n > 3) throw new Error(`too big: ${n}`);
    }),
    { seed: 7, numRuns: 50 },
  );
  await expect(failure).rejects.toThrow(/seed[\s\S]*too big/);
});

test('a passing property passes', async () => {
  await assertProperty(
    fc.asyncProperty(fc.integer(), async () => {}),
    { numRuns: 5 },
  );
});
