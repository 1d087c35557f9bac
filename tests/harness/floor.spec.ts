/** The wall-time floor of a run (reporter/floor.ts): pure arithmetic over request counts; credits no rule. */
import { test, expect } from '@playwright/test';
import { floorLine, formatSeconds, requestCountOf, runFloor, secondsFor, LIMIT_RATES } from '../../reporter/floor.ts';

test('a scope binds by its per-second rate, and by a minute per exhausted per-minute quota', () => {
  expect(secondsFor(0, LIMIT_RATES.standard)).toBe(0);
  expect(secondsFor(600, LIMIT_RATES.standard)).toBe(30); // one minute's quota at 20/s
  expect(secondsFor(601, LIMIT_RATES.standard)).toBeCloseTo(60.05); // the 601st waits for the next minute
  expect(secondsFor(60, LIMIT_RATES.x_research)).toBe(12); // 60 at 5/s
  expect(secondsFor(2_401, LIMIT_RATES.ip_guard)).toBeCloseTo(120.02);
});

test('after the last exhausted per-minute quota, the requests left over still go at the per-second rate', () => {
  // 600 in the first minute; the 601st starts at 60 s at the earliest, and 352 more take 352 / 20 s.
  expect(secondsFor(952, LIMIT_RATES.standard)).toBeCloseTo(77.6);
  expect(secondsFor(100, LIMIT_RATES.x_research)).toBe(68); // 60 s, then 40 at 5/s
  expect(secondsFor(130, LIMIT_RATES.x_research)).toBe(122); // two full quotas, then 10 at 5/s
  // Never below the per-second rate alone, and growing with every request.
  for (const n of [1, 20, 599, 600, 601, 1_199, 1_200, 1_201, 5_000])
    expect(secondsFor(n + 1, LIMIT_RATES.standard)).toBeGreaterThan(secondsFor(n, LIMIT_RATES.standard));
});

test('counts add up per scope and principal; the floor is the slowest of them', () => {
  const f = runFloor([
    { scope: 'standard', principal: 'key#a', n: 300 },
    { scope: 'standard', principal: 'key#a', n: 300 },
    { scope: 'standard', principal: 'key#b', n: 900 },
    { scope: 'x_research', principal: 'key#a', n: 30 },
    { scope: 'ip_guard', principal: 'loopback', n: 1_530 },
  ]);
  expect(f.seconds).toBe(75); // 900 standard: 60 s, then 300 at 20/s
  expect(f.by).toBe('standard key#b: 900 request(s)');
  expect(runFloor([])).toEqual({ seconds: 0, by: 'no request' });
});

test('the end-of-run line prints wall time, floor and their ratio', () => {
  expect(formatSeconds(190)).toBe('3 min 10 s');
  expect(formatSeconds(42.4)).toBe('42 s');
  expect(floorLine(190_000, [{ scope: 'x_research', principal: 'key#a', n: 130 }])).toBe(
    'Wall time 3 min 10 s; floor 2 min 2 s (1.6×), set by x_research key#a: 130 request(s)',
  );
  expect(floorLine(5_000, [])).toBe('Wall time 5 s; floor 0 s, set by no request');
});

test('requests annotations parse; an unknown scope counts nothing', () => {
  expect(requestCountOf({ scope: 'x_research', principal: 'key#ab12', n: 7 })).toEqual({
    scope: 'x_research',
    principal: 'key#ab12',
    n: 7,
  });
  expect(requestCountOf({ scope: 'bogus', principal: 'x', n: 9 }).n).toBe(0);
  expect(requestCountOf({ scope: 'social', principal: 'key#ab12', n: 7 }).n, 'the old name of the x_research scope is no scope').toBe(0);
});

test("the oil route's starts count run-wide, one a second (Limits rule 3): 90 oil calls outlast 952 standard ones", () => {
  expect(requestCountOf({ scope: 'oil', principal: 'route', n: 4 })).toEqual({ scope: 'oil', principal: 'route', n: 4 });
  expect(secondsFor(90, LIMIT_RATES.oil)).toBe(90);
  const f = runFloor([
    { scope: 'standard', principal: 'key#a', n: 952 },
    { scope: 'oil', principal: 'route', n: 50 },
    { scope: 'oil', principal: 'route', n: 40 },
  ]);
  expect(f).toEqual({ seconds: 90, by: 'oil route: 90 request(s)' });
});
