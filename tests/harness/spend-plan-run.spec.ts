/**
 * The plan `run --dry-run` prints is what the run then spends and judges (issue 19): at budgets $0,
 * $2 and $20, against a stub served without a control plane (two keys: every paid call is the
 * configured key's money), for one operation's rules (searchAssets: paid tests worth more than $2 and
 * less than $20 as measured in measurements/request-plan.json `spend.noControl`), the run's spend is within 10%
 * of the plan's (a few cents of slack for the smallest plans: one $0.01 call more or less), and the
 * budget-bound rules the run left SKIPPED for budget are within 10% of those the plan left out. A bought
 * test the run could not complete (THROTTLED, failed: the machine's or the target's doing) is taken out
 * of the plan's figure, and must not be most of it. Credits no catalogue rule.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { runCli } from './support/cli.ts';
import { loadRequestPlan, measuredKey, planKey } from '../../lib/request-plan.ts';
import { operationsNamed } from '../../contract/route-match.ts';
import { startStub, type RunningStub } from '../../stub/app.ts';

const SELECT = ['--operation', 'searchAssets', '--workers', '2'];
const targetArgs = () => ['--target', stub.url];
/** Slack on top of 10%, USD: two $0.01 calls (a retried 429 or one more row walked). */
const SLACK_USD = 0.02;

interface Planned {
  usd: number;
  /** Of `usd`, the reserve priced as spend (small headrooms of bought tests): the run may spend less by that much. */
  reserveUsd: number;
  judged: number;
  budgetBound: number;
}

/** The figures of the plan's lines (cli/spend.ts spendPlanLines). */
function planOf(stdout: string): Planned {
  const spend = /Spend plan at [^:]+: \$(\d+\.\d+) in (\d+) paid test/.exec(stdout);
  const bound = /budget-bound rules judged: (\d+) of (\d+)/.exec(stdout);
  if (!spend || !bound) throw new Error(`no spend plan printed:\n${stdout.slice(-2000)}`);
  const reserve = /of the plan, \$(\d+\.\d+) is reserve priced as spend/.exec(stdout);
  return { usd: Number(spend[1]), reserveUsd: reserve ? Number(reserve[1]) : 0, judged: Number(bound[1]), budgetBound: Number(bound[2]) };
}

interface JsonSuite {
  specs?: {
    file: string;
    title: string;
    tags?: string[];
    tests: { status: string; annotations: { type: string; description?: string }[] }[];
  }[];
  suites?: JsonSuite[];
}

/**
 * Credits the plan counted for bought tests the run did not complete for a reason of the target's or the
 * machine's (THROTTLED, a failure, a timeout), never for budget: they spent less than measured, and the
 * plan cannot know it in advance. Read from the run's Playwright JSON report.
 */
function notCompletedCredits(dir: string): { credits: number; tests: string[] } {
  const bought = new Set((JSON.parse(readFileSync(join(dir, 'spend-plan.json'), 'utf8')) as { bought: string[] }).bought);
  const plan = loadRequestPlan();
  const measured = plan?.spend?.noControl ?? {};
  const out = { credits: 0, tests: [] as string[] };
  const walk = (s: JsonSuite) => {
    for (const spec of s.specs ?? [])
      for (const t of spec.tests) {
        const key = planKey(spec.file, spec.title);
        const budget = t.annotations.some((a) => a.type === 'skip' && /budget/i.test(a.description ?? ''));
        if (!bought.has(key) || t.status === 'expected' || budget) continue;
        const m =
          plan &&
          measuredKey(plan, {
            file: spec.file,
            title: spec.title,
            rules: (spec.tags ?? []).filter((t) => t !== 'slow'),
            operations: operationsNamed(spec.title),
          });
        out.credits += m ? (measured[m] ?? 0) : 0;
        out.tests.push(`${key} (${t.status})`);
      }
    (s.suites ?? []).forEach(walk);
  };
  (JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { suites: JsonSuite[] }).suites.forEach(walk);
  return out;
}

interface RulesJson {
  spend: { usd: number };
  rules: { id: string; status: string; reasons: string[] }[];
}

test.describe.configure({ mode: 'serial' });

let stub: RunningStub;
const keys = [`fc_${randomBytes(16).toString('hex')}`, `fc_${randomBytes(16).toString('hex')}`];
const keyEnv = () => ({ FC_API_KEY: keys[0], FC_API_KEY_2: keys[1] });

test.beforeAll(async () => {
  // The default seed: the data the plan was measured on (scripts/request-plan.ts --no-control).
  stub = await startStub({ port: 0, apiKeys: keys });
});
test.afterAll(async () => {
  await stub?.close();
});

for (const budget of [0, 2, 20]) {
  test(`at $${budget}: the dry run's plan is what the run spends and judges, within 10%`, async () => {
    test.setTimeout(300_000);
    const dir = mkdtempSync(join(tmpdir(), 'fc-plan-run-'));
    try {
      const dry = await runCli(['run', ...targetArgs(), ...SELECT, '--max-spend', String(budget), '--dry-run'], keyEnv(), 60_000);
      expect(dry.code, dry.stdout + dry.stderr).toBe(0);
      const plan = planOf(dry.stdout);
      if (budget === 0) expect(plan.usd, 'a $0 plan buys nothing').toBe(0);
      const run = await runCli(['run', ...targetArgs(), ...SELECT, '--max-spend', String(budget), '--report-dir', dir], keyEnv(), 280_000);
      expect([0, 1], run.stdout.slice(-3000) + run.stderr).toContain(run.code);
      const report = JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')) as RulesJson;
      const gone = notCompletedCredits(dir);
      const expected = plan.usd - gone.credits / 1000;
      if (gone.tests.length) test.info().annotations.push({ type: 'note', description: `not completed: ${gone.tests.join('; ')}` });
      await test.step(`spend: planned $${plan.usd} ($${expected.toFixed(3)} of tests the run completed), reserve $${plan.reserveUsd}, spent $${report.spend.usd}`, () => {
        // A run that completed too little of its plan proves nothing.
        expect(expected, 'the run completed most of the planned spend').toBeGreaterThanOrEqual(plan.usd * 0.5);
        // Within 10% of the plan, or of the plan less its reserve (a reserve the day did not need is not spent).
        const floor = Math.max(0, expected - plan.reserveUsd);
        expect(report.spend.usd).toBeLessThanOrEqual(expected * 1.1 + SLACK_USD);
        expect(report.spend.usd).toBeGreaterThanOrEqual(floor * 0.9 - SLACK_USD);
        expect(report.spend.usd, 'never more than the budget').toBeLessThanOrEqual(budget + 1e-9);
      });
      const skipped = report.rules.filter((r) => r.status === 'SKIPPED' && r.reasons.some((x) => /budget/i.test(x))).length;
      const plannedOut = plan.budgetBound - plan.judged;
      await test.step(`coverage: the plan leaves ${plannedOut} budget-bound rule(s) out, the run skipped ${skipped} for budget`, () => {
        expect(Math.abs(skipped - plannedOut)).toBeLessThanOrEqual(Math.max(1, Math.ceil(plan.budgetBound * 0.1)));
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
