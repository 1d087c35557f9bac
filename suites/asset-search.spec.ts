/**
 * GET /api/v1/assets/search (searchAssets): request modes, echo fields, q matching, filters,
 * reference matching, linked-market hydration and materiality (families ASRCH, PARAM).
 * Test data is discovered through the target itself: the directory comes from q='*', linked
 * markets from reference mode, the graph edges of a market from the free forecast-availability route.
 */
import fc from 'fast-check';
import type { APIResponse } from '@playwright/test';
import { judgeWith } from './support/judging.ts';
import { runCheck } from '../checks/define.ts';
import { CHECKS } from '../checks/registry.ts';
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import { assertProperty, paidRuns, thrifty } from './support/property.ts';
import type { Params, TargetClient } from './support/client.ts';
import { withdrawRules } from './support/annotations.ts';
import { observeChoice, observing } from './support/choices.ts';
import { venueKeys } from '../contract/index.ts';
import { directoryEntries } from './support/market-lists.ts';
import { paramRulesFor } from '../contract/rules.ts';
import {
  checkAssetSearch,
  checkContainsAssets,
  checkSameAssetSet,
  assetIds,
  findAsset,
  isMaterialAsset,
  linkedKeys,
  RELATIONSHIP_CAP,
  type SearchRequest,
} from '../checks/assets.ts';
import { violation, type Violation } from '../lib/violation.ts';
import { KEY_BOUND_LOCK } from './support/locks.ts';
import { marketRequest, sendRequest } from './support/paid-requests.ts';
import { affordable } from './support/operations.ts';
import { caseKeyOf, sharedOrFetched, type SharedAnswers } from './support/shared-answers.ts';
import { watchDebits } from './support/debit-watch.ts';
import { currentForecast } from '../checks/forecast.ts';
import { formOf, oneOfEachForm } from './support/value-forms.ts';
import { checkObservationClock, observationInstances, venueQuotesIn, type ObservationViews } from '../checks/quote.ts';

// Most of the configured key's standard bound is spent here: one test at a time (suites/support/locks.ts).
test.describe.configure({ lock: KEY_BOUND_LOCK });

const OP = 'searchAssets';
const PATH = '/api/v1/assets/search';
const AVAILABILITY = '/api/public/forecast-availability';
/** The paid reads of one market that may carry its envelope (REL-008 judged on each, issue 34). */
const MARKET_READS = ['getMarketForecast', 'getMarketSignals', 'listSources'];
/** Reference values per request (spec Limits 4: "reference at most 50 items"). */
const MAX_REFERENCES = 50;
/** Upper bound of availability look-ups one test makes (free route, but a real target has an IP guard). */
const MAX_EDGE_LOOKUPS = 300;
/** Stored forecast reads one test buys to compare a linked market's probability ($0.01 each). */
const FORECAST_READS = 3;
/** Two statements of one probability may differ by a rounding to two decimals. */
const PROBABILITY_ROUNDING = 0.005;

type Row = Record<string, unknown>;

/** The PARAM rule of one parameter bound (keyword as in the OpenAPI: minLength, maxLength, maxItems, type, default). */
const paramRule = (name: string, keyword: string): string[] =>
  paramRulesFor(OP)
    .filter((r) => r.param === name && r.keyword === keyword && r.kind === 'rule')
    .map((r) => r.id);

/** Routing, quote and relationship rules checkMarketListItem applies to every hydrated linked market. */
const MARKET_ITEM_RULES = [
  'ROUTE-001',
  'ROUTE-002',
  'ROUTE-003',
  'ROUTE-004',
  'ROUTE-005',
  'ROUTE-006',
  'QUOTE-001',
  'QUOTE-002',
  'QUOTE-003',
  'QUOTE-004',
  'QUOTE-005',
  'REL-001',
  'REL-002',
  'REL-003',
  'REL-004',
  'REL-005',
  'REL-006',
];

/**
 * What a reference-mode search judges on every answer (checkAssetSearch): query null, references as given, each linked
 * market, and no stance on an item (ASSET-006, a SHOULD: the asset-level stance is a separate product).
 */
const REFERENCE_ANSWER_RULES = ['ASRCH-011', 'ASRCH-013', 'ASSET-006', ...MARKET_ITEM_RULES];

/** The wire parameters of a search request. */
function paramsOf(req: SearchRequest): Params {
  return {
    q: req.q,
    reference: req.references,
    material_only: req.materialOnly,
    platform: req.platform,
    asset_type: req.assetType,
  };
}

/**
 * One call; every answer is checked against the contract. With `shared`, the run's one answer of these
 * parameters (test-data discovery bought once, issue 19).
 */
async function call(client: TargetClient, params: Params, shared?: SharedAnswers): Promise<APIResponse> {
  const res = await sharedOrFetched(shared, caseKeyOf('GET', PATH, params), () => client.get(PATH, { params }));
  await expect(res).toMatchContract(OP);
  return res;
}

/**
 * `search` for a request carrying platform or asset_type in reference or material-only mode, where whether the filters
 * apply is gap ASRCH-114: a refusal is that choice (reported GAP, the case left unjudged: undefined), not the filter's
 * failure. In q mode, or without a filter, `search` itself.
 */
async function searchFiltered(client: TargetClient, req: SearchRequest, siteUrl: string): Promise<Row | undefined> {
  if (req.mode === 'q' || (req.platform === undefined && req.assetType === undefined)) return search(client, req, siteUrl);
  const res = await call(client, paramsOf(req));
  if (res.status() === 200) return answered(res, req, siteUrl);
  observeChoice('ASRCH-114', false, `${req.mode} mode with ${JSON.stringify(paramsOf(req))} answered ${res.status()}`);
  return undefined;
}

/** A request that must answer 200; its body is checked in full against the request (every row). */
async function search(client: TargetClient, req: SearchRequest, siteUrl: string, shared?: SharedAnswers): Promise<Row> {
  return answered(await call(client, paramsOf(req), shared), req, siteUrl);
}

/** `res`, the answer to `req`, must be 200; its body is checked in full against the request. */
async function answered(res: APIResponse, req: SearchRequest, siteUrl: string): Promise<Row> {
  expect(res.status(), `${PATH} ${JSON.stringify(paramsOf(req))}`).toBe(200);
  const body = (await res.json()) as Row;
  expect(checkAssetSearch(body, req, { siteUrl })).toHaveNoViolations(body);
  return body;
}

/** A request that must answer 422 invalid_request (spec rule 1; Errors). */
async function rejected(client: TargetClient, params: Params, ruleId: string): Promise<void> {
  const res = await call(client, params);
  const body = (await res.json().catch(() => null)) as Row | null;
  const found: Violation[] =
    res.status() === 422 && body?.error === 'invalid_request'
      ? []
      : [
          violation(
            ruleId,
            'status',
            `${JSON.stringify(params)} answered ${res.status()} ${JSON.stringify(body?.error ?? null)} (expected 422 invalid_request)`,
          ),
        ];
  expect(found).toHaveNoViolations(body);
}

/** The unfiltered directory through q='*', the run's one answer of it (SKIPs when the target lists no Asset). */
async function directory(client: TargetClient, siteUrl: string, shared: SharedAnswers): Promise<Row[]> {
  const body = await search(client, { mode: 'q', q: '*' }, siteUrl, shared);
  const assets = body.assets as Row[];
  test.skip(assets.length === 0, "the target's asset directory is empty");
  return assets;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** Every given Asset hydrated through reference mode (batches of 50 UUIDs), merged by id. */
async function hydrate(
  client: TargetClient,
  ids: readonly string[],
  siteUrl: string,
  materialOnly?: boolean,
  clock?: { dateMs?: number },
): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  for (const batch of chunks(ids, MAX_REFERENCES)) {
    const req: SearchRequest = { mode: 'reference', references: batch, ...(materialOnly === undefined ? {} : { materialOnly }) };
    const res = await call(client, paramsOf(req));
    // The target's own instant of its first answer (its Date header, ms; NaN when absent), for windows it applies.
    if (clock && clock.dateMs === undefined) clock.dateMs = Date.parse(res.headers()['date'] ?? '');
    const body = await answered(res, req, siteUrl);
    for (const a of body.assets as Row[]) out.set(String(a.id), a);
  }
  return out;
}

/** The Assets a market's own relationships name as direct HAS_MARKET links (availability route). */
async function edgesOf(api: TargetClient, marketKey: string): Promise<{ ids: string[]; truncated: boolean } | undefined> {
  const res = await api.get(AVAILABILITY, { params: { market_key: marketKey } });
  await expect(res).toMatchContract('getForecastAvailability');
  if (res.status() !== 200) return undefined;
  const market = ((await res.json()) as Row).market as Row | null;
  const rel = market?.relationships as Row | undefined;
  if (!rel) return undefined;
  const refs = (rel.assets ?? []) as Row[];
  return {
    ids: refs.filter((r) => r.relationship === 'HAS_MARKET' && r.via === 'direct').map((r) => String(r.id)),
    truncated: (rel.truncated as Row | undefined)?.assets === true,
  };
}

/**
 * Pairs (platform, asset_type) for the filters together, at most `max`: per type (in order), a platform one of its
 * Assets carries, then a platform none of them carries (the pair selects nothing), alternating so both kinds occur.
 */
function filterPairs(all: readonly Row[], platforms: readonly string[], types: readonly string[], max = 8): [string, string][] {
  const pairs: [string, string][] = [];
  for (const assetType of types) {
    const carried = new Set(
      all
        .filter((a) => String(a.asset_type).toLowerCase() === assetType)
        .flatMap((a) => identifiersOf(a).map((i) => i.platform.toLowerCase())),
    );
    const inside = platforms.find((p) => carried.has(p));
    const outside = platforms.find((p) => !carried.has(p));
    if (inside) pairs.push([inside, assetType]);
    if (outside && pairs.length % 3 === 1) pairs.push([outside, assetType]);
  }
  return pairs.slice(0, max);
}

/** Swaps the case of every letter ("Nasdaq" → "nASDAQ"); differs from the input when it has a letter. */
const swapCase = (s: string): string => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

const identifiersOf = (a: Row): { platform: string; kind: string; value: string }[] =>
  (a.identifiers ?? []) as { platform: string; kind: string; value: string }[];

test.describe('asset search: request modes (rule 1)', () => {
  test(
    'a request without q, reference or material_only=true answers 422, whatever filters it carries',
    { ...ruleDetails('ASRCH-001', ...contractRules(OP)) },
    async ({ paid, targetOptions }) => {
      await rejected(paid, {}, 'ASRCH-001');
      const filter = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_-'), minLength: 1, maxLength: 20 });
      await assertProperty(
        fc.asyncProperty(
          fc.record({ platform: fc.option(filter, { nil: undefined }), asset_type: fc.option(filter, { nil: undefined }) }),
          async (filters) => {
            await rejected(paid, filters, 'ASRCH-001');
          },
        ),
        { seed: targetOptions.seed, numRuns: paidRuns(25), endOnFailure: true },
      );
    },
  );

  test('material_only=false alone answers 422', { ...ruleDetails('ASRCH-003', ...contractRules(OP)) }, async ({ paid }) => {
    await rejected(paid, { material_only: false }, 'ASRCH-003');
    await rejected(paid, { material_only: false, asset_type: 'company' }, 'ASRCH-003');
  });

  test('q together with reference answers 422', { ...ruleDetails('ASRCH-002', ...contractRules(OP)) }, async ({ paid, targetOptions }) => {
    const text = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789*:-'), minLength: 1, maxLength: 40 });
    await assertProperty(
      fc.asyncProperty(text, fc.array(text, { minLength: 1, maxLength: 3 }), fc.boolean(), async (q, reference, materialOnly) => {
        await rejected(paid, { q, reference, material_only: materialOnly }, 'ASRCH-002');
      }),
      { seed: targetOptions.seed, numRuns: paidRuns(25), endOnFailure: true },
    );
  });

  test(
    'q alone, reference alone and material_only=true alone each answer 200 and echo the request',
    {
      ...ruleDetails(
        'ASRCH-004',
        'ASRCH-005',
        'ASRCH-010',
        'ASRCH-011',
        'ASRCH-013',
        'ASRCH-014',
        'ASRCH-015',
        'ASRCH-016',
        'ASRCH-020',
        'ASRCH-029',
        'ASRCH-050',
        'ASRCH-051',
        'ASRCH-102',
        ...paramRule('material_only', 'default'),
        ...contractRules(OP),
      ),
    },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const assets = await test.step('q alone', () => directory(paid, targetOptions.siteUrl, sharedAnswers));
      await test.step('reference alone', () =>
        search(paid, { mode: 'reference', references: [String(assets[0]!.id)] }, targetOptions.siteUrl));
      await test.step('material_only=true alone', () => search(paid, { mode: 'material', materialOnly: true }, targetOptions.siteUrl));
      await test.step('material_only=false echoed with q', () =>
        search(paid, { mode: 'q', q: String(assets[0]!.name), materialOnly: false }, targetOptions.siteUrl));
    },
  );

  test(
    'out-of-bounds values answer 422 invalid_request',
    {
      ...ruleDetails(
        ...['q', 'platform', 'asset_type'].flatMap((n) => [...paramRule(n, 'minLength'), ...paramRule(n, 'maxLength')]),
        ...paramRule('reference', 'maxItems'),
        ...paramRule('material_only', 'type'),
        ...contractRules(OP),
      ),
    },
    async ({ paid, targetOptions }) => {
      await test.step('q empty or longer than 200 characters', async () => {
        await rejected(paid, { q: '' }, paramRule('q', 'minLength')[0] ?? 'CONTRACT-001');
        await rejected(paid, { q: 'x'.repeat(201) }, paramRule('q', 'maxLength')[0] ?? 'CONTRACT-001');
      });
      await test.step('51 distinct references', () =>
        rejected(
          paid,
          { reference: Array.from({ length: 51 }, (_, i) => `fc-ref-${i}`) },
          paramRule('reference', 'maxItems')[0] ?? 'CONTRACT-001',
        ));
      await test.step('platform and asset_type empty or longer than 80 characters', async () => {
        for (const name of ['platform', 'asset_type']) {
          await rejected(paid, { q: '*', [name]: '' }, paramRule(name, 'minLength')[0] ?? 'CONTRACT-001');
          await rejected(paid, { q: '*', [name]: 'p'.repeat(81) }, paramRule(name, 'maxLength')[0] ?? 'CONTRACT-001');
        }
      });
      await test.step('material_only that is not a boolean', async () => {
        const ruleId = paramRule('material_only', 'type')[0] ?? 'CONTRACT-001';
        const notBoolean = fc
          .string({ minLength: 2, maxLength: 12 })
          .filter((s) => !/^(true|false|0|1|yes|no|on|off|t|f|y|n)$/i.test(s.trim()));
        await assertProperty(
          fc.asyncProperty(notBoolean, async (v) => rejected(paid, { q: '*', material_only: v }, ruleId)),
          { seed: targetOptions.seed, numRuns: paidRuns(25), endOnFailure: true },
        );
      });
    },
  );
});

test.describe('asset search: q mode', () => {
  test(
    "q='*' returns every Asset of the directory, with empty linked_markets",
    { ...ruleDetails('ASRCH-040', 'ASRCH-010', 'ASRCH-020', 'ASRCH-050', ...contractRules(OP, 'listAssets')) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const res = await paid.get('/api/v1/assets');
      await expect(res).toMatchContract('listAssets');
      expect(res.status()).toBe(200);
      // The directory's entries wherever its (chosen, gap ASSET-100) envelope puts them.
      const dir = directoryEntries(await res.json())?.value;
      if (!dir) {
        judged('*', 0, 'a directory (GET /api/v1/assets) listing Assets in a recognisable shape');
        return;
      }
      expect(
        checkSameAssetSet(assetIds({ assets: all }), assetIds({ assets: dir }), 'ASRCH-040', '/assets', "q='*' vs GET /api/v1/assets"),
      ).toHaveNoViolations();
    },
  );

  test(
    "q='*' with platform, asset_type or both returns exactly the directory Assets passing the filters",
    { ...ruleDetails('ASRCH-041', 'ASRCH-060', 'ASRCH-062', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const platforms = [...new Set(all.flatMap((a) => identifiersOf(a).map((i) => i.platform.toLowerCase())))].sort().slice(0, 12);
      const types = [...new Set(all.map((a) => String(a.asset_type).toLowerCase()))].sort().slice(0, 12);
      expect(platforms.length + types.length).toBeGreaterThan(0);
      if (!platforms.length) withdrawRules(['ASRCH-060'], 'no Asset carries an identifier platform');
      if (!types.length) withdrawRules(['ASRCH-062'], 'no Asset carries an asset_type');
      const found: Violation[] = [];
      for (const platform of platforms) {
        await test.step(`platform=${platform}`, async () => {
          const body = await search(paid, { mode: 'q', q: '*', platform }, targetOptions.siteUrl);
          const want = all.filter((a) => identifiersOf(a).some((i) => i.platform.toLowerCase() === platform));
          found.push(
            ...checkSameAssetSet(assetIds(body), assetIds({ assets: want }), 'ASRCH-041', '/assets', `q='*'&platform=${platform}`),
          );
        });
      }
      for (const assetType of types) {
        await test.step(`asset_type=${assetType}`, async () => {
          const body = await search(paid, { mode: 'q', q: '*', assetType }, targetOptions.siteUrl);
          const want = all.filter((a) => String(a.asset_type).toLowerCase() === assetType);
          found.push(
            ...checkSameAssetSet(assetIds(body), assetIds({ assets: want }), 'ASRCH-041', '/assets', `q='*'&asset_type=${assetType}`),
          );
        });
      }
      // Both filters together (issue 34: a filter honoured alone may be dropped beside another): every Asset passing
      // both, and only those. Per type, a platform its Assets carry and, when there is one, a platform they do not
      // (an empty answer then), so neither filter can stand in for the other.
      for (const [platform, assetType] of filterPairs(all, platforms, types)) {
        await test.step(`platform=${platform}&asset_type=${assetType}`, async () => {
          const body = await search(paid, { mode: 'q', q: '*', platform, assetType }, targetOptions.siteUrl);
          const want = all.filter(
            (a) => String(a.asset_type).toLowerCase() === assetType && identifiersOf(a).some((i) => i.platform.toLowerCase() === platform),
          );
          found.push(
            ...checkSameAssetSet(
              assetIds(body),
              assetIds({ assets: want }),
              'ASRCH-041',
              '/assets',
              `q='*'&platform=${platform}&asset_type=${assetType}`,
            ),
          );
        });
      }
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'a text q with asset_type returns only Assets of that type, where the term alone returns several types',
    { ...ruleDetails('ASRCH-062', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      // Round-44 bug: asset_type was dropped beside a search term and honoured with q='*' only. The filter is judged
      // on a term whose unfiltered answer holds Assets of two or more types, so that it has Assets to remove: the
      // words the directory's names, tickers and aliases share across types first, then whole names.
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const typesOf = new Map<string, Set<string>>();
      for (const a of all) {
        const text = [a.name, a.ticker, ...(Array.isArray(a.aliases) ? a.aliases : [])].filter((v) => typeof v === 'string').join(' ');
        for (const w of new Set(text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [])) {
          if (!typesOf.has(w)) typesOf.set(w, new Set());
          typesOf.get(w)!.add(String(a.asset_type).toLowerCase());
        }
      }
      const shared = [...typesOf].filter(([, t]) => t.size > 1).sort((x, y) => y[1].size - x[1].size || (x[0] < y[0] ? -1 : 1));
      const terms = [...shared.map(([w]) => w), ...all.map((a) => String(a.name))].slice(0, thrifty() ? 2 : 6);
      let mixed: { term: string; types: string[] } | undefined;
      for (const term of terms) {
        const body = await search(paid, { mode: 'q', q: term }, targetOptions.siteUrl);
        const types = [...new Set(((body.assets as Row[] | undefined) ?? []).map((a) => String(a.asset_type).toLowerCase()))];
        if (types.length > 1) {
          mixed = { term, types: types.sort() };
          break;
        }
      }
      if (!judged('ASRCH-062', mixed ? 1 : 0, 'a text q whose unfiltered answer holds Assets of two or more types, beside one of them', OP))
        return;
      // Each of two types in turn: `search` judges every returned Asset's asset_type against the parameter (ASRCH-062).
      for (const assetType of mixed!.types.slice(0, 2))
        await test.step(`q=${mixed!.term}&asset_type=${assetType}`, () =>
          search(paid, { mode: 'q', q: mixed!.term, assetType }, targetOptions.siteUrl));
    },
  );

  /** Filters matched case-insensitively: a value and its case-swapped twin select the same Assets. */
  const caseInsensitive: {
    filter: 'platform' | 'assetType';
    param: string;
    ruleIds: [string, string];
    values: (all: Row[]) => string[];
    none: string;
  }[] = [
    {
      filter: 'platform',
      param: 'platform',
      ruleIds: ['ASRCH-061', 'ASRCH-060'],
      values: (all) => all.flatMap((a) => identifiersOf(a).map((i) => i.platform)),
      none: 'no identifier platform with letters to case-swap',
    },
    {
      filter: 'assetType',
      param: 'asset_type',
      ruleIds: ['ASRCH-063', 'ASRCH-062'],
      values: (all) => all.map((a) => String(a.asset_type)),
      none: 'no asset_type with letters to case-swap',
    },
  ];
  for (const f of caseInsensitive) {
    test(
      `the ${f.param} filter is case-insensitive`,
      { ...ruleDetails(...f.ruleIds, 'ASRCH-114', ...contractRules(OP)) },
      async ({ paid, targetOptions, sharedAnswers }) => {
        const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
        const counts = new Map<string, number>();
        for (const v of f.values(all)) if (/[a-z].*[a-z]/i.test(v)) counts.set(v, (counts.get(v) ?? 0) + 1);
        const values = [...counts.keys()];
        test.skip(values.length === 0, f.none);
        // In every mode the filter applies to (round-10 bug: asset_type compared by exact case on the material-only path
        // alone): q=*, material_only=true and reference (the directory's first keys). The commonest values go first in
        // each mode, then seeded draws.
        const modes: SearchRequest[] = [
          { mode: 'q', q: '*' },
          { mode: 'material', materialOnly: true },
          { mode: 'reference', references: all.slice(0, 50).map((a) => String(a.assetKey)) },
        ];
        const commonest = [...counts].sort((x, y) => y[1] - x[1]).map(([v]) => v);
        await assertProperty(
          fc.asyncProperty(fc.constantFrom(...values), fc.constantFrom(...modes), async (value, mode) => {
            const a = await searchFiltered(paid, { ...mode, [f.filter]: value }, targetOptions.siteUrl);
            const b = await searchFiltered(paid, { ...mode, [f.filter]: swapCase(value) }, targetOptions.siteUrl);
            if (!a || !b) return;
            expect(
              checkSameAssetSet(
                assetIds(b),
                assetIds(a),
                f.ruleIds[0],
                '/assets',
                `${mode.mode} mode: ${f.param}=${swapCase(value)} vs ${value}`,
              ),
            ).toHaveNoViolations(b);
          }),
          {
            seed: targetOptions.seed,
            numRuns: paidRuns(Math.min(25, values.length * 2)) + (thrifty() ? 0 : 2 * modes.length),
            examples: thrifty() ? [] : modes.flatMap((m) => commonest.slice(0, 2).map((v) => [v, m] as [string, SearchRequest])),
            endOnFailure: true,
          },
        );
      },
    );
  }

  /** The cases of the shortest and of the longest value (one each; the same case once when all are one length). */
  const edgeCases = <T extends { value: string }>(cases: readonly T[]): T[] => {
    const byLength = [...cases].sort((a, b) => a.value.length - b.value.length);
    return [...new Set([byLength[0], byLength[byLength.length - 1]])].filter((c): c is T => c !== undefined);
  };

  /** One property per identity field: q equal to that field of a random Asset returns the Asset. */
  const byField: { title: string; ruleIds: string[]; values: (a: Row) => string[] }[] = [
    { title: 'name', ruleIds: ['ASRCH-042'], values: (a) => [String(a.name)] },
    { title: 'ticker', ruleIds: ['ASRCH-043'], values: (a) => (typeof a.ticker === 'string' ? [a.ticker] : []) },
    { title: 'assetKey', ruleIds: ['ASRCH-044', 'ASRCH-052'], values: (a) => [String(a.assetKey)] },
    { title: 'identifier value', ruleIds: ['ASRCH-045', 'ASRCH-046'], values: (a) => identifiersOf(a).map((i) => i.value) },
  ];
  for (const field of byField) {
    test(
      `q equal to an Asset's ${field.title} returns that Asset`,
      { ...ruleDetails(...field.ruleIds, 'ASRCH-010', 'ASRCH-020', 'ASRCH-050', ...contractRules(OP)) },
      async ({ paid, targetOptions, sharedAnswers }) => {
        const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
        const cases = all.flatMap((a) =>
          field
            .values(a)
            .filter((v) => v.length >= 1 && v.length <= 200 && v !== '*')
            .map((v) => ({ asset: a, value: v })),
        );
        test.skip(cases.length === 0, `no Asset has a ${field.title}`);
        await assertProperty(
          fc.asyncProperty(fc.constantFrom(...cases), async ({ asset, value }) => {
            const body = await search(paid, { mode: 'q', q: value }, targetOptions.siteUrl);
            const hit = findAsset(body, String(asset.id));
            const found: Violation[] = hit
              ? []
              : [violation(field.ruleIds[0]!, '/assets', `q=${JSON.stringify(value)} did not return ${String(asset.assetKey)}`)];
            if (hit && field.title === 'identifier value' && !identifiersOf(hit).some((i) => i.value === value)) {
              found.push(
                violation(
                  'ASRCH-046',
                  '/assets',
                  `no identifier of ${String(asset.assetKey)} has the byte-identical value ${JSON.stringify(value)}: ${JSON.stringify(hit.identifiers)}`,
                ),
              );
            }
            const fields = (hit?.relevance as Row | undefined)?.matched_fields;
            if (hit && field.title === 'assetKey' && Array.isArray(fields) && !fields.includes('asset_key')) {
              found.push(
                violation(
                  'ASRCH-052',
                  '/assets',
                  `matched_fields ${JSON.stringify(fields)} lacks asset_key for q=${JSON.stringify(value)}`,
                  'warning',
                ),
              );
            }
            expect(found).toHaveNoViolations(body);
          }),
          {
            seed: targetOptions.seed,
            numRuns: paidRuns(Math.min(25, cases.length)),
            // The edges of the values besides random ones (round-36 bug: a one-letter ticker matched nothing, the
            // longer ones did): the shortest and the longest value of the field, off a budget.
            examples: thrifty() ? [] : edgeCases(cases).map((c) => [c] as [(typeof cases)[number]]),
            endOnFailure: true,
          },
        );
      },
    );
  }

  test(
    'material_only=true filters q mode: a subset of the same q without it, its material Assets and only those',
    { ...ruleDetails('ASRCH-035', 'ASRCH-030', 'ASRCH-033', 'ASRCH-014', 'ASRCH-020', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      // Each Asset's materiality from its hydrated answer (reference mode), so a q naming one Asset that is not
      // material is a case of the filter: round-34 bug, material_only dropped beside a named q term (q=* kept it),
      // where the plain answer's subset is the whole answer.
      const hydrated = await hydrate(paid, assetIds({ assets: all }), targetOptions.siteUrl);
      const materialOf = (id: string): boolean | undefined => {
        const a = hydrated.get(id);
        return a ? isMaterialAsset(a) : undefined;
      };
      const named = (a: Row) => [String(a.name), String(a.assetKey)];
      const notMaterial = all.filter((a) => materialOf(String(a.id)) === false).slice(0, 2);
      const material = all.filter((a) => materialOf(String(a.id)) === true).slice(0, 1);
      const qs = [
        ...new Set([
          '*',
          String(all[0]!.name),
          ...all.slice(1, 4).map((a) => String(a.assetKey)),
          ...[...notMaterial, ...material].flatMap(named),
        ]),
      ];
      const found: Violation[] = [];
      let dropped = 0;
      let kept = 0;
      for (const q of qs) {
        const plain = await search(paid, { mode: 'q', q }, targetOptions.siteUrl);
        const filtered = await search(paid, { mode: 'q', q, materialOnly: true }, targetOptions.siteUrl);
        found.push(
          ...checkContainsAssets(
            assetIds(plain),
            assetIds(filtered),
            'ASRCH-035',
            '/assets',
            `q=${JSON.stringify(q)}&material_only=true returned Assets the plain q did not`,
          ),
        );
        const shown = new Set(assetIds(filtered));
        for (const id of assetIds(plain)) {
          const isMaterial = materialOf(id);
          if (isMaterial === false) {
            dropped++;
            if (shown.has(id))
              found.push(
                violation('ASRCH-030', `/assets/${id}`, `q=${JSON.stringify(q)}&material_only=true kept an Asset that is not material`),
              );
          } else if (isMaterial === true) {
            kept++;
            if (!shown.has(id))
              found.push(
                violation(
                  'ASRCH-033',
                  `/assets/${id}`,
                  `q=${JSON.stringify(q)}&material_only=true dropped a material Asset the plain q lists`,
                ),
              );
          }
        }
      }
      judged('ASRCH-030', dropped, 'an Asset that is not material, listed by a plain q', OP);
      judged('ASRCH-033', kept, 'a material Asset listed by a plain q', OP);
      expect(found).toHaveNoViolations();
    },
  );
});

test.describe('asset search: reference mode', () => {
  const kinds: { title: string; ruleId: string; values: (a: Row) => string[] }[] = [
    { title: 'UUID', ruleId: 'ASRCH-070', values: (a) => [String(a.id)] },
    { title: 'assetKey', ruleId: 'ASRCH-071', values: (a) => [String(a.assetKey)] },
    { title: 'identifier value', ruleId: 'ASRCH-072', values: (a) => identifiersOf(a).map((i) => i.value) },
  ];
  test(
    'a reference equal to an Asset UUID, assetKey or identifier value returns that Asset',
    {
      ...ruleDetails(
        'ASRCH-070',
        'ASRCH-071',
        'ASRCH-072',
        'ASRCH-046',
        'ASRCH-014',
        'ASRCH-114',
        ...REFERENCE_ANSWER_RULES,
        ...contractRules(OP),
      ),
    },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      for (const kind of kinds) {
        const cases = all.flatMap((a) =>
          kind
            .values(a)
            .filter((v) => v.length >= 1)
            .map((v) => ({ asset: a, value: v })),
        );
        if (!cases.length) {
          withdrawRules(kind.ruleId === 'ASRCH-072' ? ['ASRCH-072', 'ASRCH-046'] : [kind.ruleId], `no Asset has a ${kind.title}`);
          continue;
        }
        // One value of each punctuation the values carry ("/", ".", "-", a space, none...) goes first (round-9 bug: a
        // reference holding "/" cut to its last segment, EUR/USD read as USD): each form of value, not a sample of the
        // commonest; then seeded random ones.
        // A leading zero or a decimal part ending in zero is a form of its own (suites/support/value-forms.ts), and so is
        // each mix of character classes (round-41 bug: an assetKey holding a digit, us-10y, was not looked up as a key
        // while us-cpi was).
        const eachForm = oneOfEachForm(
          cases,
          (c) => c.value,
          (c) => formOf(c.value, { classes: true }),
        );
        await test.step(`by ${kind.title}`, () =>
          assertProperty(
            fc.asyncProperty(fc.constantFrom(...cases), async ({ asset, value }) => {
              const body = await search(paid, { mode: 'reference', references: [value] }, targetOptions.siteUrl);
              const hit = findAsset(body, String(asset.id));
              const found: Violation[] = hit
                ? []
                : [violation(kind.ruleId, '/assets', `reference=${JSON.stringify(value)} did not return ${String(asset.assetKey)}`)];
              if (hit && kind.ruleId === 'ASRCH-072' && !identifiersOf(hit).some((i) => i.value === value)) {
                found.push(violation('ASRCH-046', '/assets', `no identifier with the byte-identical value ${JSON.stringify(value)}`));
              }
              expect(found).toHaveNoViolations(body);
            }),
            {
              seed: targetOptions.seed,
              numRuns: paidRuns(Math.min(10, cases.length)) + (thrifty() ? 0 : eachForm.length),
              examples: thrifty() ? [] : eachForm.map((c) => [c] as [(typeof cases)[number]]),
              endOnFailure: true,
            },
          ));
        // The same form beside a filter the Asset passes (round-10 bug: a UUID reference lost once asset_type or platform
        // came with it): its own type, one of its own platforms; the Asset is still returned.
        const { asset, value } = eachForm[0] ?? cases[0]!;
        const own = identifiersOf(asset)[0]?.platform;
        for (const filter of [{ assetType: String(asset.asset_type) }, ...(own ? [{ platform: own }] : [])] as Partial<SearchRequest>[])
          await test.step(`by ${kind.title} beside ${JSON.stringify(filter)}`, async () => {
            const body = await searchFiltered(paid, { mode: 'reference', references: [value], ...filter }, targetOptions.siteUrl);
            if (!body) return;
            expect(
              findAsset(body, String(asset.id))
                ? []
                : [
                    violation(
                      kind.ruleId,
                      '/assets',
                      `reference=${JSON.stringify(value)} beside ${JSON.stringify(filter)} did not return ${String(asset.assetKey)}, which passes it`,
                    ),
                  ],
            ).toHaveNoViolations(body);
          });
      }
    },
  );

  test(
    "identifier keys (gap ASRCH-100): each platform's identifiers in the stub's two key forms",
    { ...ruleDetails('ASRCH-100', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      // The form of an AssetIdentifier key is not shown: the stub's (platform:kind:value, and platform:value) is observed
      // for one identifier of every platform, one reference per call, never judged (round-45 bug: venue_a_perps keys
      // read as venue_a marketKeys matched nothing, while other platforms' keys matched). A platform named like a venue
      // key, or a value holding ':', would read as a marketKey or another key form: left out.
      observing('ASRCH-100');
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const venues = new Set(venueKeys());
      const byPlatform = new Map<string, { asset: Row; key: string }[]>();
      for (const a of all)
        for (const i of identifiersOf(a)) {
          if (byPlatform.has(i.platform) || venues.has(i.platform.toLowerCase()) || i.value.includes(':')) continue;
          byPlatform.set(i.platform, [
            { asset: a, key: `${i.platform}:${i.kind}:${i.value}` },
            { asset: a, key: `${i.platform}:${i.value}` },
          ]);
        }
      const platforms = [...byPlatform.keys()].sort().slice(0, thrifty() ? 2 : Infinity);
      for (const platform of platforms)
        await test.step(`platform ${platform}`, async () => {
          for (const { asset, key } of byPlatform.get(platform)!) {
            const res = await call(paid, paramsOf({ mode: 'reference', references: [key] }));
            const body = res.status() === 200 ? ((await res.json()) as Row) : undefined;
            observeChoice(
              'ASRCH-100',
              body !== undefined && findAsset(body, String(asset.id)) !== undefined,
              `reference=${key} answered ${res.status()}${body ? `, ${findAsset(body, String(asset.id)) ? 'with' : 'without'} ${String(asset.assetKey)}` : ''}`,
            );
          }
        });
    },
  );

  test(
    'several references return the union of their matches, references deduplicated',
    { ...ruleDetails('ASRCH-076', 'ASRCH-012', 'ASRCH-013', 'ASRCH-011', 'ASRCH-101', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      test.skip(all.length < 2, 'needs two Assets');
      await assertProperty(
        fc.asyncProperty(fc.integer({ min: 0, max: all.length - 1 }), fc.integer({ min: 0, max: all.length - 1 }), async (i, j) => {
          fc.pre(i !== j);
          const a = all[i]!;
          const b = all[j]!;
          // First occurrences out of code-unit order, so the echo's order shows its choice (gap ASRCH-101).
          const [x, y] = [String(a.id), String(b.assetKey)].sort().reverse() as [string, string];
          const references = [x, y, x];
          const body = await search(paid, { mode: 'reference', references }, targetOptions.siteUrl);
          expect(
            checkContainsAssets(
              assetIds(body),
              [String(a.id), String(b.id)],
              'ASRCH-076',
              '/assets',
              `references ${JSON.stringify(references)}`,
            ),
          ).toHaveNoViolations(body);
        }),
        { seed: targetOptions.seed, numRuns: paidRuns(10), endOnFailure: true },
      );
      await test.step("references of two kinds in one list, each first: an Asset's key and another Asset's market's marketKey", async () => {
        // Round-19 bug: the first reference decided how the whole list was looked up (as Assets or as markets), so the
        // other kind was skipped. Each reference kind is a form the row states (ASRCH-071, ASRCH-073); together, a union.
        const hydrated = await hydrate(paid, assetIds({ assets: all }), targetOptions.siteUrl);
        const withMarket = [...hydrated.values()].find((h) =>
          ((h.linked_markets ?? []) as Row[]).some((m) => typeof m.marketKey === 'string'),
        );
        const other = withMarket && all.find((a) => String(a.id) !== String(withMarket.id));
        if (!judged('ASRCH-076', withMarket && other ? 2 : 0, 'a reference list mixing an asset key and a marketKey', OP)) return;
        const marketKey = String(((withMarket!.linked_markets ?? []) as Row[]).find((m) => typeof m.marketKey === 'string')!.marketKey);
        for (const references of [
          [String(other!.assetKey), marketKey],
          [marketKey, String(other!.assetKey)],
        ]) {
          const body = await search(paid, { mode: 'reference', references }, targetOptions.siteUrl);
          expect
            .soft(
              checkContainsAssets(
                assetIds(body),
                [String(other!.id), String(withMarket!.id)],
                'ASRCH-076',
                '/assets',
                `references ${JSON.stringify(references)}`,
              ),
            )
            .toHaveNoViolations(body);
        }
      });
    },
  );

  test(
    'the most references one call takes (50) answer 200 and debit the one price of a call, as a call of each other mode does',
    { ...ruleDetails('BILL-001', ...contractRules(OP)) },
    async ({ api, paid, targetOptions, sharedAnswers, controlPlaneIfAny }) => {
      // Credits are debited per call (aab559504c4d) at the route's one price (ca3f9fbb9b42), however many references
      // it carries up to the bound (Limits rule 4); the debit is read on an account of its own (a control plane).
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      // The directory's Assets first, then references nothing matches, so that a small directory still fills the call.
      const known = assetIds({ assets: all }).slice(0, MAX_REFERENCES);
      const references = [...known, ...Array.from({ length: MAX_REFERENCES - known.length }, (_, i) => `fc-ref-${i}`)];
      const watch = await watchDebits(api, controlPlaneIfAny, paid);
      const res = await call(watch, { reference: references });
      expect(res.status(), `${MAX_REFERENCES} distinct references are within the bound`).toBe(200);
      // Every mode of the route is the same call at the same price (round-24 bug: q=* debited the directory's price):
      // a word, the wildcard, material-only.
      for (const params of [{ q: 'bitcoin' }, { q: '*' }, { material_only: 'true' }] as Params[])
        await test.step(JSON.stringify(params), () => call(watch, params));
    },
  );

  test(
    'reference matching is exact: a strict prefix of an assetKey does not return the Asset',
    { ...ruleDetails('ASRCH-075', 'ASRCH-108', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const hydrated = await hydrate(paid, assetIds({ assets: all }), targetOptions.siteUrl);
      const cases = all.flatMap((a) => {
        const key = String(a.assetKey);
        const prefix = key.slice(0, -1);
        const h = hydrated.get(String(a.id));
        const identities = [
          String(a.id),
          key,
          String(a.name),
          String(a.ticker),
          ...identifiersOf(a).flatMap((i) => [i.value, `${i.platform}:${i.value}`, `${i.platform}:${i.kind}:${i.value}`]),
          ...((h?.linked_markets ?? []) as Row[]).flatMap((m) => [String(m.marketKey), String(m.nativeMarketId)]),
        ];
        return prefix.length >= 2 && !identities.includes(prefix) ? [{ asset: a, prefix }] : [];
      });
      test.skip(cases.length === 0, 'no assetKey long enough to cut');
      await assertProperty(
        fc.asyncProperty(fc.constantFrom(...cases), async ({ asset, prefix }) => {
          const req: SearchRequest = { mode: 'reference', references: [prefix] };
          const res = await call(paid, paramsOf(req));
          // References matching nothing: 200 with no Asset is the stub's choice, 404 another (gap ASRCH-108).
          if (res.status() === 404) {
            observeChoice('ASRCH-108', false, `reference=${JSON.stringify(prefix)} matching nothing answered 404`);
            return;
          }
          expect(res.status(), `reference=${JSON.stringify(prefix)} answers 200, or 404 for no match (ASRCH-075)`).toBe(200);
          const body = (await res.json()) as Row;
          expect(checkAssetSearch(body, req, { siteUrl: targetOptions.siteUrl })).toHaveNoViolations(body);
          if (assetIds(body).length === 0) observeChoice('ASRCH-108', true, 'references matching nothing answered 200 with no Asset');
          const found = findAsset(body, String(asset.id))
            ? [
                violation(
                  'ASRCH-075',
                  '/assets',
                  `reference=${JSON.stringify(prefix)} (a strict prefix of ${String(asset.assetKey)}) returned that Asset`,
                ),
              ]
            : [];
          expect(found).toHaveNoViolations(body);
        }),
        { seed: targetOptions.seed, numRuns: paidRuns(Math.min(25, cases.length)), endOnFailure: true },
      );
    },
  );

  test(
    'every hydrated linked market of every Asset passes the market-item and linked-market rules',
    {
      ...ruleDetails(
        'ASRCH-025',
        'ASRCH-026',
        'ASRCH-027',
        'ASRCH-028',
        'ASRCH-029',
        'ASRCH-051',
        'ASRCH-103',
        'ASRCH-112',
        'ASRCH-118',
        // judged on every hydration against this worker's earlier answers (suites/support/answer-checks.ts)
        'ASRCH-119',
        ...REFERENCE_ANSWER_RULES,
        ...contractRules(OP),
      ),
    },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      // A fresh q='*' right before the hydration: each Asset's market_summary in both modes at one time (ASRCH-118;
      // the shared answer may predate forecasts published since). Round-7 bug: q mode counting a narrower window.
      const now = (await search(paid, { mode: 'q', q: '*' }, targetOptions.siteUrl)).assets as Row[];
      // search() checks every linked market of every response row (checkAssetSearch).
      const hydrated = await hydrate(paid, assetIds({ assets: all }), targetOptions.siteUrl);
      let found = judgeWith(CHECKS.checkSummaryAcrossModes, now, [...hydrated.values()], "q='*' vs reference mode");
      if (found.length) {
        // A forecast published during the hydration (another test's job) moves a count: an Asset whose reference-mode
        // summary matches a q='*' taken after it is no verdict; only one matching neither is.
        const after = (await search(paid, { mode: 'q', q: '*' }, targetOptions.siteUrl)).assets as Row[];
        const later = new Set(
          [...hydrated.values()].filter((a) => !runCheck(CHECKS.checkSummaryAcrossModes, [after, [a]]).length).map((a) => String(a.id)),
        );
        found = found.filter((v) => !later.has(v.path.split('/')[2] ?? ''));
      }
      expect.soft(found).toHaveNoViolations();
      const linked = [...hydrated.values()].flatMap((a) => (a.linked_markets ?? []) as Row[]);
      judged('*', linked.length, 'a hydrated linked market');
      // Gap ASRCH-112: the stub orders linked markets by market_updated_at descending, then marketKey.
      const at = (m: Row): number => Date.parse(String(m.market_updated_at));
      const stubOrder = (a: Row, b: Row): number => at(b) - at(a) || (String(a.marketKey) < String(b.marketKey) ? -1 : 1);
      const lists = [...hydrated.values()].map((a) => (a.linked_markets ?? []) as Row[]).filter((l) => l.length > 1);
      if (judged('ASRCH-112', lists.length, 'an Asset with two or more linked markets')) {
        const off = lists.filter((l) => l.some((m, i) => i > 0 && stubOrder(l[i - 1]!, m) > 0));
        observeChoice('ASRCH-112', off.length === 0, `${off.length} of ${lists.length} Asset(s) list linked markets in another order`);
      }
    },
  );

  test(
    "a hydrated linked market's live quote states the source clock the market list states for the same observation",
    { ...ruleDetails('QUOTE-015', ...contractRules(OP, 'listMarkets')) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      // venue_timestamp is the source's clock of one observation (3c8e98610f3d): a linked market's live quote and the
      // same market's row on the market list, when both show one observation (method, observed_at and prices), state
      // one book or trade time (round-25 bug: linked markets stating observed_at as the book's time). Every answer's
      // live quotes are also compared across the worker's answers (suites/support/answer-checks.ts).
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const hydrated = await hydrate(paid, assetIds({ assets: all }).slice(0, MAX_REFERENCES), targetOptions.siteUrl);
      // The market list right after, so that one observation of a market is likely still the current one.
      const res = await paid.get('/api/v1/markets');
      await expect(res).toMatchContract('listMarkets');
      expect(res.status(), 'GET /api/v1/markets answers 200').toBe(200);
      const views: ObservationViews = new Map();
      const found = checkObservationClock(venueQuotesIn(await res.json(), 'GET /api/v1/markets'), views, 'GET /api/v1/markets');
      const mine = venueQuotesIn([...hydrated.values()], OP);
      judged('QUOTE-015', observationInstances(mine, views), 'a linked market quote of an observation the market list showed');
      found.push(...checkObservationClock(mine, views, OP));
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'reference-mode hydration is not capped at 50 markets',
    { ...ruleDetails('ASRCH-024', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const big = all.filter((a) => Number((a.market_summary as Row | undefined)?.active_market_count) > RELATIONSHIP_CAP);
      const what = `an Asset with more than ${RELATIONSHIP_CAP} active markets, returned by reference`;
      if (!big.length) return void judged('ASRCH-024', 0, what);
      const body = await search(
        paid,
        { mode: 'reference', references: big.slice(0, MAX_REFERENCES).map((a) => String(a.id)) },
        targetOptions.siteUrl,
      );
      // Only an Asset the reference answer returns is of the case (its reference matching is ASRCH's other rules').
      const returned = big.filter((a) => findAsset(body, String(a.id)) !== undefined);
      if (!judged('ASRCH-024', returned.length, what)) return;
      const found = returned.flatMap((a) => {
        const n = linkedKeys(findAsset(body, String(a.id))).length;
        return n > RELATIONSHIP_CAP
          ? []
          : [
              violation(
                'ASRCH-024',
                '/assets',
                `${String(a.assetKey)}: ${n} linked markets for ${String((a.market_summary as Row).active_market_count)} active markets`,
              ),
            ];
      });
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'a market of an Asset with more than 51 markets has its sibling refs capped at 50 and flagged truncated',
    { ...ruleDetails('REL-008', 'REL-001', 'REL-002', ...contractRules(OP, 'getForecastAvailability')) },
    async ({ api, paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      // Each market of such an Asset has more than 50 sibling markets through it (two-hop refs via asset).
      const big = all.filter((a) => Number(a.linked_market_count) > RELATIONSHIP_CAP + 1);
      if (!judged('*', big.length, `an Asset with more than ${RELATIONSHIP_CAP + 1} linked markets`)) return;
      const body = await search(paid, { mode: 'reference', references: [String(big[0]!.id)] }, targetOptions.siteUrl);
      const marketKey = linkedKeys(findAsset(body, String(big[0]!.id)))[0];
      if (!judged('*', marketKey === undefined ? 0 : 1, 'a hydrated linked market of an Asset with more than 51 markets')) return;
      const res = await api.get(AVAILABILITY, { params: { market_key: marketKey! } });
      await expect(res).toMatchContract('getForecastAvailability');
      const rel = ((((await res.json()) as Row).market as Row | null)?.relationships ?? null) as Row | null;
      test.skip(rel === null, `forecast-availability does not resolve ${marketKey!}`);
      const siblings = ((rel!.markets ?? []) as Row[]).filter((r) => r.via === 'asset');
      // A target may omit two-hop refs altogether; one that lists them must cap and flag them.
      if (!judged('*', siblings.length, 'a two-hop sibling ref (via asset)')) return;
      const markets = (rel!.markets ?? []) as Row[];
      const truncated = (rel!.truncated as Row | undefined)?.markets;
      const found =
        markets.length === RELATIONSHIP_CAP && truncated === true
          ? []
          : [
              violation(
                'REL-008',
                '/market/relationships/markets',
                `${markets.length} market refs, truncated.markets ${JSON.stringify(truncated)}, although ${String(big[0]!.assetKey)} links ${String(big[0]!.linked_market_count)} markets`,
              ),
            ];
      expect(found).toHaveNoViolations(rel);
    },
  );

  test(
    'a market whose envelope flags a category truncated has it capped at 50 and flagged on each paid read of the market',
    {
      ...ruleDetails('REL-008', ...contractRules('getForecastAvailability', ...MARKET_READS)),
    },
    async ({ api, paid, targetOptions, sharedAnswers }) => {
      // issue 34: REL-008 on every operation carrying the market's envelope, not only on the free lookup. The paid
      // reads' envelopes are judged by the cross-cutting check (suites/support/answer-checks.ts, REL-008 across
      // answers) against the lookup's flag, read first in this worker.
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const big = all.filter((a) => Number(a.linked_market_count) > RELATIONSHIP_CAP + 1);
      test.skip(!big.length, `no instance: no Asset links more than ${RELATIONSHIP_CAP + 1} markets`);
      const body = await search(paid, { mode: 'reference', references: [String(big[0]!.id)] }, targetOptions.siteUrl);
      const keys = linkedKeys(findAsset(body, String(big[0]!.id))).slice(0, 10);
      test.skip(!keys.length, 'no instance: no hydrated linked market of an Asset with more than 51 markets');
      // The free lookups of its linked markets: one that flags a category truncated, with a stored forecast if one has
      // (so the stored forecast read answers 200), else the first that flags one.
      let market: Row | undefined;
      let stored = false;
      for (const key of keys) {
        const res = await api.get(AVAILABILITY, { params: { market_key: key } });
        await expect(res).toMatchContract('getForecastAvailability');
        const answer = (await res.json().catch(() => ({}))) as Row;
        const m = answer.market as Row | null | undefined;
        const truncated = ((m?.relationships as Row | undefined)?.truncated ?? {}) as Row;
        if (!m || !Object.values(truncated).includes(true)) continue;
        if (!market || (!stored && answer.available === true)) [market, stored] = [m, answer.available === true];
        if (stored) break;
      }
      test.skip(!market, `no instance: the lookups of ${keys.length} linked market(s) flag no category of their envelopes truncated`);
      const marketKey = String(market!.marketKey);
      test.skip(!MARKET_READS.every((op) => affordable(targetOptions, op, 1)), 'spend budget too small');
      for (const op of MARKET_READS) {
        const request = await marketRequest(paid, targetOptions.target, op, {
          marketKey: String(market!.marketKey),
          slug: typeof market!.slug === 'string' ? market!.slug : null,
          venue: String(market!.venue),
        });
        if (!request) continue;
        await test.step(`${op} of ${marketKey!}`, async () => {
          await expect(await sendRequest(paid, request)).toMatchContract(op);
        });
      }
    },
  );

  test(
    "a linked market's latest_service_probability and thesis are the ones its stored forecast read shows for the same forecast",
    { ...ruleDetails('ASRCH-117', 'ASRCH-120', 'ASRCH-121', ...contractRules(OP, 'getMarketForecast')) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      // Two routes state one fact (issue 34, round 5): the latest committed forecast's probability. The stored forecast
      // read (FCST-008: it serves the latest) names its current forecast's created_at; where that is the linked market's
      // forecast_at, both speak of one forecast. A refreshed forecast (a non-zero latest_forecast_delta) is tried first:
      // there the previous forecast's probability differs from the latest's.
      test.skip(!affordable(targetOptions, 'getMarketForecast', FORECAST_READS), 'spend budget too small');
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const hydratedFrom = Date.now();
      const clock: { dateMs?: number } = {};
      const hydrated = await hydrate(paid, assetIds({ assets: all }), targetOptions.siteUrl, undefined, clock);
      // Gap ASRCH-121 (round-21 bug: linked markets windowed over 72 hours): the stub's choice is the catalog's default
      // window, so no linked latest_forecast_at is older than 48 hours. Read on the target's clock (its first answer's
      // Date header, whole seconds) with a margin, else on the harness's: a warning at most.
      const windowed = [...hydrated.values()]
        .flatMap((a) => (a.linked_markets ?? []) as Row[])
        .filter((m) => typeof m.latest_forecast_at === 'string');
      if (windowed.length) {
        const edge = (Number.isFinite(clock.dateMs) ? clock.dateMs! : hydratedFrom) - (48 * 3600 + 600) * 1000;
        const older = windowed.filter((m) => Date.parse(String(m.latest_forecast_at)) < edge);
        observeChoice(
          'ASRCH-121',
          older.length === 0,
          `${older.length} of ${windowed.length} linked market(s) show a latest_forecast_at older than 48 hours (e.g. ${String(older[0]?.marketKey)}: ${String(older[0]?.latest_forecast_at)})`,
        );
      }
      const refreshed = (m: Row): boolean => typeof m.latest_forecast_delta === 'number' && m.latest_forecast_delta !== 0;
      const linked = [
        ...new Map(
          [...hydrated.values()]
            .flatMap((a) => (a.linked_markets ?? []) as Row[])
            .filter((m) => typeof m.latest_service_probability === 'number' && typeof m.forecast_at === 'string')
            .map((m) => [String(m.marketKey), m] as const),
        ).values(),
      ];
      // Markets of one event (a strike ladder) first among equals: there a pairing slip between siblings can show.
      const eventOf = (m: Row): string => {
        const ev = m.event as { id?: unknown } | undefined;
        return String(ev?.id ?? m.nativeEventId ?? m.marketKey);
      };
      const siblings = new Map<string, number>();
      for (const m of linked) siblings.set(eventOf(m), (siblings.get(eventOf(m)) ?? 0) + 1);
      linked.sort(
        (a, b) => Number(refreshed(b)) - Number(refreshed(a)) || (siblings.get(eventOf(b)) ?? 0) - (siblings.get(eventOf(a)) ?? 0),
      );
      test.skip(!linked.length, 'no instance: no linked market carries a latest forecast');
      const found: Violation[] = [];
      let compared = 0;
      let theses = 0;
      for (const m of linked) {
        if (compared >= FORECAST_READS) break;
        const request = await marketRequest(paid, targetOptions.target, 'getMarketForecast', {
          marketKey: String(m.marketKey),
          slug: typeof m.slug === 'string' ? m.slug : null,
          venue: String(m.venue),
        });
        if (!request) continue;
        const res = await sendRequest(paid, request);
        await expect(res).toMatchContract('getMarketForecast');
        if (res.status() !== 200) continue;
        const current = currentForecast(await res.json())?.forecast;
        // Another forecast committed since the search (or a read of another shape) is no instance.
        if (typeof current?.created_at !== 'string' || Date.parse(current.created_at) !== Date.parse(String(m.forecast_at))) continue;
        compared++;
        const read = current.probability;
        // The thesis paired with that probability (round-16 bug: a ladder's theses looked up by event, each market
        // showing its first sibling's): where both answers carry one, the same text (ASRCH-120).
        if (typeof current.thesis === 'string' && typeof m.thesis === 'string') {
          theses++;
          if (current.thesis !== m.thesis)
            found.push(
              violation(
                'ASRCH-120',
                `/linked_markets/${String(m.marketKey)}/thesis`,
                `${String(m.marketKey)}: the linked thesis ${JSON.stringify(m.thesis.slice(0, 80))} is not the thesis of the forecast of ${String(m.forecast_at)}, which its stored forecast read shows as ${JSON.stringify(current.thesis.slice(0, 80))}`,
              ),
            );
        }
        if (typeof read !== 'number' || Math.abs(read - (m.latest_service_probability as number)) > PROBABILITY_ROUNDING)
          found.push(
            violation(
              'ASRCH-117',
              `/linked_markets/${String(m.marketKey)}/latest_service_probability`,
              `${String(m.marketKey)}: latest_service_probability ${String(m.latest_service_probability)} for the forecast of ${String(m.forecast_at)}, which its stored forecast read shows with probability ${JSON.stringify(read)}`,
            ),
          );
      }
      judged('ASRCH-117', compared, 'a linked market whose forecast the stored forecast read shows as current (same created_at)', OP);
      judged('ASRCH-120', theses, 'a linked market and its stored forecast read, both with a thesis, speaking of one forecast', OP);
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'every linked market is a direct HAS_MARKET link of its Asset (never AFFECTS)',
    // ASSET-115 is judged on these answers by the cross-cutting checks: each AssetRef availability shows for a linked
    // market names its Asset as the hydrated items do (suites/support/answer-checks.ts).
    { ...ruleDetails('ASRCH-021', 'ASRCH-022', 'ASSET-115', ...contractRules(OP, 'getForecastAvailability')) },
    async ({ api, paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const hydrated = await hydrate(paid, assetIds({ assets: all }), targetOptions.siteUrl);
      const pairs = [...hydrated.values()]
        .flatMap((a) => linkedKeys(a).map((marketKey) => ({ asset: a, marketKey })))
        .slice(0, MAX_EDGE_LOOKUPS);
      test.skip(pairs.length === 0, 'no Asset has a linked market');
      const edges = new Map<string, { ids: string[]; truncated: boolean } | undefined>();
      for (const key of [...new Set(pairs.map((p) => p.marketKey))]) edges.set(key, await edgesOf(api, key));
      const judged = pairs.filter((p) => edges.get(p.marketKey) && !edges.get(p.marketKey)!.truncated);
      test.skip(judged.length === 0, 'forecast-availability resolves none of the linked markets');
      const found = judged.flatMap(({ asset, marketKey }) =>
        edges.get(marketKey)!.ids.includes(String(asset.id))
          ? []
          : [
              violation(
                'ASRCH-021',
                `/assets/${String(asset.assetKey)}/linked_markets`,
                `${marketKey} is not a direct HAS_MARKET market of ${String(asset.assetKey)} per its relationships`,
              ),
            ],
      );
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'a reference by an active market marketKey or native id returns its Assets, with the market hydrated',
    { ...ruleDetails('ASRCH-073', 'ASRCH-074', 'ASRCH-023', 'ASRCH-062', ...contractRules(OP, 'getForecastAvailability')) },
    async ({ api, paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const hydrated = await hydrate(paid, assetIds({ assets: all }), targetOptions.siteUrl);
      const markets = [
        ...new Map(
          [...hydrated.values()].flatMap((a) => ((a.linked_markets ?? []) as Row[]).map((m) => [String(m.marketKey), m] as const)),
        ).values(),
      ];
      test.skip(markets.length === 0, 'no Asset has a linked market');
      await assertProperty(
        fc.asyncProperty(fc.constantFrom(...markets), async (m) => {
          const marketKey = String(m.marketKey);
          const edges = await edgesOf(api, marketKey);
          fc.pre(edges !== undefined && !edges.truncated && edges.ids.length > 0);
          const byKey = await search(paid, { mode: 'reference', references: [marketKey] }, targetOptions.siteUrl);
          const found: Violation[] = checkContainsAssets(assetIds(byKey), edges!.ids, 'ASRCH-073', '/assets', `reference=${marketKey}`);
          for (const id of edges!.ids) {
            const a = findAsset(byKey, id);
            if (a && !linkedKeys(a).includes(marketKey))
              found.push(
                violation(
                  'ASRCH-023',
                  '/assets',
                  `${String(a.assetKey)} was returned for reference=${marketKey} but does not list it in linked_markets`,
                ),
              );
          }
          const byNative = await search(paid, { mode: 'reference', references: [String(m.nativeMarketId)] }, targetOptions.siteUrl);
          found.push(
            ...checkContainsAssets(
              assetIds(byNative),
              edges!.ids,
              'ASRCH-074',
              '/assets',
              `reference=${String(m.nativeMarketId)} (native id of ${marketKey})`,
            ),
          );
          expect(found).toHaveNoViolations(byKey);
        }),
        { seed: targetOptions.seed, numRuns: paidRuns(Math.min(25, markets.length)), endOnFailure: true },
      );
      // The filters apply in this mode too (round-21 bug: asset_type ignored when every reference is a marketKey): a
      // marketKey and a native id beside an asset_type its Assets do not have return none of them (ASRCH-062, checked on
      // every answer with the filter), and beside their own type still return them (ASRCH-073, ASRCH-074).
      const types = [...new Set(all.map((a) => String(a.asset_type)))];
      let filtered = 0;
      let checked = 0;
      for (const m of markets) {
        if (filtered >= 2) break;
        const marketKey = String(m.marketKey);
        const edges = await edgesOf(api, marketKey);
        if (edges === undefined || edges.truncated || edges.ids.length === 0) continue;
        const own = [...new Set(edges.ids.map((id) => all.find((a) => String(a.id) === id)?.asset_type).filter((t) => t != null))];
        const other = types.find((t) => !own.some((o) => String(o).toLowerCase() === t.toLowerCase()));
        if (own.length !== 1 || other === undefined) continue;
        filtered++;
        for (const [ruleId, ref] of [
          ['ASRCH-073', marketKey],
          ['ASRCH-074', String(m.nativeMarketId)],
        ] as const)
          await test.step(`reference=${ref} beside asset_type=${other}, then its own ${String(own[0])}`, async () => {
            // ASRCH-062 is read on a 200 only (its check runs in `answered`); a refusal is gap ASRCH-114, no instance.
            if (await searchFiltered(paid, { mode: 'reference', references: [ref], assetType: other }, targetOptions.siteUrl)) checked++;
            const body = await searchFiltered(
              paid,
              { mode: 'reference', references: [ref], assetType: String(own[0]) },
              targetOptions.siteUrl,
            );
            if (body)
              expect(
                checkContainsAssets(assetIds(body), edges.ids, ruleId, '/assets', `reference=${ref}&asset_type=${String(own[0])}`),
              ).toHaveNoViolations(body);
          });
      }
      judged('ASRCH-062', checked, 'a marketKey or native id reference beside an asset_type its Assets lack', OP);
    },
  );
});

/** An Asset whose linked markets have published signals but none has odds or a forecast probability (ASRCH-031). */
const isSignalOnly = (a: Row): boolean =>
  !isMaterialAsset(a) && ((a.linked_markets ?? []) as Row[]).some((m) => m.has_published_signal === true);

test.describe('asset search: materiality', () => {
  test(
    'material_only=true keeps every qualifying Asset with all its active markets, and only those',
    { ...ruleDetails('ASRCH-030', 'ASRCH-031', 'ASRCH-032', 'ASRCH-033', 'ASRCH-014', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const ids = assetIds({ assets: all });
      const plain = await test.step('hydrate without the flag', () => hydrate(paid, ids, targetOptions.siteUrl));
      const material = await test.step('hydrate with material_only=true', () => hydrate(paid, ids, targetOptions.siteUrl, true));
      const qualifying = [...plain.values()].filter(isMaterialAsset).map((a) => String(a.id));
      judged(
        'ASRCH-031',
        [...plain.values()].filter(isSignalOnly).length,
        'a signal-only Asset (published signals, neither odds nor a forecast probability)',
      );
      judged('ASRCH-030', [...plain.values()].filter((a) => !isMaterialAsset(a)).length, 'an Asset that is not material');
      test.skip(
        qualifying.length === 0 && material.size === 0,
        'no Asset has a linked market with odds or a forecast probability: nothing for material_only to keep',
      );
      const found: Violation[] = checkContainsAssets(
        [...material.keys()],
        qualifying,
        'ASRCH-033',
        '/assets',
        'material_only=true dropped qualifying Assets',
      );
      for (const [id, a] of material) {
        const before = plain.get(id);
        if (!isMaterialAsset(a)) {
          // A published signal alone does not make an Asset material (ASRCH-031); odds or a forecast probability do.
          const signalled =
            Array.isArray(a.linked_markets) &&
            a.linked_markets.some((m: { has_published_signal?: unknown }) => m?.has_published_signal === true);
          found.push(
            violation(
              signalled ? 'ASRCH-031' : 'ASRCH-030',
              `/assets/${String(a.assetKey)}`,
              `kept by material_only=true without a linked market having odds or a forecast probability${signalled ? ' (only published signals)' : ''}`,
            ),
          );
        }
        if (before && JSON.stringify([...linkedKeys(a)].sort()) !== JSON.stringify([...linkedKeys(before)].sort())) {
          found.push(
            violation(
              'ASRCH-032',
              `/assets/${String(a.assetKey)}/linked_markets`,
              `linked markets ${JSON.stringify(linkedKeys(a))} with the flag vs ${JSON.stringify(linkedKeys(before))} without`,
            ),
          );
        }
      }
      expect(found).toHaveNoViolations();
    },
  );

  test(
    'material_only=true alone returns exactly the qualifying Assets of the directory',
    { ...ruleDetails('ASRCH-034', 'ASRCH-004', 'ASRCH-030', 'ASRCH-031', ...contractRules(OP)) },
    async ({ paid, targetOptions, sharedAnswers }) => {
      const all = await directory(paid, targetOptions.siteUrl, sharedAnswers);
      const plain = await hydrate(paid, assetIds({ assets: all }), targetOptions.siteUrl);
      const qualifying = [...plain.values()].filter(isMaterialAsset).map((a) => String(a.id));
      const body = await search(paid, { mode: 'material', materialOnly: true }, targetOptions.siteUrl);
      judged(
        'ASRCH-031',
        [...plain.values()].filter(isSignalOnly).length,
        'a signal-only Asset (published signals, neither odds nor a forecast probability)',
      );
      judged('ASRCH-030', [...plain.values()].filter((a) => !isMaterialAsset(a)).length, 'an Asset that is not material');
      test.skip(
        qualifying.length === 0 && assetIds(body).length === 0,
        'no Asset has a linked market with odds or a forecast probability: nothing for material_only to keep',
      );
      expect(
        checkSameAssetSet(assetIds(body), qualifying, 'ASRCH-034', '/assets', 'material_only=true alone vs the qualifying directory'),
      ).toHaveNoViolations(body);
    },
  );
});
