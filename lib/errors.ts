/**
 * Harness errors: typed classes with stable codes, so a report says why a target could not be
 * judged (unreachable, slow, garbage, a body over the limit) instead of crashing or hanging.
 */
/** Codes of a target that could not be judged (the reporter reports its rules NOT_RUN with the reason). */
export type TargetErrorCode = 'FC_TARGET_UNREACHABLE' | 'FC_TARGET_TIMEOUT' | 'FC_TARGET_GARBAGE' | 'FC_TARGET_TOO_LARGE';
export type HarnessErrorCode = TargetErrorCode | 'FC_THROTTLED' | 'FC_CONFIG';

export class HarnessError extends Error {
  /** The message without its code (what `code: ` prefixes). */
  readonly reason: string;

  constructor(
    readonly code: HarnessErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'HarnessError';
    this.reason = message;
  }
}

/** The target did not accept a connection (ECONNREFUSED, DNS failure, reset). */
export class TargetUnreachableError extends HarnessError {
  constructor(message: string) {
    super('FC_TARGET_UNREACHABLE', message);
  }
}

/** The target did not answer within the request timeout (ms). */
export class TargetTimeoutError extends HarnessError {
  constructor(message: string) {
    super('FC_TARGET_TIMEOUT', message);
  }
}

/** The target answered with something that is not HTTP/JSON as the contract requires. */
export class TargetGarbageError extends HarnessError {
  constructor(message: string) {
    super('FC_TARGET_GARBAGE', message);
  }
}

/**
 * The target sent a body longer than the run's per-request limit (`--max-body-bytes`,
 * FC_MAX_BODY_BYTES; raw or decompressed, bytes): the harness stopped reading it, so the answer
 * cannot be judged.
 */
export class TargetTooLargeError extends HarnessError {
  constructor(message: string) {
    super('FC_TARGET_TOO_LARGE', message);
  }
}

/** The error of a target's failure `code` with `message` (a target error rethrown with more context). */
export function targetError(code: TargetErrorCode, message: string): HarnessError {
  if (code === 'FC_TARGET_TIMEOUT') return new TargetTimeoutError(message);
  if (code === 'FC_TARGET_GARBAGE') return new TargetGarbageError(message);
  if (code === 'FC_TARGET_TOO_LARGE') return new TargetTooLargeError(message);
  return new TargetUnreachableError(message);
}

/** Whether `err` is a target error (one of TargetErrorCode). */
export function isTargetError(err: unknown): err is HarnessError & { code: TargetErrorCode } {
  return err instanceof HarnessError && err.code.startsWith('FC_TARGET_');
}

/** The target kept answering 429 after the bounded retries; the test is reported THROTTLED. */
export class ThrottledError extends HarnessError {
  constructor(message: string) {
    super('FC_THROTTLED', message);
  }
}

/** Harness configuration is invalid (e.g. a non-loopback load target). */
export class ConfigError extends HarnessError {
  constructor(message: string) {
    super('FC_CONFIG', message);
  }
}
