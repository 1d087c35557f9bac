/**
 * The debit of each API-key call on a harness-made account (suites/support/ledger-watch.ts): what an answer owes by the
 * spec, how a group of overlapping calls is judged, and how calls are grouped around the balance reads. Tests of the
 * harness: a custom GroupJudge records the groups, so nothing is credited to a catalogue rule.
 */
import { test, expect } from '@playwright/test';
import type { APIResponse } from '@playwright/test';
import {
  judgeGroup,
  owed,
  watchAccount,
  unwatchAccounts,
  watchedAttempt,
  balanceSet,
  type Answered,
} from '../../suites/support/ledger-watch.ts';

test('what an answer owes: the reference price on a 2xx, nothing on a 404, 429, 502 or 503 or on a free route; else unknown', () => {
  expect(owed('searchMarkets', 200)).toEqual({ rule: 'BILL-001', credits: 10 });
  expect(owed('searchSocial', 200)).toEqual({ rule: 'BILL-001', credits: 500 });
  expect(owed('getAssetStance', 404)).toEqual({ rule: 'BILL-002', credits: 0 });
  expect(owed('listMarkets', 429)).toEqual({ rule: 'LIM-017', credits: 0 });
  expect(owed('getLatest', 502)).toEqual({ rule: 'BILL-003', credits: 0 });
  expect(owed('getAssetStance', 503)).toEqual({ rule: 'BILL-004', credits: 0 });
  // The wallet link's own text: none of its errors is billed (a 422 elsewhere is gap BILL-013).
  expect(owed('linkWallet', 422)).toEqual({ rule: 'WAL-010', credits: 0 });
  expect(owed('linkWallet', 409)).toEqual({ rule: 'WAL-009', credits: 0 });
  // Other routes' own statements (the catalogue's `unbilled` statuses) before the general rule.
  expect(owed('getMarketSignals', 404)).toEqual({ rule: 'EVID-011', credits: 0 });
  expect(owed('searchSocial', 502)).toEqual({ rule: 'XSRCH-007', credits: 0 });
  expect(owed('createSocialProfile', 502)).toEqual({ rule: 'PROF-010', credits: 0 });
  // A free route never debits, whatever it answered and whether or not a key came with it.
  for (const status of [200, 404, 422]) expect(owed('getForecastTargets', status)).toEqual({ rule: 'BILL-012', credits: 0 });
  expect(owed('getForecastRequest', 200)).toEqual({ rule: 'BILL-012', credits: 0 });
  // Not stated: a 422's billing (gap BILL-013), a route priced by its challenge, a generation (replays, gap JOB-026),
  // a 404 of a route whose 404 the spec does not show.
  for (const [op, status] of [
    ['searchMarkets', 422],
    ['listMarkets', 200],
    ['createForecastRequest', 202],
    ['listMarkets', 404],
    [undefined, 200],
  ] as const)
    expect(owed(op, status)).toHaveProperty('unknown');
});

test('a group is held to what its answers owe: a match credits each call, a one-kind mismatch fails its rule, a mixed one is unjudged', () => {
  const ok = judgeGroup([{ operationId: 'searchMarkets', status: 200 }], 1000, 990, 0);
  expect(ok.violations).toEqual([]);
  expect(ok.instances).toEqual([{ rule: 'BILL-001', operationId: 'searchMarkets', status: 200 }]);

  const twice = judgeGroup([{ operationId: 'searchMarkets', status: 200 }], 1000, 980, 0);
  expect(twice.violations.map((v) => v.ruleId)).toEqual(['BILL-001']);
  expect(twice.violations[0]!.message).toContain('debited 20');
  expect(twice.instances).toEqual([]);

  const billed404 = judgeGroup(
    [
      { operationId: 'getMarketSignals', status: 404 },
      { operationId: 'getMarketSignals', status: 404 },
    ],
    1000,
    990,
    0,
  );
  // The route's own statement (EVID-011) judges its 404s before the general BILL-002.
  expect(billed404.violations.map((v) => v.ruleId)).toEqual(['EVID-011']);

  // A burst of 2xx and 429 answers that took one price too many: which call took it cannot be told.
  const mixed = judgeGroup(
    [
      { operationId: 'listSources', status: 200 },
      { operationId: 'listSources', status: 429 },
    ],
    1000,
    990,
    0,
  );
  expect(mixed).toEqual({ violations: [], instances: [], refunds: 0 });
  // A group with an answer whose debit the spec does not state is not judged at all.
  expect(judgeGroup([{ operationId: 'searchMarkets', status: 422 }], 1000, 900, 0).violations).toEqual([]);
  expect(judgeGroup([], 1000, 900, 0).violations).toEqual([]);
});

test('an open generation may come back whole, once per generation (gap BILL-014); anything else credited is a FAIL', () => {
  const read = [{ operationId: 'getForecastRequest', status: 200 }];
  expect(judgeGroup(read, 0, 1000, 1)).toMatchObject({ violations: [], refunds: 1 });
  expect(judgeGroup(read, 0, 2000, 1).violations.map((v) => v.ruleId)).toEqual(['BILL-012']);
  expect(judgeGroup(read, 0, 500, 1).violations.map((v) => v.ruleId)).toEqual(['BILL-012']);
  expect(judgeGroup(read, 0, 1000, 0).violations.map((v) => v.ruleId)).toEqual(['BILL-012']);
});

/** A fake account: a balance, a debit per call, and the groups its watch closed. */
function fakeAccount(key: string) {
  const state = { balance: 1000, reads: 0, groups: [] as { ops: (string | undefined)[]; before: number; after: number }[] };
  watchAccount(
    key,
    `acct-${key}`,
    async () => {
      state.reads++;
      await new Promise((r) => setTimeout(r, 5));
      return state.balance;
    },
    (answered: readonly Answered[], before, after) => state.groups.push({ ops: answered.map((a) => a.operationId), before, after }),
  );
  return state;
}

const answer = (status: number) => ({ status: () => status }) as unknown as APIResponse;
const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('calls one after another are a group each; overlapping calls are one group; no call is sent before its group read the balance', async () => {
  const acct = fakeAccount('k-seq');
  try {
    for (const op of ['a', 'b']) {
      await watchedAttempt('k-seq', op, false, async () => {
        acct.balance -= 10;
        return answer(200);
      });
    }
    expect(acct.groups).toEqual([
      { ops: ['a'], before: 1000, after: 990 },
      { ops: ['b'], before: 990, after: 980 },
    ]);
    acct.groups.length = 0;
    const burst = [30, 10, 20].map((ms, i) =>
      watchedAttempt('k-seq', `c${i}`, false, async () => {
        await later(ms);
        acct.balance -= 10;
        return answer(200);
      }),
    );
    await Promise.all(burst);
    expect(acct.groups).toHaveLength(1);
    expect(acct.groups[0]).toMatchObject({ before: 980, after: 950 });
    expect(acct.groups[0]!.ops.sort()).toEqual(['c0', 'c1', 'c2']);
    // A call started while a group closes waits for its read, and is a group of its own.
    acct.groups.length = 0;
    const first = watchedAttempt('k-seq', 'd', false, async () => answer(404));
    await later(1);
    await Promise.all([first, later(6).then(() => watchedAttempt('k-seq', 'e', false, async () => answer(404)))]);
    expect(acct.groups.map((g) => g.ops)).toEqual([['d'], ['e']]);
  } finally {
    unwatchAccounts(new Set(['acct-k-seq']));
  }
});

test('a group with a call that got no answer, a payment or a balance the harness set is not judged; other keys are not watched', async () => {
  const acct = fakeAccount('k-taint');
  try {
    await expect(
      watchedAttempt('k-taint', 'a', false, async () => {
        throw new Error('ECONNRESET');
      }),
    ).rejects.toThrow('ECONNRESET');
    await watchedAttempt('k-taint', 'b', true, async () => answer(200));
    await watchedAttempt('k-taint', 'c', false, async () => {
      balanceSet('acct-k-taint');
      return answer(200);
    });
    expect(acct.groups).toEqual([]);
    const reads = acct.reads;
    await watchedAttempt('not-watched', 'd', false, async () => answer(200));
    await watchedAttempt(undefined, 'd', false, async () => answer(200));
    expect(acct.reads).toBe(reads);
    // After the plane is disposed, its accounts' calls go out unwatched.
    unwatchAccounts(new Set(['acct-k-taint']));
    await watchedAttempt('k-taint', 'e', false, async () => answer(200));
    expect(acct.reads).toBe(reads);
  } finally {
    unwatchAccounts(new Set(['acct-k-taint']));
  }
});
