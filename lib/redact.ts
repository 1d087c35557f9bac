/**
 * Secret redaction: API keys, control tokens and private keys never appear in reports, logs or
 * error messages. Every string the harness prints about a target passes through `redact`.
 */
const secrets = new Set<string>();

/** Registers a secret value (API key, control token, private key) to be masked everywhere. */
export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 6) secrets.add(value);
}

const PRIVATE_KEY = /0x[0-9a-fA-F]{64}\b/g;
// Header form (`Name: value`), query/JSON form (`"name":"value"`, `name=value`), the same inside a JSON
// string (quotes escaped as `\"`) and an auth scheme word. The value stops before a backslash, so the
// escape of a closing quote survives and a scrubbed JSON file stays valid JSON.
const KEY_HEADER =
  /((?:x-service-api-key|authorization|payment-signature)\\?["']?\s*[:=]\s*\\?["']?)(?:(?:bearer|basic|token)\s+)?[^\s"',\\]+/gi;

/** Returns `text` with every registered secret, private-key-looking hex and auth header value masked. */
export function redact(text: string): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('***');
  return out.replace(PRIVATE_KEY, '0x***').replace(KEY_HEADER, '$1***');
}
