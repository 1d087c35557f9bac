/**
 * Test lanes (issue 35): which test file runs in which lane, stated once. Globs relative to the project root.
 * - unit (`npm run test:unit`, playwright.unit.config.ts; also `npm test`'s `unit` project): no stub process,
 *   no CLI run, no browser; the whole lane runs in seconds.
 * - e2e (`npm run test:e2e`, playwright.e2e.config.ts; a check of .ci/run, not part of `npm test`): whole
 *   CLI runs against embedded stubs (the alternate stub beside the main one, shards, hostile targets, spend
 *   budgets), minutes each.
 * - everything else under tests/ is the `harness` project of `npm test`.
 * - the suites' `@slow` tests (lib/annotation-kinds.ts SLOW_TAG: the per-operation bursts of windowed limits, each
 *   rule also judged by a faster test on a representative operation) are left out of `npm test`'s conformance run
 *   (`--grep-invert @slow` in package.json); every CLI run runs them: the main job (`npm start`), the e2e lane's
 *   runs and the differential lane's.
 * tests/harness/lanes.spec.ts proves every test file is in exactly one lane.
 */

/** The checks' fixture tests and the pure units of the catalogue, the harness and the stub. */
export const UNIT_TESTS: string[] = [
  'checks/**/*.test.ts',
  ...[
    'applicability',
    'bounds-catalogue',
    'budget',
    'challenge-check',
    'ci-docs',
    'contract-validator',
    'exhibit',
    'floor',
    'judging',
    'junit',
    'ledger-watch',
    'value-forms',
    'lanes',
    'load-judge',
    'load',
    'matcher',
    'operation-facts',
    'run-config',
    'run-coordinator',
    'property',
    'reporter',
    'schema-mock',
    'selection',
    'served-contract',
    'severity',
    'shared-answers',
    'spec-trace',
    'spend-plan',
    'spend-report',
    'test-result',
    'topic-class',
    'transport',
    'variant-compare',
  ].map((name) => `tests/harness/${name}.spec.ts`),
  ...['ledger', 'limiter-windows', 'mutants'].map((name) => `tests/stub/${name}.spec.ts`),
];

/**
 * Whole CLI runs that take minutes: their own lane, outside `npm test`'s bound. The alternate stub beside the main
 * one, the hostile target kinds, the shards merged, and the spend plan's dry runs against real runs at three budgets;
 * and the whole runs whose reports are read end to end (the failing runs and their replay, the secret-leak scans of
 * a real run's files, the example CI workflow's steps), moved here when `npm test` reached its 6-minute bound on CI;
 * and the Artillery load runs (4 workers and 4 merged processes beside the scheduler), moved when it reached 6.5 min;
 * and the CLI against targets that cannot be judged (cli-targets), moved when it stood at 6.2 min; and the CLI runs
 * against hand-made catalogs whose precondition rules must come out NOT_RUN or FAILED (markets-preconditions), moved
 * when it stood at 6.1 min; and contract drift's CLI runs against the stub, edited contracts and dead targets (drift),
 * moved when it stood at 6.2 min.
 */
export const E2E_TESTS: string[] = [
  'tests/variants/*.spec.ts',
  ...[
    'hostile',
    'cli-targets',
    'cli-shard',
    'spend-plan-run',
    'failing-run',
    'redaction',
    'secrets',
    'ci-workflow',
    'load-artillery',
    'markets-preconditions',
    'drift',
  ].map((name) => `tests/harness/${name}.spec.ts`),
];
