/**
 * The load tooling itself (load/): fast correctness tests, no timed performance assertions. The
 * scheduler's plan is evenly spaced; it never exceeds its in-flight cap (a local 127.0.0.1 server
 * that delays answers and counts concurrent requests); it stops at its count and deadline bounds;
 * the loopback guard refuses every non-loopback target before any traffic; the analysis and the
 * expectation evaluation compute the right figures on synthetic records.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { test, expect } from '@playwright/test';
import { loadRules } from '../../contract/rules.ts';
import { contract } from '../../contract/index.ts';
import { ConfigError } from '../../lib/errors.ts';
import { percentile, rateWindows, startJitter, summarizeRun, type RequestRecord } from '../../load/analysis.ts';
import { evaluateRun } from '../../load/evaluate.ts';
import { buildProfiles, isAboveLimit, ruleIdsOf, SCOPE_LIMITS } from '../../load/profiles.ts';
import { maxSpendCredits, requestFactory, SYNTHETIC_IDENTITIES } from '../../load/requests.ts';
import {
  assertBounds,
  assertLoopbackTarget,
  assertRemoteBounds,
  fiveXxSpike,
  HARD_CAPS,
  isLoopbackAddress,
  REMOTE_CAPS,
  type Resolver,
} from '../../load/safety.ts';
import { planCount, planStarts, runSchedule, type PlannedRequest } from '../../load/scheduler.ts';
import { runThroughput } from '../../load/throughput.ts';
import { listen } from './support/servers.ts';

/** A 127.0.0.1 server answering every request after `delayMs`, counting requests and peak concurrency. */
async function delayingServer(delayMs: number) {
  let current = 0;
  const stats = { received: 0, peak: 0 };
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    stats.received++;
    stats.peak = Math.max(stats.peak, ++current);
    setTimeout(() => {
      current--;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }, delayMs);
  });
  return { ...(await listen(server)), stats };
}

const PING: PlannedRequest = { operationId: 'ping', method: 'GET', path: '/ping' };

/** A resolver that answers from a table and records every lookup (no DNS traffic in tests). */
function fakeResolver(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = (async (host: string) => {
    asked.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as Resolver & { asked: string[] };
  resolve.asked = asked;
  return resolve;
}

/** A synthetic record: started at `startMs` (planned there too unless given), answered `status`. */
function rec(i: number, startMs: number, status = 200, extra: Partial<RequestRecord> = {}): RequestRecord {
  return { i, operationId: 'op', scheduledMs: startMs, startMs, latencyMs: 5, status, inFlightAtStart: 1, headers: {}, ...extra };
}

/** An epoch aligned to a whole minute, so synthetic offsets map to known clock windows. */
const T0 = 1_700_000_040_000;

test.describe('scheduler plan', () => {
  test('planned starts are evenly spaced at 1/rate and the count honours every bound', () => {
    const starts = planStarts(20, 100);
    expect(starts).toHaveLength(100);
    expect(starts[0]).toBe(0);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeCloseTo(50, 9);
    expect(planStarts(0.8, 4)).toEqual([0, 1250, 2500, 3750]);
    expect(planStarts(3, 3).map((s) => Math.round(s * 1000) / 1000)).toEqual([0, 333.333, 666.667]);
    expect(planCount(20, 10)).toBe(200);
    expect(planCount(0.8, 10)).toBe(8);
    expect(planCount(100, 10, 7)).toBe(7);
    expect(planCount(5000, 600)).toBe(HARD_CAPS.maxRequests);
  });
});

test.describe('scheduler against a local delaying server', () => {
  test.describe.configure({ timeout: 20_000 });

  test('never exceeds the in-flight cap when waiting for slots', async () => {
    const server = await delayingServer(150);
    try {
      const run = await runSchedule({
        target: server.url,
        rate: 100,
        durationS: 0.3,
        maxInFlight: 3,
        whenFull: 'wait',
        requestFor: () => PING,
      });
      expect(run.records).toHaveLength(30);
      expect(run.records.every((r) => r.status === 200)).toBe(true);
      expect(server.stats.received).toBe(30);
      expect(server.stats.peak).toBeLessThanOrEqual(3);
      expect(Math.max(...run.records.map((r) => r.inFlightAtStart))).toBeLessThanOrEqual(3);
      // Waiting for a slot makes starts late, never early.
      expect(run.records.every((r) => r.startMs! >= r.scheduledMs - 0.001)).toBe(true);
    } finally {
      await server.close();
    }
  });

  test('drops starts at a full in-flight cap and keeps the others on schedule', async () => {
    const server = await delayingServer(300);
    try {
      const run = await runSchedule({ target: server.url, rate: 50, durationS: 0.4, maxInFlight: 2, requestFor: () => PING });
      const dropped = run.records.filter((r) => r.startMs === null);
      expect(run.records).toHaveLength(20);
      expect(dropped.length).toBeGreaterThan(0);
      expect(dropped.every((r) => r.status === -1 && r.error === 'dropped: in-flight cap')).toBe(true);
      expect(server.stats.peak).toBeLessThanOrEqual(2);
      expect(server.stats.received).toBe(20 - dropped.length);
    } finally {
      await server.close();
    }
  });

  test('stops at the total count bound', async () => {
    const server = await delayingServer(1);
    try {
      const run = await runSchedule({
        target: server.url,
        rate: 100,
        durationS: 10,
        maxInFlight: 5,
        maxRequests: 7,
        requestFor: () => PING,
      });
      expect(run.bound).toBe('count');
      expect(run.stoppedBy).toBe('plan');
      // The rate and duration plan 1,000 requests; the bound cuts the plan to 7 and nothing beyond it is
      // ever sent. How many of the 7 a loaded machine gets through is timing, not the bound: not asserted.
      expect(run.records).toHaveLength(7);
      const answered = run.records.filter((r) => r.status === 200).length;
      expect(answered).toBeGreaterThan(0);
      expect(server.stats.received).toBeGreaterThanOrEqual(answered);
      expect(server.stats.received).toBeLessThanOrEqual(7);
    } finally {
      await server.close();
    }
  });

  test('stops at the deadline and aborts what is still in flight', async () => {
    const server = await delayingServer(5_000);
    try {
      const started = Date.now();
      const run = await runSchedule({
        target: server.url,
        rate: 10,
        durationS: 10,
        deadlineS: 0.35,
        maxInFlight: 10,
        requestFor: () => PING,
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(run.stoppedBy).toBe('deadline');
      const sent = run.records.filter((r) => r.startMs !== null);
      expect(sent).toHaveLength(4);
      expect(sent.every((r) => r.status === 0 && r.error === 'aborted at deadline')).toBe(true);
      expect(run.records.slice(4).every((r) => r.startMs === null && r.error === 'not started: deadline')).toBe(true);
      expect(server.stats.received).toBe(4);
    } finally {
      await server.close();
    }
  });
});

test.describe('loopback guard', () => {
  test('refuses private, public and example hosts, checking every resolved address', async () => {
    const resolver = fakeResolver({
      'example.com': ['93.184.216.34'],
      'api.example.org': ['2606:2800:220:1:248:1893:25c8:1946'],
      'mixed.test': ['127.0.0.1', '10.0.0.5'],
      'staging.test': ['127.0.0.2'],
    });
    for (const target of [
      'http://10.0.0.1:4010',
      'http://192.168.1.10',
      'http://172.16.0.1',
      'http://93.184.216.34',
      'http://0.0.0.0:4010',
      'http://[2606:2800:220:1::1]',
      'http://[::ffff:10.0.0.1]',
      'http://example.com',
      'https://api.example.org',
      'http://mixed.test',
      'http://unknown.invalid',
      'ftp://127.0.0.1',
      'http://user:pass@127.0.0.1',
      'not a url',
    ]) {
      await expect(assertLoopbackTarget(target, resolver), target).rejects.toBeInstanceOf(ConfigError);
    }
    await expect(assertLoopbackTarget('http://staging.test:8080', resolver)).resolves.toMatchObject({
      connectOrigin: 'http://127.0.0.2:8080',
      hostHeader: 'staging.test:8080',
    });
  });

  test('accepts 127.0.0.0/8, ::1 and localhost', async () => {
    for (const target of ['http://127.0.0.1:4010', 'http://127.1.2.3', 'http://[::1]:4010', 'http://localhost:4010']) {
      const vetted = await assertLoopbackTarget(target);
      expect(vetted.addresses.every(isLoopbackAddress), target).toBe(true);
    }
    for (const a of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '128.0.0.1', '::', '::2', 'fe80::1', '::ffff:10.0.0.1', 'localhost'])
      expect(isLoopbackAddress(a), a).toBe(false);
  });

  test('scheduler and throughput refuse a host with any non-loopback address before any request', async () => {
    // The host's first address is a live local server: were only the first address checked, the
    // traffic would land there (never outside the machine) and the test would see it.
    const server = await delayingServer(1);
    try {
      const port = new URL(server.url).port;
      const resolver = fakeResolver({ 'mixed.test': ['127.0.0.1', '10.0.0.5'], 'v6mixed.test': ['127.0.0.1', '2606:2800:220:1::1'] });
      let built = 0;
      const requestFor = () => {
        built++;
        return PING;
      };
      for (const host of ['mixed.test', 'v6mixed.test']) {
        const target = `http://${host}:${port}`;
        await expect(runSchedule({ target, rate: 10, durationS: 1, maxInFlight: 1, requestFor, resolver })).rejects.toBeInstanceOf(
          ConfigError,
        );
        await expect(runThroughput({ target, request: PING, durationS: 1, resolver })).rejects.toBeInstanceOf(ConfigError);
      }
      expect(resolver.asked).toEqual(['mixed.test', 'mixed.test', 'v6mixed.test', 'v6mixed.test']);
      expect(built).toBe(0);
      expect(server.stats.received).toBe(0);
    } finally {
      await server.close();
    }
  });

  test('bounds over the hard caps are refused', async () => {
    expect(() => assertBounds({ maxRequests: HARD_CAPS.maxRequests + 1, durationS: 1, maxInFlight: 1 })).toThrow(ConfigError);
    expect(() => assertBounds({ maxRequests: 1, durationS: HARD_CAPS.maxDurationS + 1, maxInFlight: 1 })).toThrow(ConfigError);
    expect(() => assertBounds({ maxRequests: 1, durationS: 1, maxInFlight: 1, rate: Number.NaN })).toThrow(ConfigError);
    expect(() => assertBounds({ maxRequests: 1, durationS: Number.POSITIVE_INFINITY, maxInFlight: 1 })).toThrow(ConfigError);
    expect(() => assertBounds({ maxRequests: 10, durationS: 5, maxInFlight: 2, rate: 2 })).not.toThrow();
    await expect(runThroughput({ target: 'http://127.0.0.1:9', request: PING, durationS: 61 })).rejects.toBeInstanceOf(ConfigError);
    await expect(
      runSchedule({ target: 'http://127.0.0.1:9', rate: 10, durationS: 1, deadlineS: 601, maxInFlight: 1, requestFor: () => PING }),
    ).rejects.toBeInstanceOf(ConfigError);
  });
});

test.describe('analysis on synthetic data', () => {
  test('percentiles are nearest-rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  test('rate windows count starts, plan, latency and statuses per second', () => {
    // 10/s planned for 3 s; the second second's starts all slipped into the third.
    const records = Array.from({ length: 30 }, (_, i) => rec(i, i * 100, i % 10 === 0 ? 429 : 200, { latencyMs: i }));
    for (const r of records.slice(10, 20)) r.startMs = r.scheduledMs + 1000;
    const w = rateWindows(records, 1000, 3000);
    expect(w.map((x) => x.started)).toEqual([10, 0, 20]);
    expect(w.map((x) => x.planned)).toEqual([10, 10, 10]);
    expect(w.map((x) => x.rate)).toEqual([10, 0, 20]);
    expect(w[0]!.statuses).toEqual({ '200': 9, '429': 1 });
    expect(w[0]!.latency.p50).toBe(4);
    expect(w[0]!.latency.max).toBe(9);
    expect(w[1]!.latency.count).toBe(0);
    expect(w[2]!.statuses).toEqual({ '200': 18, '429': 2 });
  });

  test('start jitter is actual − scheduled; the summary gives the achieved rate', () => {
    const records = Array.from({ length: 100 }, (_, i) => rec(i, i * 50, 200, { scheduledMs: i * 50, startMs: i * 50 + (i % 10) * 0.1 }));
    records.push({ ...rec(100, 0), scheduledMs: 5000, startMs: null, latencyMs: null, status: -1 });
    const j = startJitter(records);
    expect(j.count).toBe(100);
    expect(j.p50).toBeCloseTo(0.4, 9);
    expect(j.p99).toBeCloseTo(0.9, 9);
    expect(j.min).toBe(0);
    const s = summarizeRun(records, 20);
    expect(s.sent).toBe(100);
    expect(s.dropped).toBe(1);
    // 100 starts over 4.95 s + one 50 ms interval: exactly 20/s.
    expect(s.achievedRate).toBeCloseTo(20, 1);
    expect(s.windowRate.min).toBe(20);
    expect(s.windowRate.max).toBe(20);
    expect(s.statuses).toEqual({ '200': 100, '-1': 1 });
  });
});

test.describe('profiles and evaluation', () => {
  const profiles = buildProfiles();

  test("one profile per limit scope, with the spec's bounds and the contract's operations", () => {
    expect(Object.keys(profiles).sort()).toEqual(['ip-guard', 'oil', 'social', 'standard']);
    expect(SCOPE_LIMITS.standard.limits).toEqual({ perSecond: 20, perMinute: 600, perDay: 20_000, inFlight: 10 });
    expect(SCOPE_LIMITS.x_research.limits).toEqual({ perSecond: 5, perMinute: 60, perDay: 500, inFlight: 5 });
    expect(SCOPE_LIMITS.ip_guard.limits).toEqual({ perSecond: 50, perMinute: 1_200, perDay: 50_000 });
    expect(SCOPE_LIMITS.oil.limits).toEqual({ inFlight: 1, minSpacingMs: 1000 });
    expect(profiles.social!.operations.map((o) => o.path).sort()).toEqual(['/api/v1/x/profile', '/api/v1/x/search']);
    for (const p of Object.values(profiles)) {
      expect(isAboveLimit(p.scope, p.rate), `${p.name} default rate is under its bound`).toBe(false);
      expect(isAboveLimit(p.scope, p.burstRate), `${p.name} burst rate is over its bound`).toBe(true);
      if (p.scope.limits.perMinute) expect(p.rate * Math.min(p.durationS, 60)).toBeLessThanOrEqual(p.scope.limits.perMinute);
      if (p.scope.limits.inFlight) expect(p.maxInFlight).toBeLessThanOrEqual(p.scope.limits.inFlight);
      for (const o of p.operations) {
        const c = contract().operation(o.operationId);
        expect(o.method).toBe(c.method.toUpperCase());
        expect(o.path).toBe(c.path);
        // x-fc-limits: the profile's operations count against its scope (the oil route has its own limits).
        const scope = c.facts.limits.includes('oil') ? 'oil' : (c.facts.limits[0] ?? 'ip_guard');
        expect(scope, `${p.name}: ${o.operationId}`).toBe(p.scope.name);
      }
      const planned = requestFactory(p, SYNTHETIC_IDENTITIES, 'fc_test_key');
      for (let i = 0; i < p.operations.length; i++) {
        const req = planned(i);
        expect(req.headers?.['x-service-api-key'] !== undefined).toBe(p.operations[i]!.withKey);
      }
    }
    expect(requestFactory(profiles['ip-guard']!, SYNTHETIC_IDENTITIES, undefined)(0).path).toBe(
      '/api/public/forecast-availability?market_key=venue_a%3A100000001',
    );
    // Round-robin: listMarkets, searchMarkets, listAssets, listSignals, listMarkets, searchMarkets.
    expect(maxSpendCredits(profiles.standard!, 6)).toBe(10 + 10 + 5 + 10 + 10 + 10);
  });

  test('every rule a profile names is in the catalogue', () => {
    const catalogue = loadRules();
    for (const p of Object.values(profiles)) for (const id of ruleIdsOf(p)) expect(catalogue.has(id), `${p.name} names ${id}`).toBe(true);
  });

  test('over the per-second bound without 429s breaks LIM-001; enough 429s satisfy it', () => {
    const standard = profiles.standard!;
    // 30 starts inside one clock-aligned second, none near an edge.
    const none = Array.from({ length: 30 }, (_, i) => rec(i, 100 + i * 25));
    const v = evaluateRun(standard, { t0EpochMs: T0, records: none }).violations.filter((x) => x.ruleId === 'LIM-001');
    expect(v).toHaveLength(1);
    expect(v[0]!.path).toBe(`/windows/1000ms/${new Date(T0).toISOString()}`);
    expect(v[0]!.message).toContain('expected at least 10');
    const enough = none.map((r, i) =>
      i >= 20
        ? {
            ...r,
            status: 429,
            headers: { 'retry-after': '1', 'ratelimit-policy': 'x', ratelimit: 'y' },
            errorBody: { error: 'rate_limited', retry_after: 1, limit_scope: 'standard' },
          }
        : r,
    );
    const e = evaluateRun(standard, { t0EpochMs: T0, records: enough });
    expect(e.violations).toEqual([]);
    expect(e.results.find((r) => r.id === 'above-per-second')!.outcome).toBe('pass');
  });

  test('a 429 under every bound, and a bare 429, are violations', () => {
    const standard = profiles.standard!;
    const records = [rec(0, 100), rec(1, 600, 429)];
    const v = evaluateRun(standard, { t0EpochMs: T0, records }).violations;
    const ids = v.map((x) => x.ruleId).sort();
    expect(ids).toEqual(['CONTRACT-003', 'ERR-009', 'LIM-001', 'LIM-019', 'LIM-021', 'LIM-022']);
    expect(v.every((x) => x.path === '/records/1')).toBe(true);
    // A live MUST rule fails; a rule pending its issue (or a SHOULD) only warns.
    for (const x of v) {
      const rule = loadRules().get(x.ruleId)!;
      expect(x.severity).toBe(rule.level === 'MUST' && !rule.pending ? 'error' : 'warning');
    }
  });

  test('oil starts admitted under 1 s apart break OIL-012; a spaced start answered 429 too', () => {
    const oil = profiles.oil!;
    const ok = { 'retry-after': '1', 'ratelimit-policy': 'p', ratelimit: 'r' };
    const body = { error: 'rate_limited', retry_after: 1, limit_scope: 'oil' };
    const good = [rec(0, 0), rec(1, 500, 429, { headers: ok, errorBody: body }), rec(2, 1100), rec(3, 2200)];
    expect(evaluateRun(oil, { t0EpochMs: T0, records: good }).violations).toEqual([]);
    const early = evaluateRun(oil, { t0EpochMs: T0, records: [rec(0, 0), rec(1, 500)] }).violations;
    expect(early.map((x) => [x.ruleId, x.path])).toEqual([['OIL-012', '/records/1']]);
    const spurious = evaluateRun(oil, {
      t0EpochMs: T0,
      records: [rec(0, 0), rec(1, 1500, 429, { headers: ok, errorBody: body })],
    }).violations;
    expect(spurious.map((x) => [x.ruleId, x.path])).toEqual([['OIL-012', '/records/1']]);
  });

  test('admitted while the in-flight bound is surely busy breaks the in-flight rule', () => {
    const oil = profiles.oil!;
    const records = [rec(0, 0, 200, { latencyMs: 800 }), rec(1, 300, 200, { inFlightAtStart: 2 })];
    const ids = evaluateRun(oil, { t0EpochMs: T0, records }).violations.map((x) => x.ruleId);
    expect(ids).toContain('OIL-011');
  });
});

// --allow-remote: only the refusal and the cap logic are exercised; nothing is sent anywhere.
test.describe('remote (staging) targets', () => {
  const staging: Resolver = async () => [{ address: '10.1.2.3', family: 4 }];
  const ok = { maxRequests: 100, durationS: 30, maxInFlight: 4, rate: 5 };

  test('without --allow-remote a non-loopback target is refused as before', async () => {
    await expect(assertLoopbackTarget('https://staging.example.test', staging)).rejects.toThrow(ConfigError);
    await expect(assertLoopbackTarget('https://203.0.113.9')).rejects.toThrow(/not loopback/);
  });

  test('with --allow-remote an https host is vetted (no traffic), plain http is refused', async () => {
    const vetted = await assertLoopbackTarget('https://staging.example.test', staging, true);
    expect(vetted.addresses).toEqual(['10.1.2.3']);
    await expect(assertLoopbackTarget('http://staging.example.test', staging, true)).rejects.toThrow(/must be https/);
  });

  test('a remote run needs a spend budget and stays under every remote cap', () => {
    expect(() => assertRemoteBounds(ok, 1)).not.toThrow();
    expect(() => assertRemoteBounds(ok, undefined)).toThrow(/spend budget/);
    expect(() => assertRemoteBounds(ok, Number.NaN)).toThrow(/spend budget/);
    expect(() => assertRemoteBounds({ ...ok, maxInFlight: REMOTE_CAPS.maxInFlight + 1 }, 1)).toThrow(/in-flight cap/);
    expect(() => assertRemoteBounds({ ...ok, rate: REMOTE_CAPS.maxRate + 1 }, 1)).toThrow(/rate/);
    expect(() => assertRemoteBounds({ ...ok, maxRequests: REMOTE_CAPS.maxRequests + 1 }, 1)).toThrow(/request count/);
    expect(() => assertRemoteBounds({ ...ok, durationS: REMOTE_CAPS.maxDurationS + 1 }, 1)).toThrow(/duration/);
    expect(() => assertRemoteBounds({ maxRequests: 10, durationS: 10, maxInFlight: 1 }, 1)).toThrow(/rate/);
  });

  test('a 5xx spike over the last window trips the abort; fewer answers or a lower share do not', () => {
    const w = REMOTE_CAPS.spikeWindow;
    const fives = Math.ceil(w * REMOTE_CAPS.spikeRatio);
    const spiky = [...Array<number>(w - fives).fill(200), ...Array<number>(fives).fill(503)];
    expect(fiveXxSpike(spiky)).toBe(true);
    expect(fiveXxSpike(spiky.slice(1))).toBe(false);
    expect(fiveXxSpike([...Array<number>(w - fives + 1).fill(200), ...Array<number>(fives - 1).fill(500)])).toBe(false);
    expect(fiveXxSpike([...spiky, ...Array<number>(w).fill(200)])).toBe(false);
    expect(fiveXxSpike([429, 429, 500, 200], 4, 0.25)).toBe(true);
  });
});
