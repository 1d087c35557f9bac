/**
 * Retry-After (RFC 9110, section 10.2.3) as a client reads it: `delay-seconds` or an `HTTP-date`.
 * The spec names the header on 429 and on non-terminal job reads but not its form (gaps LIM-024 and
 * JOB-018), so every reader accepts both.
 */

/**
 * The seconds to wait that a Retry-After value asks for (at least 0), or undefined when there is no
 * value or it is neither form.
 * @param value the header's value
 * @param nowMs the reader's clock, ms since the epoch (an HTTP-date is relative to it)
 */
export function parseRetryAfter(value: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  // An HTTP-date names a weekday and GMT; Date.parse reads IMF-fixdate and the obsolete forms RFC 9110 keeps.
  if (!/GMT$/.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
