/**
 * Issue 36: performance runs past one machine's engine. Loopback only, bounded (a few seconds of load
 * per run). The profile as an Artillery script; the operator's stated ceilings, refused when exceeded
 * (a loopback server addressed through the remote opt-in); the load spread over several principals;
 * and the scale-out proof: `standard --burst` through Artillery's local runner with 4 workers and as 4
 * processes merged by Artillery's own tooling gives the verdict of the single-process scheduler's run,
 * the merged counts are the sum of the parts, and the 429s are what the scope's bound makes them.
 * The Artillery tests skip, naming the install command, where tools/artillery is not installed
 * (`.ci/run` installs it). Tests of the harness: they credit no rule.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { ConfigError } from '../../lib/errors.ts';
import { artilleryScript, findArtillery, perMachine } from '../../load/artillery.ts';
import { readLoadConfig } from '../../load/config.ts';
import { METRIC } from '../../load/metrics.ts';
import { buildProfiles, type LoadProfile } from '../../load/profiles.ts';
import type { LoadReport } from '../../load/report.ts';
import { plannedRequestOf, SYNTHETIC_IDENTITIES } from '../../load/requests.ts';
import { runProfile } from '../../load/run.ts';
import { listen } from './support/servers.ts';

const profiles = buildProfiles();

/**
 * A profile with a latency budget of 10 s instead of its own: these runs share `npm test`'s machine with
 * the conformance suites, where a p95 over the profile's 1 s says how busy the machine was, not how an
 * engine judges. Every other threshold is the profile's own.
 */
function underLoad(name: string): LoadProfile {
  const p = profiles[name]!;
  return { ...p, thresholds: { ...p.thresholds, [METRIC.duration]: ['p(95)<10000'] } };
}

/** A 127.0.0.1 server answering every request 200 `{}` at once, counting requests per clock second. */
async function countingServer() {
  const perSecond = new Map<number, number>();
  let received = 0;
  const server = createServer((req, res) => {
    received++;
    const s = Math.floor(Date.now() / 1000);
    perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const listening = await listen(server);
  return { ...listening, received: () => received, busiestSecond: () => Math.max(0, ...perSecond.values()) };
}

/** The verdict of a report: each threshold met or crossed, by metric and expression. */
const verdict = (r: LoadReport) => r.thresholds.map((t) => `${t.ok ? '✓' : '✗'} ${t.metric} ${t.expression}`);
/** Why a report's limit expectations failed (the failure message of a verdict that differs). */
const why = (r: LoadReport) =>
  [...r.evaluation.violations.map((v) => `${v.ruleId} ${v.path}: ${v.message}`), `statuses ${JSON.stringify(r.summary.statuses)}`].join(
    '\n',
  );

test.describe('the Artillery script of a profile', () => {
  const requests = (name: string) => profiles[name]!.operations.map((o) => plannedRequestOf(o, SYNTHETIC_IDENTITIES, undefined));
  const plan = { target: 'http://127.0.0.1:4010', timeoutS: 10, withKey: true };

  test('phases from the schedule, the in-flight cap as maxVusers, thresholds as ensure checks, no key in the script', () => {
    const p = profiles.standard!;
    const script = artilleryScript(p, { ...plan, rate: 30, durationS: 10, count: 300, maxInFlight: 10, requests: requests('standard') });
    expect(script.config.phases).toEqual([{ name: 'standard at 30/s', duration: 10, arrivalRate: 30, maxVusers: 10 }]);
    expect(script.config.ensure?.thresholds).toEqual([{ 'http.response_time.p95': 1000 }]);
    expect(script.config.ensure?.conditions).toEqual([{ expression: 'fc.failed + vusers.failed < 0.01 * vusers.created', strict: true }]);
    expect(script.scenarios.map((s) => s.name)).toEqual(p.operations.map((o) => o.operationId));
    const text = JSON.stringify(script);
    // The key is the hooks' (from FC_API_KEY in Artillery's environment), never the script's.
    expect(text).toContain('{{ fcKey }}');
    expect(text).not.toMatch(/fc_test|key_/);
    for (const s of script.scenarios) expect(s.flow[0]).toEqual({ function: 'fcPrincipal' });
  });

  test('cut for N machines that each run it whole (run-fargate --count N): rates and maxVusers divided, rounded up', () => {
    const script = artilleryScript(profiles.standard!, {
      ...plan,
      rate: 30,
      durationS: 10,
      count: 300,
      maxInFlight: 10,
      requests: requests('standard'),
    });
    expect(perMachine(script, 4).config.phases).toEqual([{ name: 'standard at 30/s', duration: 10, arrivalRate: 8, maxVusers: 3 }]);
    expect(perMachine(script, 100).config.phases[0]).toMatchObject({ arrivalRate: 1, maxVusers: 1 });
  });

  test('a rate that is not whole becomes an evenly spread arrivalCount', () => {
    const script = artilleryScript(profiles.oil!, {
      ...plan,
      rate: 0.8,
      durationS: 10,
      count: 8,
      maxInFlight: 1,
      requests: requests('oil'),
    });
    expect(script.config.phases).toEqual([{ name: 'oil at 0.8/s', duration: 10, arrivalCount: 8, maxVusers: 1 }]);
  });
});

test.describe('stated ceilings on a remote run', () => {
  test('a run over --max-rate is refused before a byte is sent; at the ceiling it runs at the stated rate, recorded in the report', async () => {
    const server = await countingServer();
    try {
      const remote = {
        profile: profiles['ip-guard']!,
        target: server.url,
        allowRemote: true,
        maxSpendUsd: 0,
        durationS: 1,
        maxInFlight: 4,
      };
      // Through the opt-in, the loopback server is judged as a remote target: 25/s is over the default remote cap of 20/s...
      await expect(runProfile({ ...remote, rate: 25 })).rejects.toThrow(/exceeds the remote cap 20/);
      // ...and over a stated ceiling of 24/s, however it was stated.
      await expect(runProfile({ ...remote, rate: 25, ceilings: { maxRate: 24, source: 'flags' } })).rejects.toThrow(
        /rate 25 req\/s exceeds the stated ceiling --max-rate 24/,
      );
      await expect(runProfile({ ...remote, rate: 25, maxInFlight: 9, ceilings: { maxRate: 25 } })).rejects.toThrow(
        /in-flight cap 9 exceeds the remote cap 8/,
      );
      await expect(runProfile({ ...remote, rate: 25, ceilings: { maxRate: 25, maxInFlight: 2 } })).rejects.toBeInstanceOf(ConfigError);
      expect(server.received()).toBe(0);
      const { report } = await runProfile({ ...remote, rate: 25, ceilings: { maxRate: 25, source: 'flags' } });
      expect(server.received()).toBe(25);
      expect(server.busiestSecond()).toBeLessThanOrEqual(25);
      expect(report.run.remote).toBe(true);
      expect(report.run.ceilings).toEqual({ maxRate: 25, source: 'flags' });
      expect(report.run.ipGuard).toMatch(/per client address/);
    } finally {
      await server.close();
    }
  });

  test('the ceilings come from the load config file too; a key there is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-load-config-'));
    try {
      writeFileSync(
        join(dir, 'forecast-conformance.load.json'),
        JSON.stringify({ maxRate: 500, maxInFlight: 64, engine: 'artillery', processes: 4 }),
      );
      expect(readLoadConfig(undefined, dir).config).toEqual({ maxRate: 500, maxInFlight: 64, engine: 'artillery', processes: 4 });
      writeFileSync(join(dir, 'bad.json'), JSON.stringify({ maxRate: 5, apiKey: 'k' }));
      expect(() => readLoadConfig('bad.json', dir)).toThrow(/apiKey.*FC_API_KEY only/);
      expect(() => readLoadConfig('missing.json', dir)).toThrow(ConfigError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('several principals', () => {
  test.describe.configure({ timeout: 60_000 });

  test("30/s over two keys stays within each key's 20/s, where one key is refused a third", async () => {
    // `wait` at a full in-flight cap: on a busy machine nothing is dropped, every start is judged.
    const run = { profile: underLoad('standard'), rate: 30, durationS: 2, whenFull: 'wait' as const };
    const { report: two } = await runProfile({ ...run, principals: 2 });
    expect(two.run.principals).toEqual({ count: 2, source: 'embedded stub accounts', perPrincipalRate: 15 });
    expect(new Set(two.records.map((r) => r.principal))).toEqual(new Set([0, 1]));
    expect(two.thresholds.filter((t) => !t.ok)).toEqual([]);
    const { report: one } = await runProfile(run);
    expect(one.thresholds.filter((t) => !t.ok)).toEqual([]);
    // One key is refused about a third of 30/s; two keys none, but for a burst after a stall of this
    // shared machine (the open model catches up at once), which the judge found justified above.
    expect(one.summary.statuses['429']).toBeGreaterThanOrEqual(10);
    expect(two.summary.statuses['429'] ?? 0).toBeLessThanOrEqual(5);
  });
});

test.describe('scale-out on loopback: Artillery workers and merged processes', () => {
  // One retry: these runs share `npm test`'s 2-core machine with six conformance workers, and a run that
  // then crossed a limit rule (a verdict on how busy the machine was) prints why before it is retried.
  test.describe.configure({ mode: 'serial', timeout: 180_000, retries: 1 });

  test("standard --burst: 4 workers and 4 merged processes give the scheduler's verdict; merged counts are the parts' sum; the 429s follow the bound", async () => {
    let missing = '';
    try {
      findArtillery();
    } catch (e) {
      missing = (e as Error).message;
    }
    test.skip(Boolean(missing), missing);
    const outDir = mkdtempSync(join(tmpdir(), 'fc-load-artillery-'));
    try {
      const p = underLoad('standard');
      // `wait` at a full in-flight cap (the scheduler's): on a busy machine nothing is dropped.
      const run = { profile: p, rate: p.burstRate, durationS: 3, outDir, whenFull: 'wait' as const };
      const { report: single } = await runProfile(run);
      const { report: workers } = await runProfile({ ...run, engine: 'artillery', scale: { workers: 4 } });
      const { report: processes } = await runProfile({ ...run, engine: 'artillery', scale: { processes: 4 } });
      for (const r of [single, workers, processes]) {
        // The report names the engine, the stated rate and the principals.
        expect(r.run.rate).toBe(30);
        expect(r.run.principals.count).toBe(1);
        // Every request sent answered, 200 or 429, and judged from its own record.
        expect(Object.keys(r.summary.statuses).every((code) => code === '200' || code === '429')).toBe(true);
        // The 429s are what the bound makes them: none while fewer than 20 were admitted in its window, and
        // never more than 20 admitted in one.
        expect(r.window.falseRejections).toBe(0);
        expect(r.window.falseAdmissions).toBe(0);
        expect(r.window.maxSurelyInWindow).toBeLessThanOrEqual(20);
      }
      // One process offers the whole 30/s from its start: the bound refuses some. Four processes start as fast
      // as a busy machine starts them, up to seconds apart, and overlap less: however many 429s their overlap
      // earned, the verdict's limit rules (every clock-aligned second over the bound held its 429s) judged them.
      for (const r of [single, workers]) expect(r.summary.statuses['429']).toBeGreaterThan(0);
      expect(single.summary.sent).toBe(90);
      expect([workers.run.engine, processes.run.engine].map((e) => e.name)).toEqual(['artillery', 'artillery']);
      expect(
        verdict(single).every((v) => v.startsWith('✓')),
        why(single),
      ).toBe(true);
      expect(verdict(workers), why(workers)).toEqual(verdict(single));
      expect(verdict(processes), why(processes)).toEqual(verdict(single));
      for (const r of [workers, processes]) {
        const e = r.run.engine;
        if (e.name !== 'artillery') throw new Error('not an Artillery report');
        // Artillery's own counts agree with the records the project judged (an arrival at a full
        // in-flight cap is skipped, as the scheduler's `drop` does).
        expect(e.counts.requests + e.counts.skipped).toBe(90);
        expect(r.summary.sent).toBe(e.counts.requests);
        expect(e.counts.codes).toEqual(r.summary.statuses);
        expect(e.recordsMissing).toBe(0);
      }
      const merged = processes.run.engine;
      if (merged.name !== 'artillery' || !merged.parts) throw new Error('no parts');
      const parts = merged.parts;
      expect(merged.processes).toBe(4);
      expect(merged.parts).toHaveLength(4);
      const sum = (f: (c: (typeof parts)[number]) => number) => parts.reduce((a, c) => a + f(c), 0);
      expect(sum((c) => c.requests)).toBe(merged.counts.requests);
      for (const code of Object.keys(merged.counts.codes)) expect(sum((c) => c.codes[code] ?? 0)).toBe(merged.counts.codes[code]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

test('npm pack leaves the tool folders out: an install of the tarball carries no Artillery', () => {
  const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' })) as {
    files: { path: string }[];
  }[];
  expect(pack!.files.length).toBeGreaterThan(0);
  expect(pack!.files.filter((f) => f.path.startsWith('tools/'))).toEqual([]);
  const manifest = JSON.parse(execFileSync('git', ['show', 'HEAD:package.json'], { encoding: 'utf8' })) as Record<
    string,
    Record<string, string>
  >;
  for (const deps of [manifest.dependencies, manifest.devDependencies]) expect(Object.keys(deps ?? {})).not.toContain('artillery');
});
