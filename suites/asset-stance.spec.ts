/**
 * GET /api/v1/assets/stance (getAssetStance): "The asset-level stance is a separate product"
 * (spec "What the service does", rule 3). Its parameters and shape are not shown: the only rule is
 * that the route is served; the stub's choices (gaps ASSET-110..114) are observed, never judged. The
 * Asset is sent under the name the target's served contract gives the required parameter (gap ASSET-110).
 */
import { test, expect, contractRules, judged, ruleDetails } from './support/fixtures.ts';
import type { TargetClient } from './support/client.ts';
import { observeChoice } from './support/choices.ts';
import { servedParameterName } from './support/served-contract.ts';
import { checkStance } from '../checks/assets.ts';
import { violation, type Violation } from '../lib/violation.ts';

const OP = 'getAssetStance';
const PATH = '/api/v1/assets/stance';
type Row = Record<string, unknown>;

/** One known Asset, discovered through asset search (q='*'); SKIPs when the directory is empty. */
async function someAsset(client: TargetClient): Promise<{ id: string; assetKey: string }> {
  const res = await client.get('/api/v1/assets/search', { params: { q: '*' } });
  await expect(res).toMatchContract('searchAssets');
  expect(res.status()).toBe(200);
  const assets = ((await res.json()) as Row).assets as Row[];
  test.skip(!assets.length, "the target's asset directory is empty");
  // The Asset with the most active markets gives the stance the richest basis.
  const best = [...assets].sort(
    (a, b) => Number((b.market_summary as Row).active_market_count) - Number((a.market_summary as Row).active_market_count),
  )[0]!;
  return { id: String(best.id), assetKey: String(best.assetKey) };
}

/** The name the target takes the Asset under (gap ASSET-110: asset is the stub's), from its served contract. */
const assetParam = (client: TargetClient): Promise<string> => servedParameterName(client, OP, 'asset');

test(
  'the stance is served for a known Asset, by assetKey and by UUID',
  { ...ruleDetails('ASSET-007', 'ASSET-110', 'ASSET-112', ...contractRules(OP)) },
  async ({ paid }) => {
    const asset = await someAsset(paid);
    const name = await assetParam(paid);
    observeChoice('ASSET-110', name === 'asset', `the served contract names the Asset parameter ${JSON.stringify(name)}`);
    const found: Violation[] = [];
    for (const ref of [asset.assetKey, asset.id]) {
      await test.step(`${name}=${ref}`, async () => {
        const res = await paid.get(PATH, { params: { [name]: ref } });
        await expect(res).toMatchContract(OP);
        judged('ASSET-007', 1, 'a stance request naming a known Asset');
        const body = (await res.json().catch(() => null)) as Row | null;
        // The parameter name is the stub's choice (gap ASSET-110): a target may reject it with 422.
        if (res.status() === 404 && (body?.error !== 'not_found' || /no route/i.test(String(body?.message)))) {
          found.push(violation('ASSET-007', 'status', `GET ${PATH} answered 404 ${JSON.stringify(body)}: the route is not served`));
        } else if (res.status() === 200) {
          // Gap ASSET-112: the stub's member names; its other details are checked only on that shape.
          const stubShape = body !== null && 'asset' in body && 'stance' in body;
          observeChoice('ASSET-112', stubShape, `members ${JSON.stringify(Object.keys(body ?? {}))}`);
          if (stubShape) found.push(...checkStance(body, asset));
        } else if (res.status() !== 422) {
          found.push(violation('ASSET-110', 'status', `${name}=${ref} answered ${res.status()} (stub choice: 200)`, 'warning'));
        }
      });
    }
    expect(found).toHaveNoViolations();
  },
);

test(
  "the stub's stance parameter choices: missing Asset 422, unknown Asset 404",
  { ...ruleDetails('ASSET-110', 'ASSET-111', ...contractRules(OP)) },
  async ({ paid }) => {
    const name = await assetParam(paid);
    const cases: { params: Record<string, string>; rule: string; status: number }[] = [
      { params: {}, rule: 'ASSET-110', status: 422 },
      { params: { [name]: 'fc-unknown-asset-zz' }, rule: 'ASSET-111', status: 404 },
      { params: { [name]: '00000000-0000-4000-8000-000000000000' }, rule: 'ASSET-111', status: 404 },
    ];
    for (const c of cases) {
      const res = await paid.get(PATH, { params: c.params });
      await expect(res).toMatchContract(OP);
      observeChoice(c.rule, res.status() === c.status, `${JSON.stringify(c.params)} answered ${res.status()} (stub choice: ${c.status})`);
    }
  },
);
