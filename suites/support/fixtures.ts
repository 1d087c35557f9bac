/**
 * Fixtures own the target configuration. Option values are set in playwright.config.ts (from
 * lib/settings.ts, which reads the environment); tests receive ready clients.
 */
import { test as base, type TestInfo } from '@playwright/test';
import { TargetClient, type Route } from './client.ts';
import { registerSecret } from '../../lib/redact.ts';
import { registerPlaceholder, resetExhibit } from './exhibit.ts';
import { Budget } from './budget.ts';
import { operationOf } from '../../contract/route-match.ts';
import { budgetCredits, SpendLedger, usd } from '../../lib/spend-ledger.ts';
import { linkWorker, runLink } from './run-link.ts';
import { planKey } from '../../lib/request-plan.ts';
import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { setThrift } from './property.ts';
import { SharedAnswers } from './shared-answers.ts';
import { ControlPlane, NEEDS_CONTROL } from './control.ts';
import { deriveWalletsFrom } from './wallet-seed.ts';
import { PRICES } from '../../contract/pricing.ts';
import { workerPacer, type Pacer } from './pacing.ts';
import { SourceBoundTransport, sourceAddresses } from './transport.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../../lib/http-client.ts';
import { ruleCases } from '../../checks/define.ts';
import { CHECKS } from '../../checks/registry.ts';
import { CONTRACT_RULE_CASES } from '../../contract/index.ts';
import { setAnswerContext } from './answer-checks.ts';
import { ANNOTATION, HELD_FAILURES_HEADER } from '../../lib/annotation-kinds.ts';
import { holdFailures, releaseHeldFailures } from './matchers.ts';

export { expect } from './matchers.ts';
export { ruleDetails, contractRules, judged, slow } from './annotations.ts';
import { attachResult, resultOf } from './annotations.ts';

/**
 * Bounded 429 handling: at most this many retries, each after a Retry-After of at most this many
 * seconds (so a test waits at most 20 s for a limit), before the test is reported THROTTLED. Several
 * workers share one principal, so a one-per-second route (the oil signal) can refuse a few times.
 */
const MAX_RETRIES_429 = 4;
const MAX_RETRY_AFTER_S = 5;

/** Test credits of a `freshKey` account: enough for any one test's calls ($1,000 of test credits). */
const FRESH_ACCOUNT_CREDITS = 1_000_000;

/**
 * Loopback source addresses each worker of a spreading project owns (suites/support/transport.ts):
 * worker i sends from 127.0.0.(2 + i * n) .. 127.0.0.(1 + (i + 1) * n), one address per call in
 * turn, so the per-IP guard (counted per client address) paces no worker below the limits. 127.0.0.1
 * stays the address of the control plane and of the projects that do not spread. Six, not fewer:
 * a worker's discovery and property tests send hundreds of free calls, which three addresses (150 a
 * second) made wait; fewer when many workers would leave 127.0.0.2..253 (`sourcesPerWorker`).
 */
const SOURCES_PER_WORKER = 6;
/** The loopback addresses workers may own: 127.0.0.2 .. 127.0.0.253. */
const SPREAD_ADDRESSES = 252;
/** Addresses each of `workers` workers owns: SOURCES_PER_WORKER, or as many as the range gives each. */
const sourcesPerWorker = (workers: number): number => Math.max(1, Math.min(SOURCES_PER_WORKER, Math.floor(SPREAD_ADDRESSES / workers)));
/**
 * Source addresses of a project's sole worker (the clock project, which runs while no other test
 * does): two workers' worth, ample for the few calls of the clock suites.
 */
const SOLE_WORKER_SOURCES = 2 * SOURCES_PER_WORKER;
/**
 * The loopback address of the `n`th one-address test (`oneSource`) of worker `workerIndex` in a spreading
 * project: in 127.1.0.0 and up, outside the workers' range, one per test, so no other test sends from it
 * and its bursts meet a per-IP guard of their own, whatever ran before (a guard day a test filled stays
 * filled) and whatever runs beside it. `workerIndex` is unique in a run (a restarted worker gets a new one).
 */
const oneSourceAddress = (workerIndex: number, n: number): string =>
  `127.${1 + (workerIndex % 254)}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;

/** A transport bound to one source address, and how the pacer sees that address. */
interface Source {
  transport: SourceBoundTransport;
  address: string;
  shared: boolean;
}

/** Target configuration (Playwright options; see playwright.config.ts). */
export interface TargetOptions {
  /** Base URL of the API under test. */
  target: string;
  /** Public site address `serviceUrl` is built from ({site_url}). */
  siteUrl: string;
  /** First principal's API key (x-service-api-key). */
  apiKey: string | undefined;
  /** Second principal's API key, for the isolation rules. */
  apiKey2: string | undefined;
  /** Base URL of the control plane (contract/control.yaml), or undefined when the target has none. */
  control: string | undefined;
  controlToken: string | undefined;
  /** Spend budget of the run, USD; Infinity = unlimited. */
  maxSpendUsd: number;
  /**
   * Statuses the operator states the target never bills (`--unbilled-status`; its choice on gap BILL-013):
   * the budget gives their charge back like a 404's (suites/support/budget.ts).
   */
  unbilledStatuses: readonly number[];
  /** fast-check seed. */
  seed: number;
  /** Per-request timeout, ms. */
  requestTimeoutMs: number;
  /** Per-request limit of an answer's body, bytes, as received and decompressed (lib/http-client.ts). */
  maxBodyBytes: number;
  /** Derive test wallets' keys from this seed (harness secret scan only; unset = random keys). */
  walletSeed?: string | undefined;
  /** Consecutive connection failures or timeouts after which the run is aborted (suites/support/run-link.ts). */
  abortAfter: number;
  /**
   * Spread this project's workers over loopback source addresses of their own (a loopback target
   * only; otherwise every request leaves from the one address the system picks). A test that must
   * be seen from one address sets `oneSource`.
   */
  spreadSources: boolean;
  /**
   * This project runs one worker while no other project uses the target (the clock project, the
   * conformance project's teardown): its pacer paces the whole bound of its source address and of
   * the configured keys, not 1 / workers of them.
   */
  soleWorker: boolean;
  /** The run coordinator ("host:port", lib/run-coordinator.ts); empty = each worker paces its share alone, spends from a ledger of its own. */
  runCoordinator: string;
  /** The run's spend plan file (cli/spend.ts, issue 19): a paid test it left out skips before sending; empty = no plan. */
  spendPlan: string;
}

export interface Fixtures {
  /**
   * Send every call of the test from one address instead of spreading calls over the worker's own:
   * for suites whose bursts must meet one per-IP guard (limits.spec.ts), and which name that address
   * in their control-plane preloads (`TargetClient.sourceAddress`). In a spreading project on a
   * loopback target that address is the test's own (127.1.0.1 and up), so such tests run beside each
   * other and the rest; elsewhere it is the home address (127.0.0.1, or the system's), which such a
   * suite must then have to itself (a serial project).
   */
  oneSource: boolean;
  /** Client without an API key (free routes, auth negatives). */
  api: TargetClient;
  /**
   * Client of the test's paying principal: a fresh control-plane account (credits minted for the test,
   * its own quotas) when the target has a control plane, else the first configured key (FC_API_KEY,
   * charged to the budget); SKIPs the test when it has neither.
   */
  paid: TargetClient;
  /**
   * The run's spend budget as seen by this test: `await budget.reserve(usd)` up front SKIPs a test that
   * cannot afford its calls. Every paid call made with a configured principal's key (FC_API_KEY,
   * FC_API_KEY_2) through `api`/`paid` is charged automatically, before it is sent.
   */
  budget: Budget;
  /** The target's control plane (contract/control.yaml); SKIPs the test when the target has none. */
  controlPlane: ControlPlane;
  /**
   * The target's control plane, or undefined when it has none (no skip): for a test that judges more with
   * it (exact balances) but still judges its other rules through the configured keys without it.
   */
  controlPlaneIfAny: ControlPlane | undefined;
  /**
   * Paid answers shared by every test that reads the same case, in any worker (issue 19): fetched once
   * per run and case (suites/support/shared-answers.ts).
   */
  sharedAnswers: SharedAnswers;
  /**
   * The API key of a fresh control-plane account (entitled, holding test credits, its own rate-limit
   * quota), or undefined when the target has no control plane. Heavy suites spread their calls over
   * such accounts so one principal's limits never pace a run (spec: Limits table).
   */
  freshKey: () => Promise<string | undefined>;
}

/**
 * The transport of control-plane calls: from the address the system picks (127.0.0.1 for a loopback
 * control plane), bounded as every call to the target is.
 */
const controlTransport = (control: string, timeoutMs: number, maxBodyBytes: number): SourceBoundTransport =>
  new SourceBoundTransport(control, undefined, { maxBodyBytes, connectTimeoutMs: timeoutMs });

/**
 * The run's shared answers as one test sees them: one store per project (the serial clock project runs
 * after the target's clock moved), metered by the test's budget (what a fetch of a case cost).
 */
const sharedAnswersOf = (testInfo: TestInfo, budget: Budget): SharedAnswers => new SharedAnswers(runLink(), testInfo.project.name, budget);

/** This worker's ledger when no run coordinator was started (a fixture used outside a run). */
let ownLedger: SpendLedger | undefined;

/** Rules whose case a registered check declares (checks/define.ts `cases`): rule ID → what the case is. */
const RULE_CASES = new Map([...ruleCases(Object.values(CHECKS)), ...Object.entries(CONTRACT_RULE_CASES)]);

/** Index of the next call's source address in this worker. */
let nextSource = 0;

/** What the fixtures read of the run's spend plan file (cli/spend.ts RunSpendPlan). */
interface LeftOutPlan {
  budgetLabel: string;
  left: { key: string; credits: number; unmeasured?: true }[];
}

export const test = base.extend<
  Fixtures & { targetOptions: TargetOptions; testResult: void; caseInstances: void; withinSpendPlan: void; judgedToTheEnd: void },
  TargetOptions & {
    leftOut: { budget: string; tests: ReadonlyMap<string, LeftOutPlan['left'][number]> };
    pacer: Pacer;
    sources: { home: Source | undefined; spread: Source[]; one: () => { source: Source; owned: boolean } | undefined };
    discoveryKey: () => Promise<string | undefined>;
  }
>({
  target: ['', { option: true, scope: 'worker' }],
  siteUrl: ['', { option: true, scope: 'worker' }],
  apiKey: [undefined, { option: true, scope: 'worker' }],
  apiKey2: [undefined, { option: true, scope: 'worker' }],
  control: [undefined, { option: true, scope: 'worker' }],
  controlToken: [undefined, { option: true, scope: 'worker' }],
  maxSpendUsd: [0, { option: true, scope: 'worker' }],
  unbilledStatuses: [[], { option: true, scope: 'worker' }],
  seed: [42, { option: true, scope: 'worker' }],
  requestTimeoutMs: [15_000, { option: true, scope: 'worker' }],
  maxBodyBytes: [DEFAULT_MAX_BODY_BYTES, { option: true, scope: 'worker' }],
  walletSeed: [undefined, { option: true, scope: 'worker' }],
  abortAfter: [5, { option: true, scope: 'worker' }],
  spreadSources: [false, { option: true, scope: 'worker' }],
  soleWorker: [false, { option: true, scope: 'worker' }],
  runCoordinator: ['', { option: true, scope: 'worker' }],
  spendPlan: ['', { option: true, scope: 'worker' }],
  leftOut: [
    async ({ spendPlan }, use) => {
      const plan = spendPlan && existsSync(spendPlan) ? (JSON.parse(readFileSync(spendPlan, 'utf8')) as LeftOutPlan) : undefined;
      await use({ budget: plan?.budgetLabel ?? '', tests: new Map((plan?.left ?? []).map((l) => [l.key, l])) });
    },
    { scope: 'worker' },
  ],
  // A paid test the spend plan left out (cheaper coverage used the budget) skips before it sends anything.
  withinSpendPlan: [
    async ({ leftOut }, use, testInfo) => {
      const left = leftOut.tests.get(planKey(relative(testInfo.config.rootDir, testInfo.file).split(sep).join('/'), testInfo.title));
      if (left)
        testInfo.skip(
          true,
          left.unmeasured
            ? `budget: not in the spend plan for ${leftOut.budget} (never measured, a new test or its declared rules changed since: priced at ${usd(left.credits)}, its file's dearest test)`
            : `budget: not in the spend plan for ${leftOut.budget} (measured at ${usd(left.credits)}; cheaper tests judge more rules)`,
        );
      await use();
    },
    { auto: true },
  ],
  oneSource: [false, { option: true }],

  // One pacer per worker process (suites/support/pacing.ts); its request counts feed the run summary.
  pacer: [
    async ({ soleWorker, runCoordinator, abortAfter }, use, workerInfo) => {
      const link = linkWorker(runCoordinator, abortAfter);
      const pacer = workerPacer(soleWorker ? 1 : workerInfo.config.workers, link);
      await use(pacer);
      // The counts reach the coordinator before the worker ends, so the reporter's summary has them all.
      await link?.addCounts(pacer.takeCounts());
    },
    { scope: 'worker' },
  ],

  // This worker's source addresses, each with its kept-alive connections (suites/support/transport.ts):
  // `home` is the one address the system (or 127.0.0.1 for a loopback target) gives, `spread` the
  // addresses the worker's calls go out from in turn (its own loopback addresses, or `home` alone).
  sources: [
    async ({ target, spreadSources, soleWorker, requestTimeoutMs, maxBodyBytes }, use, workerInfo) => {
      const loopback = sourceAddresses(target, 1)[0] !== undefined;
      const limits = { maxBodyBytes, connectTimeoutMs: requestTimeoutMs };
      const perWorker = sourcesPerWorker(workerInfo.config.workers);
      // A sole worker runs alone: it takes the first addresses, whatever its slot.
      const own = (i: number) => `127.0.0.${2 + (soleWorker ? 0 : workerInfo.parallelIndex * perWorker) + i}`;
      const home: Source | undefined = target
        ? {
            transport: new SourceBoundTransport(target, loopback ? '127.0.0.1' : undefined, limits),
            address: loopback ? '127.0.0.1' : 'default',
            shared: !soleWorker,
          }
        : undefined;
      const spread: Source[] =
        home && loopback && spreadSources
          ? Array.from({ length: soleWorker ? SOLE_WORKER_SOURCES : perWorker }, (_, i) => own(i)).map((address) => ({
              transport: new SourceBoundTransport(target, address, limits),
              address,
              shared: false,
            }))
          : home
            ? [home]
            : [];
      // A one-address test's source: an address of its own (its transport closed with the test), or home.
      let oneSources = 0;
      const one = (): { source: Source; owned: boolean } | undefined => {
        if (!(home && loopback && spreadSources)) return home && { source: home, owned: false };
        const address = oneSourceAddress(workerInfo.workerIndex, oneSources++);
        return { source: { transport: new SourceBoundTransport(target, address, limits), address, shared: false }, owned: true };
      };
      await use({ home, spread, one });
      for (const s of new Set([home, ...spread])) s?.transport.close();
    },
    { scope: 'worker' },
  ],

  // One control-plane account per worker for discovery calls (TargetClient.forDiscovery), made on first use.
  discoveryKey: [
    async ({ control, controlToken, requestTimeoutMs, maxBodyBytes }, use) => {
      let transport: SourceBoundTransport | undefined;
      let key: Promise<string | undefined> | undefined;
      await use(() => {
        key ??= (async () => {
          if (!control || !controlToken) return undefined;
          transport = controlTransport(control, requestTimeoutMs, maxBodyBytes);
          return (await new ControlPlane(transport, controlToken, requestTimeoutMs).createAccount(FRESH_ACCOUNT_CREDITS)).apiKey;
        })().catch(() => undefined);
        return key;
      });
      transport?.close();
    },
    { scope: 'worker' },
  ],

  // A declared rule with a narrow case (ERR-003: a 401 answer) starts at 0 instances: only the instances a
  // check counts (suites/support/judging.ts judgeWith) make it PASSED, never the answers the test read.
  // The test's result (lib/test-result.ts), attached once at its very end: every fixture that writes into it
  // (instances, the held violations, spend, pacer waits) depends on this one, so it is torn down after them.
  testResult: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture's dependencies
    async ({}, use, testInfo) => {
      await use();
      await attachResult(testInfo);
    },
    { auto: true },
  ],

  caseInstances: [
    async ({ testResult: _first }, use, testInfo) => {
      for (const a of testInfo.annotations) {
        const what = a.type === ANNOTATION.rule && a.description ? RULE_CASES.get(a.description) : undefined;
        if (what) resultOf(testInfo).judged.push({ id: a.description!, what, n: 0 });
      }
      await use();
    },
    { auto: true },
  ],

  // Issue 32: a violation is recorded and held, not thrown, so the test's later checks still judge their
  // rules on every answer it got; the test fails here, at its end, with every violation it held.
  judgedToTheEnd: [
    async ({ testResult: _first }, use, testInfo) => {
      holdFailures();
      await use();
      const held = releaseHeldFailures();
      if (!held?.messages.length || testInfo.status === 'skipped') return;
      // Nothing but held violations failed it: the body ran to its end (a thrown error or a timeout sets the status).
      if (testInfo.status === 'passed') resultOf(testInfo).ranToEnd = true;
      throw new Error(`${HELD_FAILURES_HEADER} (${held.messages.length}):\n\n${held.messages.join('\n\n')}`);
    },
    { auto: true },
  ],

  targetOptions: async (
    {
      target,
      siteUrl,
      apiKey,
      apiKey2,
      control,
      controlToken,
      maxSpendUsd,
      unbilledStatuses,
      seed,
      requestTimeoutMs,
      maxBodyBytes,
      walletSeed,
      abortAfter,
      spreadSources,
      soleWorker,
      runCoordinator,
      spendPlan,
    },
    use,
    testInfo,
  ) => {
    for (const s of [apiKey, apiKey2, controlToken]) registerSecret(s);
    registerPlaceholder(apiKey, 'FC_API_KEY');
    registerPlaceholder(apiKey2, 'FC_API_KEY_2');
    registerPlaceholder(controlToken, 'FC_CONTROL_TOKEN');
    setAnswerContext({ siteUrl });
    deriveWalletsFrom(walletSeed, testInfo.workerIndex);
    // Paid properties draw fewer cases when each is the configured key's money (issue 19; paidRuns).
    setThrift(!(control && controlToken) && Number.isFinite(maxSpendUsd));
    await use({
      target,
      siteUrl,
      apiKey,
      apiKey2,
      control,
      controlToken,
      maxSpendUsd,
      unbilledStatuses,
      seed,
      requestTimeoutMs,
      maxBodyBytes,
      abortAfter,
      spreadSources,
      soleWorker,
      runCoordinator,
      spendPlan,
    });
  },

  budget: async ({ targetOptions, pacer: _linked, testResult: _first }, use, testInfo) => {
    // The run's one ledger, at the coordinator the pacer fixture linked this worker to; a worker's own without one.
    const budget = new Budget(
      runLink()?.ledger() ?? (ownLedger ??= new SpendLedger()),
      budgetCredits(targetOptions.maxSpendUsd),
      new Set(targetOptions.unbilledStatuses),
    );
    await use(budget);
    await budget.release();
    // What this test's billed calls spent, per operation: the reporter's spend per operation, test and rule (issue 19).
    const r = resultOf(testInfo);
    for (const [op, credits] of budget.spentByOperation()) if (credits > 0) r.spend[op] = (r.spend[op] ?? 0) + credits;
    // The part billed on refusals (gap BILL-013): what the plan prices out for a target declared not to bill them.
    for (const [status, s] of budget.spentByStatus()) r.statusSpend[String(status)] = s;
    r.spendHeadroom = budget.headroom();
  },

  api: async ({ targetOptions, budget, pacer, sources, discoveryKey, oneSource, testResult: _first }, use, testInfo) => {
    if (!targetOptions.target) throw new Error('FC_CONFIG: no target configured (FC_TARGET) and no embedded stub started');
    resetExhibit();
    // Waits of calls made outside a test's `api` (worker fixtures, discovery) are not this test's.
    pacer.takeWaits();
    // Each call leaves from the worker's source addresses in turn (each paced on its own for the per-IP guard),
    // or from one address alone in a suite that must be seen from one address (`oneSource`).
    const one = oneSource ? sources.one() : undefined;
    const from = one ? [one.source] : sources.spread;
    const route = (): Route => {
      const s = from[nextSource++ % from.length]!;
      return { fetcher: s.transport, source: { address: s.address, shared: s.shared } };
    };
    // Real money is spent only by the configured principals' keys: an unpaid probe costs nothing, and
    // control-plane accounts and wallets hold credits and tokens minted for the test.
    const principals = new Set([targetOptions.apiKey, targetOptions.apiKey2].filter(Boolean));
    const meter = (method: string, path: string, headers: Readonly<Record<string, string>>) => {
      const key = Object.entries(headers).find(([h]) => h.toLowerCase() === 'x-service-api-key')?.[1];
      const operationId = key && principals.has(key) ? operationOf(method, path) : undefined;
      return operationId && PRICES[operationId]?.credits ? budget.chargeOperation(operationId) : undefined;
    };
    const labelOf = (principal: string | undefined): { label: string; shared: boolean } =>
      principal === undefined
        ? { label: 'no principal', shared: true }
        : principal === 'x402'
          ? { label: 'x402 payers', shared: true }
          : principal === targetOptions.apiKey
            ? { label: 'FC_API_KEY', shared: true }
            : principal === targetOptions.apiKey2
              ? { label: 'FC_API_KEY_2', shared: true }
              : { label: 'control-plane accounts', shared: false };
    await use(
      new TargetClient(from[0]!.transport, {
        timeoutMs: targetOptions.requestTimeoutMs,
        maxRetries429: MAX_RETRIES_429,
        maxRetryAfterS: MAX_RETRY_AFTER_S,
        meter,
        pacer,
        labelOf,
        route,
        discoveryKey,
        sharedAnswers: sharedAnswersOf(testInfo, budget),
      }),
    );
    for (const [gate, ms] of Object.entries(pacer.takeWaits())) if (ms >= 1) resultOf(testInfo).pacerWaits[gate] = Math.round(ms);

    if (one?.owned) one.source.transport.close();
  },

  controlPlane: async ({ targetOptions }, use) => {
    base.skip(!targetOptions.control || !targetOptions.controlToken, NEEDS_CONTROL);
    registerSecret(targetOptions.controlToken);
    const { control, requestTimeoutMs, maxBodyBytes } = targetOptions;
    const transport = controlTransport(control!, requestTimeoutMs, maxBodyBytes);
    const plane = new ControlPlane(transport, targetOptions.controlToken!, requestTimeoutMs);
    await use(plane);
    await plane.dispose();
    transport.close();
  },

  controlPlaneIfAny: async ({ targetOptions }, use) => {
    const { control, controlToken, requestTimeoutMs, maxBodyBytes } = targetOptions;
    if (!control || !controlToken) return use(undefined);
    registerSecret(controlToken);
    const transport = controlTransport(control, requestTimeoutMs, maxBodyBytes);
    const plane = new ControlPlane(transport, controlToken, requestTimeoutMs);
    await use(plane);
    await plane.dispose();
    transport.close();
  },

  freshKey: async ({ targetOptions }, use) => {
    let plane: ControlPlane | undefined;
    let transport: SourceBoundTransport | undefined;
    await use(async () => {
      const { control, controlToken, requestTimeoutMs, maxBodyBytes } = targetOptions;
      if (!control || !controlToken) return undefined;
      transport ??= controlTransport(control, requestTimeoutMs, maxBodyBytes);
      plane ??= new ControlPlane(transport, controlToken, requestTimeoutMs);
      return (await plane.createAccount(FRESH_ACCOUNT_CREDITS)).apiKey;
    });
    await plane?.dispose();
    transport?.close();
  },

  // The `api` client's store (its discovery answers read it too): one instance per test.
  sharedAnswers: async ({ api }, use) => {
    await use(api.sharedAnswers!);
  },

  // A fresh control-plane account when the target has a control plane: its credits are minted for the
  // test, so the run spends none of the configured key's money (issue 19), and the test has its own
  // rate-limit quota. Without a control plane, the configured key (FC_API_KEY), charged to the budget.
  paid: async ({ api, targetOptions, freshKey }, use) => {
    const key = (await freshKey()) ?? targetOptions.apiKey;
    base.skip(!key, 'needs an API key (FC_API_KEY)');
    await use(api.withKey(key));
  },
});
