/**
 * `npm run bench` (g): each load engine's ceiling on one cheap route, in one run, as ratios (issue 36):
 * autocannon (closed model, in this process) and Artillery (its open model as the engine uses it, one
 * request per virtual user, at an arrival rate past what it can send, ≤ 10 in flight; one local worker,
 * run by the tool folder's Node), each against the embedded stub (limits lifted) and a raw node:http
 * server (load/raw-server.ts), 10 in flight. The ratios tell how many load machines a target rate needs:
 * one Artillery process reaches its ceiling, so a rate R needs ⌈R / ceiling⌉ processes (or machines of
 * this size). Figures, not assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findArtillery, runArtillery, type ArtilleryScript } from './artillery.ts';
import { startEmbeddedStub } from './embedded.ts';
import { startRawServer } from './raw-server.ts';
import { runThroughput } from './throughput.ts';

/** Arrivals offered to Artillery per second: past its ceiling on this machine, under HARD_CAPS. */
const OFFERED_RATE = 4000;

/** One engine's achieved rates, req/s, against the stub and the raw server. */
export interface EngineCeiling {
  engine: string;
  stub: number;
  raw: number;
}

export interface EngineCeilings {
  route: string;
  seconds: number;
  rows: EngineCeiling[];
  /** Why Artillery was not measured (not installed), if it was not. */
  artilleryMissing?: string;
}

/** A ceiling script: one phase far over what one worker sends, ≤ 10 virtual users (in flight), the key from the environment. */
function ceilingScript(target: string, path: string, withKey: boolean, seconds: number): ArtilleryScript {
  return {
    config: {
      target,
      phases: [{ name: 'ceiling', duration: seconds, arrivalRate: OFFERED_RATE, maxVusers: 10 }],
      http: { timeout: 10 },
    },
    scenarios: [
      {
        name: 'ceiling',
        weight: 1,
        flow: [{ get: { url: path, ...(withKey ? { headers: { 'x-service-api-key': '{{ $env.FC_API_KEY }}' } } : {}) } }],
      },
    ],
  };
}

/**
 * Measures autocannon's and Artillery's ceilings on the paid read GET /api/v1/signals/perps (stub, key,
 * limits lifted) and on raw node:http, `seconds` each. Artillery is left out, with the reason, when the
 * tool folder is not installed.
 * @throws Error when a server does not start.
 */
export async function measureEngineCeilings(seconds = 3): Promise<EngineCeilings> {
  const path = '/api/v1/signals/perps';
  const stub = await startEmbeddedStub({ credits: 1_000_000_000, limitsLifted: true });
  const raw = await startRawServer();
  const rows: EngineCeiling[] = [];
  let artilleryMissing: string | undefined;
  try {
    const request = { operationId: 'listPerpSignals', method: 'GET', path, headers: { 'x-service-api-key': stub.apiKey } };
    // Unmeasured warm-up of both servers.
    for (const target of [stub.url, raw.url]) await runThroughput({ target, request, connections: 10, durationS: 1 });
    const ac = async (target: string) => (await runThroughput({ target, request, connections: 10, durationS: seconds })).requestsPerSec;
    rows.push({ engine: 'autocannon', stub: await ac(stub.url), raw: await ac(raw.url) });
    let tool;
    try {
      tool = findArtillery();
    } catch (e) {
      artilleryMissing = (e as Error).message;
    }
    if (tool) {
      const dir = mkdtempSync(join(tmpdir(), 'fc-bench-artillery-'));
      try {
        const art = async (target: string, withKey: boolean) => {
          const out = await runArtillery({
            tool,
            script: ceilingScript(target, withKey ? path : '/', withKey, seconds),
            scale: { workers: 1 },
            workDir: join(dir, withKey ? 'stub' : 'raw'),
            keys: [stub.apiKey],
            sampleEvery: 10,
          });
          return (out.json.aggregate.counters['http.responses'] ?? 0) / seconds;
        };
        rows.push({
          engine: `Artillery ${tool.version} (1 worker, Node ${tool.nodeVersion})`,
          stub: await art(stub.url, true),
          raw: await art(raw.url, false),
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await stub.close();
    await raw.close();
  }
  return { route: `GET ${path}`, seconds, rows, ...(artilleryMissing ? { artilleryMissing } : {}) };
}

/** Prints the ceilings, their ratios, and the processes a few target rates need. */
export function printEngineCeilings(c: EngineCeilings): void {
  const n = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  const width = Math.max(10, ...c.rows.map((r) => r.engine.length));
  console.log(`${'engine'.padEnd(width)}  stub req/s  raw node:http req/s  stub / raw`);
  for (const r of c.rows)
    console.log(`${r.engine.padEnd(width)}  ${n(r.stub).padStart(10)}  ${n(r.raw).padStart(19)}  ${n(r.stub / r.raw, 3).padStart(10)}`);
  if (c.artilleryMissing) {
    console.log(`Artillery not measured: ${c.artilleryMissing}`);
    return;
  }
  const [ac, art] = c.rows as [EngineCeiling, EngineCeiling];
  console.log(
    `Artillery / autocannon: ${n(art.stub / ac.stub, 3)}× on the stub, ${n(art.raw / ac.raw, 3)}× on raw node:http (the engine's own ceiling)`,
  );
  const per = Math.min(art.stub, art.raw);
  const needs = [500, 5000].map((rate) => `${rate}/s needs ${Math.ceil(rate / per)}`).join(', ');
  console.log(
    `one Artillery process here sends up to ${n(per)} req/s: ${needs} such processes (load machines of this size), before the target's own limit`,
  );
}
