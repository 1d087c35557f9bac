/**
 * Rule coverage: which catalogue rules the suites name (Playwright `rule` annotations, read from
 * `playwright test --list --reporter=json`), and the two ways they can drift apart.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTestable, loadRules, type Rule } from '../contract/rules.ts';
import { PLAYWRIGHT_CLI, playwrightEnv } from '../lib/playwright-cli.ts';
import { ANNOTATION } from '../lib/annotation-kinds.ts';
import { processEnvironment } from '../lib/settings.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface ListedTest {
  annotations: { type: string; description?: string }[];
}
export interface ListedSpec {
  title: string;
  /** Relative to the project root. */
  file: string;
  line: number;
  /** Its tags without their `@`: its rule IDs, and `slow` (lib/annotation-kinds.ts SLOW_TAG). */
  tags?: string[];
  tests: ListedTest[];
}
interface ListedSuite {
  specs?: ListedSpec[];
  suites?: ListedSuite[];
}

export interface Coverage {
  /** Rule ID → titles of the tests naming it. */
  tested: Map<string, string[]>;
  /** IDs named by a test but absent from the catalogue. */
  unknown: { id: string; test: string }[];
  /** Testable, non-pending catalogue rules no test names. */
  untested: string[];
  /** Rules waiting for a later issue's tests. */
  pending: string[];
  /** Suite tests that name no rule at all. */
  unannotated: string[];
}

/** Lists the conformance project's tests (no target is contacted). @throws Error when listing fails. */
export function listSuiteTests(): ListedSpec[] {
  const out = execFileSync(
    process.execPath,
    [PLAYWRIGHT_CLI, 'test', '--list', '--reporter=json', '--project=conformance', '--project=conformance-clock'],
    {
      cwd: ROOT,
      env: playwrightEnv({
        ...processEnvironment(),
        FC_TARGET: processEnvironment().FC_TARGET || 'http://127.0.0.1:9',
        PLAYWRIGHT_JSON_OUTPUT_NAME: '',
      }),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const report = JSON.parse(out) as { suites: ListedSuite[]; errors?: { message?: string }[] };
  if (report.errors?.length) throw new Error(`listing the suites failed: ${report.errors.map((e) => e.message).join('\n')}`);
  const specs: ListedSpec[] = [];
  const walk = (s: ListedSuite) => {
    specs.push(...(s.specs ?? []));
    (s.suites ?? []).forEach(walk);
  };
  report.suites.forEach(walk);
  return specs;
}

/** Which rules of `catalogue` (the project's by default) the listed suite tests name, and where the two drift apart. */
export function coverage(specs: ListedSpec[] = listSuiteTests(), catalogue: ReadonlyMap<string, Rule> = loadRules()): Coverage {
  const tested = new Map<string, string[]>();
  const unknown: Coverage['unknown'] = [];
  const unannotated: string[] = [];
  for (const spec of specs) {
    const title = `${spec.file} › ${spec.title}`;
    const ids = new Set(spec.tests.flatMap((t) => t.annotations.filter((a) => a.type === ANNOTATION.rule).map((a) => a.description ?? '')));
    if (!ids.size) unannotated.push(title);
    for (const id of ids) {
      if (!catalogue.has(id)) unknown.push({ id, test: title });
      tested.set(id, [...(tested.get(id) ?? []), title]);
    }
  }
  const live = [...catalogue.values()].filter((r) => isTestable(r) && !tested.has(r.id));
  return {
    tested,
    unknown,
    untested: live.filter((r) => !r.pending).map((r) => r.id),
    pending: live.filter((r) => r.pending).map((r) => r.id),
    unannotated,
  };
}
