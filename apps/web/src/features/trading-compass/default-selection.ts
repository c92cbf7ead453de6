import type { SentimentGrid } from '@myeai/domain';

export type PairSelection = { assetId: string; timeframeId: string };

/**
 * On load the first asset and the third timeframe are selected (spec 3 section 2.1) when the user
 * may open that cell; otherwise the first cell they may open (a preview's premium H1, an asset
 * outside a plan's pick), so nobody lands on a locked card.
 */
export function defaultSelection(grid: SentimentGrid): PairSelection | null {
  const asset = grid.assets[0];
  const timeframe = grid.timeframes[2] ?? grid.timeframes.at(-1);
  if (!asset || !timeframe) return null;
  const open = (assetId: string, timeframeId: string) => grid.grid[assetId]?.[timeframeId]?.locked === false;
  if (open(asset.id, timeframe.id)) return { assetId: asset.id, timeframeId: timeframe.id };
  for (const row of grid.assets) {
    const first = grid.timeframes.find((candidate) => open(row.id, candidate.id));
    if (first) return { assetId: row.id, timeframeId: first.id };
  }
  return { assetId: asset.id, timeframeId: timeframe.id };
}
