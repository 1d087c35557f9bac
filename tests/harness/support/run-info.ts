/** A run's facts for tests that build a report by hand (reporter/report.ts RunInfo), with what the test sets. */
import type { RunInfo } from '../../../reporter/report.ts';

export function runInfo(overrides: Partial<RunInfo> = {}): RunInfo {
  return {
    target: 'http://127.0.0.1:1',
    tier: 'standard',
    seed: 1,
    commandLine: 'forecast-conformance run',
    startedAt: '2026-11-24T00:00:00Z',
    finishedAt: '2026-11-24T00:00:01Z',
    durationMs: 1000,
    runStatus: 'passed',
    spend: { usd: 0, calls: 0, budgetUsd: null },
    selection: null,
    failOnSkip: false,
    minCoverage: null,
    shard: null,
    aborted: null,
    ...overrides,
  };
}
