/**
 * Scoped states of the crude-oil signal set through the control plane (POST /__control/oil,
 * contract/control.yaml): no reading, a stale reading, the current reading, and venue marks whose
 * fetch fails. A state applies only to oil calls carrying X-Fault-Scope with its scope, so tests
 * provoke OIL-001/003/007 without disturbing other workers' oil calls. Reset drops every state.
 */
import type { StubContext } from '../context.ts';

export const OIL_READING_STATES = ['current', 'stale', 'none', 'seeded'] as const;
/** Which latest reading the scope's calls see; `seeded` = the dataset's own. */
export type OilReadingState = (typeof OIL_READING_STATES)[number];

export const OIL_MARKS = ['venue_a_perps', 'perp_venue_b'] as const;
/** A venue mark, named as the member of the signal's `marks`. */
export type OilMarkName = (typeof OIL_MARKS)[number];

export interface OilState {
  reading: OilReadingState;
  marksDown: OilMarkName[];
}

/** Most scopes kept at once; the oldest is dropped beyond it (tests make one scope each). */
const MAX_SCOPES = 1_000;

/** Oil states by X-Fault-Scope value. */
export class OilStateTable {
  private readonly byScope = new Map<string, OilState>();

  /** Sets the state of `scope`; `seeded` with no mark down drops it. */
  set(scope: string, state: OilState): void {
    this.byScope.delete(scope);
    if (state.reading === 'seeded' && state.marksDown.length === 0) return;
    this.byScope.set(scope, { reading: state.reading, marksDown: [...state.marksDown] });
    if (this.byScope.size > MAX_SCOPES) this.byScope.delete(this.byScope.keys().next().value as string);
  }

  /** The state of a call's X-Fault-Scope header value, or undefined (the seeded dataset). */
  of(scope: string | string[] | undefined): OilState | undefined {
    const s = Array.isArray(scope) ? scope[0] : scope;
    return s === undefined ? undefined : this.byScope.get(s);
  }

  clear(): void {
    this.byScope.clear();
  }
}

const tables = new WeakMap<StubContext, OilStateTable>();

/** The oil state table of a stub instance, created (and hooked to reset) on first use. */
export function oilStates(ctx: StubContext): OilStateTable {
  let table = tables.get(ctx);
  if (!table) {
    const created = new OilStateTable();
    ctx.resetHooks.push(() => created.clear());
    tables.set(ctx, created);
    table = created;
  }
  return table;
}
