/**
 * The stub's variants (issue 18): the reference stub makes one choice for every point the spec leaves
 * open (a `kind: gap` rule of the catalogue, whose `choice` says what the stub does). The **alternate
 * stub** (`StubConfig.variant = 'alt'`; `FC_STUB_VARIANT=alt`, `forecast-conformance run --stub-variant alt`,
 * `STUB_VARIANT=alt npm run stub`) makes another choice the spec allows wherever a gap rule names one in
 * its `alternate`, and keeps every documented rule. It is the harness's second target: a full run
 * against it must end with 0 FAILED and 0 ERROR, every non-gap rule judged as against the main stub,
 * and every flipped gap reported GAP "differs" (tests/variants/alt-stub.spec.ts).
 *
 * Each flip is a one-line `if (alt('GAP-ID'))` branch beside the code it changes, like the mutants'
 * hooks (stub/mutants.ts). `alt` throws for an ID that is not a gap rule with an `alternate`, so a flip
 * cannot stand for a documented rule, and `npm run rules:check` fails while a gap's `alternate` has no
 * flip in stub/ (or a flip names no such gap).
 */
import { loadRules } from '../contract/rules.ts';

/** main: the reference stub's choices (the catalogue's `choice`); alt: every `alternate` instead. */
export type StubVariant = 'main' | 'alt';
export const STUB_VARIANTS: readonly StubVariant[] = ['main', 'alt'];

let active: StubVariant = 'main';
let flippable: ReadonlySet<string> | undefined;

/** The gap rules the alternate stub flips: every live gap rule of the catalogue with an `alternate`. */
export function flippableGaps(): ReadonlySet<string> {
  return (flippable ??= new Set([...loadRules().values()].filter((r) => r.kind === 'gap' && !r.retired && r.alternate).map((r) => r.id)));
}

/**
 * Selects the variant for this process (the stub's entries: stub/app.ts `buildStub`).
 * @throws Error for an unknown variant name.
 */
export function activateVariant(name: string | undefined): void {
  const v = (name ?? 'main') as StubVariant;
  if (!STUB_VARIANTS.includes(v)) throw new Error(`unknown stub variant ${JSON.stringify(name)} (known: ${STUB_VARIANTS.join(', ')})`);
  active = v;
}

/** The variant this process serves. */
export const stubVariant = (): StubVariant => active;

/**
 * True when the alternate stub serves and takes the `alternate` of gap rule `gapId` instead of its `choice`.
 * @throws Error when `gapId` is not a live gap rule with an `alternate` (a flip may only change a choice).
 */
export function alt(gapId: string): boolean {
  if (active !== 'alt') return false;
  if (!flippableGaps().has(gapId)) throw new Error(`alt('${gapId}'): not a live gap rule with an alternate in the catalogue`);
  return true;
}
