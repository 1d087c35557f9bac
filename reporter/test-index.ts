/**
 * The static test index (`suites/test-index.json`, issue 35): every conformance test with its location, title and
 * rule IDs, written by `npm run rules:gen` from Playwright's own listing and checked by `rules:check` and
 * `rules:gen:check`. The CLI plans a run (selection, spend plan, request counts) and the mutation script picks its
 * tests from it, so neither starts a `playwright test --list` child on a tree whose sources match the index (an
 * installed package, a clean clone). On a tree whose sources changed since (a developer's edit), the listing is
 * made once and cached per source hash in the temp folder, as before.
 *
 * Shape: `{ sourcesHash: string, tests: IndexedTest[] }`. The hash covers everything that decides the listing: the
 * suites, the contract and checks they generate tests from, the lib modules they import, and the Playwright config.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANNOTATION, SLOW_TAG } from '../lib/annotation-kinds.ts';
import { listSuiteTests, type ListedSpec } from './coverage.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the index lives (relative to the project root: `suites/test-index.json`). */
export const TEST_INDEX = join(ROOT, 'suites', 'test-index.json');
/** Folders and files whose content decides the listing (relative to the root). */
const SOURCE_DIRS = ['suites', 'contract', 'checks', 'lib'];
const SOURCE_FILES = ['playwright.config.ts', 'tests/lanes.ts'];

/** One conformance test as the index holds it. */
export interface IndexedTest {
  /** Relative to the project root, as Playwright lists it (`suites/<name>.spec.ts`). */
  file: string;
  /** Line of its `test(...)` call: with `file`, a Playwright location filter. */
  line: number;
  /** Its own title (no describe titles). */
  title: string;
  /** The rule IDs its `rule` annotations name, deduplicated, in annotation order. */
  rules: string[];
  /** Present (true) when it carries the `@slow` tag (lib/annotation-kinds.ts SLOW_TAG): left out of `npm test`. */
  slow?: true;
}

interface TestIndex {
  sourcesHash: string;
  tests: IndexedTest[];
}

/**
 * Hash (24 hex digits) of every `.ts`, `.yaml`, `.yml` and `.json` file under the source folders and of the source
 * files, by path relative to the root and content (the index itself left out), so it is the same on every clone.
 */
export function sourcesHash(): string {
  const h = createHash('sha256');
  const add = (path: string) => h.update(relative(ROOT, path).split('\\').join('/')).update('\0').update(readFileSync(path));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|ya?ml|json)$/.test(name) && path !== TEST_INDEX) add(path);
    }
  };
  for (const d of SOURCE_DIRS) walk(join(ROOT, d));
  for (const f of SOURCE_FILES) add(join(ROOT, f));
  return h.digest('hex').slice(0, 24);
}

/** The listing's specs as index entries. */
export function indexedFrom(specs: readonly ListedSpec[]): IndexedTest[] {
  return specs.map((s) => ({
    file: s.file,
    line: s.line,
    title: s.title,
    rules: [...new Set(s.tests.flatMap((t) => t.annotations.filter((a) => a.type === ANNOTATION.rule).map((a) => a.description ?? '')))],
    ...((s.tags ?? []).includes(SLOW_TAG.slice(1)) ? { slow: true as const } : {}),
  }));
}

/** The committed index's text for `specs` (one test per line, so a diff shows which tests moved). */
export function indexText(specs: readonly ListedSpec[], hash = sourcesHash()): string {
  const tests = indexedFrom(specs).map((t) => `    ${JSON.stringify(t)}`);
  return `{\n  "sourcesHash": ${JSON.stringify(hash)},\n  "tests": [\n${tests.join(',\n')}\n  ]\n}\n`;
}

/** Writes the index for `specs` (Playwright's listing by default). @throws Error when listing fails. */
export function writeTestIndex(specs: readonly ListedSpec[] = listSuiteTests()): void {
  writeFileSync(TEST_INDEX, indexText(specs));
}

/**
 * What is wrong with the committed index against `specs` (the listing just made): null when it is that listing's
 * index for the current sources; otherwise the reason, naming the command that rewrites it.
 */
export function testIndexProblem(specs: readonly ListedSpec[]): string | null {
  const fix = 'run `npm run rules:gen` to rewrite it';
  if (!existsSync(TEST_INDEX)) return `suites/test-index.json is missing: ${fix}`;
  return readFileSync(TEST_INDEX, 'utf8') === indexText(specs) ? null : `suites/test-index.json is stale: ${fix}`;
}

/** The committed index's tests when it was written for these sources, else null. */
export function freshIndex(hash = sourcesHash()): IndexedTest[] | null {
  if (!existsSync(TEST_INDEX)) return null;
  const index = JSON.parse(readFileSync(TEST_INDEX, 'utf8')) as TestIndex;
  return index.sourcesHash === hash ? index.tests : null;
}

/**
 * Every conformance test (no target contacted): the committed index when fresh; else Playwright's listing, cached
 * per source hash in the temp folder (written aside, then renamed: parallel runs never read a half-written cache).
 * @throws Error when the listing is needed and fails.
 */
export function suiteTests(): IndexedTest[] {
  // Once per process: a run plans, prints and buys from the same list, and its sources do not change meanwhile.
  return (suiteTestsMemo ??= listedOrIndexed());
}

let suiteTestsMemo: IndexedTest[] | undefined;

function listedOrIndexed(): IndexedTest[] {
  const hash = sourcesHash();
  const fresh = freshIndex(hash);
  if (fresh) return fresh;
  const cache = join(tmpdir(), 'forecast-conformance', `index-${hash}.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as IndexedTest[];
  const tests = indexedFrom(listSuiteTests());
  mkdirSync(dirname(cache), { recursive: true });
  const part = `${cache}.${process.pid}.part`;
  writeFileSync(part, JSON.stringify(tests));
  renameSync(part, cache);
  return tests;
}
