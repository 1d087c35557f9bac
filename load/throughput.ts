/**
 * Closed-model throughput runs with autocannon: a fixed number of connections, each sending its
 * next request when the previous answer arrives (pipelining 1), for a bounded time and count.
 * Answers "how much can the target take", not "does it enforce a rate" (that is the scheduler's).
 */
import autocannon from 'autocannon';
import { ConfigError } from '../lib/errors.ts';
import { assertBounds, assertLoopbackTarget, type Resolver } from './safety.ts';
import type { PlannedRequest } from './scheduler.ts';

/** Longest throughput run, seconds. */
export const MAX_THROUGHPUT_DURATION_S = 60;
/** Most requests of one throughput run. */
export const MAX_THROUGHPUT_REQUESTS = 100_000;

export interface ThroughputOptions {
  /** Base URL of a loopback target. */
  target: string;
  request: PlannedRequest;
  /** Concurrent connections (default 10). */
  connections?: number;
  /** Seconds, at most 60 (default 5). */
  durationS?: number;
  /** Request bound (default and ceiling 100,000). */
  maxRequests?: number;
  /** Per-request timeout, s (default 10). */
  timeoutS?: number;
  resolver?: Resolver;
}

export interface ThroughputResult {
  operationId: string;
  path: string;
  connections: number;
  durationS: number;
  /**
   * Mean requests per second: over the run's duration, or, when the request bound ended it early
   * (`bounded`), over the time to its last answer.
   */
  requestsPerSec: number;
  /** The run reached its request bound before its duration was up. */
  bounded: boolean;
  /** Latency percentiles, ms. */
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  total: number;
  non2xx: number;
  /** Status code → count. */
  statuses: Record<string, number>;
  /** Connection errors (timeouts included) and timeouts. */
  errors: number;
  timeouts: number;
}

/**
 * Runs autocannon against a loopback target (closed model, pipelining 1) and summarises it.
 * @throws ConfigError before sending anything for a non-loopback target or a bound over its cap
 *   (duration ≤ 60 s, ≤ 100,000 requests).
 */
export async function runThroughput(opts: ThroughputOptions): Promise<ThroughputResult> {
  const connections = opts.connections ?? 10;
  const durationS = opts.durationS ?? 5;
  const maxRequests = Math.min(opts.maxRequests ?? MAX_THROUGHPUT_REQUESTS, MAX_THROUGHPUT_REQUESTS);
  const timeoutS = opts.timeoutS ?? 10;
  const vetted = await assertLoopbackTarget(opts.target, opts.resolver);
  assertBounds({ maxRequests, durationS, maxInFlight: connections });
  if (durationS > MAX_THROUGHPUT_DURATION_S)
    throw new ConfigError(`throughput duration ${durationS} s exceeds ${MAX_THROUGHPUT_DURATION_S} s`);

  // autocannon waits out the duration after the request bound stops it sending, and averages over the
  // whole duration: a fast target's rate would read as bound / duration. The last answer's time tells
  // how long the bounded run really took.
  let lastAnswerAt = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${vetted.connectOrigin}${opts.request.path}`,
        method: opts.request.method as autocannon.Request['method'],
        headers: { host: vetted.hostHeader, ...opts.request.headers },
        ...(opts.request.body === undefined ? {} : { body: opts.request.body }),
        connections,
        pipelining: 1,
        duration: durationS,
        // maxOverallRequests may not be below the connection count.
        maxOverallRequests: Math.max(maxRequests, connections),
        timeout: timeoutS,
        ...(vetted.url.protocol === 'https:' ? { servername: vetted.url.hostname } : {}),
      },
      (err: unknown, res: autocannon.Result) => {
        clearTimeout(guard);
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve(res);
      },
    );
    instance.on('response', () => void (lastAnswerAt = Date.now()));
    // Belt and braces: whatever autocannon does, the run ends a timeout after its duration.
    const guard = setTimeout(() => instance.stop(), (durationS + timeoutS) * 1000);
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const bounded = result.requests.total >= maxRequests && lastAnswerAt > result.start.getTime();
  return {
    operationId: opts.request.operationId,
    path: opts.request.path,
    connections,
    durationS: result.duration,
    requestsPerSec: bounded ? (result.requests.total * 1000) / (lastAnswerAt - result.start.getTime()) : result.requests.average,
    bounded,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    total: result.requests.total,
    non2xx: result.non2xx,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
