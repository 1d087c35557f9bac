/**
 * From generated rules to a catalogue file: stable IDs (`allocate`), spec sources (`withSource`) and the YAML
 * text, written with the `yaml` library in the catalogue's layout (`render`).
 */
import { existsSync } from 'node:fs';
import { Document, Scalar, isScalar, isSeq, visit } from 'yaml';
import { parseYamlFile } from '../../lib/yaml-file.ts';
import { proposeSources, type SourceRef } from '../../contract/spec-sources.ts';
import { loadSpecUnits, locate } from '../../contract/spec-text.ts';
import type { GenRule, Keyed } from './words.ts';

/** The generated fields, in the order a rule is written; any other (hand-added) field follows. */
const FIELD_ORDER = [
  'id',
  'section',
  'level',
  'text',
  'observe',
  'kind',
  'choice',
  'schema',
  'operations',
  'param',
  'keyword',
  'retired',
  'source',
];
/** Fields written as plain scalars (identifiers and enums); every other string is double-quoted. */
const PLAIN = new Set(['id', 'level', 'observe', 'kind', 'keyword', 'retired']);

/** The rules of a generated catalogue file as it is on disk ([] when there is none). */
export function readExisting(file: string): GenRule[] {
  if (!existsSync(file)) return [];
  const parsed = parseYamlFile(file);
  return Array.isArray(parsed) ? (parsed as GenRule[]) : [];
}

function keyOf(r: GenRule): string {
  return r.param !== undefined ? `${r.operations?.[0] ?? ''}#${r.param}#${r.keyword}` : `${r.schema ?? ''}#${r.keyword}`;
}

/**
 * IDs for the generated rules: a rule keeps the ID (and any hand-added field, and its source) of the rule on file
 * with its key; a new one gets the next free number; a rule on file that is no longer generated stays, retired.
 * Numbers are never reused or renumbered. Sorted by number.
 * @throws Error when two generated rules share a key
 */
export function allocate(family: string, generated: Keyed[], existing: GenRule[]): GenRule[] {
  const numberOf = (id: string | undefined): number => Number(/-(\d+)$/.exec(id ?? '')?.[1] ?? 0);
  const byKey = new Map(existing.map((r) => [keyOf(r), r]));
  let next = existing.reduce((m, r) => Math.max(m, numberOf(r.id)), 0) + 1;
  const produced = new Set<string>();
  const result: GenRule[] = [];
  for (const g of generated) {
    const { key, ...rule } = g;
    if (produced.has(key)) throw new Error(`duplicate key ${key}`);
    produced.add(key);
    const old = byKey.get(key);
    const extras: Record<string, unknown> = {};
    if (old) for (const [k, v] of Object.entries(old)) if (!FIELD_ORDER.includes(k)) extras[k] = v;
    if (old?.source) extras.source = old.source; // generated afresh only when it no longer matches the spec
    const id = old?.id ?? `${family}-${String(next++).padStart(3, '0')}`;
    result.push({ ...extras, ...rule, id });
  }
  for (const old of existing) {
    if (!produced.has(keyOf(old))) result.push({ ...old, retired: true });
  }
  return result.sort((a, b) => numberOf(a.id) - numberOf(b.id));
}

const SPEC_UNITS = loadSpecUnits();
const SPEC_FPS = new Set(SPEC_UNITS?.map((u) => u.fp));

/** The rule's source: the one on file while it still matches the spec, else the proposed one (as on file without the spec). */
export function withSource(rule: GenRule): GenRule {
  const onFile = rule.source as SourceRef[] | undefined;
  if (!SPEC_UNITS || rule.retired) return rule;
  if (onFile?.length && onFile.every((s) => SPEC_FPS.has(s.fp))) {
    // keep the fingerprints; refresh where each unit now sits
    return { ...rule, source: onFile.map((s) => ({ fp: s.fp, at: locate(SPEC_UNITS, s.fp, s.at) ?? s.at })) };
  }
  return { ...rule, source: proposeSources(rule, SPEC_UNITS) };
}

/** The rule's fields in FIELD_ORDER, then any other field in its own order. */
function ordered(r: GenRule): Record<string, unknown> {
  const keys = [...FIELD_ORDER.filter((k) => r[k] !== undefined), ...Object.keys(r).filter((k) => !FIELD_ORDER.includes(k))];
  return Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));
}

/**
 * The text of a generated catalogue file: a comment header, then the rules, enums and identifiers plain, other
 * strings double-quoted, `operations` as a flow list, no line folding.
 */
export function render(title: string, rules: GenRule[]): string {
  const doc = new Document(rules.map(ordered));
  doc.commentBefore = [
    ` ${title}`,
    ' GENERATED from contract/openapi.yaml by scripts/gen-contract-rules.ts — re-run it after changing the document.',
    ' IDs are stable: rules are matched by key, new ones get the next free number, vanished ones stay with retired: true.',
  ].join('\n');
  visit(doc, {
    Pair(_, pair) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (isSeq(pair.value) && key === 'operations') pair.value.flow = true;
      if (isScalar(pair.value) && typeof pair.value.value === 'string' && !PLAIN.has(key)) pair.value.type = Scalar.QUOTE_DOUBLE;
    },
    Seq(_, seq) {
      // elements of a flow list stay plain (operation IDs); the source list's maps are handled by Pair
      if (seq.flow) for (const item of seq.items) if (isScalar(item)) item.type = Scalar.PLAIN;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
