/**
 * Checks of the relationships envelope (spec: Resources / Relationships envelope; rules REL-*).
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

const CATEGORIES = ['assets', 'markets', 'signals'] as const;
const EDGES = new Set(['HAS_MARKET', 'ON_MARKET', 'ON_FORECAST', 'HAS_SIGNAL']);
const ODDS_KEYS = /^(probability|.*_probability|market_odds|yes_odds|yes_bid|yes_ask|yes_last|venue_quote|odds)$/;
export const REL_CAP = 50;

/** One envelope: caps, truncated flags, flatness, no odds, no AFFECTS, no forecast refs. */
export function checkRelationships(env: unknown, path: string): Violation[] {
  if (!env || typeof env !== 'object') return [];
  const e = env as Record<string, unknown>;
  const out: Violation[] = [];
  for (const key of Object.keys(e)) {
    if (![...CATEGORIES, 'truncated'].includes(key))
      out.push(violation('REL-006', path + ptr(key), `unexpected category ${key} (no forecast refs or other categories)`));
  }
  const truncated = (e.truncated ?? {}) as Record<string, unknown>;
  for (const cat of CATEGORIES) {
    const refs = e[cat];
    if (!Array.isArray(refs)) continue;
    if (refs.length > REL_CAP) out.push(violation('REL-001', path + ptr(cat), `${refs.length} refs (max ${REL_CAP})`));
    if (truncated[cat] === true && refs.length < REL_CAP)
      out.push(violation('REL-002', path + ptr('truncated', cat), `flagged truncated with only ${refs.length} refs`));
    const seen = new Set<string>();
    refs.forEach((ref: Record<string, unknown>, i) => {
      const at = path + ptr(cat, i);
      if (ref && typeof ref === 'object') {
        if ('relationships' in ref)
          out.push(violation('REL-003', at + '/relationships', 'nested relationships object (envelope must be flat)'));
        for (const k of Object.keys(ref))
          if (ODDS_KEYS.test(k)) out.push(violation('REL-004', at + ptr(k), `ref carries ${k} (no probabilities or odds)`));
        if (!EDGES.has(ref.relationship as string))
          out.push(
            violation('REL-005', at + '/relationship', `relationship ${JSON.stringify(ref.relationship)} is not a final graph edge`),
          );
        const identity = `${String(ref.relationship)}|${String(ref.via)}|${String(ref.id ?? ref.marketKey ?? ref.assetKey)}`;
        if (seen.has(identity)) out.push(violation('REL-009', at, `ref repeats ${identity}`, 'warning'));
        seen.add(identity);
      }
    });
  }
  return out;
}

/** Every `relationships` object anywhere inside `value` (JSON pointer → envelope). */
export function findEnvelopes(value: unknown, path = ''): [string, unknown][] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => findEnvelopes(v, path + ptr(i)));
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'relationships' && v && typeof v === 'object' && !Array.isArray(v)
      ? [[path + ptr(k), v] as [string, unknown]]
      : findEnvelopes(v, path + ptr(k)),
  );
}

/** Checks every envelope found anywhere in a response body. */
export function checkAllRelationships(body: unknown): Violation[] {
  return findEnvelopes(body).flatMap(([p, env]) => checkRelationships(env, p));
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** Every rule of the relationships envelope (spread by the composite checks of market rows). */
export const REL_RULES = ['REL-001', 'REL-002', 'REL-003', 'REL-004', 'REL-005', 'REL-006', 'REL-009'];
/** The relationships checks, by name (the name of the function each wraps). */
export const RELATIONSHIPS_CHECKS = {
  checkRelationships: defineCheck('checkRelationships', REL_RULES, checkRelationships),
  checkAllRelationships: defineCheck('checkAllRelationships', REL_RULES, checkAllRelationships),
};
