/**
 * `npm run rules:coverage`: how much of the spec the catalogue claims. Prints claimed / total spec units
 * (sentences and table rows, contract/spec-text.ts), the informative count (contract/informative.yaml),
 * and lists every unit neither claimed by a rule nor listed with a reason. Exit 1 when any is unclaimed;
 * exit 0 with a notice when the spec file is absent.
 *   --all   also list the informative units with their reasons
 */
import { loadRules } from '../contract/rules.ts';
import { loadInformative, traceability } from '../contract/spec-coverage.ts';
import { loadSpecUnits, specPath } from '../contract/spec-text.ts';

const units = loadSpecUnits();
if (!units) {
  console.log(`rules:coverage skipped: spec not found at ${specPath()} (set FC_SPEC to its path)`);
  process.exit(0);
}
const informative = loadInformative();
const t = traceability(loadRules().values(), units, informative);
const reasons = new Map(informative.map((i) => [i.fp, i.reason]));
const sentences = units.filter((u) => u.kind === 'sentence').length;
const rows = units.length - sentences;
const pct = (n: number) => `${((100 * n) / units.length).toFixed(1)}%`;
console.log(`spec units: ${units.length} (${sentences} sentences, ${rows} table rows)`);
console.log(`claimed by rules: ${t.claimed.length}/${units.length} (${pct(t.claimed.length)})`);
console.log(`informative (listed with a reason): ${t.informative.length}`);
console.log(`unclaimed without a reason: ${t.unclaimed.length}`);
if (process.argv.includes('--all')) {
  for (const u of t.informative) console.log(`  informative ${u.fp} ${u.section}: ${u.at} — ${reasons.get(u.fp)}`);
}
for (const u of t.unclaimed) console.log(`  UNCLAIMED ${u.fp} ${u.section}: ${u.at} :: ${u.text}`);
process.exit(t.unclaimed.length ? 1 : 0);
