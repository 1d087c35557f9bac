/**
 * LIM-014 beyond its one registry fixture: a refusal under the IP guard's room is tightening only when
 * it is the guard's own 429 during abuse. Tests of the harness: no rule annotation, nothing credited.
 */
import { expect, test } from '@playwright/test';
import { runCheck } from '../define.ts';
import { CHECKS } from '../registry.ts';

const judge = (...args: Parameters<typeof CHECKS.checkGuardTightening.run>[0]) =>
  runCheck(CHECKS.checkGuardTightening, args, { strict: true }).map((v) => v.message);

test('checkGuardTightening: another scope’s 429 or another status under the room is no tightening; past the room nothing is judged', () => {
  expect(judge([{ status: 200 }, { status: 429, limitScope: 'standard' }], 3, true)).toEqual([
    expect.stringContaining('not by the IP guard'),
  ]);
  expect(judge([{ status: 200 }, { status: 503 }], 3, true)).toEqual([expect.stringContaining('answered 503')]);
  expect(judge([{ status: 200 }, { status: 429 }], 3, false)).toEqual([expect.stringContaining('only during abuse')]);
  // A 429 after the room is used up is the bound itself, not tightening (LIM-009's, judged by checkBurst).
  expect(judge([{ status: 200 }, { status: 200 }, { status: 429, limitScope: 'standard' }], 2, false)).toEqual([]);
});

test("checkQuotaPolicies: a policy stating the refusing limit's window must state its quota, in either syntax; only the guard may state less", () => {
  const judgeQuota = (...args: Parameters<typeof CHECKS.checkQuotaPolicies.run>[0]) =>
    runCheck(CHECKS.checkQuotaPolicies, args, { strict: true }).map((v) => v.message);
  expect(judgeQuota('"standard-second";q=21;w=1', { scope: 'standard', limit: 'second' })).toEqual([expect.stringContaining('q=21;w=1')]);
  expect(judgeQuota('"ip_guard-second";q=21;w=1', { scope: 'ip_guard', limit: 'second' })).toEqual([]);
  expect(judgeQuota('"ip_guard-second";q=51;w=1', { scope: 'ip_guard', limit: 'second' })).toHaveLength(1);
  expect(judgeQuota('"x_research-concurrency";q=10', { scope: 'x_research', limit: 'concurrency' })).toHaveLength(1);
  // A minute's policy over another window does not state the minute limit: nothing to judge.
  expect(judgeQuota('20;w=1, 600;w=61', { scope: 'standard', limit: 'minute' })).toEqual([]);
  expect(judgeQuota('20;w=1, 601;w=60', { scope: 'standard', limit: 'minute' })).toEqual([expect.stringContaining('"#2" q=601;w=60')]);
  // The standard per-second figure is no figure of the social research scope.
  expect(judgeQuota('"s";q=20;w=1', { scope: 'x_research', limit: 'second' })).toHaveLength(1);
  expect(judgeQuota('"oil-spacing";q=1;w=1, "oil-concurrency";q=1', { scope: 'oil', limit: 'concurrency' })).toEqual([]);
});
