/**
 * Reads an Artillery run back (load/artillery.ts): the hooks' per-request records and contract sample
 * as the scheduler's RequestRecord and SampledAnswer, and Artillery's own JSON (its `--output`, or the
 * merge of several processes' sketches) as the metrics it measured itself: http_req_duration from its
 * `http.response_time` summary (time to the first byte, ms; a percentile of merged sketches) and
 * http_req_failed from its counters (the hooks' `fc.failed`: a 5xx or a 4xx other than 429; Artillery's
 * failed virtual users: no answer). The per-request metrics (false rejections and admissions, admitted
 * per window, limit-rule and contract violations) come from the records, judged as the scheduler's are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestRecord } from './analysis.ts';
import { readdirRecords, type ArtilleryJson } from './artillery.ts';
import { METRIC } from './metrics.ts';
import type { PlannedRequest, SampledAnswer } from './scheduler.ts';
import type { Metric } from './thresholds.ts';

/** One line of the hooks' records file (tools/artillery/fc/processor.cjs). */
interface HookRecord {
  /** Start, epoch ms. */
  t: number;
  /** Start to the last byte, ms. */
  ms: number;
  s: number;
  /** "METHOD /path?query". */
  r: string;
  /** Principal index. */
  p: number;
  h: RequestRecord['headers'];
  e?: RequestRecord['errorBody'];
}

const lines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

/** "METHOD /path?query" → operationId, from the profile's requests (the url the script sent). */
const routeMap = (requests: readonly PlannedRequest[]) => new Map(requests.map((r) => [`${r.method} ${r.path}`, r.operationId]));

/**
 * The records of a run, ordered by start: times relative to the earliest start (t0EpochMs), no
 * schedule (Artillery keeps its own, so scheduledMs is the start), the client's in flight at each
 * start counted from the records themselves, the principal index only when there were several.
 */
export function readRecords(
  dir: string,
  requests: readonly PlannedRequest[],
  principals: number,
): { t0EpochMs: number; records: RequestRecord[] } {
  const ops = routeMap(requests);
  const raw = readdirRecords(dir)
    .flatMap((f) => lines<HookRecord>(join(dir, f)))
    .sort((a, b) => a.t - b.t);
  const t0 = raw.length ? raw[0]!.t : Date.now();
  const ends: number[] = [];
  const records = raw.map((r, i): RequestRecord => {
    // In flight at this start: earlier starts whose answer had not ended yet (a sorted sweep would do; runs are small).
    let inFlight = 1;
    for (let k = 0; k < i; k++) if (ends[k]! > r.t) inFlight++;
    ends.push(r.t + r.ms);
    return {
      i,
      operationId: ops.get(r.r) ?? r.r,
      scheduledMs: r.t - t0,
      startMs: r.t - t0,
      latencyMs: r.ms,
      status: r.s,
      inFlightAtStart: inFlight,
      headers: r.h,
      ...(r.e ? { errorBody: r.e } : {}),
      ...(principals > 1 ? { principal: r.p } : {}),
    };
  });
  return { t0EpochMs: t0, records };
}

/** The contract sample the hooks kept whole. */
export function readSamples(dir: string, requests: readonly PlannedRequest[]): SampledAnswer[] {
  const ops = routeMap(requests);
  const files = readdirRecords(dir).map((f) => f.replace(/\.records\.jsonl$/, '.samples.jsonl'));
  return files.flatMap((f) => {
    try {
      return lines<{ r: string; s: number; headers: Record<string, string>; body: string }>(join(dir, f)).map((x, i) => ({
        i,
        operationId: ops.get(x.r) ?? x.r,
        status: x.s,
        headers: x.headers,
        bodyText: x.body,
      }));
    } catch {
      return [];
    }
  });
}

/** Artillery's counts of a run: requests, answers per status, errors, virtual users skipped at maxVusers. */
export interface ArtilleryCounts {
  requests: number;
  responses: number;
  /** Status → answers. */
  codes: Record<string, number>;
  /** Error code → count (no answer). */
  errors: Record<string, number>;
  /** Arrivals dropped at the in-flight cap (maxVusers). */
  skipped: number;
  created: number;
}

/** The counts of an Artillery JSON report. */
export function countsOf(json: ArtilleryJson): ArtilleryCounts {
  const c = json.aggregate.counters;
  const pick = (prefix: string) =>
    Object.fromEntries(
      Object.entries(c)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
  return {
    requests: c['http.requests'] ?? 0,
    responses: c['http.responses'] ?? 0,
    codes: pick('http.codes.'),
    errors: pick('errors.'),
    skipped: c['vusers.skipped'] ?? 0,
    created: c['vusers.created'] ?? 0,
  };
}

/** The metrics Artillery measured itself (see the module comment). */
export function artilleryMetrics(json: ArtilleryJson): Record<string, Metric> {
  const c = json.aggregate.counters;
  const t = json.aggregate.summaries['http.response_time'];
  const percentiles = Object.fromEntries(Object.entries(t ?? {}).filter(([k]) => /^p\d+$/.test(k)));
  return {
    [METRIC.duration]: {
      kind: 'trend',
      unit: 'ms',
      samples: [],
      summary: {
        count: t?.count ?? 0,
        min: t?.min ?? NaN,
        max: t?.max ?? NaN,
        mean: t?.mean ?? NaN,
        median: t?.median ?? NaN,
        percentiles,
      },
    },
    [METRIC.failed]: { kind: 'rate', passes: (c['fc.failed'] ?? 0) + (c['vusers.failed'] ?? 0), total: c['vusers.created'] ?? 0 },
  };
}
