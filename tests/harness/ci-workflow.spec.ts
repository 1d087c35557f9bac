/**
 * Issue 33: every line of the example GitHub Actions workflow works today. The gate job's shell steps
 * run in order, in bash, in a fresh workspace holding this checkout where `actions/checkout` puts it,
 * with the environment GitHub gives them (GITHUB_ACTIONS=true, RUNNER_TEMP, GITHUB_STEP_SUMMARY) and no
 * STAGING_URL, so the run certifies the embedded stub. Two things differ from GitHub, both stated:
 * FC_RULES=PRICE-014 narrows the run to one rule (the environment's own setting, so no line is edited),
 * and the tarball is installed offline with this checkout's dependencies linked (as `npm run
 * package:check` does), since a test fetches nothing from the registry. The GitLab example publishes
 * junit.xml as its test report.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { parse } from 'yaml';
import { ROOT } from './support/cli.ts';

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

/** The step that installs the packed tarball (done offline here). */
const INSTALL = /^npm install --no-save --no-audit --no-fund "\$RUNNER_TEMP"\/forecast-conformance-\*\.tgz$/;

function sh(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(
      'bash',
      ['-eo', 'pipefail', '-c', script],
      { cwd, env, timeout: 150_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
}

test("the gate job's shell steps pass against the embedded stub, and the step summary is written", async () => {
  test.setTimeout(240_000);
  const wf = parse(readFileSync(join(ROOT, 'docs/examples/github-actions.yml'), 'utf8')) as Workflow;
  const workspace = mkdtempSync(join(tmpdir(), 'fc-workflow-'));
  const runnerTemp = mkdtempSync(join(tmpdir(), 'fc-runner-temp-'));
  const summary = join(runnerTemp, 'step-summary.md');
  try {
    // actions/checkout with `path: forecast-conformance`.
    const checkout = wf.jobs.gate!.steps.find((s) => s.uses?.startsWith('actions/checkout'));
    symlinkSync(ROOT, join(workspace, (checkout as { with?: { path?: string } }).with?.path ?? '.'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      RUNNER_TEMP: runnerTemp,
      GITHUB_STEP_SUMMARY: summary,
      // The workflow's env with its expressions empty: no STAGING_URL (the embedded stub), no secrets.
      ...Object.fromEntries(Object.entries(wf.env).map(([k, v]) => [k, String(v).includes('${{') ? '' : String(v)])),
      FC_RULES: 'PRICE-014',
    };
    const ran: string[] = [];
    for (const step of wf.jobs.gate!.steps) {
      if (!step.run) continue;
      if (INSTALL.test(step.run.trim())) {
        const tarballs = readdirSync(runnerTemp).filter((f) => /^forecast-conformance-.*\.tgz$/.test(f));
        expect(tarballs, 'the pack step left one tarball in $RUNNER_TEMP').toHaveLength(1);
        const pkg = join(workspace, 'node_modules', 'forecast-conformance');
        mkdirSync(pkg, { recursive: true });
        mkdirSync(join(workspace, 'node_modules', '.bin'), { recursive: true });
        expect((await sh(`tar -xzf "${join(runnerTemp, tarballs[0]!)}" -C "${pkg}" --strip-components=1`, workspace, env)).code).toBe(0);
        for (const dep of readdirSync(join(ROOT, 'node_modules')))
          if (!existsSync(join(workspace, 'node_modules', dep)))
            symlinkSync(join(ROOT, 'node_modules', dep), join(workspace, 'node_modules', dep));
        symlinkSync('../forecast-conformance/bin/forecast-conformance.js', join(workspace, 'node_modules', '.bin', 'forecast-conformance'));
        ran.push(`${step.name} (offline)`);
        continue;
      }
      const r = await sh(step.run, workspace, { ...env, ...step.env });
      expect(r.code, `${step.name ?? step.run}:\n${r.out.slice(-3000)}`).toBe(0);
      ran.push(step.name ?? step.run);
      if (/forecast-conformance verify/.test(step.run)) expect(r.out).toMatch(/^verified: \d+ file\(s\)/m);
    }
    expect(ran).toHaveLength(4);
    const report = JSON.parse(readFileSync(join(workspace, 'reports', 'rules.json'), 'utf8')) as { verdict: string; selection: string[] };
    expect(report).toMatchObject({ verdict: 'PASSED', selection: ['PRICE-014'] });
    expect(readFileSync(summary, 'utf8')).toMatch(/^## forecast-conformance: PASSED \(exit 0\)/);
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(runnerTemp, { recursive: true, force: true });
  }
});

test('the GitLab example runs the same commands and publishes junit.xml as its test report', () => {
  const gl = parse(readFileSync(join(ROOT, 'docs/examples/gitlab-ci.yml'), 'utf8')) as Record<
    string,
    { script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string } } }
  >;
  const job = gl.conformance!;
  expect(job.artifacts).toMatchObject({ when: 'always', paths: ['reports/'], reports: { junit: 'reports/junit.xml' } });
  expect(job.script.some((l) => /^npm pack .*\.\/forecast-conformance$/.test(l))).toBe(true);
  expect(job.script.some((l) => /^npx forecast-conformance run .*--report-dir reports$/.test(l))).toBe(true);
  expect(JSON.stringify(gl)).not.toMatch(/--api-key|--control-token|fc_[0-9a-f]{16,}/);
});
