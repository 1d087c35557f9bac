/**
 * `npm run rules:check`: fails when a catalogue file or an operation's x-fc-* facts break their JSON
 * Schema (contract/rules.schema.json, contract/facts.schema.json: a misspelt `level` or `observe`), when a
 * testable catalogue rule has no test, when a test names an unknown rule, or when a suite test names no rule.
 * `--rules-dir DIR` checks the catalogue in DIR instead of contract/rules/. Pending rules (tests due in a later issue)
 * are listed, not failed.
 *
 * Traceability to the spec (issue 8): every live rule cites its spec unit(s) by fingerprint (`source`;
 * contract/spec-text.ts). Fails when a rule has no source, or when a cited fingerprint (or one in
 * contract/informative.yaml) matches no sentence or table row of the spec; then it lists the rules to
 * review and what now sits where the stale unit was. Skipped with a notice when the spec file is absent.
 * A rule's text is the project's own wording: it fails when it shares COPY_LIMIT or more consecutive words
 * with a unit it cites (contract/spec-text.ts copiedRun). A rule observed only through the control plane or a funded
 * wallet must say why (`needs`): everything else the spec makes observable is judged without one (issue 32).
 * Every live rule states the operations it applies to (`appliesTo`, `operations` or `schema`; contract/applicability.ts,
 * issue 34), and each selector resolves against the contract. The static test index (suites/test-index.json) must be
 * the listing's (reporter/test-index.ts).
 */
import { resolve } from 'node:path';
import { coverage, listSuiteTests } from '../reporter/coverage.ts';
import { testIndexProblem } from '../reporter/test-index.ts';
import { contract } from '../contract/index.ts';
import { applicabilityProblems, applicabilityStatement } from '../contract/applicability.ts';
import { loadRules, type Rule } from '../contract/rules.ts';
import { loadInformative, traceability } from '../contract/spec-coverage.ts';
import { COPY_LIMIT, copiedRun, loadSpecUnits, locate, specPath } from '../contract/spec-text.ts';
import { danglingMarks, rulesOnChoices } from '../contract/choice-marks.ts';
import { altFlips } from './alt-flips.ts';

/**
 * The catalogue (contract/rules/, or the folder after `--rules-dir`) checked against contract/rules.schema.json,
 * and the contract's x-fc-* facts against contract/facts.schema.json; exits 1 naming every problem first.
 */
function loadChecked(): Map<string, Rule> {
  const at = process.argv.indexOf('--rules-dir');
  try {
    const rules = at > 0 ? loadRules(resolve(process.argv[at + 1] ?? '.')) : loadRules();
    contract();
    return rules;
  } catch (err) {
    console.error((err as Error).message);
    console.error('rules:check failed: the catalogue or the contract does not match its schema (contract/*.schema.json)');
    process.exit(1);
  }
}

const rules = loadChecked();
const specs = listSuiteTests();
const c = coverage(specs, rules);
const problems = [
  ...c.unknown.map((u) => `unknown rule ${u.id} named by ${u.test}`),
  ...c.untested.map((id) => `no test for ${id}: ${rules.get(id)?.text ?? ''}`),
  ...c.unannotated.map((t) => `test names no rule: ${t}`),
];
console.log(`catalogue: ${rules.size} rules; tested: ${c.tested.size}; pending (later issues): ${c.pending.length}`);
// The static test index (issue 35) the CLI plans from is this listing's.
const indexProblem = testIndexProblem(specs);
if (indexProblem) problems.push(indexProblem);

// Black-box first (issue 32): a rule observed only through the control plane or a funded wallet says why it needs one.
const unexplained = [...rules.values()].filter(
  (r) => !r.retired && r.kind === 'rule' && (r.observe === 'control-plane' || r.observe === 'wallet') && !r.needs,
);
problems.push(...unexplained.map((r) => `rule ${r.id} is observed through the ${r.observe} but does not say why it needs it (needs:)`));
console.log(
  `black-box first: ${[...rules.values()].filter((r) => !r.retired && r.needs).length} rule(s) say why they need the control plane or a wallet`,
);

// Applicability (issue 34): every live rule states the operations it applies to, by selectors the contract resolves.
const unstated = [...rules.values()].flatMap(applicabilityProblems);
problems.push(...unstated);
console.log(
  `applicability: ${[...rules.values()].filter((r) => !r.retired && applicabilityStatement(r)).length} live rule(s) state their operations, ${unstated.length} problem(s)`,
);

// Documented versus chosen (issue 18): a documented rule may not judge a part the spec does not show,
// every mark names a gap, and the alternate stub flips exactly the gaps that name an alternate.
problems.push(
  ...rulesOnChoices().map(
    (x) => `rule ${x.ruleId} is documented (kind rule) but judges ${x.mark.pointer}, marked as the choice ${x.mark.gapId}`,
  ),
  ...danglingMarks().map((m) => `x-fc-choice at ${m.pointer} names ${m.gapId}, which is not a live gap rule`),
);
const flips = altFlips();
const alternates = [...rules.values()].filter((r) => r.kind === 'gap' && !r.retired && r.alternate).map((r) => r.id);
problems.push(
  ...[...flips.keys()]
    .filter((id) => !alternates.includes(id))
    .map((id) => `alt('${id}') in ${flips.get(id)!.join(', ')}: not a gap rule with an alternate`),
  ...alternates.filter((id) => !flips.has(id)).map((id) => `gap ${id} names an alternate but no alt('${id}') flip in stub/ makes it`),
);
console.log(`choices: ${alternates.length} gap rule(s) with an alternate, each flipped by the alternate stub`);

const units = loadSpecUnits();
if (!units) {
  console.log(`spec fingerprints: SKIPPED, spec not found at ${specPath()} (set FC_SPEC to check every rule's source)`);
} else {
  const t = traceability(rules.values(), units, loadInformative());
  const byAt = new Map(units.map((u) => [`${u.section}: ${u.at}`, u]));
  const fpsOk = new Set(units.map((u) => u.fp));
  problems.push(...t.unsourced.map((id) => `rule ${id} cites no spec unit (add source: run npx tsx scripts/rules-sources.ts --write)`));
  for (const s of t.stale) {
    const now = byAt.get(s.at);
    problems.push(
      `spec changed: fingerprint ${s.fp} (${s.at}) matches no sentence or row; review ${s.rules.join(', ')}` +
        (now ? `; that place now holds ${now.fp}` : ''),
    );
  }
  problems.push(
    ...t.staleInformative.map(
      (i) => `spec changed: informative ${i.fp} (${i.at}) matches no sentence or row; review contract/informative.yaml`,
    ),
  );
  console.log(
    `spec fingerprints: ${t.claims.size} cited, ${t.stale.length} stale; units claimed ${t.claimed.length}/${units.length}, informative ${t.informative.length}`,
  );
  const unitByFp = new Map(units.map((u) => [u.fp, u]));
  for (const r of rules.values()) {
    const copied = Math.max(0, ...(r.source ?? []).map((s) => copiedRun(r.text, unitByFp.get(s.fp)?.text ?? '')));
    if (copied >= COPY_LIMIT)
      problems.push(`rule ${r.id} copies ${copied} consecutive words of its spec sentence: word it in the project's own terms`);
  }
  // A schema rule about one member cites a unit that names that member (round-32 survivor: ChildMarket.lastPrice cited
  // the generation row, so a bug-hunt selecting by sentence never ran it). Exempt: a member no unit names, and the
  // members of x402's PaymentRequired, which the spec takes from the x402 v2 document rather than listing them.
  const named = (member: string, text: string): boolean => new RegExp(`\\b${member}\\b`).test(text);
  for (const r of rules.values()) {
    const member = r.retired || r.schema?.startsWith('PaymentRequired/') ? undefined : /\/properties\/(\w+)$/.exec(r.schema ?? '')?.[1];
    if (!member || !units.some((u) => named(member, u.text))) continue;
    if (!(r.source ?? []).some((s) => named(member, unitByFp.get(s.fp)?.text ?? '')))
      problems.push(`rule ${r.id} is about ${member} but cites no spec unit that names it: cite the unit that does`);
  }
  // a unit that moved keeps its fingerprint: only the human locator is out of date
  const moved = [...rules.values()]
    .filter((r) => r.source?.some((s) => fpsOk.has(s.fp) && locate(units, s.fp, s.at) !== s.at))
    .map((r) => r.id);
  if (moved.length)
    console.log(
      `notice: ${moved.length} rule(s) cite units that moved (${moved.slice(0, 8).join(', ')}${moved.length > 8 ? ', ...' : ''}); refresh locators with npx tsx scripts/rules-sources.ts --write and scripts/gen-contract-rules.ts`,
    );
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`rules:check failed: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('rules:check ok');
