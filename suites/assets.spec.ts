/**
 * GET /api/v1/assets (listAssets): the complete, metadata-only Asset directory (family ASSET).
 * Its shape is not shown (gap ASSET-100): the entries are found by their documented members (an
 * Asset's id and assetKey) wherever the target put them, and the rules checked here hold for any
 * shape: no linked markets, no forecasts, each Asset once, complete against asset search, identifiers
 * byte-identical. The stub's shape and order (gaps ASSET-100, ASSET-102) are observed, never judged.
 */
import type { APIResponse } from '@playwright/test';
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import type { TargetClient } from './support/client.ts';
import { observeChoice } from './support/choices.ts';
import { directoryEntries } from './support/market-lists.ts';
import { assetIds, assetSightings, checkContainsAssets, checkDirectory, checkDirectoryMatchesSearch } from '../checks/assets.ts';
import { readFeed } from './support/feed.ts';
import { violation } from '../lib/violation.ts';

const OP = 'listAssets';
type Row = Record<string, unknown>;
/** Availability answers (a free route) read for the feed's Asset-linked markets in the ASSET-001 test. */
const AVAILABILITY_READS = 10;
const rec = (v: unknown): Row | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : undefined);
const rows = (v: unknown): Row[] => (Array.isArray(v) ? v.filter((x): x is Row => rec(x) !== undefined) : []);

/** The directory; every answer is checked against the contract and must be 200. */
async function listAssets(client: TargetClient): Promise<Row> {
  const res: APIResponse = await client.get('/api/v1/assets');
  await expect(res).toMatchContract(OP);
  expect(res.status(), 'GET /api/v1/assets answers 200 (ASSET-001)').toBe(200);
  return (await res.json()) as Row;
}

/** q='*' (the unfiltered directory through search) and material_only=true alone. */
async function searchBodies(client: TargetClient): Promise<Row[]> {
  const out: Row[] = [];
  for (const params of [{ q: '*' }, { material_only: true }]) {
    const res = await client.get('/api/v1/assets/search', { params });
    await expect(res).toMatchContract('searchAssets');
    expect(res.status()).toBe(200);
    out.push((await res.json()) as Row);
  }
  return out;
}

/**
 * The directory's Asset entries, or undefined when it lists none in a recognisable shape: the test's
 * rules are then NOT_RUN with the reason (judged '*' 0) and the caller ends the test.
 */
function entries(dir: Row): Row[] | undefined {
  const found = directoryEntries(dir)?.value;
  if (!found?.length) judged('*', 0, 'an Asset entry of the directory (an object with id and assetKey)');
  return found?.length ? found : undefined;
}

test(
  'the directory is metadata-only: no linked markets, no forecasts, each Asset once',
  { ...ruleDetails('ASSET-002', 'ASSET-003', 'ASSET-004', 'ASSET-006', 'ASSET-100', 'ASSET-102', ...contractRules(OP)) },
  async ({ paid }) => {
    const dir = await listAssets(paid);
    const rows = entries(dir);
    if (!rows) return;
    // The key scan (ASSET-002, -003) runs on any shape; uniqueness runs on the entries found.
    expect(checkDirectory(dir, rows)).toHaveNoViolations(dir);
    observeChoice('ASSET-100', directoryEntries(dir)?.pointer === '/assets', `entries at ${directoryEntries(dir)?.pointer}`);
    const keys = rows.map((a) => String(a.assetKey));
    const out = keys.findIndex((k, i) => i > 0 && keys[i - 1]! > k);
    observeChoice('ASSET-102', out < 0, `entry ${out} (${keys[out]}) comes after ${keys[out - 1]} (stub: assetKey ascending)`);
  },
);

test(
  'the directory is complete: every Asset asset search returns, and every Asset an AssetRef names, is listed',
  { ...ruleDetails('ASSET-001', ...contractRules(OP, 'searchAssets', 'getLatest', 'getForecastAvailability')) },
  async ({ paid, sharedAnswers }) => {
    const dir = entries(await listAssets(paid));
    if (!dir) return;
    const listed = assetIds({ assets: dir });
    const searched = await searchBodies(paid);
    // The matrix's pairs: the directory judged, and each Asset the two searches returned judged against it.
    judged('ASSET-001', listed.length, 'a directory entry (an object with id and assetKey)', OP);
    judged('ASSET-001', searched.flatMap((body) => assetIds(body)).length, 'an Asset asset search returns', 'searchAssets');
    const found = searched.flatMap((body, i) =>
      checkContainsAssets(
        listed,
        assetIds(body),
        'ASSET-001',
        '/assets',
        `${i === 0 ? "q='*'" : 'material_only=true'} returned Assets the directory lacks`,
      ),
    );
    expect(searched[0]!.assets as Row[]).not.toHaveLength(0);
    // Complete means every Asset an answer names too: each AssetRef's id (of the feed's envelopes, and of the
    // availability answers of the feed's Asset-linked markets, free) is a listed Asset's (round-37 bug: availability's
    // two-hop AssetRefs carried the id of their HAS_MARKET edge).
    await test.step('every AssetRef of the feed and of availability names a listed Asset', async () => {
      const { res, body } = await readFeed(paid, { hours: 6, types: 'forecast' }, sharedAnswers);
      await expect(res).toMatchContract('getLatest');
      const answers: { op: string; what: string; body: unknown }[] = body ? [{ op: 'getLatest', what: 'the latest feed', body }] : [];
      const linked = (body?.events ?? []).filter((e) => rows(rec(rec(e.market)?.relationships)?.assets).length > 0);
      const markets = [...new Set(linked.map((e) => String(rec(e.market)?.marketKey)))].slice(0, AVAILABILITY_READS);
      for (const key of markets) {
        const a = await paid.withKey(undefined).get('/api/public/forecast-availability', { params: { market_key: key } });
        await expect(a).toMatchContract('getForecastAvailability');
        if (a.status() === 200) answers.push({ op: 'getForecastAvailability', what: `availability of ${key}`, body: await a.json() });
      }
      const names = new Set(listed);
      for (const { op, what, body: b } of answers) {
        const refs = assetSightings(b);
        judged('ASSET-001', refs.length, 'an Asset an answer names (an object with id and assetKey)', op);
        const unlisted = refs.filter((r) => !names.has(r.key));
        if (unlisted.length)
          found.push(
            violation(
              'ASSET-001',
              unlisted[0]!.path,
              `${what} names Asset id(s) the directory lacks: ${unlisted
                .slice(0, 3)
                .map((r) => `${r.key} (${r.members.assetKey ?? '?'} at ${r.path})`)
                .join(', ')}`,
            ),
          );
      }
    });
    expect(found).toHaveNoViolations();
  },
);

test(
  'identifier values are byte-identical in the directory and in asset search',
  { ...ruleDetails('ASSET-005', ...contractRules(OP, 'searchAssets')) },
  async ({ paid }) => {
    const rows = entries(await listAssets(paid));
    if (!rows) return;
    if (
      !judged(
        'ASSET-005',
        rows.filter((a) => Array.isArray(a.identifiers)).length,
        'a directory entry carrying identifiers (gap ASSET-100)',
      )
    )
      return;
    const [star] = await searchBodies(paid);
    expect((star!.assets as Row[]).length).toBeGreaterThan(0);
    expect(checkDirectoryMatchesSearch({ assets: rows }, star)).toHaveNoViolations(star);
  },
);
