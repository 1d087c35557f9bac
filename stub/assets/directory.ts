/** The asset metadata shared by the directory (listAssets) and search items (searchAssets). */
import type { Asset } from '../data/index.ts';
import type { components } from '../../contract/openapi-types.ts';

/**
 * The metadata fields of spec "Asset search item" (id..identifiers), keys in the spec's order: the type
 * generated from contract/openapi.yaml.
 */
export type AssetDirectoryItem = Pick<
  components['schemas']['AssetSearchItem'],
  'id' | 'assetKey' | 'name' | 'ticker' | 'asset_type' | 'aliases' | 'identifiers'
>;

/**
 * An asset's metadata: the whole listAssets entry (no linked markets or forecasts, ASSET-002, -003)
 * and the head of a searchAssets item. Arrays are copied so no caller shares the store's.
 */
export function assetDirectoryItem(a: Asset): AssetDirectoryItem {
  return {
    id: a.id,
    assetKey: a.assetKey,
    name: a.name,
    ticker: a.ticker,
    asset_type: a.assetType,
    aliases: [...a.aliases],
    identifiers: a.identifiers.map((i) => ({ platform: i.platform, kind: i.kind, value: i.value })),
  };
}
