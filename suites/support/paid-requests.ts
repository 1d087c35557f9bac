/**
 * One request per paid operation that the target should answer 200 (or 202), built from data
 * discovered through the target's own API: the pull feed (markets that got a forecast, an article
 * or a social post), the asset directory and the availability lookup. Used by the billing and
 * paid-auth suites to prove exact debits. Nothing here knows the reference stub.
 */
import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { contract, fillTemplate, type DiscoverRecipe, type RequestTemplate } from '../../contract/index.ts';
import { isRecord } from '../../lib/guards.ts';
import type { Params, TargetClient } from './client.ts';
import { feedMarkets, readFeed, routingScope, type FeedBody } from './feed.ts';
import { oneOfEachForm } from './value-forms.ts';
import { caseKeyOf, sharedOrFetched } from './shared-answers.ts';
import { baselineFor, discoverIdentities, identityVars, pace, pathOf } from './operations.ts';
import { directoryEntries } from './market-lists.ts';
import { asServedQuery, inServedNames, servedParameterName } from './served-contract.ts';
import { PRICES } from '../../contract/pricing.ts';
import { loadRules } from '../../contract/rules.ts';
import { BASE_NETWORK, decodeBase64Json, type PaymentRequired } from '../../checks/x402.ts';
import { inTargetHeaderNames } from './served-headers.ts';
import { operationOf } from '../../contract/route-match.ts';
import { endpointParts } from '../../checks/availability.ts';

/** A concrete request; `expect` is the success status the operation documents (200, or 202 for a job). */
export interface PaidRequest {
  method: string;
  path: string;
  params?: Params;
  body?: unknown;
  headers?: Record<string, string>;
  expect: number;
  /**
   * A single-use request (the wallet link's token is consumed on first use): a fresh equivalent for each
   * send (suites/support/link-token.ts `fresh`). Absent: the request may be sent again as it is.
   */
  renew?: () => Promise<PaidRequest>;
}

/** The request, or why the target gives no data to build one (the test SKIPs with it). */
export type Discovered = { request: PaidRequest } | { skip: string };

/**
 * Operations billed in credits that have a discovery recipe (x-fc-discover), in a stable order.
 * linkWallet is priced but never billed in credits: its recipe is `unavailable` (its own suite).
 */
export const PAID_OPERATIONS: readonly string[] = [...contract().operations.values()]
  .filter((op) => op.facts.price.credits > 0 && !('unavailable' in op.facts.discover))
  .map((op) => op.operationId)
  .sort();

const memo = new Map<string, Promise<unknown>>();
/**
 * Runs `fn` once per worker and target. A failure is not remembered: a budget skip raised while one
 * test discovered would otherwise be thrown into every later test of the worker, each ending SKIPPED
 * with no reason of its own (BILL-004 read "skipped" so); the next caller discovers again and skips, if
 * it must, with its own reason.
 */
function once<T>(key: string, fn: () => Promise<T>): Promise<T> {
  if (!memo.has(key))
    memo.set(
      key,
      fn().catch((err: unknown) => {
        memo.delete(key);
        throw err;
      }),
    );
  return memo.get(key) as Promise<T>;
}

async function json<T>(res: APIResponse): Promise<T | undefined> {
  if (res.status() !== 200) return undefined;
  try {
    return (await res.json()) as T;
  } catch {
    return undefined;
  }
}

/** The widest pull feed (6 hours, every kind): the run's shared answer (bought once per run, each reading test annotated). */
const feed = async (paid: TargetClient): Promise<FeedBody | undefined> => (await readFeed(paid, { hours: 6 }, paid.sharedAnswers)).body;

/** The asset directory (GET /api/v1/assets): the run's shared answer. */
const assetDirectory = async (paid: TargetClient): Promise<unknown> =>
  json<unknown>(await sharedOrFetched(paid.sharedAnswers, caseKeyOf('GET', '/api/v1/assets'), () => paid.get('/api/v1/assets')));

/** A social handle the feed shows posting (source.author_handle of an x_post event). */
async function feedHandle(paid: TargetClient): Promise<string | undefined> {
  const body = await feed(paid);
  for (const e of body?.events ?? []) {
    const h = (e as { source?: { author_handle?: unknown } | null }).source?.author_handle;
    if (e.type === 'x_post' && typeof h === 'string' && /^@?[A-Za-z0-9_]{1,15}$/.test(h)) return h.replace(/^@/, '');
  }
  return undefined;
}

const FEED = 'in the last 6 hours (GET /api/v1/latest)';

/**
 * The values a recipe's source offers, or why the target gives none. Sources (x-fc-discover `from`):
 * none (a static request), identities (suites/support/operations.ts), asset (the asset directory),
 * feed-market (a market of the pull feed, optionally with an event `kind` and a slug), feed-handle
 * (a social author of the feed), generation (a ready generation body from the availability lookup).
 */
async function sourceVars(
  client: TargetClient,
  target: string,
  recipe: Extract<DiscoverRecipe, { from: string }>,
): Promise<Record<string, unknown> | string> {
  // Discovery spends nothing of the budget when the target offers a control-plane account.
  const paid = await client.forDiscovery();
  switch (recipe.from) {
    case 'none':
      return {};
    case 'identities':
      return identityVars(await discoverIdentities(paid));
    case 'asset': {
      const dir = await assetDirectory(paid);
      // The directory's entries wherever its (chosen, gap ASSET-100) envelope puts them.
      const key = directoryEntries(dir)?.value.find((a) => typeof a.assetKey === 'string')?.assetKey as string | undefined;
      return key ? { assetKey: key } : 'the asset directory (GET /api/v1/assets) lists no asset';
    }
    case 'feed-market': {
      const m = feedMarkets(await feed(paid), recipe.kind as Parameters<typeof feedMarkets>[1]).find((x) => !recipe.slug || x.slug);
      if (!m)
        return `no market${recipe.slug ? ' with a slug' : ''} got ${recipe.kind ? `a${/^[aeiou]/.test(recipe.kind) ? 'n' : ''} ${recipe.kind.replace('_', ' ')}` : 'an event'} ${FEED}`;
      return marketVars(m);
    }
    case 'feed-handle': {
      const handle = await feedHandle(paid);
      return handle ? { handle } : `no social post with an author handle ${FEED}`;
    }
    case 'generation': {
      const body = await forecastGeneration(paid, target);
      return body
        ? { generationBody: body, uuid: randomUUID() }
        : 'no covered market without a stored forecast offers a generation body (GET /api/public/forecast-availability)';
    }
  }
}

/**
 * A request of `operationId` the target should answer with success, built from the operation's
 * `x-fc-discover` recipe in the contract and data discovered through `paid` (the discovery calls are
 * billed to the first principal and charged to the spend budget); an input whose name the spec does
 * not show is sent under the target's served name (suites/support/served-contract.ts). `expect` is the operation's first
 * documented 2xx status.
 * @param form one of the operation's other request forms (`x-fc-discover` `forms`, `requestForms`): that form's request
 *   instead of the main one, from the same data
 * @returns the request, or a skip reason when the target offers no data for the recipe or the
 *   contract declares none (`unavailable`), or has no such form.
 */
export async function discoverRequest(paid: TargetClient, target: string, operationId: string, form?: string): Promise<Discovered> {
  const recipe = contract().operation(operationId).facts.discover;
  if ('unavailable' in recipe) return { skip: `no black-box request for ${operationId}: ${recipe.unavailable}` };
  const template = form === undefined ? recipe.request : recipe.forms?.[form];
  if (!template) return { skip: `${operationId} has no request form ${form}` };
  // A form naming $slug needs a feed market with one, as a recipe marked slug does.
  const vars = await sourceVars(paid, target, { ...recipe, ...(JSON.stringify(template).includes('$slug') ? { slug: true } : {}) });
  if (typeof vars === 'string') return { skip: vars };
  return { request: await recipeRequest(paid, target, operationId, vars, template) };
}

/**
 * The names of an operation's other documented request forms (x-fc-discover `forms`), in the contract's order.
 * @param unset only the forms whose template leaves this input (a query parameter or body field) unset: a form that
 *   is defined by the input (asset search's material_only form) tells nothing of its default
 */
export function requestForms(operationId: string, unset?: string): string[] {
  const recipe = contract().operation(operationId).facts.discover;
  if ('unavailable' in recipe) return [];
  return Object.entries(recipe.forms ?? {})
    .filter(([, t]) => unset === undefined || !((t.params && unset in t.params) || (isRecord(t.body) && unset in t.body)))
    .map(([name]) => name);
}

/**
 * A request of `operationId` about one given market (its recipe's source is a feed market: x-fc-discover
 * `from: feed-market`), or undefined for an operation whose recipe takes no market. Nothing is sent.
 * @param market the market's marketKey, slug (venue-scoped) and venue
 */
export async function marketRequest(
  paid: TargetClient,
  target: string,
  operationId: string,
  market: { marketKey: string; slug?: string | null; venue: string },
): Promise<PaidRequest | undefined> {
  const recipe = contract().operation(operationId).facts.discover;
  if ('unavailable' in recipe || recipe.from !== 'feed-market' || (recipe.slug && !market.slug)) return undefined;
  return recipeRequest(paid, target, operationId, marketVars(market));
}

/**
 * The requests of an operation whose recipe takes a feed market (x-fc-discover `from: feed-market`) about one more
 * market of each venue and form of serviceMarketId (feed.ts `routingScope`) than the main request's: a per-market read
 * may go down another path for another venue's market (round-38 bug: a venue-qualified evidence read's 502 kept its
 * debit). Empty for other recipes. Nothing is sent but the (shared) feed read.
 */
export async function otherMarketRequests(
  paid: TargetClient,
  target: string,
  operationId: string,
): Promise<{ what: string; request: PaidRequest }[]> {
  const recipe = contract().operation(operationId).facts.discover;
  if ('unavailable' in recipe || recipe.from !== 'feed-market') return [];
  const markets = feedMarkets(await feed(await paid.forDiscovery()), recipe.kind as Parameters<typeof feedMarkets>[1]).filter(
    (x) => !recipe.slug || x.slug,
  );
  const first = markets[0];
  const picks = oneOfEachForm(markets, () => '', routingScope).filter(
    (m) => m !== first && routingScope(m) !== (first && routingScope(first)),
  );
  const out: { what: string; request: PaidRequest }[] = [];
  for (const m of picks)
    out.push({ what: `${m.marketKey} (${m.venue})`, request: await recipeRequest(paid, target, operationId, marketVars(m)) });
  return out;
}

/** The free availability lookup whose read pointers name paid reads (AVAIL-017). */
const AVAILABILITY = '/api/public/forecast-availability';

/**
 * The requests of `operationId` that availability's read pointers name (`read.endpoint`, AVAIL-017), for one market of
 * each venue with and without a slug that got a forecast: a market without a slug is read where its pointer says (a
 * marketKey path, a query form), and that path may be served apart (round-41 bug: the 502 of a read whose path named a
 * marketKey kept its debit). Free lookups (the run's shared answers); nothing paid is sent. Empty when no pointer
 * names the operation or the target lacks the availability route.
 * @param api the client of the free lookups
 */
export async function pointedRequests(
  api: TargetClient,
  paid: TargetClient,
  operationId: string,
): Promise<{ what: string; request: PaidRequest }[]> {
  const markets = feedMarkets(await feed(await paid.forDiscovery()), 'forecast');
  const picks = oneOfEachForm(
    markets,
    (m) => m.marketKey,
    (m) => `${routingScope(m)} ${m.slug ? 'with' : 'without'} a slug`,
  );
  const out: { what: string; request: PaidRequest }[] = [];
  for (const m of picks) {
    // Not judged here (the availability suite judges its answers): only its pointer is read.
    const params = { market_key: m.marketKey };
    const ask = () => api.get(AVAILABILITY, { params });
    const res = api.sharedAnswers ? await sharedOrFetched(api.sharedAnswers, caseKeyOf('GET', AVAILABILITY, params), ask) : await ask();
    const body: unknown = res.status() === 200 ? await res.json().catch(() => undefined) : undefined;
    const endpoint = isRecord(body) && isRecord(body.read) && typeof body.read.endpoint === 'string' ? body.read.endpoint : undefined;
    const parts = endpoint === undefined ? undefined : endpointParts(endpoint);
    if (!parts || operationOf('GET', parts.pathname) !== operationId) continue;
    out.push({
      what: `at ${m.marketKey}'s read pointer ${endpoint}`,
      request: { method: 'GET', path: parts.pathname, params: Object.fromEntries(parts.searchParams), expect: 200 },
    });
  }
  return out;
}

/**
 * Requests of asset search in reference mode (`reference`), one of each documented reference form the run's data shows
 * (spec: GET /api/v1/assets/search, the reference row): an Asset's UUID, its assetKey and an identifier value (the
 * directory's first Asset having each), and a marketKey of each venue the feed shows. A 502 may go down another path
 * for one form (round-42 bug: asset search's 502 kept its debit when the reference was a marketKey). Empty for other
 * operations. Nothing is sent but the (shared) directory and feed reads.
 */
export async function referenceFormRequests(
  paid: TargetClient,
  target: string,
  operationId: string,
): Promise<{ what: string; request: PaidRequest }[]> {
  if (operationId !== 'searchAssets') return [];
  const discovery = await paid.forDiscovery();
  const assets = directoryEntries(await assetDirectory(discovery))?.value ?? [];
  const firstOf = (pick: (a: Record<string, unknown>) => unknown): string | undefined =>
    assets.map(pick).find((v): v is string => typeof v === 'string' && v.length > 0);
  const identifierValue = (a: Record<string, unknown>): unknown =>
    Array.isArray(a.identifiers) ? (a.identifiers as { value?: unknown }[]).find((i) => typeof i?.value === 'string')?.value : undefined;
  const forms: [string, string | undefined][] = [
    ['an Asset UUID', firstOf((a) => a.id)],
    ['an assetKey', firstOf((a) => a.assetKey)],
    ['an identifier value', firstOf(identifierValue)],
    ...oneOfEachForm(
      feedMarkets(await feed(discovery)),
      () => '',
      (m) => m.venue,
    ).map((m): [string, string] => [`a ${m.venue} marketKey`, m.marketKey]),
  ];
  const out: { what: string; request: PaidRequest }[] = [];
  for (const [form, value] of forms)
    if (value !== undefined)
      out.push({
        what: `with reference ${JSON.stringify(value)} (${form})`,
        request: await recipeRequest(paid, target, operationId, { reference: value }, { params: { reference: '$reference' } }),
      });
  return out;
}

/** A recipe's variables of one market. Slugs are venue-scoped: the venue parameter outside venue_a's namespace (ROUTE-007). */
const marketVars = (m: { marketKey: string; slug?: string | null; venue: string }): Record<string, unknown> => ({
  marketKey: m.marketKey,
  slug: m.slug ?? undefined,
  slugVenueParam: m.venue === 'venue_a' ? undefined : m.venue,
});

/** The request an operation's recipe makes of `vars`, in the target's served names and query style. */
async function recipeRequest(
  paid: TargetClient,
  target: string,
  operationId: string,
  vars: Record<string, unknown>,
  template?: RequestTemplate,
): Promise<PaidRequest> {
  const op = contract().operation(operationId);
  const recipe = op.facts.discover as Extract<DiscoverRecipe, { request: unknown }>;
  // Inputs whose names the spec does not show go under the names the target serves (issue 18).
  const req = await inServedNames(paid, target, operationId, fillTemplate(template ?? recipe.request, { uuid: randomUUID(), ...vars }));
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(req.path?.[name] ?? '')));
  // A parameter whose name the spec does not show goes under the name the target's served contract gives it.
  const named: Params = {};
  for (const [name, value] of Object.entries((req.params ?? {}) as Params))
    named[await servedParameterName(paid, operationId, name)] = value;
  // Shaped as the target's served contract takes the query: its required parameters, its list style (issue 32).
  const params = await asServedQuery(paid, target, operationId, named, typeof vars.assetKey === 'string' ? { asset: vars.assetKey } : {});
  return {
    method: op.method.toUpperCase(),
    path,
    params,
    ...(req.body === undefined ? {} : { body: req.body }),
    ...(req.headers ? { headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])) } : {}),
    expect: op.facts.successStatus,
  };
}

/** A ready generation body: the availability lookup of feed markets until one offers `generation.body`. */
async function forecastGeneration(paid: TargetClient, target: string): Promise<unknown> {
  return once(`generation ${target}`, async () => {
    const markets = feedMarkets(await feed(paid)).slice(0, 40);
    for (const m of markets) {
      const res = await paid.withKey(undefined).get('/api/public/forecast-availability', { params: { market_key: m.marketKey } });
      const body = await json<{ generation?: { body?: unknown } | null }>(res);
      if (body?.generation?.body) return body.generation.body;
    }
    return undefined;
  });
}

/** Sends a discovered request with `client` (its key, or none). */
/**
 * A request of the operation: a discovered one (`discoverRequest`) when `paid` is given and the target offers
 * data, else its baseline (contract/openapi.yaml `x-fc-discover` filled with the discovered identities).
 */
export async function requestOrBaseline(paid: TargetClient | undefined, target: string, operationId: string): Promise<PaidRequest> {
  if (paid) {
    const found = await discoverRequest(paid, target, operationId);
    if ('request' in found) return found.request;
  }
  const base = baselineFor(operationId, await discoverIdentities(paid));
  const op = contract().operation(operationId);
  return {
    method: op.method.toUpperCase(),
    path: pathOf(operationId, base.path),
    params: base.params,
    body: base.body,
    headers: base.headers,
    expect: 200,
  };
}

export async function sendRequest(
  client: TargetClient,
  r: PaidRequest,
  extraHeaders: Record<string, string> = {},
  options: { raw429?: boolean } = {},
): Promise<APIResponse> {
  const fresh = { ...r.headers, ...extraHeaders, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) };
  // A replayed idempotency key would make a second generation a different call.
  if ('Idempotency-Key' in fresh) fresh['Idempotency-Key'] = randomUUID();
  // A header whose name the spec does not show goes under the target's name (gap JOB-035).
  const operationId = operationOf(r.method, r.path);
  const headers = operationId ? await inTargetHeaderNames(client, operationId, fresh) : fresh;
  return client.call(r.method, r.path, {
    params: r.params,
    headers,
    ...(r.body === undefined ? {} : { data: JSON.stringify(r.body) }),
    ...(options.raw429 ? { raw429: true } : {}),
  });
}

/**
 * The gap rule standing for the price of `operationId` when the spec shows none (PRICE-016.., WAL-012):
 * the catalogue's gap naming the operation whose text is "the price of" or "the payment amount of" it.
 */
export function priceGapOf(operationId: string): string | undefined {
  if (!PRICES[operationId]?.gap) return undefined;
  return [...loadRules().values()].find(
    (r) =>
      r.kind === 'gap' &&
      !r.retired &&
      r.operations?.includes(operationId) &&
      /^Not shown in the contract: the (price|payment amount) of/.test(r.text),
  )?.id;
}

/**
 * The credits one billed call of `operationId` costs on the target (1 credit = $0.001): its reference
 * price where the spec shows one (What the service does / Reference prices); otherwise the live 402
 * challenge's amount, read by an unpaid call of `r` ("The live payment challenge is authoritative"),
 * since the price is the target's choice there (a PRICE gap). Undefined when the target offers no
 * challenge on eip155:8453 to read it from.
 */
export async function liveCredits(api: TargetClient, r: PaidRequest, operationId: string): Promise<number | undefined> {
  const price = PRICES[operationId]!;
  if (!price.gap) return price.credits;
  const res = await api.withKey(undefined).call(r.method, r.path, {
    params: r.params,
    ...(r.body === undefined ? {} : { data: JSON.stringify(r.body), headers: { 'content-type': 'application/json' } }),
  });
  await pace(operationId);
  const challenge = decodeBase64Json(res.headers()['payment-required']).value as PaymentRequired | undefined;
  const amount = challenge?.accepts?.find((e) => e.scheme === 'exact' && e.network === BASE_NETWORK)?.amount;
  // 6-decimal dollar tokens: 1 credit ($0.001) = 1,000 atomic units.
  return typeof amount === 'string' && /^\d+$/.test(amount) ? Number(BigInt(amount) / 1000n) : undefined;
}
