import type { DbOrTx } from '@myeai/db';
import { ASSET_CLASSES, AppError, bandKey, defaultNeutralBandBps, type NeutralBands, type NeutralBandsInput } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteBand, selectBandRows, selectTimeframes, selectWindowsScoredWithOtherBand, upsertBand } from './bands.queries.ts';
import { scoreWindows, type RescoreCount } from './scoring.service.ts';

export const BAND_MESSAGES = {
  unknownTimeframe: 'No timeframe with this id.',
  repeated: 'The same asset class and timeframe is listed twice.',
} as const;

/** Every asset class x timeframe with the band in force, its default, and whether the admin set it. */
export async function getNeutralBands(db: DbOrTx, rescored: RescoreCount = { windows: 0, votes: 0 }): Promise<NeutralBands> {
  const [timeframes, rows] = await Promise.all([selectTimeframes(db), selectBandRows(db)]);
  const stored = new Map(rows.map((row) => [bandKey(row.assetClass, row.timeframeId), row]));
  return {
    bands: ASSET_CLASSES.flatMap((assetClass) =>
      timeframes.map((timeframe) => {
        const row = stored.get(bandKey(assetClass, timeframe.id));
        const defaultBps = defaultNeutralBandBps(assetClass, timeframe.minutes);
        return { asset_class: assetClass, timeframe, band_bps: row?.bandBps ?? defaultBps, default_bps: defaultBps, custom: row !== undefined, updated_at: row?.updatedAt.toISOString() ?? null };
      }),
    ),
    rescored,
  };
}

/**
 * Sets bands (decision 071): a band equal to the default clears the override. Only bands that
 * change are written, each audited (`market.band.update`, before and after), and exactly the
 * stored scores of the changed asset classes and timeframes that used another band are re-scored
 * (the band used is stored with each score; scoreWindows writes only the scores that differ). The same bands again change
 * nothing, audit nothing and re-score nothing.
 */
export async function saveNeutralBands(db: DbOrTx, clock: Clock, actorId: string, input: NeutralBandsInput): Promise<NeutralBands> {
  const seen = new Set<string>();
  for (const band of input.bands) {
    const key = bandKey(band.asset_class, band.timeframe_id);
    if (seen.has(key)) throw new AppError('VALIDATION', BAND_MESSAGES.repeated, [{ path: 'bands', message: BAND_MESSAGES.repeated }]);
    seen.add(key);
  }
  const rescored = await db.transaction(async (tx) => {
    const timeframes = new Map((await selectTimeframes(tx)).map((timeframe) => [timeframe.id, timeframe]));
    const current = await getNeutralBands(tx);
    const inForce = new Map(current.bands.map((band) => [bandKey(band.asset_class, band.timeframe.id), band]));
    const now = clock.now();
    const changed: { assetClass: string; timeframeId: string; bandBps: number }[] = [];
    for (const band of input.bands) {
      const timeframe = timeframes.get(band.timeframe_id);
      if (!timeframe) throw new AppError('VALIDATION', BAND_MESSAGES.unknownTimeframe, [{ path: 'timeframe_id', message: BAND_MESSAGES.unknownTimeframe }]);
      const before = inForce.get(bandKey(band.asset_class, band.timeframe_id))!;
      const isDefault = band.band_bps === before.default_bps;
      if (band.band_bps === before.band_bps && isDefault === !before.custom) continue;
      if (isDefault) await deleteBand(tx, band.asset_class, band.timeframe_id);
      else await upsertBand(tx, { assetClass: band.asset_class, timeframeId: band.timeframe_id, bandBps: band.band_bps, updatedAt: now });
      await recordAudit(tx, clock, {
        actorId,
        action: 'market.band.update',
        target: `${band.asset_class} ${timeframe.code}`,
        details: { before_bps: before.band_bps, after_bps: band.band_bps, default_bps: before.default_bps },
      });
      if (band.band_bps !== before.band_bps) changed.push({ assetClass: band.asset_class, timeframeId: band.timeframe_id, bandBps: band.band_bps });
    }
    const windowIds: string[] = [];
    for (const change of changed) windowIds.push(...(await selectWindowsScoredWithOtherBand(tx, change.assetClass, change.timeframeId, change.bandBps)));
    return scoreWindows(tx, clock, windowIds);
  });
  return getNeutralBands(db, rescored);
}
