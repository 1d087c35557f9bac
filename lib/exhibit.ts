/**
 * The shape of a verdict's exhibit (rules.json, the certification report): the violations as data,
 * the request that drew the answer, an excerpt of the answer and a `curl` reproduction. Shared by
 * the suites, which attach it (suites/support/exhibit.ts), and the reporter, which reads it.
 */
import type { Violation } from './violation.ts';

/** Name of the test attachment the rule reporter reads. */
export const EXHIBIT_ATTACHMENT = 'fc-exhibit';
/** Bytes of the answer's body kept in the excerpt. */
export const EXCERPT_BYTES = 2048;
/** Exhibit attachments per test at most (a property test can judge hundreds of answers). */
export const MAX_PER_TEST = 5;
/** Control-plane calls kept as an exhibit's setup at most (the latest ones; a test rarely makes more). */
export const MAX_SETUP = 12;

export interface RecordedRequest {
  method: string;
  url: string;
  /** Header values of secrets replaced by `$VARIABLE` placeholders. */
  headers: Record<string, string>;
  body?: string;
  /**
   * The local address the request left from, when the harness chose one (a per-IP guard test's own loopback address,
   * suites/support/fixtures.ts `oneSource`): the reproduction sends from it too (`curl --interface`).
   */
  sourceAddress?: string;
}

export interface ResponseExcerpt {
  status: number;
  headers: Record<string, string>;
  /** The first 2 KB of the body, redacted. */
  body: string;
  truncated: boolean;
}

export interface Exhibit {
  violations: Violation[];
  request?: RecordedRequest;
  response?: ResponseExcerpt;
  /** Shell command reproducing the request; secrets are `$FC_*` placeholders. */
  curl?: string;
  /**
   * Shell commands of the control-plane calls that changed the target's state earlier in the same test (a fault, the
   * oil state, the clock, an account's credits), oldest first, at most MAX_SETUP: run them before `curl` to put the
   * target in the state the request met. Absent when the test made none.
   */
  setup?: string[];
}
