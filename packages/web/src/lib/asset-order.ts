import { displayAssetName, type Asset } from '@papertrade/domain';

/** The asset search's rule (docs/pages.md, Shell): case-insensitive on name or symbol ("ripple" finds XRP too). */
export function filterAssets(assets: readonly Asset[], query: string): Asset[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...assets];
  return assets.filter(
    (a) =>
      a.symbol.toLowerCase().includes(q) ||
      a.name.toLowerCase().includes(q) ||
      displayAssetName(a.name).toLowerCase().includes(q),
  );
}

export const ASSET_SORTS = {
  listed: 'As listed',
  name: 'Name (A–Z)',
  priceDesc: 'Price (high to low)',
  priceAsc: 'Price (low to high)',
  changeDesc: 'Day change (best first)',
  changeAsc: 'Day change (worst first)',
} as const;
export type AssetSort = keyof typeof ASSET_SORTS;

export function isAssetSort(value: string | null): value is AssetSort {
  return value !== null && Object.hasOwn(ASSET_SORTS, value);
}

const byName = (a: Asset, b: Asset) =>
  displayAssetName(a.name).localeCompare(displayAssetName(b.name));

/** A sorted copy; ties keep the listed order (Array.prototype.sort is stable). */
export function sortAssets(assets: readonly Asset[], sort: AssetSort): Asset[] {
  const copy = [...assets];
  switch (sort) {
    case 'listed':
      return copy;
    case 'name':
      return copy.sort(byName);
    case 'priceDesc':
      return copy.sort((a, b) => b.currentPrice - a.currentPrice);
    case 'priceAsc':
      return copy.sort((a, b) => a.currentPrice - b.currentPrice);
    case 'changeDesc':
      return copy.sort((a, b) => b.dayChangePercentage - a.dayChangePercentage);
    case 'changeAsc':
      return copy.sort((a, b) => a.dayChangePercentage - b.dayChangePercentage);
  }
}
