/**
 * Proposes, for a catalogue rule, the spec unit(s) its words come from (contract/spec-text.ts units):
 * the rule's `section` string names one or more spec sections (parts separated by `;`), optionally
 * with hints ("rule 5", "Errors 429", "parameter market_id"); within each named section the unit most
 * similar to the rule's text (word-token overlap) is proposed. Used by scripts/rules-sources.ts (hand
 * families, reviewed by people) and scripts/gen-contract-rules.ts (SCH/PARAM, whose row is found
 * by the schema property or parameter name).
 */
import { similarity, tokens, type SpecUnit } from './spec-text.ts';

/** What the matcher needs of a rule. */
export interface RuleLike {
  section: string;
  text: string;
  kind: 'rule' | 'gap';
  choice?: string;
  schema?: string;
  param?: string;
}

/** One cited unit: fingerprint plus where it sits (section: locator). */
export interface SourceRef {
  fp: string;
  at: string;
}

/** Short name of a spec section heading: its last path part without a parenthetical suffix. */
function shortNames(section: string): { h2: string; h3?: string } {
  const [h2, h3] = section.split(' / ');
  return { h2: h2!, h3: h3?.replace(/\s*\(.*\)\s*$/, '') };
}

/** Spec sections a rule's section part names: the longest contained sub-heading, else the top heading. */
function sectionsFor(part: string, units: SpecUnit[]): string[] {
  const all = [...new Set(units.map((u) => u.section))];
  let best: string[] = [];
  let bestLen = 0;
  for (const s of all) {
    const { h3 } = shortNames(s);
    if (h3 && part.includes(h3) && h3.length >= bestLen) {
      if (h3.length > bestLen) best = [];
      best.push(s);
      bestLen = h3.length;
    }
  }
  if (best.length) return best;
  const top = all.filter((s) => part.startsWith(shortNames(s).h2) || part.includes(`${shortNames(s).h2} `) || part === shortNames(s).h2);
  const exact = top.filter((s) => !s.includes(' / '));
  return exact.length ? exact : top;
}

function hintNumbers(part: string): Set<string> {
  const out = new Set<string>();
  for (const m of part.matchAll(/\b(?:rules?|items?|facts?|behaviours?)\s+(\d+)(?:\s*(?:and|,|-)\s*(\d+))?/g)) {
    out.add(m[1]!);
    if (m[2]) out.add(m[2]);
  }
  return out;
}

/** Row label names the rule points at: status codes, schema property, parameter, quoted labels. */
function labelHints(rule: RuleLike, part: string): string[] {
  const out: string[] = [...(part.match(/\b[1-5]\d\d\b/g) ?? [])];
  const props = [...(rule.schema ?? '').matchAll(/properties\/([^/]+)/g)].map((m) => m[1]!);
  if (props[0]) out.push(props[0]);
  if (rule.param) out.push(rule.param.replace(/^body\./, ''));
  for (const m of part.matchAll(/\(([^)]+)\)/g)) out.push(m[1]!.split(':')[0]!.trim());
  for (const m of part.matchAll(/\b(?:parameter|field)s?\s+([A-Za-z_]+)/g)) out.push(m[1]!);
  return out;
}

function rowLabel(u: SpecUnit): string {
  return /row "(.*)"$/.exec(u.at)?.[1] ?? '';
}

/** Score of one unit for one rule (higher is better). */
function score(rule: RuleLike, part: string, u: SpecUnit): number {
  const words = tokens(`${rule.text} ${rule.schema ?? ''} ${rule.param ?? ''}`);
  let s = similarity(words, tokens(u.text));
  const hints = hintNumbers(part);
  const rule1 = /(?:^|, )rule (\d+)/.exec(u.at)?.[1];
  const listLabel = /^([A-Z][a-z]+), rule/.exec(u.at)?.[1];
  if (rule1 && hints.has(rule1) && (!listLabel || part.includes(listLabel))) s += 0.35;
  const label = rowLabel(u);
  if (label) {
    const labels = labelHints(rule, part);
    const cellWords = label.split(/[,\s]+/).filter(Boolean);
    if (labels.some((l) => l === label || cellWords.includes(l) || (l.length > 6 && label.includes(l)))) s += 0.5;
  }
  // a gap cites the spec's own "not shown" sentence where one is about the same thing
  const notShown = /not shown/.test(u.text);
  if (rule.kind === 'gap' && notShown && s >= 0.2) s += 0.3;
  else if (rule.kind !== 'gap' && notShown) s -= 0.3;
  return s;
}

/** Best unit per section part of the rule; parts naming nothing in the spec fall back to all units. */
export function proposeSources(rule: RuleLike, units: SpecUnit[]): SourceRef[] {
  // the x402 protocol is brought in by Authentication rule 5; it has no section of its own
  const parts = rule.section
    .split(';')
    .map((p) => p.trim().replace(/^x402 protocol version 2$/, 'Authentication, rule 5'))
    .filter(Boolean);
  const out: SourceRef[] = [];
  for (const part of parts) {
    const sections = new Set(sectionsFor(part, units));
    const pool = sections.size ? units.filter((u) => sections.has(u.section)) : units;
    let best: SpecUnit | undefined;
    let bestScore = -Infinity;
    for (const u of pool) {
      const sc = score(rule, part, u);
      if (sc > bestScore) {
        best = u;
        bestScore = sc;
      }
    }
    if (best && !out.some((o) => o.fp === best.fp)) out.push({ fp: best.fp, at: `${best.section}: ${best.at}` });
  }
  return out;
}
