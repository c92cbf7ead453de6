import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryWindows, voteScores, windowVotes } from '@myeai/db';
import { trackRecordPaths } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { pairIds } from '../../trading/__tests__/trading-helpers.ts';

/**
 * Decision 077: the consensus's track record of a pair is served from memory until a write of a
 * table it is built from, by any path (here plain SQL), and a write of another table keeps it.
 * The probe: the calibration counts the votes' stated confidence (window_votes, not a table the
 * record follows), so a confidence changed by SQL shows only once a followed table changes.
 */
describe.each(testDatabaseKinds())('the track record cache on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  type Record = { summary: { scored: number }; calibration: { votes: number; mean_confidence: number | null }[] };
  const record = async (pair: { assetId: string; timeframeId: string }): Promise<Record> => {
    const response = await t.inject({ method: 'GET', url: `${trackRecordPaths.consensus}?asset_id=${pair.assetId}&timeframe_id=${pair.timeframeId}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('keeps a record until a score changes, and through writes of tables it does not follow', async () => {
    const pair = await pairIds(t, 'EUR/USD', 'H1');
    const first = await record(pair);
    expect(first.summary.scored, 'the demo scores EUR/USD H1 calls').toBeGreaterThan(0);
    expect(first.calibration.length).toBeGreaterThan(0);

    const windows = await t.database.db.select({ id: entryWindows.id }).from(entryWindows).where(sql`${entryWindows.assetId} = ${pair.assetId} and ${entryWindows.timeframeId} = ${pair.timeframeId}`);
    await t.database.db.update(windowVotes).set({ confidence: 100 }).where(inArray(windowVotes.windowId, windows.map((row) => row.id)));
    expect(await record(pair), 'window_votes is not followed: the cached record is served').toEqual(first);

    await t.database.db.execute(sql`update ${voteScores} set outcome = outcome where vote_id in (select id from ${windowVotes} where window_id in (select id from ${entryWindows} where asset_id = ${pair.assetId}))`);
    const after = await record(pair);
    expect(after.summary).toEqual(first.summary);
    // Rebuilt after a vote_scores write: the same votes, every one now stating 100.
    const votes = (bins: Record['calibration']) => bins.reduce((sum, bin) => sum + bin.votes, 0);
    expect(votes(after.calibration)).toBe(votes(first.calibration));
    expect(after.calibration.filter((bin) => bin.votes > 0).map((bin) => bin.mean_confidence)).toEqual([100]);
  });
});
