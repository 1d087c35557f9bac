// Clock helpers. The service runs on real UTC time.
export const HOUR = 3600e3;
export const DAY = 24 * HOUR;
export const MINUTE = 60e3;

export const iso = (ms) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
export const httpDate = (ms) => new Date(ms).toUTCString();
export const utcDay = (ms) => new Date(ms).toISOString().slice(0, 10);
export const startOfUtcDay = (ms) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), new Date(ms).getUTCDate());
export const nextUtcMidnight = (ms) => startOfUtcDay(ms) + DAY;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** venue_b style date code, e.g. 25NOV28 */
export function tickerDate(ms) {
  const d = new Date(ms);
  return String(d.getUTCFullYear()).slice(2) + MONTHS[d.getUTCMonth()] + String(d.getUTCDate()).padStart(2, '0');
}
/** e.g. "November 28" */
export function longDate(ms) {
  const d = new Date(ms);
  return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}`;
}
/** e.g. "november-28" */
export function slugDate(ms) {
  return longDate(ms).toLowerCase().replace(' ', '-');
}
export const monthName = (ms) => MONTH_NAMES[new Date(ms).getUTCMonth()];
export const yearOf = (ms) => new Date(ms).getUTCFullYear();

/** RFC 3339 instant or YYYY-MM-DD (end of that UTC day). Returns ms or null. */
export function parseAsOf(value) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const ms = Date.parse(value + 'T23:59:59.999Z');
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return null;
    return ms;
  }
  if (!/^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
