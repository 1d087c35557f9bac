/**
 * The account ledger kept as a ring (stub/money/accounts/store.ts): the last 200 entries, oldest first,
 * with their seq, time and balance; the alternate stub's refund (gap BILL-015) takes a debit's entry
 * back from a ring that has wrapped and leaves the others in order. And the per-IP guard's decision on
 * arrival counts as `admit` does: nothing for a refusal on the stub, the second and minute windows on
 * the alternate stub (gap LIM-031).
 */
import { test, expect } from '@playwright/test';
import { AccountStore } from '../../stub/money/accounts/store.ts';
import { RateLimiter } from '../../stub/limits/limiter.ts';
import { activateVariant } from '../../stub/variant.ts';
import { LIMIT_BOUNDS } from '../../contract/limits.ts';

const KEPT = 200;

/** A store whose clock advances one second per read, from the epoch. */
function store(): AccountStore {
  let s = 0;
  return new AccountStore(() => ++s * 1000);
}

test('the ledger keeps the last 200 entries, oldest first, with times and balances', () => {
  const accounts = store();
  const { account } = accounts.create({ credits: 10_000 });
  for (let i = 0; i < 450; i++) accounts.debit(account.id, 1, `op${i}`);
  const entries = accounts.entriesOf(account);
  expect(entries).toHaveLength(KEPT);
  expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: KEPT }, (_, i) => 252 + i));
  expect(entries.at(-1)).toEqual({
    seq: 451,
    at: new Date(451_000).toISOString(),
    kind: 'debit',
    credits: -1,
    balance: 9_550,
    operationId: 'op449',
  });
  expect(account.credits).toBe(9_550);
});

test("the alternate stub's refund takes the debit's entry back from a wrapped ring (BILL-015)", () => {
  const accounts = store();
  const { account } = accounts.create({ credits: 10_000 });
  for (let i = 0; i < 250; i++) accounts.debit(account.id, 1, `op${i}`);
  const debit = accounts.debit(account.id, 5, 'refunded')!;
  accounts.debit(account.id, 1, 'after');
  activateVariant('alt');
  try {
    accounts.refund(debit);
  } finally {
    activateVariant('main');
  }
  const entries = accounts.entriesOf(account);
  expect(entries.some((e) => e.operationId === 'refunded' || e.kind === 'refund')).toBe(false);
  expect(entries.map((e) => e.operationId).slice(-2)).toEqual(['op249', 'after']);
  const seqs = entries.map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(account.credits).toBe(10_000 - 251);
  // The ring fills up again and keeps its order.
  for (let i = 0; i < 3; i++) accounts.debit(account.id, 1, `more${i}`);
  expect(
    accounts
      .entriesOf(account)
      .map((e) => e.operationId)
      .slice(-4),
  ).toEqual(['after', 'more0', 'more1', 'more2']);
  expect(accounts.entriesOf(account)).toHaveLength(KEPT);
});

for (const variant of ['main', 'alt'] as const) {
  test(`the guard's refusal on arrival counts as admit's does (${variant} stub, LIM-031)`, () => {
    const clock = { now: 1_000_000 };
    activateVariant(variant);
    let limits: RateLimiter;
    try {
      limits = new RateLimiter(
        () => clock.now,
        false,
        () => clock.now,
      );
    } finally {
      activateVariant('main');
    }
    const bound = LIMIT_BOUNDS.ip_guard.second;
    for (let i = 0; i < bound; i++) expect(limits.admitOnArrival('10.0.0.1')).toBeUndefined();
    expect(limits.admitOnArrival('10.0.0.1')?.status).toBe(429);
    expect(limits.snapshot('ip_guard', '10.0.0.1')).toMatchObject({ second: variant === 'alt' ? bound + 1 : bound, day: bound });
  });
}
