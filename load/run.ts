/**
 * Runs one load profile end to end: vet the target (loopback only), or start the embedded stub;
 * check the spend bound; discover identities; run the open-model schedule; evaluate the
 * expectations; build (and optionally write) the report.
 */
import { creditsToUsd } from '../contract/pricing.ts';
import { ConfigError } from '../lib/errors.ts';
import { startEmbeddedStub, type EmbeddedStub } from './embedded.ts';
import { evaluateRun } from './evaluate.ts';
import type { LoadProfile } from './profiles.ts';
import { buildReport, writeReport, type LoadReport } from './report.ts';
import { discoverIdentities, maxSpendCredits, requestFactory, SYNTHETIC_IDENTITIES } from './requests.ts';
import { assertBounds, assertLoopbackTarget, assertRemoteBounds, type Resolver } from './safety.ts';
import { planCount, runSchedule } from './scheduler.ts';
import { DEFAULT_SAMPLE_EVERY, everyNth, judgeSample } from './contract-sample.ts';
import { runMetrics } from './metrics.ts';
import { windowOf } from './profiles.ts';
import { evaluateThresholds } from './thresholds.ts';
import { judgeWindow, scopeAnswers } from './window-judge.ts';

/** Credits of the one discovery call (GET /api/v1/markets). */
const DISCOVERY_CREDITS = 10;

export interface ProfileRunOptions {
  profile: LoadProfile;
  /** Loopback base URL; absent = start the embedded stub in-process (port 0, worker thread) and stop it after. */
  target?: string;
  /** API key for a given target (from FC_API_KEY only); the embedded stub's comes from its config. */
  apiKey?: string;
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
  /** The explicit --allow-remote: a non-loopback https target under REMOTE_CAPS with a given maxSpendUsd. */
  allowRemote?: boolean;
  /** Validate one answer in this many against the contract (and the first of each operation and status); default 10. */
  sampleEvery?: number;
}

/**
 * Runs a profile. @returns the report and, when outDir was given, the written paths.
 * @throws ConfigError before any traffic for a non-loopback target, bounds over the hard caps, a
 *   worst-case spend over the budget, or a paid profile without an API key.
 */
export async function runProfile(opts: ProfileRunOptions): Promise<{ report: LoadReport; paths?: { json: string; html: string } }> {
  const { profile } = opts;
  const rate = opts.rate ?? profile.rate;
  const durationS = opts.durationS ?? profile.durationS;
  const maxInFlight = opts.maxInFlight ?? profile.maxInFlight;
  const whenFull = opts.whenFull ?? 'drop';
  const count = planCount(rate, durationS, opts.maxRequests);
  assertBounds({ maxRequests: Math.max(1, count), durationS, maxInFlight, rate });
  const paid = profile.operations.some((o) => o.withKey);
  // Discovery is one paid call, made only with a key (the embedded stub always has one).
  const discover = profile.operations.some((o) => o.usesIdentities) && (!opts.target || Boolean(opts.apiKey));
  // Vet a given target before anything else touches the network (discovery included).
  if (opts.target) await assertLoopbackTarget(opts.target, opts.resolver, Boolean(opts.allowRemote));
  if (opts.target && opts.allowRemote)
    assertRemoteBounds({ maxRequests: Math.max(1, count), durationS, maxInFlight, rate }, opts.maxSpendUsd);
  const spend = maxSpendCredits(profile, count) + (discover ? DISCOVERY_CREDITS : 0);
  const budget = opts.maxSpendUsd ?? (opts.target ? 0 : Number.POSITIVE_INFINITY);
  if (creditsToUsd(spend) > budget) {
    throw new ConfigError(
      `profile ${profile.name} may spend up to $${creditsToUsd(spend).toFixed(3)} (${count} requests), over the budget $${budget}: set --max-spend or FC_MAX_SPEND`,
    );
  }
  let stub: EmbeddedStub | undefined;
  let target = opts.target;
  let apiKey = opts.apiKey;
  if (target) {
    if (paid && !apiKey) throw new ConfigError(`profile ${profile.name} drives paid routes: set FC_API_KEY`);
  } else {
    stub = await startEmbeddedStub();
    target = stub.url;
    apiKey = stub.apiKey;
  }
  try {
    const remote = Boolean(opts.target && opts.allowRemote);
    const vetted = await assertLoopbackTarget(target, opts.resolver, remote);
    const { ids, discovered } = discover ? await discoverIdentities(vetted, apiKey) : { ids: SYNTHETIC_IDENTITIES, discovered: false };
    const result = await runSchedule({
      target,
      rate,
      durationS,
      maxInFlight,
      ...(opts.maxRequests === undefined ? {} : { maxRequests: opts.maxRequests }),
      ...(opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs }),
      whenFull,
      requestFor: requestFactory(profile, ids, apiKey),
      ...(opts.resolver ? { resolver: opts.resolver } : {}),
      ...(remote ? { remote: { maxSpendUsd: opts.maxSpendUsd } } : {}),
      sample: everyNth(opts.sampleEvery ?? DEFAULT_SAMPLE_EVERY),
    });
    const evaluation = evaluateRun(profile, result, opts.skewMs === undefined ? {} : { skewMs: opts.skewMs });
    const { bound, windowMs } = windowOf(profile.tier);
    const window = judgeWindow(result.records, bound, scopeAnswers(profile.tier.scope, profile.tier.scope === 'ip_guard'), windowMs);
    const sample = judgeSample(result.samples);
    const thresholds = evaluateThresholds(profile.thresholds, runMetrics(result.records, window, evaluation.errors, sample));
    const report = buildReport(
      profile,
      result,
      evaluation,
      { window, sample, thresholds },
      {
        embedded: Boolean(stub),
        whenFull,
        identitiesDiscovered: discovered,
        maxSpendCredits: spend,
      },
    );
    return { report, ...(opts.outDir ? { paths: writeReport(report, opts.outDir) } : {}) };
  } finally {
    await stub?.close();
  }
}
