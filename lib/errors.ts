/**
 * Harness errors: typed classes with stable codes, so a report says why a target could not be
 * judged (unreachable, slow, garbage) instead of crashing or hanging.
 */
export type HarnessErrorCode = 'FC_TARGET_UNREACHABLE' | 'FC_TARGET_TIMEOUT' | 'FC_TARGET_GARBAGE' | 'FC_THROTTLED' | 'FC_CONFIG';

export class HarnessError extends Error {
  constructor(
    readonly code: HarnessErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'HarnessError';
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
