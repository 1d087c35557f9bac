/**
 * The forms of identifier values, for trying each accepted form of identifier on data the run has listed (issue 34)
 * rather than a sample of the commonest: one value of each form goes first.
 */

/**
 * The form of one identifier value (a ticker, a reference, a slug): the punctuation it carries ("/", ".", "-", a
 * space, none), and the traps of an implementation that reads part of it as a number: a digit run with a leading zero
 * (round-22 bug: an all-digit CIK such as 0000320193 read as a number) and a decimal part ending in zero (round-26
 * bug: a venue_b child whose strike is T3.00 read as 3, so the child was taken for its event).
 * @returns a string equal for two values of one form, e.g. "-." for KXFED-26JUN-T3.25, "-. …0" for KXFED-26JUN-T3.00
 */
export function formOf(value: string): string {
  const punctuation = [...new Set(value.replace(/[A-Za-z0-9]/g, ''))].sort().join('');
  const leadingZero = /(^|[^0-9.])0\d/.test(value);
  const trailingZero = /\.\d*0(?!\d)/.test(value);
  return `${punctuation}${leadingZero ? ' 0…' : ''}${trailingZero ? ' …0' : ''}`;
}

/** The first item of each form of `valueOf(item)` (see formOf), in the order of `items`. */
export function oneOfEachForm<T>(items: readonly T[], valueOf: (item: T) => string): T[] {
  const byForm = new Map<string, T>();
  for (const item of items) {
    const form = formOf(valueOf(item));
    if (!byForm.has(form)) byForm.set(form, item);
  }
  return [...byForm.values()];
}
