// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/**
 * The layers and the imports each may make, written down once (docs/ARCHITECTURE.md draws them):
 *
 *   lib ← contract ← checks ← {stub, suites, load} ← {reporter, cli}
 *
 * Nothing below imports from above; only suites/ imports suites/support. The embedded target is
 * started through the stub's entry points, by the suites' global setup (stub/process.ts, a child
 * process), the load worker and the fuzz script (stub/app.ts), and by nothing else. tests/ (tests of the harness in tests/harness, the stub's unit tests in tests/stub) sits on top and may import any
 * layer; scripts/ may use the reporter; playwright.config.ts (outside every layer) wires them.
 */
export const LAYERS = {
  lib: ['lib'],
  contract: ['lib', 'contract'],
  checks: ['lib', 'contract', 'checks'],
  stub: ['lib', 'contract', 'checks', 'stub'],
  'suites-support': ['lib', 'contract', 'checks', 'suites-support'],
  suites: ['lib', 'contract', 'checks', 'suites-support', 'suites'],
  load: ['lib', 'contract', 'checks', 'load'],
  reporter: ['lib', 'contract', 'checks', 'reporter'],
  cli: ['lib', 'contract', 'checks', 'reporter', 'cli'],
  scripts: ['lib', 'contract', 'checks', 'reporter', 'scripts'],
};
/** The only cross-layer doors: file (relative to the root) → the extra files it may import. */
const DOORS = {
  'suites/support/global-setup.ts': ['stub/process.ts'],
  'load/stub-worker.ts': ['stub/app.ts'],
  // The proof scripts start the embedded stub (fuzz) and read the mutant registry (mutation).
  'scripts/fuzz.ts': ['stub/app.ts'],
  'scripts/mutation.ts': ['stub/mutants.ts'],
  // The proof runs keep the clock suites apart from the rest, as the CLI's selection does.
  'scripts/proof/playwright-run.ts': ['cli/selection.ts'],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'bin/**', 'scratch/**', 'cleanroom/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The Artillery engine's hooks, plugin and helpers (tools/artillery/fc) are plain JavaScript run by the tool
  // folder's own Node (≥ 22.18) inside Artillery, outside the layers: they import none of the project's code.
  {
    files: ['tools/artillery/fc/**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        require: 'readonly',
        module: 'writable',
        Buffer: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
    rules: {
      // Artillery loads processors and v2 plugins with CommonJS semantics.
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The embedded stub's child entry is plain JavaScript run by Node (stub/child.js).
  { files: ['stub/child.js'], languageOptions: { globals: { process: 'readonly' } } },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'lib', pattern: 'lib/**', partialMatch: false },
        { type: 'contract', pattern: 'contract/**', partialMatch: false },
        { type: 'checks', pattern: 'checks/**', partialMatch: false },
        { type: 'stub', pattern: 'stub/**', partialMatch: false },
        { type: 'suites-support', pattern: 'suites/support/**', partialMatch: false },
        { type: 'suites', pattern: 'suites/**', partialMatch: false },
        { type: 'load', pattern: 'load/**', partialMatch: false },
        { type: 'reporter', pattern: 'reporter/**', partialMatch: false },
        { type: 'cli', pattern: 'cli/**', partialMatch: false },
        { type: 'scripts', pattern: 'scripts/**', partialMatch: false },
        { type: 'harness', pattern: 'tests/**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...Object.entries(LAYERS).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: to } } } },
            })),
            ...Object.entries(DOORS).flatMap(([from, to]) =>
              to.map((path) => ({ from: { file: { path: from } }, allow: { to: { file: { path } } } })),
            ),
            { from: { element: { type: 'harness' } }, allow: { to: { element: { type: '*' } } } },
          ],
        },
      ],
    },
  },
  // One reader of the environment (issue 35): in the run's layers only lib/settings.ts touches process.env (its
  // processEnvironment, childEnvironment, pickEnvironment, specPathSetting, readSettings and handToWorkers, which the
  // global setup hands the embedded stub and its run coordinator through); the stub's entry point reads its own
  // STUB_* variables. scripts/ and tests/ are tools and tests of the harness, outside the run.
  {
    files: ['{lib,contract,checks,stub,suites,load,reporter,cli}/**/*.ts', 'playwright*.config.ts'],
    ignores: ['lib/settings.ts', 'stub/main.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message:
            'Read the environment through lib/settings.ts (readSettings, processEnvironment, childEnvironment, ...), the one reader.',
        },
      ],
    },
  },
);
