/**
 * `npm run bench` (f): the stub's request path as ratios to a raw node:http server (issue 20), measured
 * in one run with autocannon in this process (closed model, 10 connections, pipelining 1), every server
 * in its own worker thread: the paid read (GET /api/v1/signals/perps with a key, the limits lifted) and
 * the 429 path (the same request, limits on: past the per-IP guard's 50 a second nearly every answer is
 * the guard's refusal, decided on arrival). The servers are measured in interleaved rounds, raw first in
 * each, and a round's ratios compare its own adjacent runs, so that other load on the machine weighs on
 * both sides of a ratio; the figure is the median round. Targets: paid read ≥ 0.6× raw, 429 path ≥ 0.7×.
 *
 * Issue 20's figure is the ratio to raw node:http answering a small fixed body (load/raw-server.ts).
 * Beside it, and only beside it, each answer is also compared with raw node:http writing the same bytes
 * (status, headers, body captured from the stub at the start): that second ratio is the stub's work
 * alone, without the cost of a larger answer to write and, for autocannon, to parse.
 *
 * Both stubs measured are fresh, each serving only the measured route, as issue 20's own figures were
 * taken (wrk on one route of a stub process). A stub that has served other routes first carries their
 * state (a larger heap, call sites that have seen other handlers). When `bench` hands one in, its paid
 * read is measured in the same rounds and printed beside the figures, without a target.
 */
import { startEmbeddedStub, type EmbeddedStub } from './embedded.ts';
import { captureAnswer, startRawServer, type CapturedAnswer, type RawServer } from './raw-server.ts';
import type { PlannedRequest } from './scheduler.ts';
import { runThroughput, type ThroughputResult } from './throughput.ts';

/** The targets of issue 20, as ratios to raw node:http (the small fixed answer). */
export const RATIO_TARGETS = { paidRead: 0.6, refusal: 0.7 } as const;

export interface RatioRound {
  raw: ThroughputResult;
  paid: ThroughputResult;
  refusal: ThroughputResult;
  /** Raw node:http answering the paid read's bytes / the 429's bytes. */
  rawPaidBytes: ThroughputResult;
  rawRefusalBytes: ThroughputResult;
  /** The paid read on the stub handed in (one that served other routes first), when there is one. */
  servedPaid?: ThroughputResult;
}

export interface RatioFigures {
  rounds: RatioRound[];
  /** Median over the rounds of paid / raw and refusal / raw (issue 20's figures). */
  paidRead: number;
  refusal: number;
  /** Median over the rounds of paid / raw with the same bytes, refusal / raw with the same bytes. */
  paidReadSameBytes: number;
  refusalSameBytes: number;
  /** Median over the rounds of the handed-in stub's paid read / raw (no target), when there is one. */
  paidReadServed?: number;
}

const perps = (apiKey: string): PlannedRequest => ({
  operationId: 'listPerpSignals',
  method: 'GET',
  path: '/api/v1/signals/perps',
  headers: { 'x-service-api-key': apiKey },
});

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * The guard's 429 as the limited stub writes it: asked until one comes (the warm-up has just spent the
 * guard's second), at most 200 times.
 * @throws Error when no 429 comes.
 */
async function capture429(url: string, apiKey: string): Promise<CapturedAnswer> {
  for (let i = 0; i < 200; i++) {
    const answer = await captureAnswer(`${url}/api/v1/signals/perps`, { 'x-service-api-key': apiKey });
    if (answer.status === 429) return answer;
  }
  throw new Error('the limited stub answered no 429 in 200 requests');
}

/**
 * Measures `rounds` interleaved rounds of `seconds` per server, after a 2 s unmeasured warm-up of each,
 * on two fresh embedded stubs (limits lifted, limits on).
 * @param served optional: a running stub with the limits lifted that served other routes first, and its
 *   key; its paid read is measured beside the figures
 * @throws Error when a server does not start or the stub's answers cannot be captured.
 */
export async function measureRatios(served?: { url: string; apiKey: string }, rounds = 3, seconds = 3): Promise<RatioFigures> {
  const servers: RawServer[] = [];
  const lifted = await startEmbeddedStub({ credits: 1_000_000_000, limitsLifted: true });
  let limited: EmbeddedStub | undefined;
  try {
    limited = await startEmbeddedStub({ credits: 1_000_000_000 });
    const raw = await startRawServer();
    servers.push(raw);
    const stubRuns = [
      { target: lifted.url, request: perps(lifted.apiKey) },
      { target: limited.url, request: perps(limited.apiKey) },
    ];
    // Unmeasured warm-up: a freshly started server runs unoptimised code for its first seconds.
    for (const run of stubRuns) await runThroughput({ ...run, connections: 10, durationS: 2 });
    const paidBytes = await startRawServer(await captureAnswer(`${lifted.url}/api/v1/signals/perps`, perps(lifted.apiKey).headers!));
    servers.push(paidBytes);
    const refusalBytes = await startRawServer(await capture429(limited.url, limited.apiKey));
    servers.push(refusalBytes);
    const rawRun = (url: string) => ({ target: url, request: { ...perps('none'), path: '/' } });
    const runs = [rawRun(raw.url), ...stubRuns, rawRun(paidBytes.url), rawRun(refusalBytes.url)];
    for (const run of [runs[0]!, ...runs.slice(3)]) await runThroughput({ ...run, connections: 10, durationS: 2 });
    // The handed-in stub last in each round, after the runs the figures compare (adjacent to each other).
    if (served) runs.push({ target: served.url, request: perps(served.apiKey) });

    const measured: RatioRound[] = [];
    for (let i = 0; i < rounds; i++) {
      const results: ThroughputResult[] = [];
      for (const run of runs) results.push(await runThroughput({ ...run, connections: 10, durationS: seconds }));
      const [r, paid, refusal, rawPaidBytes, rawRefusalBytes, servedPaid] = results as [ThroughputResult, ...ThroughputResult[]];
      measured.push({
        raw: r,
        paid: paid!,
        refusal: refusal!,
        rawPaidBytes: rawPaidBytes!,
        rawRefusalBytes: rawRefusalBytes!,
        ...(servedPaid ? { servedPaid } : {}),
      });
    }
    const ratio = (of: (r: RatioRound) => number) => median(measured.map(of));
    return {
      rounds: measured,
      paidRead: ratio((r) => r.paid.requestsPerSec / r.raw.requestsPerSec),
      refusal: ratio((r) => r.refusal.requestsPerSec / r.raw.requestsPerSec),
      paidReadSameBytes: ratio((r) => r.paid.requestsPerSec / r.rawPaidBytes.requestsPerSec),
      refusalSameBytes: ratio((r) => r.refusal.requestsPerSec / r.rawRefusalBytes.requestsPerSec),
      ...(served ? { paidReadServed: ratio((r) => (r.servedPaid?.requestsPerSec ?? NaN) / r.raw.requestsPerSec) } : {}),
    };
  } finally {
    await lifted.close();
    await limited?.close();
    for (const s of servers) await s.close();
  }
}

/** Prints the rounds and the ratios against their targets. */
export function printRatios(f: RatioFigures): void {
  const n = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  console.log('       raw node:http req/s      stub req/s        stub / raw         stub / raw, same bytes');
  console.log('round  small    paid    429     paid read  429    paid read  429     paid read  429     429 path statuses');
  for (const [i, r] of f.rounds.entries()) {
    const cells = [
      n(r.raw.requestsPerSec).padStart(5),
      n(r.rawPaidBytes.requestsPerSec).padStart(6),
      n(r.rawRefusalBytes.requestsPerSec).padStart(6),
      n(r.paid.requestsPerSec).padStart(9),
      n(r.refusal.requestsPerSec).padStart(6),
      n(r.paid.requestsPerSec / r.raw.requestsPerSec, 3).padStart(9),
      n(r.refusal.requestsPerSec / r.raw.requestsPerSec, 3).padStart(6),
      n(r.paid.requestsPerSec / r.rawPaidBytes.requestsPerSec, 3).padStart(9),
      n(r.refusal.requestsPerSec / r.rawRefusalBytes.requestsPerSec, 3).padStart(6),
    ];
    console.log(`${String(i + 1).padStart(5)}  ${cells.join('  ')}   ${JSON.stringify(r.refusal.statuses)}`);
  }
  const all = f.rounds.flatMap((r) => [
    r.raw,
    r.paid,
    r.refusal,
    r.rawPaidBytes,
    r.rawRefusalBytes,
    ...(r.servedPaid ? [r.servedPaid] : []),
  ]);
  const paidNon2xx = f.rounds.reduce((sum, r) => sum + r.paid.non2xx + r.paid.errors, 0);
  if (paidNon2xx > 0)
    console.log(`note: ${paidNon2xx} paid-read answers were not 2xx (or failed): the figure is not of the paid read alone`);
  const bounded = all.filter((r) => r.bounded).length;
  if (bounded > 0)
    console.log(`note: ${bounded} runs reached their request bound early; their rates are over the time to their last answer`);
  const verdict = (x: number, target: number) => `${n(x, 3)}× raw (target ≥ ${target}: ${x >= target ? 'met' : 'NOT met'})`;
  console.log(`paid read (GET /api/v1/signals/perps with a key, limits lifted): ${verdict(f.paidRead, RATIO_TARGETS.paidRead)}`);
  console.log(`429 path (the same request, limits on):                        ${verdict(f.refusal, RATIO_TARGETS.refusal)}`);
  console.log(
    `beside them, against raw node:http writing the same answers (no target): paid read ${n(f.paidReadSameBytes, 3)}×, 429 path ${n(f.refusalSameBytes, 3)}×`,
  );
  if (f.paidReadServed !== undefined) {
    const byRound = f.rounds.map((r) => n((r.servedPaid?.requestsPerSec ?? NaN) / r.raw.requestsPerSec, 3)).join(', ');
    console.log(
      `and the paid read on the stub that served (a) to (e) first (no target): ${n(f.paidReadServed, 3)}× raw (rounds: ${byRound})`,
    );
  }
}
