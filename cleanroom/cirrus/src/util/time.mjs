// The service clock: real UTC time plus an offset that only the control plane
// moves (forward). Everything time-dependent reads clock.now().
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const MINUTE = 60_000;

export function createClock() {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    advance(seconds) { offsetMs += Math.round(seconds * 1000); },
    offsetSeconds: () => offsetMs / 1000,
    reset() { offsetMs = 0; },
  };
}

export const iso = (ms) => (ms == null ? null : new Date(ms).toISOString());
export const utcDayStart = (ms) => Math.floor(ms / DAY) * DAY;
export const dateStr = (ms) => new Date(ms).toISOString().slice(0, 10);
export const secondsToUtcMidnight = (ms) => Math.max(1, Math.ceil((utcDayStart(ms) + DAY - ms) / 1000));

const MON = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
// Venue_b style date code, e.g. 25NOV28.
export function dateCode(ms) {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).slice(2)}${MON[d.getUTCMonth()]}${String(d.getUTCDate()).padStart(2, '0')}`;
}
export function longDate(ms) {
  const d = new Date(ms);
  const names = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${names[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

// Accepts YYYY-MM-DD (end of that UTC day) or an RFC 3339 instant.
export function parseAsOf(s) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const t = Date.parse(s + 'T00:00:00Z');
    if (Number.isNaN(t) || dateStr(t) !== s) return null;
    return t + DAY - 1;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}
