/**
 * The example CI workflow (docs/examples/github-actions.yml) is valid YAML of the shape GitHub Actions
 * reads, gates on the standard tier, uploads the bundle and runs certify nightly; no secret is in it.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { parse } from 'yaml';

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  name: string;
  on: { push?: unknown; schedule?: { cron: string }[] };
  jobs: Record<string, { 'runs-on': string; steps: Step[]; if?: string }>;
}

test('the example GitHub Actions workflow is valid and does what docs/ci.md says', () => {
  const text = readFileSync('docs/examples/github-actions.yml', 'utf8');
  const wf = parse(text, { strict: true, uniqueKeys: true }) as Workflow;
  expect(wf.name).toBeTruthy();
  expect(wf.on.schedule?.[0]?.cron).toMatch(/^(\S+\s+){4}\S+$/);
  const steps = Object.values(wf.jobs).flatMap((j) => {
    expect(j['runs-on']).toBeTruthy();
    for (const s of j.steps) expect(Boolean(s.run) !== Boolean(s.uses), 'a step has run or uses').toBe(true);
    return j.steps;
  });
  const runs = steps.map((s) => s.run ?? '');
  expect(runs.some((r) => /forecast-conformance run --tier standard/.test(r))).toBe(true);
  expect(runs.some((r) => /forecast-conformance run --tier certify/.test(r))).toBe(true);
  expect(steps.filter((s) => s.uses?.startsWith('actions/upload-artifact')).map((s) => s.with?.path)).toContain('reports/');
  expect(text, 'secrets come from the secrets store only').not.toMatch(/fc_[0-9a-f]{16,}/);
  expect(runs.join('\n')).not.toMatch(/--api-key|--control-token/);
});
