import type { Violation } from '../lib/violation.ts';

/**
 * Stub configuration, read from the environment only by stub/main.ts (or given by the harness).
 */
export interface StubConfig {
  /** TCP port; 0 picks a free one. */
  port: number;
  host: string;
  /** Public site address ({site_url}) `serviceUrl` is built from. */
  siteUrl: string;
  /** API keys accepted (x-service-api-key). */
  apiKeys: string[];
  /** Enables the control plane (contract/control.yaml) when set; every call then needs it as Bearer. */
  controlToken?: string;
  /** Dataset seed. */
  seed: number;
  /** Anchor of the clock and the dataset; defaults to the start time. */
  anchor?: Date;
  /** Log requests (never headers). */
  log: boolean;
  /**
   * Validates every answer against the contract before sending it and reports the violations
   * (rule IDs and JSON pointers) here; `npm run stub` with STUB_SELF_CHECK=1 prints them.
   */
  selfCheck?: (operationId: string, violations: Violation[]) => void;
  /**
   * Starts with the rate limits lifted (standard, social research, per-IP guard; the oil route keeps
   * its own limits): for pure throughput runs only (`npm run bench`, STUB_LIMITS=off). Default false.
   */
  limitsLifted?: boolean;
  /** Social-account profiling configured (POST /api/v1/x/profile answers 503 when false); default on. */
  profiling?: boolean;
  /** A mutant of stub/mutants.ts to switch on (issue 10's mutation run); none by default. */
  mutant?: string;
  /**
   * `alt` serves the alternate stub: every gap rule's `alternate` instead of its `choice`
   * (stub/variant.ts); default `main`.
   */
  variant?: string;
}

export const DEFAULT_DEV_KEY = 'fc_dev_key_0000000000000000';

export function defaultConfig(overrides: Partial<StubConfig> = {}): StubConfig {
  return {
    port: 4010,
    host: '127.0.0.1',
    siteUrl: 'https://forecast.site.test',
    apiKeys: [DEFAULT_DEV_KEY],
    seed: 42,
    log: false,
    ...overrides,
  };
}
