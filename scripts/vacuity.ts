/**
 * `npm run vacuity`: runs the conformance suites against a schema-valid random mock of
 * contract/openapi.yaml (scripts/schema-mock.ts) with two API keys and an unlimited spend budget, then lists
 * every rule PASSED there. A schema-only mock can earn only what the schema implies, so a PASS outside
 * the schema-derived families (SCH, CONTRACT, and rules carrying `schema:`) must be justified in the
 * catalogue (`schemaImplied: <why the mock earns it>`); otherwise its test needs strengthening. Exits 1 when such an
 * unjustified PASS exists. Bounded: the run stops after VACUITY_TIMEOUT_S seconds (default 900).
 *
 * Environment: VACUITY_TIMEOUT_S, VACUITY_SEED (mock seed, default 1), VACUITY_REPORT_DIR
 * (default reports/vacuity). Loopback only.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRules, type Rule } from '../contract/rules.ts';
import type { RuleVerdict } from '../reporter/rule-results.ts';
import { startSchemaMock } from './schema-mock.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const timeoutS = Number(process.env.VACUITY_TIMEOUT_S ?? 900);
const reportDir = process.env.VACUITY_REPORT_DIR ?? join(ROOT, 'reports', 'vacuity');

/** A rule whose PASS a schema-valid answer earns by construction. */
export function schemaDerived(rule: Rule): boolean {
  return Boolean(rule.schema) || /^(SCH|CONTRACT)-/.test(rule.id);
}

const { server, url } = await startSchemaMock(Number(process.env.VACUITY_SEED ?? 1));
console.log(`vacuity: schema mock of contract/openapi.yaml on ${url}; suites bounded to ${timeoutS} s`);
// Asynchronous: the mock answers from this very process, so its event loop must stay free.
const child = spawn(
  process.execPath,
  [
    join(ROOT, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--project=conformance',
    '--no-deps',
    '--timeout=20000',
    `--global-timeout=${timeoutS * 1000}`,
  ],
  {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      FC_TARGET: url,
      // Its run's own coordinator (the global setup starts one), never a caller's.
      FC_RUN_COORDINATOR: '',
      FC_EMBEDDED: '0',
      FC_API_KEY: 'vacuity_key_one_1',
      FC_API_KEY_2: 'vacuity_key_two_2',
      FC_CONTROL_TOKEN: '',
      // The mock bills nothing: an unlimited budget lets every paid test run, so the list never depends on
      // which tests the workers reached before a finite budget ran out.
      FC_MAX_SPEND: 'Infinity',
      FC_TIMEOUT_MS: '5000',
      FC_REPORT_DIR: reportDir,
    },
  },
);
const hardStop = setTimeout(() => child.kill('SIGTERM'), (timeoutS + 120) * 1000);
const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
clearTimeout(hardStop);
server.close();

const file = join(reportDir, 'rules.json');
if (!existsSync(file)) {
  console.error(`vacuity: no report at ${file} (suites exited ${String(status)})`);
  process.exit(2);
}
const verdicts = (JSON.parse(readFileSync(file, 'utf8')) as { rules: RuleVerdict[] }).rules;
const catalogue = loadRules();
const passed = verdicts.filter((v) => v.status === 'PASSED');
const outside = passed.map((v) => catalogue.get(v.id)!).filter((r) => r && !schemaDerived(r));
const justified = outside.filter((r) => r.schemaImplied);
const unjustified = outside.filter((r) => !r.schemaImplied);
console.log(
  `\nvacuity: ${passed.length} rule(s) PASSED against the schema mock: ${passed.length - outside.length} schema-derived, ${justified.length} justified (schemaImplied), ${unjustified.length} unjustified`,
);
for (const r of justified) console.log(`  justified  ${r.id}: ${r.schemaImplied}`);
// The instances judged tell a PASS that observed nothing from one a few random answers happened to satisfy.
const instancesOf = new Map(passed.map((v) => [v.id, v.instances ?? 0]));
for (const r of unjustified) console.log(`  UNJUSTIFIED ${r.id} (${instancesOf.get(r.id)} instance(s) judged): ${r.text}`);
process.exit(unjustified.length ? 1 : 0);
