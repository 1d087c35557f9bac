/**
 * Generates the schema (SCH) and parameter (PARAM) families of the rule catalogue from
 * contract/openapi.yaml, read through contract/ (`contract()`: the document, its operations and their
 * `x-fc-*` facts, `deref`):
 *
 *   contract/rules/schema.yaml  — one atomic rule per component-schema property constraint (scripts/gen-rules/schema-rules.ts)
 *   contract/rules/params.yaml  — one rule per parameter / request-body field constraint of every operation (scripts/gen-rules/param-rules.ts)
 *
 * IDs are stable across re-runs: the existing files are read, rules are matched by their key
 * (SCH: `schema` + `keyword`; PARAM: operation + `param` + `keyword`), new rules get the next free
 * number, and rules that no longer come out of the document stay in the file with `retired: true`.
 * Numbers are never reused or renumbered. Fields the generator does not produce (for example
 * hand-added notes) are kept (scripts/gen-rules/output.ts).
 *
 * Gaps: a schema whose `description` contains "Not shown in the contract:" must carry
 * `$comment: gap:<keyword>`; the text after "Stub choice:" becomes the rule's `choice`.
 *
 * Sources: every rule carries `source` (the spec unit its words come from, by fingerprint; see
 * contract/spec-text.ts): the table row or sentence of its section that names its property or parameter
 * (contract/spec-sources.ts). A source already on file whose fingerprints all still occur in the spec is
 * kept (so a hand correction survives re-runs); without the spec file, sources on file are kept as they are.
 *
 * Usage: npx tsx scripts/gen-contract-rules.ts [--check]
 *   --check  exit 1 when the files on disk differ from what would be generated (no write).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { allocate, readExisting, render, withSource } from './gen-rules/output.ts';
import { paramRules } from './gen-rules/param-rules.ts';
import { schemaRules } from './gen-rules/schema-rules.ts';
import type { GenRule } from './gen-rules/words.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA_RULES = resolve(ROOT, 'contract/rules/schema.yaml');
const PARAM_RULES = resolve(ROOT, 'contract/rules/params.yaml');

/** The two generated files: path and text. */
function generate(): Array<[string, string]> {
  return [
    [
      SCHEMA_RULES,
      render(
        'Rule family SCH: component-schema constraints of the contract document.',
        allocate('SCH', schemaRules(), readExisting(SCHEMA_RULES)).map(withSource),
      ),
    ],
    [
      PARAM_RULES,
      render(
        'Rule family PARAM: parameter and request-body constraints of every operation.',
        allocate('PARAM', paramRules(), readExisting(PARAM_RULES)).map(withSource),
      ),
    ],
  ];
}

function main(): void {
  const check = process.argv.includes('--check');
  const outputs = generate();
  let stale = false;
  for (const [file, text] of outputs) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current === text) continue;
    stale = true;
    if (!check) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }
  for (const [file, text] of outputs) {
    const rules = parse(text) as GenRule[];
    const live = rules.filter((r) => !r.retired);
    const gaps = live.filter((r) => r.kind === 'gap').length;
    console.log(`${file.slice(ROOT.length + 1)}: ${live.length} rules (${gaps} gaps, ${rules.length - live.length} retired)`);
  }
  if (check && stale) {
    console.error('rule files are out of date: run npx tsx scripts/gen-contract-rules.ts');
    process.exit(1);
  }
}

main();
