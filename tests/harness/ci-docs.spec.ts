/**
 * The example CI workflow (docs/examples/github-actions.yml) is valid YAML of the shape GitHub Actions
 * reads, gates on the standard tier, uploads the bundle and runs certify nightly; no secret is in it.
 * docs/ci.md shows the deploy-to-deploy drift gate with flags the CLI has.
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

test('docs/ci.md shows the deploy-to-deploy drift gate (--baseline, --fail-on-drift) with flags the CLI declares', () => {
  const doc = readFileSync('docs/ci.md', 'utf8');
  const main = readFileSync('cli/main.ts', 'utf8');
  const commands = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.split('\n'))
    .filter((l) => /forecast-conformance (run|drift)\b/.test(l));
  const drift = commands.filter((l) => /forecast-conformance drift /.test(l));
  expect(drift.some((l) => /--baseline \S+/.test(l) && /--fail-on-drift breaking/.test(l))).toBe(true);
  expect(commands.some((l) => /forecast-conformance run .*--baseline \S+/.test(l))).toBe(true);
  const flags = new Set(commands.flatMap((l) => l.match(/--[a-z][a-z-]*/g) ?? []));
  const undeclared = [...flags].filter((f) => !new RegExp(`'${f}[ '<]`).test(main));
  expect(undeclared, 'flags docs/ci.md uses that cli/main.ts does not declare').toEqual([]);
});
