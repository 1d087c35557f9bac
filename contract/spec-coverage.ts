/**
 * Traceability between the catalogue and the spec (issue 8): which spec units (contract/spec-text.ts)
 * the rules cite, which are informative (contract/informative.yaml: fingerprint + one-line reason),
 * and which cited fingerprints no longer occur in the spec (the rules to review after a spec change).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Rule } from './rules.ts';
import type { SpecUnit } from './spec-text.ts';

/** One spec unit that no rule claims, with why it needs none. */
export interface Informative {
  fp: string;
  /** Locator of the unit when the entry was written (for people; the fingerprint is the reference). */
  at: string;
  reason: string;
}

const INFORMATIVE = join(dirname(fileURLToPath(import.meta.url)), 'informative.yaml');

/** Entries of contract/informative.yaml. @throws Error when an entry lacks fp or reason. */
export function loadInformative(path = INFORMATIVE): Informative[] {
  const entries = (parse(readFileSync(path, 'utf8')) as Informative[] | null) ?? [];
  for (const e of entries) if (!e?.fp || !e.reason) throw new Error(`informative.yaml: entry without fp or reason: ${JSON.stringify(e)}`);
  return entries;
}

export interface Traceability {
  /** Units claimed by at least one live rule. */
  claimed: SpecUnit[];
  /** Units listed as informative (and claimed by no rule). */
  informative: SpecUnit[];
  /** Units neither claimed nor listed. */
  unclaimed: SpecUnit[];
  /** Live rules without a source. */
  unsourced: string[];
  /** Cited fingerprints that match no unit of the spec, with the rules citing them and where they pointed. */
  stale: { fp: string; at: string; rules: string[] }[];
  /** Informative entries whose fingerprint matches no unit. */
  staleInformative: Informative[];
  /** Live rules citing each unit (fingerprint → rule IDs). */
  claims: Map<string, string[]>;
}

/** Compares the catalogue's citations with the spec's units. A fingerprint claims every unit that has it. */
export function traceability(rules: Iterable<Rule>, units: SpecUnit[], informative: Informative[]): Traceability {
  const fps = new Set(units.map((u) => u.fp));
  const claims = new Map<string, string[]>();
  const unsourced: string[] = [];
  const stale = new Map<string, { fp: string; at: string; rules: string[] }>();
  for (const r of rules) {
    if (r.retired) continue;
    if (!r.source?.length) unsourced.push(r.id);
    for (const s of r.source ?? []) {
      claims.set(s.fp, [...(claims.get(s.fp) ?? []), r.id]);
      if (!fps.has(s.fp)) {
        const e = stale.get(s.fp) ?? { fp: s.fp, at: s.at, rules: [] };
        e.rules.push(r.id);
        stale.set(s.fp, e);
      }
    }
  }
  const info = new Set(informative.map((i) => i.fp));
  return {
    claimed: units.filter((u) => claims.has(u.fp)),
    informative: units.filter((u) => !claims.has(u.fp) && info.has(u.fp)),
    unclaimed: units.filter((u) => !claims.has(u.fp) && !info.has(u.fp)),
    unsourced,
    stale: [...stale.values()],
    staleInformative: informative.filter((i) => !fps.has(i.fp)),
    claims,
  };
}
