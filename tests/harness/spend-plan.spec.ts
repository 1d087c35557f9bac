/**
 * The spend plan (issue 19; lib/spend-plan.ts): free tests always run; paid tests are bought cheapest
 * coverage first within the budget; a budget that buys everything runs everything.
 */
import { test, expect } from '@playwright/test';
import { planLines, planSpend, type PlanCandidate } from '../../lib/spend-plan.ts';

const candidates: PlanCandidate[] = [
  { key: 'free', credits: 0, rules: ['A-001', 'A-002'] },
  { key: 'profile', credits: 1000, rules: ['P-001', 'P-002', 'P-003', 'A-001'] },
  { key: 'profile-again', credits: 2000, rules: ['P-001', 'P-002'] },
  { key: 'cheap', credits: 10, rules: ['C-001'] },
  { key: 'cheap-pair', credits: 20, rules: ['C-001', 'C-002'] },
  { key: 'unmeasured', credits: 5000, estimated: true, rules: ['U-001'] },
];
const testable = new Set(['A-001', 'A-002', 'P-001', 'P-002', 'P-003', 'C-001', 'C-002', 'U-001']);

test("a zero budget buys no paid test; free tests run; budget-bound rules are the paid and unmeasured tests' own", () => {
  const plan = planSpend(candidates, 0, testable);
  expect(plan).toMatchObject({ credits: 0, bought: [], budgetBound: { rules: 6, judged: 0 } });
  expect(plan.left.map((l) => l.key).sort()).toEqual(['cheap', 'cheap-pair', 'profile', 'profile-again', 'unmeasured']);
});

test('a never-measured test is priced by its estimate: left out of a budget that cannot hold it, and said so; bought by one that can', () => {
  for (const budget of [0, 500, 4_000]) {
    const plan = planSpend(candidates, budget, testable);
    expect(plan.bought).not.toContain('unmeasured');
    expect(plan.left.find((l) => l.key === 'unmeasured')).toEqual({ key: 'unmeasured', credits: 5000, unmeasured: true });
    expect(planLines(plan, `$${budget / 1000}`).join('\n')).toContain('1 never measured');
  }
  for (const budget of [1_000_000, Infinity]) {
    const plan = planSpend(candidates, budget, testable);
    expect(plan.bought).toContain('unmeasured');
    expect(plan.left).toEqual([]);
  }
});

test('a small budget buys the most rules per credit first, and stops where nothing new fits', () => {
  const plan = planSpend(candidates, 500, testable);
  expect(plan.bought).toEqual(['cheap-pair']);
  expect(plan.budgetBound).toEqual({ rules: 6, judged: 2 });
  const more = planSpend(candidates, 1_100, testable);
  expect(more.bought).toEqual(['cheap-pair', 'profile']);
  expect(more.credits).toBe(1_020);
  expect(more.budgetBound.judged).toBe(5);
  // Coverage of the measured tests' rules is complete (U-001's test was never measured): the costlier repeat and the
  // cheap single are left out (the least spend).
  expect(more.left.map((l) => l.key).sort()).toEqual(['cheap', 'profile-again', 'unmeasured']);
  expect(more.byFamily).toEqual({ C: 20, P: 750, A: 250 });
  expect(planLines(more, '$1.100')[1]).toBe('  budget-bound rules judged: 5 of 6 (83.3%)');
});

test("a never-measured test priced by an estimate (its file's dearest test) is bought when the budget holds it, else listed unmeasured", () => {
  const pool: PlanCandidate[] = [
    { key: 'measured', credits: 100, rules: ['M-001'] },
    { key: 'new', credits: 500, estimated: true, rules: ['N-001'] },
  ];
  const ids = new Set(['M-001', 'N-001']);
  expect(planSpend(pool, 1_000, ids).bought.sort()).toEqual(['measured', 'new']);
  const small = planSpend(pool, 300, ids);
  expect(small.bought).toEqual(['measured']);
  expect(small.left).toEqual([{ key: 'new', credits: 500, unmeasured: true }]);
});

test('a budget that buys every paid test runs them all (a never-measured one when its estimate fits too)', () => {
  // 3,030 measured and 5,000 estimated, and the slack (SLACK_SHARE of the budget) on top.
  for (const budget of [8_300, Infinity]) {
    const all = planSpend(candidates, budget, testable);
    expect(all.bought.sort()).toEqual(['cheap', 'cheap-pair', 'profile', 'profile-again', 'unmeasured']);
    expect(all.credits).toBe(8_030);
  }
});

test('a shared answer is bought once: its first reader pays for it, and a later reader costs only its own calls', () => {
  const shared: PlanCandidate[] = [
    { key: 'feed-a', credits: 10, shared: { 'GET /feed': 20 }, rules: ['F-001'] },
    { key: 'feed-b', credits: 10, shared: { 'GET /feed': 20 }, rules: ['F-002'] },
    { key: 'feed-only', credits: 0, shared: { 'GET /feed': 20 }, rules: ['F-001'] },
    { key: 'other', credits: 25, rules: ['O-001'] },
  ];
  const ids = new Set(['F-001', 'F-002', 'O-001']);
  // The feed-only reader judges F-001 for the feed's 20; F-002's reader then costs only its own 10.
  const small = planSpend(shared, 30, ids);
  expect(small.bought).toEqual(['feed-only', 'feed-b']);
  expect(small.credits).toBe(30);
  // 55 adds the other test; feed-a would judge nothing new, so it is left out, priced with the feed.
  const more = planSpend(shared, 57, ids);
  expect(more.credits).toBe(55);
  expect(more.budgetBound).toEqual({ rules: 3, judged: 3 });
  expect(more.left).toEqual([{ key: 'feed-a', credits: 30 }]);
  // Everything: 10 + 10 + 0 + 25 own, and the feed once.
  const all = planSpend(shared, 67, ids);
  expect(all.credits).toBe(65);
  expect(all.left).toEqual([]);
  expect(all.budgetBound.judged).toBe(3);
});

test('room is kept free for the largest headroom bought and for the slack, and the room a test adds is part of its price', () => {
  // The burst holds a $1.00 worst-case charge that the target refunds (a 404): it spends 5 credits.
  const held: PlanCandidate[] = [
    { key: 'burst', credits: 5, headroom: 1_000, rules: ['L-001', 'L-002'] },
    { key: 'rows', credits: 600, rules: ['R-001'] },
  ];
  const ids = new Set(['L-001', 'L-002', 'R-001']);
  // $1.00: 5 spent and 1,000 held do not fit with the 10 of slack; the rows test does.
  expect(planSpend(held, 1_000, ids).bought).toEqual(['rows']);
  // $1.05: the burst (2 rules for 5 spent and 1,000 of room) before the rows (1 for 600), which then
  // would leave no room for it.
  const plan = planSpend(held, 1_050, ids);
  expect(plan.bought).toEqual(['burst']);
  expect(plan.credits).toBe(5);
  // $1.65: both, with 1,000 of room and 16 of slack left free.
  expect(planSpend(held, 1_650, ids).bought).toEqual(['burst', 'rows']);
  // Everything (605 spent) only with the room and the slack too.
  expect(planSpend(held, 1_610, ids).bought).toEqual(['burst']);
  expect(planSpend(held, 1_625, ids).bought).toEqual(['burst', 'rows']);
});

test('a headroom under ROOM_FROM is priced as spend: a cheap call refunded when measured may be billed on the day', () => {
  const plan = planSpend([{ key: 'lookup', credits: 0, headroom: 10, rules: ['K-001'] }], 1_000, new Set(['K-001']));
  // The reserve is named, so a run that did not need it is not read as spending less than planned.
  expect(plan).toMatchObject({ credits: 10, pricedRoom: 10, bought: ['lookup'], budgetBound: { rules: 1, judged: 1 } });
  expect(planLines(plan, '$1.000')).toContain(
    '  of the plan, $0.010 is reserve priced as spend (small headrooms of bought tests): the run may spend less',
  );
  expect(planSpend([{ key: 'lookup', credits: 0, headroom: 10, rules: ['K-001'] }], 0, new Set(['K-001'])).bought).toEqual([]);
});

test('a test that spends nothing but needs room (a dear charge given back) is not free: a budget without the room skips it', () => {
  const given: PlanCandidate[] = [{ key: 'refunded', credits: 0, headroom: 1000, rules: ['R-001'] }];
  expect(planSpend(given, 0, new Set(['R-001']))).toMatchObject({ bought: [], budgetBound: { rules: 1, judged: 0 } });
  expect(planSpend(given, 999, new Set(['R-001'])).bought).toEqual([]);
  // 1,000 of room and 1% slack (11 credits of 1,100).
  expect(planSpend(given, 1100, new Set(['R-001']))).toMatchObject({ bought: ['refunded'], credits: 0, budgetBound: { judged: 1 } });
});

test("the greedy's last credits: a bought test is given up when what it frees buys more rules", () => {
  // Best value first buys `trio` (3 rules for 60); the 40 left buy neither pair. Both pairs judge 4 for 100.
  const tight: PlanCandidate[] = [
    { key: 'trio', credits: 60, rules: ['T-001', 'T-002', 'T-003'] },
    { key: 'pair-a', credits: 50, rules: ['A-001', 'A-002'] },
    { key: 'pair-b', credits: 50, rules: ['B-001', 'B-002'] },
  ];
  const ids = new Set(tight.flatMap((c) => c.rules));
  // 101: 100 to spend beside the slack (1%, rounded down).
  const plan = planSpend(tight, 101, ids);
  expect(plan.bought.sort()).toEqual(['pair-a', 'pair-b']);
  expect(plan.budgetBound).toEqual({ rules: 7, judged: 4 });
  // The greedy buys `trio`, then `both` (2 for 40) and `pair-a`: 6 rules, and `pair-b` no longer fits.
  // Giving up `both`, whose rules the pairs judge, buys all 7.
  const redundant = planSpend([...tight, { key: 'both', credits: 40, rules: ['A-001', 'B-001'] }], 190, ids);
  expect(redundant.budgetBound.judged).toBe(7);
  expect(redundant.bought.sort()).toEqual(['pair-a', 'pair-b', 'trio']);
});
