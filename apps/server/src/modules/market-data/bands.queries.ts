import { and, eq, ne, sql } from 'drizzle-orm';
import { marketNeutralBands, tradingAssets, tradingTimeframes, windowScores, type DbOrTx } from '@myeai/db';
import { bandKey } from '@myeai/domain';

/** The admin's band overrides, keyed by asset class and timeframe id (bandKey). */
export async function selectBandOverrides(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ assetClass: marketNeutralBands.assetClass, timeframeId: marketNeutralBands.timeframeId, bandBps: marketNeutralBands.bandBps }).from(marketNeutralBands);
  return new Map(rows.map((row) => [bandKey(row.assetClass, row.timeframeId), row.bandBps]));
}

export async function selectBandRows(db: DbOrTx) {
  return db.select().from(marketNeutralBands);
}

export async function selectTimeframes(db: DbOrTx) {
  return db.select({ id: tradingTimeframes.id, code: tradingTimeframes.code, label: tradingTimeframes.label, minutes: tradingTimeframes.minutes }).from(tradingTimeframes).orderBy(tradingTimeframes.minutes);
}

export async function upsertBand(db: DbOrTx, row: { assetClass: string; timeframeId: string; bandBps: number; updatedAt: Date }): Promise<void> {
  await db
    .insert(marketNeutralBands)
    .values(row)
    .onConflictDoUpdate({ target: [marketNeutralBands.assetClass, marketNeutralBands.timeframeId], set: { bandBps: sql`excluded.band_bps`, updatedAt: sql`excluded.updated_at` } });
}

export async function deleteBand(db: DbOrTx, assetClass: string, timeframeId: string): Promise<void> {
  await db.delete(marketNeutralBands).where(and(eq(marketNeutralBands.assetClass, assetClass), eq(marketNeutralBands.timeframeId, timeframeId)));
}

/**
 * The scored windows of an asset class on a timeframe whose stored score used another band than
 * `bandBps`: exactly what a change of that band re-scores.
 */
export async function selectWindowsScoredWithOtherBand(db: DbOrTx, assetClass: string, timeframeId: string, bandBps: number): Promise<string[]> {
  const rows = await db
    .select({ id: windowScores.windowId })
    .from(windowScores)
    .innerJoin(tradingAssets, eq(tradingAssets.id, windowScores.assetId))
    .where(and(eq(tradingAssets.assetClass, assetClass), eq(windowScores.timeframeId, timeframeId), ne(windowScores.bandBps, bandBps)));
  return rows.map((row) => row.id);
}
