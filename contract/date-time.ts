/**
 * The `date-time` format the contract's answers are validated with. The spec's timestamps are "ISO 8601 / RFC 3339
 * date-time unless stated" (Resources and their fields, e965d3311b6c). ajv-formats' `date-time` is laxer than either:
 * it takes a space for the "T" and an offset of hours alone ("+00"), so a database's text form of a timestamp
 * ("2026-12-01 16:49:00.258+00", round-33 bug) passed every schema rule. A value here is held to one of the two
 * standards' own shapes, and to real dates and times (ajv-formats' value check):
 * - RFC 3339 (section 5.6): full-date, "T" (or the space its note allows an application), full-time with "Z" or a
 *   "+hh:mm" / "-hh:mm" offset;
 * - ISO 8601 extended format: "T", then "Z", "+hh" or "+hh:mm".
 * A value meeting neither (the space with an hours-only offset, no offset at all) fails the field's SCH rule.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';

const RFC_3339 = /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d)$/;
const ISO_8601_EXTENDED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d(?::\d\d)?)$/;

/** ajv-formats' own date-time check (real dates, hours, minutes, leap seconds), on the value RFC 3339 can spell. */
const realInstant = fullFormats['date-time'] as {
  validate: (s: string) => boolean;
  compare?: (a: string, b: string) => number | undefined;
};

/** Whether `value` is an ISO 8601 / RFC 3339 date-time (see above). */
export function isSpecDateTime(value: string): boolean {
  if (RFC_3339.test(value)) return realInstant.validate(value);
  // ISO 8601's decimal comma and hours-only offset, spelled for ajv-formats' value check.
  if (ISO_8601_EXTENDED.test(value)) return realInstant.validate(value.replace(',', '.').replace(/([+-]\d\d)$/, '$1:00'));
  return false;
}

/** The ajv format definition (`ajv.addFormat('date-time', …)`), ordering kept for formatMinimum/Maximum. */
export const SPEC_DATE_TIME = {
  type: 'string' as const,
  validate: isSpecDateTime,
  ...(realInstant.compare ? { compare: realInstant.compare } : {}),
};
