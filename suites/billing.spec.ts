/**
 * Billing (family BILL): what each API-key call costs, read as the account's balance before and
 * after through the target's control plane (contract/control.yaml). One test per paid operation
 * (contract/pricing.ts x the OpenAPI operations) with a request discovered through the API; the
 * exact-credit proof (a 404 is free, so one call's credits still pay for a call); 502 and upstream
 * failures refunded; a refusal for lack of credits debits nothing; parallel calls never overdraw.
 * Tests needing the control plane SKIP without it ("needs control plane (FC_CONTROL_TOKEN)").
 */
import { randomUUID } from 'node:crypto';
import { drawnFrom } from './support/exhibit.ts';
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { goneSinceDiscovery, requestFor } from './support/request-for.ts';
import { OIL_ROUTE_LOCK, routeLocks } from './support/locks.ts';
import { contract } from '../contract/index.ts';
import { PRICES } from '../contract/pricing.ts';
import { BILLING_RULES, checkDebit, checkParallelDebits, type ParallelOutcome } from '../checks/billing.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { PAID_OPERATIONS, discoverRequest, liveCredits, sendRequest, type PaidRequest } from './support/paid-requests.ts';
import { discoverIdentities, errorOf, freeCalls, pathOf, type FreeCall, type Identities } from './support/operations.ts';
import type { TargetClient } from './support/client.ts';
import { catalogRows, lookup } from './support/lookups.ts';
import { coveredRows } from './support/jobs.ts';
import { observeChoice } from './support/choices.ts';
import { feedMarkets, marketPath, readFeed, type FeedMarket } from './support/feed.ts';

/** Tracked markets tried when looking for one without article evidence (each 200 is billed its price). */
const EVIDENCE_PROBES = 6;

/** The reference price of an operation, in credits (documented prices only: see `livePrice`). */
const price = (operationId: string): number => PRICES[operationId]!.credits;

/**
 * What one billed call of the request costs on the target: the reference price, or, where the spec shows
 * none (a PRICE gap), the live 402 challenge's amount. SKIPs when the target shows no price to bill against.
 */
async function livePrice(api: TargetClient, request: PaidRequest, operationId: string): Promise<number> {
  const credits = await liveCredits(api, request, operationId);
  test.skip(credits === undefined, `${operationId} has no reference price and its challenge offers no amount on eip155:8453`);
  return credits!;
}

/** A skip reason when the target does not serve the request's route (generic 404 before any auth); a served route's answer is checked against the contract. */
async function absentRoute(api: TargetClient, r: PaidRequest, operationId: string): Promise<string | undefined> {
  const res = await api.withKey(undefined).call(r.method, r.path, { params: r.params });
  if (res.status() === 404 && (await errorOf(res)) === 'not_found')
    return `${r.method} ${r.path.replace(/\/[^/]*(?=\/(signals|forecast)$)/, '/{slug}')} is not served by this target`;
  await expect(res).toMatchContract(operationId);
  return undefined;
}

/** A well-formed slug no market has. */
const unknownSlug = (): string => `fc-no-such-market-${randomUUID().slice(0, 8)}`;

test.describe('billing: every paid operation debits exactly its price', () => {
  for (const operationId of PAID_OPERATIONS) {
    test(
      `${operationId}: a successful API-key call debits exactly ${PRICES[operationId]!.gap ? 'its challenge price' : `${price(operationId)} credits`}`,
      { ...ruleDetails(BILLING_RULES.debitsPrice, ...contractRules(operationId)), lock: routeLocks(operationId) },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const found = await test.step('discover a request the target answers', () =>
          discoverRequest(paid, targetOptions.target, operationId));
        test.skip('skip' in found, 'skip' in found ? found.skip : '');
        const request = (found as { request: PaidRequest }).request;
        const absent = await absentRoute(api, request, operationId);
        test.skip(absent !== undefined, absent);

        const credits = await livePrice(api, request, operationId);
        const account = await controlPlane.createAccount(credits * 3 + 7);
        const before = await controlPlane.balance(account.accountId);
        const res = await test.step(`${request.method} ${request.path}`, () => sendRequest(api.withKey(account.apiKey), request));
        await expect(res).toMatchContract(operationId);
        const gone = await goneSinceDiscovery(res, operationId, paid, request);
        if (gone) judged(BILLING_RULES.debitsPrice, 0, 'a successful API-key call', operationId);
        test.skip(gone !== undefined, gone);
        // Any success status: which 2xx an operation answers may be the target's choice (e.g. gap JOB-034).
        expect(
          res.status() >= 200 && res.status() < 300,
          `the discovered request of ${operationId} must succeed (${res.status()}: ${await res.text().then((t) => t.slice(0, 200))})`,
        ).toBe(true);
        const after = await controlPlane.balance(account.accountId);
        expect(
          checkDebit(BILLING_RULES.debitsPrice, `a ${res.status()} answer of ${operationId}`, before, after, credits),
        ).toHaveNoViolations();
      },
    );
  }
});

test.describe('billing: a HEAD on a paid GET (gap)', () => {
  test(
    "getMarketSignals: a HEAD is billed like its GET (the stub's choice; the spec names no HEAD)",
    { ...ruleDetails('BILL-020') },
    async ({ api, paid, controlPlane, targetOptions }) => {
      const op = 'getMarketSignals';
      const found = await discoverRequest(paid, targetOptions.target, op);
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const request = (found as { request: PaidRequest }).request;
      const account = await controlPlane.createAccount(price(op) * 2);
      const res = await api.withKey(account.apiKey).call('HEAD', request.path, { params: request.params });
      const after = await controlPlane.balance(account.accountId);
      // A gap: the stub bills a 2xx HEAD as its GET; another choice is reported, never failed.
      const expected = res.status() >= 200 && res.status() < 300 ? price(op) : 0;
      expect(
        checkDebit('BILL-020', `a ${res.status()} HEAD of ${op}`, price(op) * 2, after, expected).map((v) => ({
          ...v,
          severity: 'warning' as const,
        })),
      ).toHaveNoViolations();
    },
  );
});

test.describe('billing: parallel calls of every paid operation never overdraw', () => {
  // BILL-017 on each operation an API key pays for (issue 34): the account's ledger, not one route's, is what
  // parallel calls share. PARALLEL calls on credits for AFFORDABLE of them, each through the pacer (within every
  // limit of the operation's scope, so a refusal is for credits alone).
  const PARALLEL = 4;
  const AFFORDABLE = 2;
  const keyed = PAID_OPERATIONS.filter((id) => (contract().operation(id).spec.security ?? []).some((sec) => 'apiKey' in sec));
  for (const op of keyed) {
    test(
      `${op}: an account holding one call's price is admitted, after a refusal at zero or a short balance too; ${PARALLEL} parallel calls on credits for ${AFFORDABLE}: exactly ${AFFORDABLE} succeed, the rest 403 insufficient_credits, balance 0`,
      {
        ...ruleDetails(BILLING_RULES.noOverdraw, BILLING_RULES.insufficientCredits, BILLING_RULES.exactPriceAdmitted, ...contractRules(op)),
        lock: routeLocks(op),
      },
      async ({ api, paid, controlPlane, targetOptions }) => {
        const request = await requestFor(paid, targetOptions.target, op);
        const credits = await livePrice(api, request, op);
        // The credit check asks the price, not more (issue 34: a price wrong where it appears again): one call's price
        // in credits admits one call.
        const exact: Violation[] = [];
        await test.step(`an account holding exactly ${credits} credits, one call's price, is admitted`, async () => {
          const one = await controlPlane.createAccount(credits);
          const res = await sendRequest(api.withKey(one.apiKey), request);
          await expect(res).toMatchContract(op);
          const refused = res.status() === 403 && (await errorOf(res)) === 'insufficient_credits';
          judged(
            BILLING_RULES.exactPriceAdmitted,
            refused || (res.status() >= 200 && res.status() < 300) ? 1 : 0,
            "a call on one call's price",
            op,
          );
          if (refused)
            exact.push(
              ...drawnFrom(res, [
                violation(
                  BILLING_RULES.exactPriceAdmitted,
                  'status',
                  `an account holding ${credits} credits (the call's price) was refused 403 insufficient_credits`,
                ),
              ]),
            );
        });
        // The same after a refusal (round-13 bug: a key refused at zero credits stayed refused for a while after its
        // top-up; round-14 bug: the same only for a refusal at a short, positive balance): an account refused 403
        // insufficient_credits at zero or one credit short of the price, then given one call's price, is admitted at once.
        for (const short of [...new Set([0, credits - 1])].filter((c) => c >= 0 && c < credits))
          await test.step(`refused at ${short} credits, then topped up to ${credits}: admitted`, async () => {
            const low = await controlPlane.createAccount(short);
            const first = await sendRequest(api.withKey(low.apiKey), request);
            await expect(first).toMatchContract(op);
            if (first.status() !== 403 || (await errorOf(first)) !== 'insufficient_credits') return;
            await controlPlane.setCredits(low.accountId, credits);
            const res = await sendRequest(api.withKey(low.apiKey), request);
            await expect(res).toMatchContract(op);
            if (res.status() === 403 && (await errorOf(res)) === 'insufficient_credits')
              exact.push(
                ...drawnFrom(res, [
                  violation(
                    BILLING_RULES.exactPriceAdmitted,
                    'status',
                    `an account refused at ${short} credits and then given ${credits} credits (the call's price) was refused 403 insufficient_credits again`,
                  ),
                ]),
              );
          });
        const account = await controlPlane.createAccount(credits * AFFORDABLE);
        const client = api.withKey(account.apiKey);
        const answers = await Promise.all(Array.from({ length: PARALLEL }, () => sendRequest(client, request)));
        const outcomes: ParallelOutcome[] = [];
        for (const res of answers) {
          await expect(res).toMatchContract(op);
          outcomes.push({ status: res.status(), ...(res.status() === 403 ? { error: await errorOf(res) } : {}) });
        }
        // Every call answered 404: the request has no successful answer any more, so the credits were never the question.
        const gone = answers.every((r) => r.status() === 404) ? await goneSinceDiscovery(answers[0]!, op, paid, request) : undefined;
        if (gone) judged([BILLING_RULES.noOverdraw, BILLING_RULES.insufficientCredits], 0, 'parallel calls over the credits', op);
        test.skip(gone !== undefined, gone);
        judged([BILLING_RULES.noOverdraw, BILLING_RULES.insufficientCredits], 1, 'parallel calls over the credits', op);
        expect([
          ...exact,
          ...checkParallelDebits(outcomes, AFFORDABLE, await controlPlane.balance(account.accountId), 0),
        ]).toHaveNoViolations();
      },
    );
  }
});

test.describe('billing: a 404 of the stored-forecast read', () => {
  // Authentication rule 7 speaks of every 404: the read of an unknown slug and of a tracked market without a stored
  // forecast (issue 32: a planted deviation billed the latter on a clean-room target; the 404 of the evidence route
  // alone did not show it).
  test(
    'a 404 of the stored-forecast read (an unknown slug, a tracked market without a stored forecast) is not billed',
    { ...ruleDetails(BILLING_RULES.notBilled404, ...contractRules('getMarketForecast')) },
    async ({ api, paid, controlPlane }) => {
      const op = 'getMarketForecast';
      const rows = ((await catalogRows(await paid.forDiscovery())) ?? []).filter((r) => typeof r.slug === 'string' && r.slug !== '');
      // A tracked market the availability lookup says has no stored forecast: its read has nothing to answer.
      let unforecast: { slug: string; venue: string } | undefined;
      for (const r of rows.slice(0, 40)) {
        const { res, body } = await lookup(api, { market_key: String(r.marketKey) });
        if (res.status() === 200 && body.tracked === true && body.available === false) {
          unforecast = { slug: String(r.slug), venue: String(r.venue) };
          break;
        }
      }
      const cases: [string, string, Record<string, string>][] = [['an unknown slug', unknownSlug(), {}]];
      if (unforecast)
        cases.push([
          'a tracked market without a stored forecast',
          unforecast.slug,
          unforecast.venue === 'venue_a' ? {} : { venue: unforecast.venue },
        ]);
      const found: Violation[] = [];
      let n = 0;
      for (const [what, slug, params] of cases) {
        await test.step(what, async () => {
          const account = await controlPlane.createAccount(price(op) * 3);
          const res = await api.withKey(account.apiKey).get(`/api/v1/markets/${encodeURIComponent(slug)}/forecast`, { params });
          await expect(res).toMatchContract(op);
          if (res.status() !== 404) return;
          n++;
          found.push(
            ...checkDebit(
              BILLING_RULES.notBilled404,
              `a 404 of ${op} for ${what}`,
              price(op) * 3,
              await controlPlane.balance(account.accountId),
              0,
            ),
          );
        });
      }
      judged(BILLING_RULES.notBilled404, n, 'a 404 answer');
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('billing: a 404 of the evidence read', () => {
  // Its text names two causes of the 404 (an invalid slug, no evidence) and says neither is billed (EVID-011;
  // Authentication rule 7, BILL-002). The unknown slug is proven below; here the other cause: a market the run
  // has seen tracked (it got a forecast in the feed) that has no article evidence (issue 34: every cause).
  test(
    'a 404 of the evidence read for a tracked market without article evidence is not billed',
    { ...ruleDetails(BILLING_RULES.notBilled404, 'EVID-011', ...contractRules('getMarketSignals', 'getLatest')) },
    async ({ api, paid, controlPlane, sharedAnswers }) => {
      const op = 'getMarketSignals';
      const { res: feedRes, body: feed } = await readFeed(paid, { hours: 6, types: 'forecast' }, sharedAnswers);
      await expect(feedRes).toMatchContract('getLatest');
      const tracked = feedMarkets(feed, 'forecast').filter((m): m is FeedMarket & { slug: string } => m.slug !== null);
      const found: Violation[] = [];
      let n = 0;
      // A market with evidence answers 200 and is billed its price: a few probes bound the spend.
      for (const m of tracked.slice(0, EVIDENCE_PROBES)) {
        const account = await controlPlane.createAccount(price(op) * 3);
        const res = await api.withKey(account.apiKey).get(marketPath(m.slug, 'signals'), { params: { venue: m.venue } });
        await expect(res).toMatchContract(op);
        if (res.status() !== 404) continue;
        n++;
        const after = await controlPlane.balance(account.accountId);
        for (const rule of [BILLING_RULES.notBilled404, 'EVID-011'])
          found.push(...checkDebit(rule, `a 404 of ${op} for tracked market ${m.marketKey}`, price(op) * 3, after, 0));
        break;
      }
      for (const rule of [BILLING_RULES.notBilled404, 'EVID-011']) judged(rule, n, 'a 404 of a tracked market without evidence', op);
      test.skip(
        n === 0,
        `no instance: each of ${Math.min(tracked.length, EVIDENCE_PROBES)} tracked market(s) from the feed answered other than 404`,
      );
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('billing: unbilled answers', () => {
  test(
    "exact credit: a 404 is not billed, so an account holding one call's price still pays for a call, then is refused",
    {
      ...ruleDetails(
        BILLING_RULES.notBilled404,
        BILLING_RULES.debitsPrice,
        BILLING_RULES.insufficientCredits,
        BILLING_RULES.refusedDebitsNothing,
        'EVID-011',
        'BILL-015',
        ...contractRules('getMarketSignals'),
      ),
    },
    async ({ api, paid, controlPlane, targetOptions }) => {
      const op = 'getMarketSignals';
      const found = await discoverRequest(paid, targetOptions.target, op);
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const request = (found as { request: PaidRequest }).request;
      const account = await controlPlane.createAccount(price(op));
      const client = api.withKey(account.apiKey);
      const found404: Violation[] = [];

      await test.step('an unknown slug answers 404 and costs nothing', async () => {
        const res = await client.get(`/api/v1/markets/${unknownSlug()}/signals`);
        await expect(res).toMatchContract(op);
        expect(res.status(), 'an unknown slug answers 404').toBe(404);
        const state = await controlPlane.account(account.accountId);
        found404.push(...checkDebit(BILLING_RULES.notBilled404, 'a 404 answer', price(op), state.credits, 0));
        // BILL-015 (gap): the stub's ledger shows the 404's debit and its refund; another target may show nothing.
        const kinds = state.entries.filter((e) => e.operationId === op).map((e) => e.kind);
        observeChoice(
          'BILL-015',
          kinds.join(',') === 'debit,refund',
          `the ledger shows [${kinds.join(', ')}] for one 404 (stub: a debit and its refund)`,
        );
      });
      expect(found404).toHaveNoViolations();

      await test.step('the one call the account can afford succeeds and takes the whole balance', async () => {
        const res = await sendRequest(client, request);
        await expect(res).toMatchContract(op);
        if (res.status() === 403)
          expect([
            violation(
              BILLING_RULES.notBilled404,
              'status',
              `the account held exactly one call's price before a 404; the next call was refused 403 ${await errorOf(res)}: the 404 was billed`,
            ),
          ]).toHaveNoViolations();
        expect(res.status()).toBe(200);
        expect(
          checkDebit(BILLING_RULES.debitsPrice, 'a 200 answer', price(op), await controlPlane.balance(account.accountId), price(op)),
        ).toHaveNoViolations();
      });

      await test.step('with nothing left, the next call is refused 403 insufficient_credits and debits nothing', async () => {
        const res = await sendRequest(client, request);
        await expect(res).toMatchContract(op);
        const vs: Violation[] = [];
        if (res.status() !== 403 || (await errorOf(res)) !== 'insufficient_credits')
          vs.push(
            violation(
              BILLING_RULES.insufficientCredits,
              'status',
              `an empty account got ${res.status()} ${await errorOf(res)}, expected 403 insufficient_credits`,
            ),
          );
        vs.push(...checkDebit(BILLING_RULES.refusedDebitsNothing, 'a 403 refusal', 0, await controlPlane.balance(account.accountId), 0));
        expect(vs).toHaveNoViolations();
      });
    },
  );

  test(
    'a 502 (upstream failure injected through the control plane) is refunded',
    { ...ruleDetails(BILLING_RULES.notBilled502, 'ERR-010', ...contractRules('getPortfolio', 'searchSocial', 'createSocialProfile')) },
    async ({ api, paid, controlPlane, targetOptions }) => {
      // Only operations documenting a 502 can answer one without breaking their contract.
      const candidates = ['getPortfolio', 'searchSocial', 'createSocialProfile'];
      let chosen: { op: string; request: PaidRequest } | undefined;
      for (const op of candidates) {
        const found = await discoverRequest(paid, targetOptions.target, op);
        if ('request' in found && !(await absentRoute(api, found.request, op))) {
          chosen = { op, request: found.request };
          break;
        }
      }
      test.skip(!chosen, `none of ${candidates.join(', ')} (the paid operations documenting 502) is served by this target`);
      const { op, request } = chosen!;
      const { res, account } = await controlPlane.withFault(
        { method: request.method, path: contract().operation(op).path, status: 502 },
        async (faultHeaders) => {
          const account = await controlPlane.createAccount(price(op) * 2);
          const res = await sendRequest(api.withKey(account.apiKey).withHeaders(faultHeaders), request);
          return { res, account, status: res.status() };
        },
      );
      await expect(res).toMatchContract(op);
      // A fault the target's control plane did not apply leaves the case unprovoked: no verdict on the API (issue 32).
      test.skip(
        res.status() !== 502,
        `the injected upstream 502 did not take effect: the call answered ${res.status()} (contract/control.yaml faults)`,
      );
      const vs = checkDebit(
        BILLING_RULES.notBilled502,
        `a 502 answer of ${op}`,
        price(op) * 2,
        await controlPlane.balance(account.accountId),
        0,
      );
      const code = await errorOf(res);
      // The social routes' 502 has no code in the Errors table (gap XSRCH-005): ERR-010 speaks of the others.
      if (op === 'getPortfolio') judged('ERR-010', 1, 'a 502 of a route other than social search and profiling');
      else judged('ERR-010', 0, 'a 502 of a route other than social search and profiling');
      if (code !== 'upstream_unavailable' && op === 'getPortfolio')
        vs.push(
          violation(
            'ERR-010',
            '/error',
            `a 502 for an unavailable upstream has error ${JSON.stringify(code)}, expected upstream_unavailable`,
          ),
        );
      expect(vs).toHaveNoViolations();
    },
  );

  test(
    'an upstream error answer (503 injected through the control plane) is refunded',
    { ...ruleDetails(BILLING_RULES.notBilledUpstream, 'ERR-011', ...contractRules('createSocialProfile')) },
    async ({ api, paid, controlPlane, targetOptions }) => {
      // The only paid operation documenting a 503: social-account profiling ("not configured").
      const op = 'createSocialProfile';
      const found = await discoverRequest(paid, targetOptions.target, op);
      test.skip('skip' in found, 'skip' in found ? found.skip : '');
      const request = (found as { request: PaidRequest }).request;
      const absent = await absentRoute(api, request, op);
      test.skip(absent !== undefined, absent);
      const { res, account } = await controlPlane.withFault(
        { method: 'POST', path: contract().operation(op).path, status: 503 },
        async (faultHeaders) => {
          const account = await controlPlane.createAccount(price(op) * 2);
          const res = await sendRequest(api.withKey(account.apiKey).withHeaders(faultHeaders), request);
          return { res, account, status: res.status() };
        },
      );
      await expect(res).toMatchContract(op);
      // A fault the target's control plane did not apply leaves the case unprovoked: no verdict on the API (issue 32).
      test.skip(
        res.status() !== 503,
        `the injected upstream 503 did not take effect: the call answered ${res.status()} (contract/control.yaml faults)`,
      );
      const code = await errorOf(res);
      observeChoice('ERR-011', code === 'service_unavailable', `the 503 has error ${JSON.stringify(code)} (stub: service_unavailable)`);
      expect(
        checkDebit(
          BILLING_RULES.notBilledUpstream,
          `a 503 answer of ${op}`,
          price(op) * 2,
          await controlPlane.balance(account.accountId),
          0,
        ),
      ).toHaveNoViolations();
    },
  );

  test(
    'free routes never debit, even when a key is sent',
    {
      ...ruleDetails(
        BILLING_RULES.freeNeverDebits,
        ...contractRules('getForecastAvailability', 'getForecastTargets', 'getPricing', 'getOpenApi', 'getOpenApiV1', 'getForecastRequest'),
      ),
    },
    async ({ api, paid, controlPlane }) => {
      const ids = await discoverIdentities(paid);
      const credits = 50;
      const account = await controlPlane.createAccount(credits);
      const client = api.withKey(account.apiKey);
      const calls: FreeCall[] = [
        ...freeCalls(ids),
        ['getForecastRequest', `/api/auth/forecast-requests/${randomUUID()}`, { view: 'status' }],
        ...(await moreStates(paid, ids)),
      ];
      const found: Violation[] = [];
      for (const [op, path, params] of calls) {
        await test.step(`${op} ${JSON.stringify(params)}`, async () => {
          const before = await controlPlane.balance(account.accountId);
          const res = await client.get(path, { params });
          await expect(res).toMatchContract(op);
          expect(res.status(), `${op} is free: never 402/403`).not.toBe(402);
          found.push(
            ...checkDebit(
              BILLING_RULES.freeNeverDebits,
              `${op} ${JSON.stringify(params)} (${res.status()})`,
              before,
              await controlPlane.balance(account.accountId),
              0,
            ),
          );
        });
      }
      expect(found).toHaveNoViolations();
    },
  );
});

/**
 * More answers of the free routes than their one discovered call (a round-22 bug billed a free read in one state
 * only): availability by each identifier form, for a catalog market with a stored forecast and one without, and for an
 * unknown market; forecast-targets for a marketKey and an unknown ref. Each is a call of a free route, whatever it
 * answers (BILL-012 speaks of the route, not of its status).
 */
async function moreStates(paid: TargetClient, ids: Identities): Promise<FreeCall[]> {
  const AVAILABILITY = pathOf('getForecastAvailability', {});
  const TARGETS = pathOf('getForecastTargets', {});
  const out: FreeCall[] = [
    ['getForecastAvailability', AVAILABILITY, { slug: ids.slug, ...(ids.slugVenue === 'venue_a' ? {} : { venue: ids.slugVenue }) }],
    ['getForecastAvailability', AVAILABILITY, { venue: ids.venue, market_id: ids.nativeMarketId }],
    ['getForecastAvailability', AVAILABILITY, { market_key: `${ids.venue}:fc-unknown-${randomUUID().slice(0, 8)}` }],
    ['getForecastTargets', TARGETS, { ref: ids.marketKey }],
    ['getForecastTargets', TARGETS, { ref: `venue_b:FC-UNKNOWN-${randomUUID().slice(0, 8).toUpperCase()}` }],
  ];
  // A market with a stored forecast (read set) and one without (generation offered, or null): its search row says which.
  const rows = await coveredRows(paid);
  for (const has of [true, false]) {
    const row = rows.find((r) => r.has_forecast === has && r.marketKey !== ids.marketKey);
    if (row) out.push(['getForecastAvailability', AVAILABILITY, { market_key: String(row.marketKey) }]);
  }
  return out;
}

test.describe('billing: refusals and concurrency', () => {
  test(
    'a balance below the price: 403 insufficient_credits on every paid operation, nothing debited',
    {
      ...ruleDetails(
        BILLING_RULES.insufficientCredits,
        BILLING_RULES.refusedDebitsNothing,
        ...PAID_OPERATIONS.flatMap((op) => contractRules(op)),
      ),
      // One of its calls is the oil route's.
      lock: OIL_ROUTE_LOCK,
    },
    async ({ api, paid, controlPlane, targetOptions }) => {
      const found: Violation[] = [];
      let tried = 0;
      for (const op of PAID_OPERATIONS) {
        await test.step(op, async () => {
          const disc = await discoverRequest(paid, targetOptions.target, op);
          if ('skip' in disc || (await absentRoute(api, disc.request, op))) return;
          tried++;
          const cost = await liveCredits(api, disc.request, op);
          if (cost === undefined) return;
          const credits = cost - 1;
          const account = await controlPlane.createAccount(credits);
          const res = await sendRequest(api.withKey(account.apiKey), disc.request);
          await expect(res).toMatchContract(op);
          const code = await errorOf(res);
          if (res.status() !== 403 || code !== 'insufficient_credits')
            found.push(
              violation(
                BILLING_RULES.insufficientCredits,
                `${op}/status`,
                `${op} with ${credits} of ${cost} credits answered ${res.status()} ${code ?? ''}, expected 403 insufficient_credits`,
              ),
            );
          found.push(
            ...checkDebit(
              BILLING_RULES.refusedDebitsNothing,
              `${op}: a refusal for lack of credits`,
              credits,
              await controlPlane.balance(account.accountId),
              0,
            ),
          );
        });
      }
      expect(tried, 'at least one paid operation is served').toBeGreaterThan(0);
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'parallel calls on an account that can pay for k of them: exactly k succeed, the rest 403, balance never negative',
    {
      ...ruleDetails(
        BILLING_RULES.noOverdraw,
        BILLING_RULES.insufficientCredits,
        BILLING_RULES.debitsPrice,
        ...contractRules('listAssets'),
      ),
    },
    async ({ api, controlPlane }) => {
      const op = 'listAssets';
      const n = 8;
      const k = 3;
      const request: PaidRequest = { method: 'GET', path: '/api/v1/assets', expect: 200 };
      const absent = await absentRoute(api, request, op);
      test.skip(absent !== undefined, absent);
      const account = await controlPlane.createAccount(price(op) * k);
      const client = api.withKey(account.apiKey);
      const answers = await Promise.all(Array.from({ length: n }, () => sendRequest(client, request)));
      const outcomes: ParallelOutcome[] = [];
      for (const res of answers) {
        await expect(res).toMatchContract(op);
        outcomes.push({ status: res.status(), ...(res.status() === 403 ? { error: await errorOf(res) } : {}) });
      }
      const balance = await controlPlane.balance(account.accountId);
      expect(checkParallelDebits(outcomes, k, balance, 0)).toHaveNoViolations();
    },
  );
});

test.describe('billing: 429', () => {
  test(
    "a 429 (the oil route's one-second spacing) is rejected before any debit: no debit and no refund in the ledger",
    { ...ruleDetails('BILL-008', ...contractRules('getOilSignal')), lock: OIL_ROUTE_LOCK },
    async ({ api, controlPlane }) => {
      const op = 'getOilSignal';
      const request: PaidRequest = { method: 'GET', path: '/api/v1/signals/oil', params: { include_marks: false }, expect: 200 };
      const absent = await absentRoute(api, request, op);
      test.skip(absent !== undefined, absent);
      // The oil route's price is not shown (PRICE-022): what its challenge asks.
      const cost = await livePrice(api, request, op);
      const credits = cost * 3;
      const account = await controlPlane.createAccount(credits);
      const client = api.withKey(account.apiKey);
      const first = await client.get(request.path, { params: request.params, raw429: true });
      await expect(first).toMatchContract(op);
      expect(first.status(), 'the first oil call is answered').toBe(200);
      // Within the second: the spacing limit answers 429 (Limits rule 3). Unpaced: the pacer would space it out.
      const second = await client.get(request.path, { params: request.params, raw429: true, unpaced: true });
      await expect(second).toMatchContract(op);
      test.skip(second.status() !== 429, `a second oil call within one second answered ${second.status()}: no 429 to observe`);
      const state = await controlPlane.account(account.accountId);
      const found = checkDebit('BILL-008', 'a 200 then a 429', credits, state.credits, cost);
      const ofOp = state.entries.filter((e) => e.operationId === op);
      const debits = ofOp.filter((e) => e.kind === 'debit').length;
      const refunds = ofOp.filter((e) => e.kind === 'refund').length;
      if (debits !== 1 || refunds !== 0)
        found.push(
          violation(
            'BILL-008',
            'entries',
            `the ledger shows ${debits} debit(s) and ${refunds} refund(s) of ${op} for one 200 and one 429: the 429 reached the debit`,
          ),
        );
      expect(found).toHaveNoViolations();
    },
  );
});
