/**
 * The forms of identifier values, for trying each accepted form of identifier on data the run has listed (issue 34)
 * rather than a sample of the commonest: one value of each form goes first.
 */

/**
 * The form of one identifier value (a ticker, a reference, a slug): the punctuation it carries ("/", ".", "-", a
 * space, none), and the traps of an implementation that reads part of it as a number: a digit run with a leading zero
 * (round-22 bug: an all-digit CIK such as 0000320193 read as a number) and a decimal part ending in zero (round-26
 * bug: a venue_b child whose strike is T3.00 read as 3, so the child was taken for its event).
 * With `classes`, the character classes it holds count too (upper case "A", lower case "a", digits "9"): a bare numeric
 * id and a ticker are then two forms even without punctuation (a generation's market_id).
 * @returns a string equal for two values of one form, e.g. "-." for KXFED-26JUN-T3.25, "-. …0" for KXFED-26JUN-T3.00,
 *   "-.9A" for KXFED-26JUN-T3.25 with `classes`
 */
export function formOf(value: string, opts: { classes?: boolean } = {}): string {
  const kept = opts.classes
    ? value.replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a').replace(/[0-9]/g, '9')
    : value.replace(/[A-Za-z0-9]/g, '');
  return `${[...new Set(kept)].sort().join('')}${numberTraps(value)}`;
}

/**
 * The number-like traps of a value (see formOf): " 0…" for a digit run with a leading zero, " …0" for a decimal part
 * ending in zero; "" for none.
 */
export function numberTraps(value: string): string {
  const leadingZero = /(^|[^0-9.])0\d/.test(value);
  const trailingZero = /\.\d*0(?!\d)/.test(value);
  return `${leadingZero ? ' 0…' : ''}${trailingZero ? ' …0' : ''}`;
}

/**
 * The first item of each form of `valueOf(item)` (see formOf) within each scope of `scopeOf(item)` (a venue: one
 * venue's ids are not another's), in the order of `items`.
 */
export function oneOfEachForm<T>(items: readonly T[], valueOf: (item: T) => string, scopeOf: (item: T) => string = () => ''): T[] {
  const byForm = new Map<string, T>();
  for (const item of items) {
    const form = `${scopeOf(item)} ${formOf(valueOf(item))}`;
    if (!byForm.has(form)) byForm.set(form, item);
  }
  return [...byForm.values()];
}

/** The first `n` of `items`, then one item of each form (see oneOfEachForm) those `n` did not show, in order. */
export function withEachForm<T>(items: readonly T[], n: number, valueOf: (item: T) => string, scopeOf?: (item: T) => string): T[] {
  const first = items.slice(0, n);
  const shown = new Set(first.map((i) => `${scopeOf?.(i) ?? ''} ${formOf(valueOf(i))}`));
  return [...first, ...oneOfEachForm(items, valueOf, scopeOf).filter((i) => !shown.has(`${scopeOf?.(i) ?? ''} ${formOf(valueOf(i))}`))];
}
