/**
 * Secret masking by exact value. Secrets are masked where they are captured: the harness knows which
 * configured secret it sends in which header (suites/support/exhibit.ts records `$FC_API_KEY`,
 * `$FC_API_KEY_2` and `$FC_CONTROL_TOKEN` placeholders), so no report is ever built from a secret.
 * `redact` is the last guard on every text written or printed: it replaces each registered value and
 * nothing else. No pattern is run over finished text: a pattern over rendered HTML, Markdown or XML
 * cannot tell a header value from the markup around it (issue 33: it ate a report's closing tags and
 * the placeholders themselves).
 */

/** The environment variables a configured secret is read from; a reproduction names them. */
export type SecretVariable = 'FC_API_KEY' | 'FC_API_KEY_2' | 'FC_CONTROL_TOKEN';

/** Shortest value registered: shorter ones would mask ordinary words. */
const MIN_SECRET_LENGTH = 6;

/** Registered value → what replaces it (`$VARIABLE` for a configured secret, else `***`). */
const secrets = new Map<string, string>();
/** The same values, longest first, so a secret holding another is masked whole. */
let ordered: [string, string][] = [];

/**
 * Registers a secret value (API key, control token, private key, payment signature) to be masked
 * wherever it appears. With `variable`, it is replaced by `$VARIABLE` (a reader sets the variable to
 * replay it); otherwise by `***`. A value registered with a variable keeps it. Values shorter than
 * 6 characters are ignored.
 */
export function registerSecret(value: string | undefined, variable?: SecretVariable): void {
  if (!value || value.length < MIN_SECRET_LENGTH) return;
  const mask = variable ? `$${variable}` : '***';
  if (secrets.get(value)?.startsWith('$') && !variable) return;
  secrets.set(value, mask);
  ordered = [...secrets].sort(([a], [b]) => b.length - a.length);
}

/** The `$VARIABLE` placeholder of a configured secret's value, or undefined when it is none. */
export function placeholderOf(value: string): string | undefined {
  const mask = secrets.get(value);
  return mask?.startsWith('$') ? mask : undefined;
}

/** Whether `value` is a registered secret. */
export function isSecret(value: string): boolean {
  return secrets.has(value);
}

/** Returns `text` with every registered secret value replaced by its placeholder (or `***`); nothing else changes. */
export function redact(text: string): string {
  let out = text;
  for (const [value, mask] of ordered) if (out.includes(value)) out = out.split(value).join(mask);
  return out;
}
