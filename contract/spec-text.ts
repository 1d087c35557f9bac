/**
 * The spec split into citable units: sentences of prose and numbered rules, and table rows. Every
 * catalogue rule cites the unit(s) its words come from by fingerprint (`source` in contract/rules/*.yaml),
 * so the catalogue can prove its references without copying the spec's text into the project.
 *
 * Units. The spec (../shared/spec/api-contract.md, or FC_SPEC) is read line by line under its `##` /
 * `###` headings; the text before the first `##` heading is the preamble (section "Preamble").
 * - A table row is one unit: every `|`-delimited line except the header row and the `|---|` separator.
 *   Its label is the row's first cell.
 * - Any other non-blank line run (a paragraph, or one numbered list item `N. ...`) is split into
 *   sentences: a break follows every `.`, `!` or `?` that whitespace follows (the spec uses no
 *   abbreviations; sentences may start with a lower-case identifier such as venueAUrl). The list
 *   marker `N. ` is not part of the sentence (it is the locator).
 *   A paragraph that is only a label ending in a colon ("Rules:", "Behaviour:", "Its shape:") is a
 *   heading for what follows, not a unit.
 *
 * Normalisation (what the fingerprint hashes): the unit's source text (for a table row the whole line,
 * pipes and backslashes included, as written in the file), with every run of Unicode whitespace replaced
 * by one space and leading and trailing whitespace removed. Nothing else changes: case, punctuation and
 * markup are kept. Fingerprint = first 12 hex digits of SHA-256 over the UTF-8 bytes of that text.
 *
 * Locators name where a unit sits, for people: `<Section> / <Subsection>: rule 5, sentence 2`,
 * `...: paragraph 3, sentence 1`, `...: table 2, row "venue"`. In a section with several numbered lists,
 * a list item's locator starts with the label before its list (`Rules, rule 2`) or `list 1, rule 2`;
 * a locator that would still repeat within a section gets `, occurrence 2` and so on.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { specPathSetting } from '../lib/settings.ts';

export interface SpecUnit {
  /** First 12 hex digits of SHA-256 of `text`. */
  fp: string;
  /** Whitespace-normalised text (see the module docstring). */
  text: string;
  /** Section path: `Authentication`, `Resources and their fields / Venue quote (VenueQuoteV1)`. */
  section: string;
  kind: 'sentence' | 'row';
  /** Human locator within the section: `rule 5, sentence 1`, `table 1, row "venue"`. */
  at: string;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the spec is read from: FC_SPEC, else ../shared/spec/api-contract.md beside the project root. */
export function specPath(): string {
  return specPathSetting() ?? join(ROOT, '..', 'shared', 'spec', 'api-contract.md');
}

/** Whitespace normalisation: runs of whitespace become one space; ends trimmed. */
export function normalise(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** First 12 hex digits of SHA-256 of the normalised text. */
export function fingerprint(text: string): string {
  return createHash('sha256').update(normalise(text), 'utf8').digest('hex').slice(0, 12);
}

/** Sentences of one prose run (already joined into one line). */
function sentences(text: string): string[] {
  return normalise(text)
    .split(/(?<=[.!?])\s+(?=\S)/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

function cells(line: string): string[] {
  // split on pipes not escaped with a backslash
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** A label paragraph: a few words and a colon, nothing else. */
const LABEL = /^(?:[A-Z][a-z]*)(?: [a-z]+){0,3}:$/;

/** Splits spec markdown into units. Pure: no file access. */
export function splitSpec(markdown: string): SpecUnit[] {
  const units: SpecUnit[] = [];
  let h2 = 'Preamble';
  let h3: string | undefined;
  let paragraph = 0;
  let table = 0;
  let inTable = false;
  let tableRow = 0;
  let run: { lines: string[]; rule?: string } | undefined;
  let list = 0;
  let inList = false;
  let label: string | undefined;
  /** List units: which list of their section they belong to, and the label paragraph before it. */
  const lists = new Map<SpecUnit, { list: number; label?: string }>();
  const section = (): string => (h3 ? `${h2} / ${h3}` : h2);

  const flush = (): void => {
    if (!run) return;
    const parts = sentences(run.lines.join(' '));
    if (!run.rule && parts.length === 1 && LABEL.test(parts[0]!)) {
      label = parts[0]!.replace(/:$/, '');
      inList = false;
      run = undefined;
      return;
    }
    const where = run.rule ? `rule ${run.rule}` : `paragraph ${++paragraph}`;
    if (!run.rule) {
      inList = false;
      label = undefined;
    }
    const kept = parts.filter((s) => !LABEL.test(s));
    for (const s of kept) {
      const unit: SpecUnit = {
        fp: fingerprint(s),
        text: s,
        section: section(),
        kind: 'sentence',
        at: parts.length > 1 ? `${where}, sentence ${parts.indexOf(s) + 1}` : where,
      };
      units.push(unit);
      if (run.rule) lists.set(unit, { list, label });
    }
    run = undefined;
  };
  const newSection = (): void => {
    flush();
    paragraph = 0;
    table = 0;
    list = 0;
    inList = false;
    label = undefined;
    inTable = false;
  };

  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      if (level === 1) continue; // the document title
      if (level === 2) {
        newSection();
        h2 = heading[2]!.trim();
        h3 = undefined;
      } else {
        newSection();
        h3 = heading[2]!.trim();
      }
      continue;
    }
    if (line.trim().startsWith('|')) {
      flush();
      if (!inTable) {
        inTable = true;
        table++;
        tableRow = 0;
        continue; // header row
      }
      if (/^\|?\s*:?-{3,}/.test(line.trim())) continue; // separator
      tableRow++;
      const text = normalise(line);
      units.push({
        fp: fingerprint(text),
        text,
        section: section(),
        kind: 'row',
        at: `table ${table}, row "${cells(line)[0] ?? tableRow}"`,
      });
      continue;
    }
    inTable = false;
    if (!line.trim()) {
      flush();
      continue;
    }
    const item = /^\s*(\d+)\.\s+(.*)$/.exec(line);
    if (item) {
      flush();
      if (!inList) {
        list++;
        inList = true;
      }
      run = { lines: [item[2]!], rule: item[1] };
      continue;
    }
    if (!run) run = { lines: [] };
    run.lines.push(line);
  }
  flush();
  // several lists in one section: name each item's list
  const listsPer = new Map<string, number>();
  for (const [u, l] of lists) listsPer.set(u.section, Math.max(listsPer.get(u.section) ?? 0, l.list));
  for (const [u, l] of lists) if ((listsPer.get(u.section) ?? 0) > 1) u.at = `${l.label ?? `list ${l.list}`}, ${u.at}`;
  // a locator still repeated within a section (a table with two rows of one label) counts occurrences
  const seen = new Map<string, number>();
  for (const u of units) {
    const key = `${u.section}\u0000${u.at}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) u.at = `${u.at}, occurrence ${n}`;
  }
  return units;
}

let cache: SpecUnit[] | null | undefined;

/** Units of the spec file, or null when the file is absent (callers skip fingerprint checks then). */
export function loadSpecUnits(path = specPath()): SpecUnit[] | null {
  if (cache !== undefined && path === specPath()) return cache;
  const units = existsSync(path) ? splitSpec(readFileSync(path, 'utf8')) : null;
  if (path === specPath()) cache = units;
  return units;
}

/**
 * Where the unit with fingerprint `fp` sits now (`Section: locator`); among units sharing the fingerprint
 * (the same row in two tables), the one in the section `previous` named. Undefined when none has it.
 */
export function locate(units: SpecUnit[], fp: string, previous?: string): string | undefined {
  const same = units.filter((u) => u.fp === fp);
  const pick = same.find((u) => previous?.startsWith(`${u.section}: `)) ?? same[0];
  return pick && `${pick.section}: ${pick.at}`;
}

const STOP = new Set(
  'a an the of and or to in on for is are be by with as at its it this that from when not no any each every than only'.split(' '),
);

/** Lower-case word tokens of a text, without stop words (for similarity). */
export function tokens(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z0-9_]+/g) ?? []).filter((t) => !STOP.has(t)));
}

/** Share of `rule`'s tokens found in `unit` blended with Jaccard overlap: 0..1. */
export function similarity(rule: Set<string>, unit: Set<string>): number {
  if (!rule.size || !unit.size) return 0;
  let common = 0;
  for (const t of rule) if (unit.has(t)) common++;
  return 0.5 * (common / rule.size) + 0.5 * (common / (rule.size + unit.size - common));
}

/**
 * Longest run of consecutive words a rule's text shares with a spec unit (case-folded; punctuation and
 * markup are separators). The project cites the spec by fingerprint and words its rules itself, so
 * `rules:check` refuses a rule whose text copies a long run of its sentence (COPY_LIMIT words).
 */
export function copiedRun(ruleText: string, unitText: string): number {
  const words = (s: string): string[] => s.toLowerCase().match(/[a-z0-9_$.%/-]+/g) ?? [];
  const a = words(ruleText);
  const b = words(unitText);
  let best = 0;
  const run = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = run[j]!;
      run[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : 0;
      best = Math.max(best, run[j]!);
      diagonal = above;
    }
  }
  return best;
}

/** Consecutive words a rule text may share with its cited unit before it counts as a copy. */
export const COPY_LIMIT = 10;
