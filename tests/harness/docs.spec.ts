/**
 * The docs name what exists: every path in backticks in README.md, docs/ARCHITECTURE.md,
 * CONTRIBUTING.md and load/README.md exists in the tree, every function named `like()` and every
 * UPPER_CASE name is declared in the code, and the layer picture of docs/ARCHITECTURE.md draws the
 * imports eslint.config.js allows (`LAYERS`); every file path a code comment names (`suites/support/<module>.ts`,
 * `cli/<module>.ts` in a .ts or .js file's comments) exists. Tests of the harness: they credit no rule.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { test, expect } from '@playwright/test';
// @ts-expect-error -- eslint.config.js is plain JavaScript without declarations; LAYERS maps a layer to the layers it may import
import eslintConfig, { LAYERS } from '../../eslint.config.js';

const DOCS = ['README.md', 'docs/ARCHITECTURE.md', 'docs/conventions.md', 'CONTRIBUTING.md', 'load/README.md'];
const TRACKED = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const TOP = new Set(TRACKED.map((f) => f.split('/')[0]!));
const NAMES = new Set(TRACKED.map((f) => basename(f)));
const DIRS = new Set(TRACKED.flatMap((f) => f.split('/').slice(0, -1)));
const SOURCE = TRACKED.filter((f) => /\.(ts|js|sh|jsonc?|ya?ml)$/.test(f) || f.startsWith('.ci/'))
  .filter((f) => existsSync(f))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/** The text of every `code span` of a Markdown file (fenced blocks left out). */
const spans = (md: string): string[] => [...md.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());

/** A span that names a file or folder of the project (not an API route, a package, a template or a glob). */
function pathOf(span: string): string | undefined {
  const p = span.split(/\s+/)[0]!.replace(/[:,.]$/, '');
  if (!/^[\w.\-/]+$/.test(p) || p.startsWith('/') || p.startsWith('../') || (p.startsWith('.') === false && !/[/.]/.test(p)))
    return undefined;
  // reports/ holds what runs write (ignored by git, absent from a fresh clone): not a path of the tree
  if (p.includes('/')) return TOP.has(p.split('/')[0]!) && !p.startsWith('reports/') ? p : undefined;
  // a bare name: a source file (report outputs such as rules.json are written by runs, not kept in the tree)
  return /\.(ts|js)$/.test(p) ? p : undefined;
}

test('every path the docs name in backticks exists', () => {
  const missing: string[] = [];
  for (const doc of DOCS) {
    for (const span of spans(readFileSync(doc, 'utf8'))) {
      const p = pathOf(span);
      if (!p) continue;
      const here = [p, join(dirname(doc), p)].map((x) => x.replace(/\/$/, ''));
      const found = p.includes('/') ? here.some((x) => existsSync(x)) : NAMES.has(p) || DIRS.has(p.replace(/\/$/, ''));
      if (!found) missing.push(`${doc}: \`${span}\``);
    }
  }
  expect(missing, missing.join('\n')).toEqual([]);
});

test('every function and UPPER_CASE name the docs give is in the code', () => {
  const missing: string[] = [];
  for (const doc of DOCS) {
    for (const span of spans(readFileSync(doc, 'utf8'))) {
      const fn = /^(?:[\w.]+\.)?([a-zA-Z_]\w*)\(.*\)$/.exec(span)?.[1];
      const constant = /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$|^[A-Z]{4,}$/.test(span) ? span : undefined;
      if (fn && !new RegExp(`(function\\*?|const|let|class)\\s+${fn}\\b|^\\s*(async\\s+)?${fn}\\s*[(<]`, 'm').test(SOURCE))
        missing.push(`${doc}: \`${span}\` (no function ${fn})`);
      if (constant && !new RegExp(`\\b${constant}\\b`).test(SOURCE)) missing.push(`${doc}: \`${span}\` (named nowhere in the code)`);
    }
  }
  expect(missing, missing.join('\n')).toEqual([]);
});

/** The project's top folders a comment's path starts with (a path elsewhere, `../shared/…` or a URL's, is not checked). */
const COMMENT_PATH_TOPS = [
  'lib',
  'cli',
  'contract',
  'checks',
  'stub',
  'suites',
  'load',
  'reporter',
  'scripts',
  'tests',
  'docs',
  'bin',
  '.ci',
];
/** A block comment, or a line comment (not the `//` of a URL or inside a quoted string's first characters). */
const COMMENT = /\/\*[\s\S]*?\*\/|(?<![:\w\\'"`])\/\/[^\n]*/g;
/** A file path with an extension; a placeholder (`suites/<name>.spec.ts`) or a glob (`rules/*.yaml`) is no path. */
const COMMENT_PATH = new RegExp(
  `(?<![\\w./-])((?:${COMMENT_PATH_TOPS.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./-]*\\w\\.(?:ts|js|json|ya?ml|md|sh))\\b`,
  'g',
);
/** Every file path named in a comment of `files` that does not exist, as "file: path". */
function staleCommentPaths(files: readonly { name: string; text: string }[], exists: (p: string) => boolean): string[] {
  const out: string[] = [];
  for (const { name, text } of files)
    for (const comment of text.match(COMMENT) ?? [])
      for (const m of comment.matchAll(COMMENT_PATH)) if (!exists(m[1]!)) out.push(`${name}: ${m[1]}`);
  return [...new Set(out)];
}

test('every file path a code comment names exists', () => {
  const files = TRACKED.filter((f) => /\.(ts|js|mjs)$/.test(f) && existsSync(f)).map((name) => ({
    name,
    text: readFileSync(name, 'utf8'),
  }));
  const stale = staleCommentPaths(files, existsSync);
  expect(stale, 'paths named in comments that do not exist').toEqual([]);
});

test('a planted stale path in a code comment is found; placeholders, globs, URLs and code are not paths', () => {
  // Built from parts, so this file's own text names no stale path.
  const gone = (...parts: string[]) => parts.join('/');
  const text = [
    `/** Reads ${gone('suites', 'support', 'health.ts')} and lib/settings.ts. */`,
    `// see ${gone('cli', 'request-plan.ts')}, \`suites/<name>.spec.ts:LINE\`, contract/rules/${'*'}.yaml`,
    `const url = 'http:/${''}/host/${gone('lib', 'gone.ts')}'; // https:/${''}/example.test/${gone('cli', 'gone.ts')}`,
    `import { x } from './${gone('lib', 'gone-too.ts')}';`,
  ].join('\n');
  expect(staleCommentPaths([{ name: 'f.ts', text }], existsSync)).toEqual(['f.ts: suites/support/health.ts', 'f.ts: cli/request-plan.ts']);
});

test('the layer picture of docs/ARCHITECTURE.md draws the imports eslint.config.js allows', () => {
  const md = readFileSync('docs/ARCHITECTURE.md', 'utf8');
  const mermaid = /```mermaid\n([\s\S]*?)```/.exec(md)?.[1] ?? '';
  // node ids of the picture → layer names of LAYERS (suites/support is the `suites-support` element)
  const layerOf = (id: string): string => (id === 'support' ? 'suites-support' : id);
  const edges = [...mermaid.matchAll(/^\s*(\w+)\s*-->\s*(\w+)\s*$/gm)].map((m) => [layerOf(m[1]!), layerOf(m[2]!)] as const);
  const nodes = new Set(edges.flat());
  const layers = LAYERS as Record<string, string[]>;
  expect([...nodes].sort(), 'every layer is drawn').toEqual(Object.keys(layers).sort());
  // what a layer may import = itself and everything reachable along the arrows
  const reach = (from: string): string[] => {
    const seen = new Set([from]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [a, b] of edges)
        if (seen.has(a) && !seen.has(b)) {
          seen.add(b);
          grew = true;
        }
    }
    return [...seen].sort();
  };
  for (const layer of Object.keys(layers)) expect(reach(layer), `${layer} may import`).toEqual([...layers[layer]!].sort());
});

/** The section of docs/ARCHITECTURE.md under `heading` (to the next heading of the same level). */
function section(md: string, heading: string): string {
  const start = md.indexOf(`## ${heading}\n`);
  expect(start, `docs/ARCHITECTURE.md has a "${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = md.indexOf('\n## ', start + 3);
  return md.slice(start, end < 0 ? undefined : end);
}
const backticked = (text: string): string[] => [...text.matchAll(/`([^`\s]+\.(?:ts|js))`/g)].map((m) => m[1]!);

test('docs/ARCHITECTURE.md stays under 150 lines (issue 35); the folders and conventions are in docs/conventions.md', () => {
  const lines = readFileSync('docs/ARCHITECTURE.md', 'utf8').split('\n').length;
  expect(lines).toBeLessThan(150);
});

test('the environment readers docs/ARCHITECTURE.md names are the ones the lint rule allows, over the layers it names', () => {
  const md = section(readFileSync('docs/ARCHITECTURE.md', 'utf8'), 'Where the environment is read');
  const config = eslintConfig as { files?: string[]; ignores?: string[]; rules?: Record<string, unknown> }[];
  const rule = config.find((c) => c.rules?.['no-restricted-syntax'] && JSON.stringify(c.rules['no-restricted-syntax']).includes('process'));
  expect(rule, 'eslint.config.js holds a rule against process.env').toBeDefined();
  // The one reader and its exception: exactly the files the rule leaves out.
  expect(
    backticked(md)
      .filter((p) => p !== 'eslint.config.js')
      .sort(),
  ).toEqual([...rule!.ignores!].sort());
  // The layers the page says the rule covers are the ones its globs name.
  const globbed = rule!.files!.join(' ');
  for (const layer of ['lib', 'contract', 'checks', 'stub', 'suites', 'load', 'reporter', 'cli']) {
    expect(md, `the page names ${layer}`).toContain(layer);
    expect(globbed, `the rule covers ${layer}/`).toContain(layer);
  }
});

/** The run's layers' TypeScript modules, as [path, text]. */
function runModules(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) out.push([p, readFileSync(p, 'utf8')]);
    }
  };
  for (const dir of ['lib', 'cli', 'reporter', 'suites', 'load', 'checks', 'contract', 'stub']) walk(dir);
  return out;
}

test('every module that opens a channel of the run (the coordinator, a run-state file) is named by the table in docs/ARCHITECTURE.md', () => {
  const table = backticked(section(readFileSync('docs/ARCHITECTURE.md', 'utf8'), 'Channels of one run'));
  const users = runModules()
    .filter(([p, text]) => p !== 'lib/run-state.ts' && /\b(REPORT_DIR_FILES|startRunCoordinator|CoordinatorClient)\b/.test(text))
    .map(([p]) => p);
  expect(users.length).toBeGreaterThan(0);
  expect(
    users.filter((u) => !table.includes(u)),
    'modules opening a channel the table does not name',
  ).toEqual([]);
});

test('no file is a lock, a marker or a counter between the processes of a run: no exclusive-create and no busy sleep (issue 35)', () => {
  const offenders = runModules()
    .filter(([, text]) => /Atomics\.wait|openSync\([^)]*['"]wx['"]|\.lock\b['"`]/.test(text))
    .map(([p]) => p);
  expect(offenders).toEqual([]);
});
