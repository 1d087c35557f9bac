/**
 * Runs a selection of conformance tests in a child Playwright process against a fresh embedded stub
 * (optionally with one mutant switched on) and returns every test's outcome with its rule IDs.
 * Shared by `npm run mutation` and `npm run flake`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { CLOCK_SUITES } from '../../lib/suite-phases.ts';
import { startRunCoordinator } from '../../lib/run-coordinator.ts';
import { ANNOTATION } from '../../lib/annotation-kinds.ts';
import { readTestResult, type ResultAttachment } from '../../lib/test-result.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One test's outcome. `ok` is Playwright's "expected" (passed or skipped as declared). */
export interface TestOutcome {
  /** `file › title` (file relative to suites/). */
  id: string;
  file: string;
  line: number;
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  ok: boolean;
  /** Rule IDs annotated on the test, its own and the cross-cutting rules its answers were judged on (as it ended: withdrawn rules are gone). */
  rules: string[];
  /** Rules withdrawn as unjudged, with why. */
  unjudged: { id: string; reason: string }[];
  /** First line of the first error, for the matrix. */
  error?: string;
  /** When the test's last attempt ended (epoch ms), when the report says. */
  endedAt?: number;
}

export interface RunOutcome {
  tests: TestOutcome[];
  /** Wall time, ms. */
  ms: number;
  /** True when the child was killed at the time limit. */
  timedOut: boolean;
  /** Exit code of the child (null when killed). */
  exitCode: number | null;
  /** Errors outside tests (global setup, collection). */
  errors: string[];
  /** The abort's reason when the run was aborted (lib/run-coordinator.ts: the target or the embedded stub stopped answering). */
  aborted?: string;
}

interface JsonResult {
  status: TestOutcome['status'];
  /** ISO time the attempt started, and its duration (ms). */
  startTime?: string;
  duration?: number;
  errors?: { message?: string }[];
  annotations?: { type: string; description?: string }[];
  attachments?: ResultAttachment[];
}
interface JsonTest {
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  annotations: { type: string; description?: string }[];
  results: JsonResult[];
}
interface JsonSpec {
  title: string;
  file: string;
  line: number;
  tests: JsonTest[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

const stripAnsi = (s: string): string => stripVTControlCharacters(s);

function outcomes(report: { suites?: JsonSuite[] }): TestOutcome[] {
  const out: TestOutcome[] = [];
  const walk = (s: JsonSuite): void => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results[t.results.length - 1];
        const annotations = [...t.annotations, ...(last?.annotations ?? [])];
        const read = readTestResult(last?.attachments);
        const data = read?.ok ? read.data : undefined;
        // A cross-cutting rule judged on the test's answers (suites/support/answer-checks.ts) is carried too.
        const declared = annotations.filter((a) => a.type === ANNOTATION.rule).map((a) => a.description ?? '');
        const rules = [...new Set([...declared, ...(data?.crossCutting ?? [])])];
        const unjudged = data?.unjudged ?? [];
        const message = last?.errors?.[0]?.message;
        const endedAt = last?.startTime ? Date.parse(last.startTime) + (last.duration ?? 0) : NaN;
        out.push({
          ...(Number.isFinite(endedAt) ? { endedAt } : {}),
          id: `${spec.file} › ${spec.title}`,
          file: spec.file,
          line: spec.line,
          status: last?.status ?? 'skipped',
          ok: t.status === 'expected' || t.status === 'skipped',
          rules,
          unjudged,
          ...(message
            ? {
                error:
                  stripAnsi(message)
                    .split('\n')
                    .find((l) => l.trim())
                    ?.trim()
                    .slice(0, 240) ?? '',
              }
            : {}),
        });
      }
    }
    (s.suites ?? []).forEach(walk);
  };
  (report.suites ?? []).forEach(walk);
  return out;
}

export interface RunOptions {
  /** `suites/<name>.spec.ts:LINE` or file paths, relative to the project root; empty = every conformance test. */
  targets: string[];
  /** FC_MUTANT for the embedded stub; undefined = none. */
  mutant?: string;
  /** Kill the child after this many ms. */
  timeoutMs: number;
  /** Playwright workers (default 2). */
  workers?: number;
  /** Stop after this many failures (Playwright --max-failures); 0 = run all. */
  maxFailures?: number;
  /** Per-test timeout, ms (Playwright --timeout); default the config's. */
  testTimeoutMs?: number;
  /** Exact test titles to keep among the targets (Playwright --grep, escaped); undefined = all. */
  titles?: string[];
}

/**
 * Runs the selection. Never throws for test failures; a child that cannot report yields `errors`.
 * The clock suites (lib/suite-phases.ts CLOCK_SUITES) never run beside other tests, since they move the
 * target's clock: the whole suite runs as the config orders it (conformance, then its teardown
 * project conformance-clock); a selection mixing both runs as two children in that order (the second
 * is skipped once the first reached maxFailures).
 */
export async function runConformance(opts: RunOptions): Promise<RunOutcome> {
  const clock = opts.targets.filter((t) => CLOCK_SUITES.test(t.replace(/:\d+$/, '')));
  const other = opts.targets.filter((t) => !clock.includes(t));
  if (!clock.length || !other.length) return runChild(opts);
  const first = await runChild({ ...opts, targets: other });
  const failed = first.tests.filter((t) => !t.ok).length;
  const left = opts.timeoutMs - first.ms;
  if (first.timedOut || left <= 0 || (opts.maxFailures && failed >= opts.maxFailures)) return first;
  const second = await runChild({ ...opts, targets: clock, timeoutMs: left });
  return {
    tests: [...first.tests, ...second.tests],
    ms: first.ms + second.ms,
    timedOut: second.timedOut,
    exitCode: first.exitCode || second.exitCode,
    errors: [...first.errors, ...second.errors],
    ...((first.aborted ?? second.aborted) ? { aborted: first.aborted ?? second.aborted } : {}),
  };
}

async function runChild(opts: RunOptions): Promise<RunOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'fc-proof-'));
  const jsonFile = join(dir, 'results.json');
  // The run's coordinator is this script's: its abort (a target that stopped answering) is read here after the run.
  const coordinator = await startRunCoordinator();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FC_RUN_COORDINATOR: coordinator.address,
    FC_REPORT_DIR: dir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
    FC_WORKERS: String(opts.workers ?? 2),
  };
  // The embedded stub only: a configured target would be tested instead of the mutant.
  for (const k of ['FC_TARGET', 'FC_API_KEY', 'FC_API_KEY_2', 'FC_CONTROL', 'FC_CONTROL_TOKEN', 'FC_EMBEDDED', 'FC_MUTANT']) delete env[k];
  if (opts.mutant) env.FC_MUTANT = opts.mutant;
  const args = [
    join(ROOT, 'node_modules/@playwright/test/cli.js'),
    'test',
    // Everything: the conformance project with its teardown (the clock suites, after it). A selection:
    // exactly those tests, in whichever of the two projects holds them.
    ...(opts.targets.length ? ['--project=conformance', '--project=conformance-clock', '--no-deps'] : ['--project=conformance']),
    '--reporter=json',
    ...(opts.maxFailures ? [`--max-failures=${opts.maxFailures}`] : []),
    ...(opts.testTimeoutMs ? [`--timeout=${opts.testTimeoutMs}`] : []),
    ...(opts.titles?.length ? [`--grep=${opts.titles.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}`] : []),
    ...opts.targets,
  ];
  const started = Date.now();
  let timedOut = false;
  const stderr: string[] = [];
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    child.stderr.on('data', (d: Buffer) => stderr.length < 200 && stderr.push(d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      // The child's whole process group: Playwright's workers and the stub with it.
      if (child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }
    }, opts.timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const ms = Date.now() - started;
  let tests: TestOutcome[] = [];
  const errors: string[] = [];
  await coordinator.close();
  let aborted = coordinator.state.abortReason();
  try {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as { suites?: JsonSuite[]; errors?: { message?: string }[] };
    tests = outcomes(report);
    // A run stopped at its first failure (maxFailures) closes the embedded stub while other workers are
    // still calling it: their connection failures then abort the run. A test that had failed before the
    // abort failed on the target's answers, not on the abort: not the harness's error.
    const abortedAt = coordinator.state.abortedAt() ?? NaN;
    if (tests.some((t) => !t.ok && t.endedAt !== undefined && t.endedAt <= abortedAt)) aborted = undefined;
    errors.push(...(report.errors ?? []).map((e) => stripAnsi(e.message ?? '').split('\n')[0] ?? ''));
  } catch {
    errors.push(timedOut ? `killed after ${opts.timeoutMs} ms` : `no report (exit ${exitCode}): ${stderr.join('').slice(0, 400)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { tests, ms, timedOut, exitCode, errors, ...(aborted ? { aborted } : {}) };
}
