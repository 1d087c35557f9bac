/**
 * `npx tsx scripts/alt-compare.ts [--family F]... [--rule ID]... [--workers N] [--report-dir DIR]`:
 * runs the conformance suites against the main stub and against the alternate stub at the same time
 * (`forecast-conformance run` and `run --stub-variant alt`, each with N workers, default 3), then compares
 * their verdicts (reporter/variant-compare.ts): exit 1 when the alternate run FAILED or ERRORED a rule,
 * judged a documented rule otherwise than the main run, or did not see a flipped gap differ.
 * `--main DIR --alt DIR` compares two runs already written instead. Loopback only (embedded stubs).
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  compareVariantRuns,
  flippedGaps,
  formatVariantProblems,
  readVariantReport,
  type VariantProblem,
  type VariantReport,
} from '../reporter/variant-compare.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** One finished run: its exit code, its rules.json rules (empty when none was written), its output. */
export interface VariantRun extends VariantReport {
  code: number | null;
  output: string;
}

function readRun(dir: string, code: number | null, output: string): VariantRun {
  return { ...readVariantReport(dir), code, output };
}

/**
 * Runs `forecast-conformance run ...args` with FC_* cleared (the embedded stub), its reports in
 * `reportDir`; stopped by SIGINT (reports written) after `timeoutMs`. Never rejects.
 */
export function runOnce(args: readonly string[], reportDir: string, timeoutMs: number): Promise<VariantRun> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('FC_')) env[k] = v;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href,
        join(ROOT, 'cli/main.ts'),
        'run',
        '--report-dir',
        reportDir,
        ...args,
      ],
      { cwd: ROOT, env: { ...env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // `run` stops Playwright on SIGINT and writes its reports; a run past its time is stopped that way.
    const timer = setTimeout(() => child.kill('SIGINT'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(readRun(reportDir, code, output));
    });
  });
}

/**
 * Runs the main and the alternate stub side by side and compares them.
 * @param args selection flags passed to both runs (`--family`, `--rule`, `--grep`, `--workers`)
 * @param reportDir the runs write `<reportDir>/main` and `<reportDir>/alt`
 * @param timeoutMs each run is stopped (SIGINT, reports written) after this long
 */
export async function runVariants(
  args: readonly string[],
  reportDir: string,
  timeoutMs = 8 * 60_000,
): Promise<{ main: VariantRun; alt: VariantRun; problems: VariantProblem[] }> {
  const [main, alt] = await Promise.all([
    runOnce(args, join(reportDir, 'main'), timeoutMs),
    runOnce([...args, '--stub-variant', 'alt'], join(reportDir, 'alt'), timeoutMs),
  ]);
  const selected = alt.selection ? new Set(alt.selection) : undefined;
  return { main, alt, problems: compareVariantRuns(main.rules, alt.rules, flippedGaps(), selected) };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      family: { type: 'string', multiple: true },
      rule: { type: 'string', multiple: true },
      operation: { type: 'string', multiple: true },
      grep: { type: 'string' },
      workers: { type: 'string', default: '3' },
      'report-dir': { type: 'string', default: join(ROOT, 'reports', 'variants') },
      main: { type: 'string' },
      alt: { type: 'string' },
    },
  });
  let problems: VariantProblem[];
  let counts = '';
  if (values.main && values.alt) {
    const m = readRun(values.main, 0, '');
    const a = readRun(values.alt, 0, '');
    problems = compareVariantRuns(m.rules, a.rules, flippedGaps(), a.selection ? new Set(a.selection) : undefined);
  } else {
    const args = [
      ...(values.family ?? []).flatMap((f) => ['--family', f]),
      ...(values.rule ?? []).flatMap((r) => ['--rule', r]),
      ...(values.operation ?? []).flatMap((o) => ['--operation', o]),
      ...(values.grep ? ['--grep', values.grep] : []),
      '--workers',
      values.workers,
    ];
    const r = await runVariants(args, values['report-dir']);
    problems = r.problems;
    counts = `main exit ${r.main.code}, alt exit ${r.alt.code}; reports in ${values['report-dir']}/{main,alt}\n`;
    for (const [name, run] of [
      ['main', r.main],
      ['alt', r.alt],
    ] as const)
      counts += `${name}: ${run.output.split('\n').find((l) => l.startsWith('Rules:')) ?? '(no summary)'}\n`;
  }
  process.stdout.write(counts);
  const flips = flippedGaps().size;
  if (problems.length) {
    console.log(`${problems.length} problem(s) (${flips} flipped gap rule(s)):\n${formatVariantProblems(problems)}`);
    return 1;
  }
  console.log(`alternate stub: no FAILED or ERROR rule, documented verdicts as on the main stub, all ${flips} flipped gap(s) differ`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
