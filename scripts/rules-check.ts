/**
 * `npm run rules:check`: fails when a testable catalogue rule has no test, when a test names an
 * unknown rule, or when a suite test names no rule. Pending rules (tests due in a later issue)
 * are listed, not failed.
 */
import { coverage } from '../reporter/coverage.ts';
import { loadRules } from '../contract/rules.ts';

const rules = loadRules();
const c = coverage();
const problems = [
  ...c.unknown.map((u) => `unknown rule ${u.id} named by ${u.test}`),
  ...c.untested.map((id) => `no test for ${id}: ${rules.get(id)?.text ?? ''}`),
  ...c.unannotated.map((t) => `test names no rule: ${t}`),
];
console.log(`catalogue: ${rules.size} rules; tested: ${c.tested.size}; pending (later issues): ${c.pending.length}`);
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`rules:check failed: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('rules:check ok');
