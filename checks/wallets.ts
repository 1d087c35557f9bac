/**
 * Wallet attestation by payment (family WAL; spec: Limits rule 6, "Link token lifecycle"): the lifetime
 * a link-token issuing answer advertises. The issuing operation's request and response are not shown
 * (gap WAL-016), so the figures are found by their member names wherever the answer puts them.
 * Pure functions: answers in, violations out.
 */
import { ptr, violation, type Violation } from '../lib/violation.ts';
import { defineCheck } from './define.ts';

/** The link token's lifetime, seconds (spec: "expires after 15 minutes"; Limits rule 6). */
export const LINK_TOKEN_LIFETIME_S = 15 * 60;
/** Slack of an advertised expiry instant around the issue, seconds: the target stamps it within its own handling. */
const INSTANT_SLACK_S = 2;

/** A lifetime figure an issuing answer advertises: an expiry instant or a duration in seconds, and where. */
export type LifetimeFigure = { at: string } & ({ kind: 'instant'; value: string } | { kind: 'seconds'; value: number });

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Expiry instants: expires_at, expiresAt, expiry, expiration(_time)... */
const INSTANT_KEY = /^(expires?_?at|expiry|expiration(_?time)?|valid_?until)$/i;
/** Durations: expires_in(_seconds), ttl(_seconds), lifetime(_seconds); `_ms` variants in milliseconds. */
const DURATION_KEY = /^(expires?_?in|ttl|lifetime)(_?(seconds|secs|s|ms))?$/i;

/** The lifetime figures of an issuing answer's body, at its top level or one object down. */
export function lifetimeFigures(body: unknown): LifetimeFigure[] {
  if (!isRow(body)) return [];
  const levels: [Row, string][] = [[body, '']];
  for (const [k, v] of Object.entries(body)) if (isRow(v)) levels.push([v, ptr(k)]);
  return levels.flatMap(([row, at]) =>
    Object.entries(row).flatMap(([k, v]): LifetimeFigure[] => {
      // An instant in a form that does not parse is no figure: the member's form is the target's choice (gap WAL-016).
      if (INSTANT_KEY.test(k) && typeof v === 'string' && !Number.isNaN(Date.parse(v)))
        return [{ kind: 'instant', value: v, at: `${at}${ptr(k)}` }];
      if (DURATION_KEY.test(k) && typeof v === 'number')
        return [{ kind: 'seconds', value: /ms$/i.test(k) ? v / 1000 : v, at: `${at}${ptr(k)}` }];
      return [];
    }),
  );
}

/**
 * WAL-027: each lifetime figure states 15 minutes. An instant is 900 s after the issue, which happened
 * on the target's clock between `issued.from` and `issued.to` (ms; a slack of 2 s each side); a duration
 * is 900 s.
 */
export function checkLinkTokenLifetime(figures: readonly LifetimeFigure[], issued: { from: number; to: number }): Violation[] {
  const out: Violation[] = [];
  for (const f of figures) {
    if (f.kind === 'seconds') {
      if (Math.abs(f.value - LINK_TOKEN_LIFETIME_S) > 1)
        out.push(
          violation('WAL-027', f.at, `the issuing answer advertises a lifetime of ${f.value} s; the link token lives 15 minutes (900 s)`),
        );
      continue;
    }
    const at = Date.parse(f.value);
    const early = issued.from + (LINK_TOKEN_LIFETIME_S - INSTANT_SLACK_S) * 1000;
    const late = issued.to + (LINK_TOKEN_LIFETIME_S + INSTANT_SLACK_S) * 1000;
    if (at < early || at > late)
      out.push(
        violation(
          'WAL-027',
          f.at,
          `the issuing answer advertises expiry ${JSON.stringify(f.value)}, ${((at - issued.from) / 1000).toFixed(1)} s after the issue began; the link token lives 15 minutes (900 s)`,
        ),
      );
  }
  return out;
}

// ---- registered checks (checks/define.ts): checks/registry.ts spreads this family's entries into CHECKS ----
/** The wallet checks, by name (the name of the function each wraps). */
export const WALLETS_CHECKS = {
  checkLinkTokenLifetime: defineCheck('checkLinkTokenLifetime', ['WAL-027'], checkLinkTokenLifetime, undefined, {
    'WAL-027': { what: 'a lifetime figure a link-token issuing answer advertises', count: ([figures]) => figures.length },
  }),
};
