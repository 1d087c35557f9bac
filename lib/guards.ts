/**
 * Object guards for parsed JSON, shared by the checks, the contract loader and the suites: a JSON
 * object is a non-null, non-array object. One definition instead of one per module.
 */

/** A parsed JSON object (never an array or null). */
export type JsonObject = Record<string, unknown>;

/** True when `v` is a JSON object (not null, not an array). */
export const isRecord = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `v` as a JSON object, or undefined when it is not one. */
export const asRecord = (v: unknown): JsonObject | undefined => (isRecord(v) ? v : undefined);
