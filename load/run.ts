/**
 * Runs one load profile end to end: vet the target (loopback only, unless the explicit remote opt-in),
 * or start the embedded stub; check the stated ceilings and the spend bound; discover identities; send
 * the load with the chosen engine (the open-model scheduler, or Artillery: load/artillery.ts) as one or
 * several principals; judge the records (load/judge.ts); build (and optionally write) the report.
 */
import { join } from 'node:path';
import { creditsToUsd } from '../contract/pricing.ts';
import { ConfigError } from '../lib/errors.ts';
import { artilleryScript, findArtillery, runArtillery, type ScaleOut } from './artillery.ts';
import { artilleryMetrics, countsOf, readRecords, readSamples } from './artillery-results.ts';
import { DEFAULT_SAMPLE_EVERY, everyNth } from './contract-sample.ts';
import { startEmbeddedStub, type EmbeddedStub } from './embedded.ts';
import { judgeRun } from './judge.ts';
import type { LoadProfile } from './profiles.ts';
import { buildReport, writeReport, type EngineInfo, type LoadReport } from './report.ts';
import { loadCharts } from './charts.ts';
import { discoverIdentities, maxSpendCredits, plannedRequestOf, requestFactory, SYNTHETIC_IDENTITIES } from './requests.ts';
import {
  assertBounds,
  assertLoopbackTarget,
  assertRemoteBounds,
  assertWithinCeilings,
  fiveXxSpike,
  isLoopbackAddress,
  type Ceilings,
  type Resolver,
} from './safety.ts';
import { planCount, runSchedule, type ScheduleResult } from './scheduler.ts';

/** Credits of the one discovery call (GET /api/v1/markets). */
const DISCOVERY_CREDITS = 10;

export interface ProfileRunOptions {
  profile: LoadProfile;
  /** Loopback base URL; absent = start the embedded stub in-process (port 0, worker thread) and stop it after. */
  target?: string;
  /** API key for a given target (from FC_API_KEY only); the embedded stub's comes from its config. */
  apiKey?: string;
  /**
   * Keys of several principals for a given target (FC_API_KEY as a comma-separated list): the load is
   * spread over them in turn, so a profile may exceed one key's limits while each key stays within its own.
   */
  apiKeys?: readonly string[];
  /** How many principals to spread the load over (default: every key given, else 1); the embedded stub creates them. */
  principals?: number;
  /** Overrides of the profile's rate (req/s), duration (s) and in-flight cap. */
  rate?: number;
  durationS?: number;
  maxInFlight?: number;
  maxRequests?: number;
  whenFull?: 'drop' | 'wait';
  timeoutMs?: number;
  /** Spend bound, USD: the run is refused when its worst case (every request billed) exceeds it. Default: unlimited on the embedded stub, 0 elsewhere. */
  maxSpendUsd?: number;
  skewMs?: number;
  /** Where to write <profile>.json / .html; absent = do not write. */
  outDir?: string;
  resolver?: Resolver;
  /**
   * The explicit --allow-remote: a non-loopback https target is accepted, and any given target (a loopback
   * one too, which is how the tests exercise this path) runs under REMOTE_CAPS or the stated ceilings, with
   * a given maxSpendUsd, and stops on a 5xx spike.
   */
  allowRemote?: boolean;
  /** The operator's stated ceilings (--max-rate, --max-in-flight or the config file): a run above them is refused. */
  ceilings?: Ceilings;
  /** Validate one answer in this many against the contract (and the first of each operation and status); default 10. */
  sampleEvery?: number;
  /** The engine: the open-model scheduler (default) or Artillery (`scale`: its local workers, or separate processes merged). */
  engine?: 'scheduler' | 'artillery';
  scale?: ScaleOut;
  /** A Node ≥ 22.18 binary for Artillery (default: found by load/artillery.ts findArtillery). */
  artilleryNode?: string;
}

/** Where the per-IP guard's count stands when the load comes from more than one machine (stated in every report). */
export const IP_GUARD_NOTE =
  'The per-IP guard counts per client address. This run sent from one machine, so every request counted against one address; a run from N load machines (run-fargate, run-lambda) counts against N addresses, each holding about 1/N of the load, so the guard refuses only past N times its bound in all.';

/**
 * Runs a profile. @returns the report and, when outDir was given, the written paths.
 * @throws ConfigError before any traffic for a non-loopback target (without the opt-in), bounds over
 *   the hard caps, the remote caps or the stated ceilings, a worst-case spend over the budget, a paid
 *   profile without an API key, fewer keys than principals, or an engine that is not installed.
 */
export async function runProfile(opts: ProfileRunOptions): Promise<{ report: LoadReport; paths?: { json: string; html: string } }> {
  const { profile } = opts;
  const engine = opts.engine ?? 'scheduler';
  const rate = opts.rate ?? profile.rate;
  const durationS = opts.durationS ?? profile.durationS;
  const maxInFlight = opts.maxInFlight ?? profile.maxInFlight;
  const whenFull = opts.whenFull ?? 'drop';
  const ceilings = opts.ceilings ?? {};
  const count = planCount(rate, durationS, opts.maxRequests);
  const bounds = { maxRequests: Math.max(1, count), durationS, maxInFlight, rate };
  assertBounds(bounds);
  assertWithinCeilings(bounds, ceilings);
  const paid = profile.operations.some((o) => o.withKey);
  const givenKeys = opts.apiKeys?.length ? [...opts.apiKeys] : opts.apiKey ? [opts.apiKey] : [];
  const principals = opts.principals ?? (opts.target ? Math.max(1, givenKeys.length) : 1);
  if (!Number.isInteger(principals) || principals < 1) throw new ConfigError(`principals must be a whole number ≥ 1, got ${principals}`);
  if (opts.target && paid && givenKeys.length < principals)
    throw new ConfigError(`${principals} principals need as many keys: FC_API_KEY holds ${givenKeys.length} (a comma-separated list)`);
  // Discovery is one paid call, made only with a key (the embedded stub always has one).
  const discover = profile.operations.some((o) => o.usesIdentities) && (!opts.target || givenKeys.length > 0);
  // Vet a given target before anything else touches the network (discovery included).
  const remote = Boolean(opts.target && opts.allowRemote);
  if (opts.target) await assertLoopbackTarget(opts.target, opts.resolver, Boolean(opts.allowRemote));
  if (remote) assertRemoteBounds(bounds, opts.maxSpendUsd, ceilings);
  const tool = engine === 'artillery' ? findArtillery(opts.artilleryNode) : undefined;
  const worstCredits =
    engine === 'artillery' ? Math.max(...profile.operations.map((o) => o.credits)) * count : maxSpendCredits(profile, count);
  const spend = worstCredits + (discover ? DISCOVERY_CREDITS : 0);
  const budget = opts.maxSpendUsd ?? (opts.target ? 0 : Number.POSITIVE_INFINITY);
  if (creditsToUsd(spend) > budget) {
    throw new ConfigError(
      `profile ${profile.name} may spend up to $${creditsToUsd(spend).toFixed(3)} (${count} requests), over the budget $${budget}: set --max-spend or FC_MAX_SPEND`,
    );
  }
  if (opts.target && paid && !givenKeys.length) throw new ConfigError(`profile ${profile.name} drives paid routes: set FC_API_KEY`);
  let stub: EmbeddedStub | undefined;
  let target = opts.target;
  let keys = givenKeys.slice(0, principals);
  if (!target) {
    stub = await startEmbeddedStub({ principals });
    target = stub.url;
    keys = stub.apiKeys;
  }
  try {
    const vetted = await assertLoopbackTarget(target, opts.resolver, remote);
    const onLoopback = vetted.addresses.every(isLoopbackAddress);
    const { ids, discovered } = discover ? await discoverIdentities(vetted, keys[0]) : { ids: SYNTHETIC_IDENTITIES, discovered: false };
    const sampleEvery = opts.sampleEvery ?? DEFAULT_SAMPLE_EVERY;
    let result: ScheduleResult;
    let engineInfo: EngineInfo;
    let engineMetrics;
    if (engine === 'scheduler') {
      result = await runSchedule({
        target,
        rate,
        durationS,
        maxInFlight,
        ...(opts.maxRequests === undefined ? {} : { maxRequests: opts.maxRequests }),
        ...(opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs }),
        whenFull,
        requestFor: requestFactory(profile, ids, keys.length ? keys : undefined),
        ...(opts.resolver ? { resolver: opts.resolver } : {}),
        ...(remote ? { remote: { maxSpendUsd: opts.maxSpendUsd, ceilings } } : {}),
        sample: everyNth(sampleEvery),
      });
      engineInfo = { name: 'scheduler' };
    } else {
      const scale = opts.scale ?? { workers: 1 };
      const requests = profile.operations.map((o) => plannedRequestOf(o, ids, undefined));
      const script = artilleryScript(profile, {
        // A remote host keeps its name (TLS checks it); a loopback one is pinned to its vetted address.
        target: onLoopback ? vetted.connectOrigin : vetted.url.origin,
        ...(onLoopback ? { hostHeader: vetted.hostHeader } : {}),
        rate,
        durationS,
        count,
        maxInFlight,
        timeoutS: (opts.timeoutMs ?? 10_000) / 1000,
        requests,
        withKey: profile.operations.some((o) => o.withKey),
      });
      const out = await runArtillery({
        tool: tool!,
        script,
        scale,
        workDir: join(opts.outDir ?? join('reports', 'load'), `${profile.name}.artillery`),
        keys,
        sampleEvery,
        ...(remote ? { abortWhen: (statuses: number[]) => fiveXxSpike(statuses) } : {}),
      });
      const { t0EpochMs, records } = readRecords(out.recordsDir, requests, keys.length);
      const counts = countsOf(out.json);
      result = {
        target: vetted.url.origin,
        rate,
        durationS,
        maxInFlight,
        t0EpochMs,
        elapsedMs: out.elapsedMs,
        bound: count < Math.floor(rate * durationS + 1e-9) ? 'count' : 'duration',
        stoppedBy: out.stoppedBy ?? 'plan',
        records,
        samples: readSamples(out.recordsDir, requests),
      };
      engineMetrics = artilleryMetrics(out.json);
      engineInfo = {
        name: 'artillery',
        version: tool!.version,
        node: tool!.nodeVersion,
        ...scale,
        counts,
        ...(out.parts.length ? { parts: out.parts.map(countsOf) } : {}),
        ensurePassed: out.exitCodes.every((c) => c === 0),
        recordsMissing: counts.responses - records.length,
        script: join(out.recordsDir, '..', 'script.json'),
      };
    }
    const judged = judgeRun(profile, result, {
      ...(opts.skewMs === undefined ? {} : { skewMs: opts.skewMs }),
      ...(engineMetrics ? { engineMetrics } : {}),
    });
    const report = buildReport(profile, result, judged.evaluation, judged, {
      embedded: Boolean(stub),
      whenFull,
      identitiesDiscovered: discovered,
      maxSpendCredits: spend,
      engine: engineInfo,
      ceilings,
      principals: {
        count: Math.max(1, keys.length),
        source: stub ? 'embedded stub accounts' : 'FC_API_KEY',
        perPrincipalRate: rate / Math.max(1, keys.length),
      },
      remote,
      ipGuard: IP_GUARD_NOTE,
    });
    if (opts.outDir) await loadCharts();
    return { report, ...(opts.outDir ? { paths: writeReport(report, opts.outDir) } : {}) };
  } finally {
    await stub?.close();
  }
}
