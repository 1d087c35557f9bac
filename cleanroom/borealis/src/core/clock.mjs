// Real UTC clock. T0 is the process start; the dataset is laid out around it so
// that the "last few hours" windows of the API contain data right after start.
export const T0 = Date.now();
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const MIN = 60_000;

export const now = () => Date.now();
export const iso = (ms) => (ms == null ? null : new Date(ms).toISOString());
export const dateOnly = (ms) => new Date(ms).toISOString().slice(0, 10);
export const utcDayStart = (ms) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};
// Venue-style compact date, e.g. 25NOV28 for 2025-11-28.
const MON = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
export const tickerDate = (ms) => {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).slice(2)}${MON[d.getUTCMonth()]}${String(d.getUTCDate()).padStart(2, '0')}`;
};
export const longDate = (ms) => {
  const d = new Date(ms);
  const m = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${m[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};
