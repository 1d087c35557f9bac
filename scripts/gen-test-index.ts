/**
 * Writes suites/test-index.json, the static test index (reporter/test-index.ts): every conformance test with its
 * location and rule IDs, from Playwright's own listing, stamped with the hash of the sources that decide it.
 *
 * Usage: npx tsx scripts/gen-test-index.ts [--check]
 *   --check  exit 1 when the file on disk differs from what would be written (no write).
 * `npm run rules:gen` runs it last (the other generators write sources it hashes); `npm run rules:gen:check` and
 * `npm run rules:check` fail while it is stale.
 */
import { listSuiteTests } from '../reporter/coverage.ts';
import { testIndexProblem, writeTestIndex } from '../reporter/test-index.ts';

const specs = listSuiteTests();
if (process.argv.includes('--check')) {
  const problem = testIndexProblem(specs);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(`suites/test-index.json: up to date (${specs.length} tests)`);
} else {
  writeTestIndex(specs);
  console.log(`suites/test-index.json: ${specs.length} tests`);
}
