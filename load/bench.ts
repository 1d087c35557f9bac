/**
 * `npm run bench`: figures of the load tooling against the embedded stub (worker thread, loopback):
 * (a) autocannon closed-model throughput of three representative routes, 5 s each;
 * (b) open-model scheduler accuracy at 20/s and 50/s, 5 s each (achieved rate, start jitter).
 * (c..e) issue 10's ratios (load/bench-proof.ts): stub vs raw node:http, contract-validation cost on
 * the full markets list, the harness's own CPU per request.
 * (f) the paid read GET /api/v1/signals/perps (limits lifted) and the 429 path (limits on) as ratios to a raw
 * node:http server, in interleaved rounds (load/bench-ratios.ts; targets of issue 20).
 * (g) the load engines' ceilings on one cheap route, autocannon's and Artillery's, against the stub and raw
 * node:http, as ratios (load/bench-engines.ts; issue 36): how many load machines a target rate needs.
 * (a), (b) and the cheap-read figures run with the limits lifted (config limitsLifted), so they
 * measure the server rather than the limiter.
 * Prints the tables and exits 0; about two minutes in all. Figures, not assertions.
 */
import { summarizeRun } from './analysis.ts';
import { startEmbeddedStub } from './embedded.ts';
import { buildProfiles } from './profiles.ts';
import { discoverIdentities, plannedRequestOf } from './requests.ts';
import { assertLoopbackTarget } from './safety.ts';
import { runSchedule } from './scheduler.ts';
import { runThroughput } from './throughput.ts';
import { printProofFigures, proofFigures } from './bench-proof.ts';
import { measureRatios, printRatios } from './bench-ratios.ts';
import { measureEngineCeilings, printEngineCeilings } from './bench-engines.ts';

const SECONDS = 5;
const f = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '–');

/** Prints rows as an aligned text table. */
function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

// A fresh account with ample credits: a 5 s closed-model run of a paid route bills every answer.
const stub = await startEmbeddedStub({ credits: 1_000_000_000, limitsLifted: true });
try {
  const ops = Object.fromEntries(
    Object.values(buildProfiles())
      .flatMap((p) => p.operations)
      .map((o) => [o.operationId, o]),
  );
  const { ids } = await discoverIdentities(await assertLoopbackTarget(stub.url), stub.apiKey);
  const requests = ['getForecastAvailability', 'listAssets', 'searchMarkets'].map((id) => plannedRequestOf(ops[id]!, ids, stub.apiKey));

  console.log(
    `(a) autocannon throughput: closed model, 10 connections, pipelining 1, ${SECONDS} s per route (embedded stub, worker thread)\n`,
  );
  const tp: string[][] = [];
  for (const request of requests) {
    const r = await runThroughput({ target: stub.url, request, connections: 10, durationS: SECONDS });
    tp.push([
      `${request.method} ${request.path.slice(0, 60)}`,
      f(r.requestsPerSec, 0),
      String(r.latencyMs.p50),
      String(r.latencyMs.p90),
      String(r.latencyMs.p99),
      String(r.non2xx),
      String(r.errors),
    ]);
  }
  table(['route', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'non-2xx', 'errors'], tp);

  console.log(
    `\n(b) open-model scheduler accuracy: evenly spaced starts, ≤ 10 in flight, ${SECONDS} s per rate (${requests[0]!.method} ${requests[0]!.path.split('?')[0]})\n`,
  );
  const acc: string[][] = [];
  for (const rate of [20, 50]) {
    const run = await runSchedule({ target: stub.url, rate, durationS: SECONDS, maxInFlight: 10, requestFor: () => requests[0]! });
    const s = summarizeRun(run.records, rate);
    acc.push([
      `${rate}/s`,
      `${s.sent}/${s.planned}`,
      f(s.achievedRate),
      `${f(s.windowRate.min)}..${f(s.windowRate.max)}`,
      f(s.jitterMs.p50, 3),
      f(s.jitterMs.p99, 3),
      f(s.latencyMs.p50),
      f(s.latencyMs.p99),
      JSON.stringify(s.statuses),
    ]);
  }
  table(
    ['target', 'sent', 'achieved/s', 'per-second range', 'jitter p50 ms', 'jitter p99 ms', 'latency p50 ms', 'latency p99 ms', 'statuses'],
    acc,
  );

  // Issue 10: stub vs raw node:http, contract-validation cost, harness CPU (load/bench-proof.ts).
  const cheap = requests[1]!; // listAssets, $0.005 with the key
  const markets = plannedRequestOf(
    ops.listMarkets ?? { ...ops.searchMarkets!, operationId: 'listMarkets', method: 'GET', path: '/api/v1/markets' },
    ids,
    stub.apiKey,
  );
  const figures = await proofFigures(stub.url, cheap, markets, 3);
  printProofFigures(figures, 'GET /api/v1/markets');
  // Five rounds, not three: on this shared machine one round's ratio ranges from 0.35 to 1.0, and the
  // median of three moved with a single disturbed round.
  console.log(
    `\n(f) the stub's request path as ratios to raw node:http (fresh stubs; median of 5 interleaved rounds, 3 s each, 10 connections)\n`,
  );
  printRatios(await measureRatios(stub, 5));
} finally {
  await stub.close();
}
console.log(
  `\n(g) the load engines' ceilings on one cheap route (the paid read, limits lifted; 10 in flight, ${SECONDS - 2} s each, fresh servers)\n`,
);
printEngineCeilings(await measureEngineCeilings(SECONDS - 2));
