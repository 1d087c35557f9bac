/**
 * `npx tsx scripts/rules-sources.ts [--write] [--family FILE] [--force ID,ID]`: proposes each hand-written
 * rule's `source` (spec units its words come from; contract/spec-sources.ts) and prints the mapping for
 * review, family by family: rule ID, level, rule text, then each cited unit's locator and text.
 * The spec text is printed only to the terminal for review; the catalogue stores fingerprints and locators.
 *
 * --write   adds `source` to hand-written rules that lack one and refreshes the locators (`at`) of the
 *           sources on file (generated SCH/PARAM files are left to scripts/gen-contract-rules.ts);
 *           --force re-proposes the listed rules even if they have one.
 * Exit 1 when the spec file is absent.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { proposeSources, type SourceRef } from '../contract/spec-sources.ts';
import { loadSpecUnits, locate, specPath } from '../contract/spec-text.ts';

const RULES_DIR = join(import.meta.dirname, '..', 'contract', 'rules');
const GENERATED = new Set(['schema.yaml', 'params.yaml']);

const units = loadSpecUnits();
if (!units) {
  console.error(`spec not found at ${specPath()} (set FC_SPEC)`);
  process.exit(1);
}
const byFp = new Map(units.map((u) => [u.fp, u]));
const args = process.argv.slice(2);
const write = args.includes('--write');
const family = args.includes('--family') ? args[args.indexOf('--family') + 1] : undefined;
/** --set ID=fp1,fp2;ID2=fp3: hand-chosen sources after review (replacing); --add appends to the rule's sources. */
const adding = args.includes('--add');
const manual = new Map(
  (args.includes('--set') ? (args[args.indexOf('--set') + 1] ?? '') : adding ? (args[args.indexOf('--add') + 1] ?? '') : '')
    .split(';')
    .filter(Boolean)
    .map((kv) => {
      const [id, fps] = kv.split('=');
      return [id!.trim(), fps!.split(',').map((fp) => fp.trim())] as const;
    }),
);
const force = new Set(args.includes('--force') ? (args[args.indexOf('--force') + 1] ?? '').split(',') : []);

interface Entry {
  id: string;
  section: string;
  level: string;
  text: string;
  kind: 'rule' | 'gap';
  choice?: string;
  schema?: string;
  param?: string;
  source?: SourceRef[];
}

/** Replaces or appends the `source` block of one rule in hand-written YAML text. */
function setSource(text: string, id: string, refs: SourceRef[]): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l === `- id: ${id}`);
  if (start < 0) throw new Error(`rule ${id} not found as "- id: ${id}"`);
  let end = start + 1;
  while (end < lines.length && /^ {2}\S|^ {4}/.test(lines[end]!)) end++;
  const block = lines.slice(start, end);
  const si = block.findIndex((l) => l.startsWith('  source:'));
  const rendered = ['  source:', ...refs.flatMap((r) => [`    - fp: "${r.fp}"`, `      at: ${JSON.stringify(r.at)}`])];
  if (si >= 0) {
    let se = si + 1;
    while (se < block.length && block[se]!.startsWith('    ')) se++;
    block.splice(si, se - si, ...rendered);
  } else {
    block.push(...rendered);
  }
  lines.splice(start, end - start, ...block);
  return lines.join('\n');
}

for (const file of readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  if (family && file !== family && file !== `${family}.yaml`) continue;
  const path = join(RULES_DIR, file);
  let text = readFileSync(path, 'utf8');
  const entries = (parse(text) as Entry[] | null) ?? [];
  console.log(`\n=== ${file}`);
  for (const e of entries) {
    const has = e.source && e.source.length > 0;
    const chosen = manual.get(e.id)?.map((fp) => {
      const u = byFp.get(fp);
      if (!u) throw new Error(`${e.id}: no spec unit ${fp}`);
      return { fp, at: `${u.section}: ${u.at}` };
    });
    // sources on file keep their fingerprints; their locators are refreshed from the spec as it is now
    const relocated = e.source?.map((r) => ({ fp: r.fp, at: locate(units, r.fp, r.at) ?? r.at }));
    const moved = relocated?.some((r, i) => r.at !== e.source![i]!.at) ?? false;
    const base = has && !force.has(e.id) ? relocated! : proposeSources(e, units);
    const refs = chosen ? (adding ? [...base, ...chosen.filter((c) => !base.some((b) => b.fp === c.fp))] : chosen) : base;
    // generated families take hand-chosen sources too: the generator keeps a source while it matches the spec
    if (write && (chosen || (!GENERATED.has(file) && (!has || force.has(e.id) || moved)))) text = setSource(text, e.id, refs);
    console.log(`${e.id} ${e.level}${e.kind === 'gap' ? ' GAP' : ''} [${e.section}] ${e.text}`);
    for (const r of refs) console.log(`    ${has ? '=' : '+'} ${r.fp} ${r.at} :: ${byFp.get(r.fp)?.text ?? '!! NO SUCH SENTENCE'}`);
  }
  if (write) writeFileSync(path, text);
}
