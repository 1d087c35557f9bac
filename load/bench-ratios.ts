/**
 * `npm run bench` (f): the stub's request path as ratios to a raw node:http server (issue 20), measured
 * in one run with autocannon in this process (closed model, 10 connections, pipelining 1), every server
 * in its own worker thread: the paid read (GET /api/v1/signals/perps with a key, the tiers lifted) and
 * the 429 path (the same request, tiers on: past the per-IP guard's 50 a second nearly every answer is
 * the guard's refusal, decided on arrival). The three are measured in interleaved rounds, raw first in
 * each, and a round's ratios compare its own adjacent runs, so that other load on the machine weighs on
 * both sides of a ratio; the figure is the median round. Targets: paid read ≥ 0.6× raw, 429 path ≥ 0.7×.
 */
import { startEmbeddedStub } from './embedded.ts';
import { startRawServer } from './raw-server.ts';
import type { PlannedRequest } from './scheduler.ts';
import { runThroughput, type ThroughputResult } from './throughput.ts';

/** The targets of issue 20, as ratios to raw node:http. */
export const RATIO_TARGETS = { paidRead: 0.6, refusal: 0.7 } as const;

export interface RatioRound {
  raw: ThroughputResult;
  paid: ThroughputResult;
  refusal: ThroughputResult;
}

export interface RatioFigures {
  rounds: RatioRound[];
  /** Median over the rounds of paid / raw and refusal / raw. */
  paidRead: number;
  refusal: number;
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
 * Measures `rounds` interleaved rounds of `seconds` per server, after a 2 s unmeasured warm-up of each.
 * @param lifted a running stub with the tiers lifted (STUB_LIMITS=off) and its key
 */
export async function measureRatios(lifted: { url: string; apiKey: string }, rounds = 3, seconds = 3): Promise<RatioFigures> {
  const raw = await startRawServer();
  const limited = await startEmbeddedStub({ credits: 1_000_000_000 });
  try {
    const runs = [
      { target: raw.url, request: { ...perps('none'), path: '/' } },
      { target: lifted.url, request: perps(lifted.apiKey) },
      { target: limited.url, request: perps(limited.apiKey) },
    ];
    // Unmeasured warm-up: a freshly started server runs unoptimised code for its first seconds.
    for (const run of runs) await runThroughput({ ...run, connections: 10, durationS: 2 });
    const measured: RatioRound[] = [];
    for (let i = 0; i < rounds; i++) {
      const [rawRun, paid, refusal] = [
        await runThroughput({ ...runs[0]!, connections: 10, durationS: seconds }),
        await runThroughput({ ...runs[1]!, connections: 10, durationS: seconds }),
        await runThroughput({ ...runs[2]!, connections: 10, durationS: seconds }),
      ];
      measured.push({ raw: rawRun, paid, refusal });
    }
    return {
      rounds: measured,
      paidRead: median(measured.map((r) => r.paid.requestsPerSec / r.raw.requestsPerSec)),
      refusal: median(measured.map((r) => r.refusal.requestsPerSec / r.raw.requestsPerSec)),
    };
  } finally {
    await limited.close();
    await raw.close();
  }
}

/** Prints the rounds and the ratios against their targets. */
export function printRatios(f: RatioFigures): void {
  const n = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  console.log('round  raw req/s  paid read req/s  ratio  429 path req/s  ratio  429 path statuses');
  for (const [i, r] of f.rounds.entries()) {
    console.log(
      `${String(i + 1).padStart(5)}  ${n(r.raw.requestsPerSec).padStart(9)}  ${n(r.paid.requestsPerSec).padStart(15)}  ${n(r.paid.requestsPerSec / r.raw.requestsPerSec, 3)}  ${n(r.refusal.requestsPerSec).padStart(14)}  ${n(r.refusal.requestsPerSec / r.raw.requestsPerSec, 3)}  ${JSON.stringify(r.refusal.statuses)}`,
    );
  }
  const paidNon2xx = f.rounds.reduce((sum, r) => sum + r.paid.non2xx + r.paid.errors, 0);
  if (paidNon2xx > 0)
    console.log(`note: ${paidNon2xx} paid-read answers were not 2xx (or failed): the figure is not of the paid read alone`);
  const verdict = (x: number, target: number) => `${n(x, 3)}× raw (target ≥ ${target}: ${x >= target ? 'met' : 'NOT met'})`;
  console.log(`paid read (GET /api/v1/signals/perps with a key, tiers lifted): ${verdict(f.paidRead, RATIO_TARGETS.paidRead)}`);
  console.log(`429 path (the same request, tiers on):                        ${verdict(f.refusal, RATIO_TARGETS.refusal)}`);
}
