/**
 * checkPaymentChallenge follows Authentication rule 5 and the Errors table (X402-001): an unpaid call to
 * a paid route "may" answer 402 with a challenge, and 401 gateway_required is also allowed; anything
 * else is a violation. A test of the harness: it credits no catalogue rule.
 */
import { test, expect } from '@playwright/test';
import { checkPaymentChallenge } from '../../checks/errors.ts';

const challenge = Buffer.from(JSON.stringify({ x402Version: 2, accepts: [{ scheme: 'exact', network: 'eip155:8453' }] })).toString(
  'base64',
);
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  bodyText: JSON.stringify(body),
});

test('401 gateway_required is an allowed refusal of an unpaid call', () => {
  expect(checkPaymentChallenge(answer(401, { error: 'gateway_required', message: 'm' }))).toEqual([]);
});

test('a 402 with a decodable v2 challenge passes; a 402 without one is named X402-002', () => {
  expect(checkPaymentChallenge(answer(402, { error: 'payment_required', message: 'm' }, { 'payment-required': challenge }))).toEqual([]);
  expect(checkPaymentChallenge(answer(402, { error: 'payment_required', message: 'm' })).map((v) => v.ruleId)).toEqual(['X402-002']);
});

test('any other refusal or an answer is an X402-001 violation', () => {
  for (const a of [
    answer(401, { error: 'invalid_api_key', message: 'm' }),
    answer(200, {}),
    answer(403, { error: 'insufficient_credits', message: 'm' }),
  ]) {
    expect(checkPaymentChallenge(a).map((v) => v.ruleId)).toEqual(['X402-001']);
  }
});
