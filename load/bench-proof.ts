/**
 * Issue 10's figures for `npm run bench`, as ratios: (c) the stub's throughput on a cheap paid read
 * against a raw node:http server answering the same bytes; (d) the per-response cost of contract
 * validation on the largest documented answer (the full markets list), µs, against JSON.parse of
 * it; (e) the harness's own CPU per request (the load client, measured against the raw server,
 * which runs in a child process so the figure holds only the harness's CPU).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { validateResponse } from '../contract/index.ts';
import type { PlannedRequest } from './scheduler.ts';
import { runThroughput } from './throughput.ts';

/** A raw node:http server in a child process answering `body` as JSON to every request. */
async function rawServer(body: string): Promise<{ url: string; close(): void }> {
  const src = `const b=Buffer.from(process.env.BODY);require('node:http').createServer((q,s)=>{q.resume();s.writeHead(200,{'content-type':'application/json; charset=utf-8','content-length':b.length});s.end(b)}).listen(0,'127.0.0.1',function(){process.stdout.write(String(this.address().port)+'\\n')})`;
  const child = spawn(process.execPath, ['-e', src], { env: { BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, close: () => void child.kill() };
}

export interface ProofFigures {
  stubRps: number;
  rawRps: number;
  validationUs: number;
  parseUs: number;
  harnessCpuUsPerRequest: number;
}

/** Runs (c), (d) and (e) against a running stub. `request` is a cheap paid read with its key. */
export async function proofFigures(
  stubUrl: string,
  request: PlannedRequest,
  marketsRequest: PlannedRequest,
  seconds: number,
): Promise<ProofFigures> {
  const sample = await fetch(new URL(request.path, stubUrl), { headers: request.headers ?? {} });
  const sampleBody = await sample.text();
  const stub = await runThroughput({ target: stubUrl, request, connections: 10, durationS: seconds });
  const raw = await rawServer(sampleBody);
  try {
    const cpu0 = process.cpuUsage();
    const rawRun = await runThroughput({ target: raw.url, request, connections: 10, durationS: seconds });
    const cpu = process.cpuUsage(cpu0);
    const markets = await fetch(new URL(marketsRequest.path, stubUrl), { headers: marketsRequest.headers ?? {} });
    const text = await markets.text();
    const headers = Object.fromEntries(markets.headers);
    const body = JSON.parse(text) as unknown;
    const N = 50;
    validateResponse(marketsRequest.operationId, { status: markets.status, headers, body, bodyText: text }); // warm-up (compiles)
    let t = performance.now();
    for (let i = 0; i < N; i++) validateResponse(marketsRequest.operationId, { status: markets.status, headers, body, bodyText: text });
    const validationUs = ((performance.now() - t) * 1000) / N;
    t = performance.now();
    for (let i = 0; i < N; i++) JSON.parse(text);
    const parseUs = ((performance.now() - t) * 1000) / N;
    return {
      stubRps: stub.requestsPerSec,
      rawRps: rawRun.requestsPerSec,
      validationUs,
      parseUs,
      harnessCpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, rawRun.total),
    };
  } finally {
    raw.close();
  }
}

/** Prints the figures as ratios. */
export function printProofFigures(f: ProofFigures, marketsBytes: string): void {
  const r = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
  console.log(
    `\n(c) stub vs raw node:http on a cheap paid read: ${f.stubRps.toFixed(0)} vs ${f.rawRps.toFixed(0)} req/s → stub/raw = ${r(f.stubRps / f.rawRps)}`,
  );
  console.log(
    `(d) contract validation of the full markets list (${marketsBytes}): ${f.validationUs.toFixed(0)} µs per response = ${r(f.validationUs / f.parseUs)}× JSON.parse of it (${f.parseUs.toFixed(0)} µs)`,
  );
  console.log(
    `(e) harness CPU per request (load client): ${f.harnessCpuUsPerRequest.toFixed(1)} µs = ${r(f.harnessCpuUsPerRequest / (1e6 / f.rawRps))} of the raw server's per-request wall time`,
  );
}
