import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traders, tradingSettings } from '@myeai/db';
import { SentimentGridSchema, type SentimentGrid } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { GRID_TABLES } from '../grid-cache.ts';
import { LEARNING_CATALOGUE_TABLES, LEARNING_FIGURES_TABLES } from '../../learning/index.ts';
import { TRACK_RECORD_TABLES } from '../../market-data/index.ts';
import { castVote, openWindow } from '../windows.service.ts';
import { pairIds } from './trading-helpers.ts';

/**
 * The compass grid cache follows the change feed (decision 031): a write of a table the grid
 * reads empties it whatever made the write (a service called outside any request, an admin
 * change, plain SQL), and a write of any other table keeps it. No handler says "invalidate".
 */
describe.each(testDatabaseKinds())('the compass grid cache on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  /** A script's SQL: the confirmation threshold stored, the settings row made if missing. */
  const setConfirmation = (app: TestApp, threshold: number) =>
    app.database.db.execute(sql`
      insert into trading_settings (id, consensus_mode, confirmation_threshold, exit_threshold, submission_window_start, submission_window_end,
        submission_time_zone, max_consensus_size, performance_weight_enabled, asset_specialization_enabled, updated_at)
      values (1, 'fixed', ${threshold}, 45, '06:00', '08:00', 'America/New_York', 13, false, false, now())
      on conflict (id) do update set confirmation_threshold = ${threshold}`);

  /** The admin's grid; with `etag`, 304 means the cached grid was served as it was. */
  const grid = async (etag?: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: admin, headers: etag ? { 'if-none-match': etag } : {} });
    if (response.statusCode === 304) return { notModified: true as const, etag: etag! };
    expect(response.statusCode, response.body).toBe(200);
    return { notModified: false as const, etag: response.headers.etag as string, grid: SentimentGridSchema.parse(response.json()) as SentimentGrid };
  };

  it('has the database announce the tables the grid reads, and no table that no cache reads', async () => {
    const rows = await t.database.db.execute<{ table: string }>(sql`
      select distinct c.relname as "table" from pg_trigger g
      join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
      where p.proname = 'announce_table_changes' and not g.tgisinternal`);
    const announced = (Array.isArray(rows) ? rows : (rows as { rows: { table: string }[] }).rows).map((row) => row.table);
    // The learning hub's shared reads (decision 044) and the track records (decision 077) follow their tables the same way.
    expect(announced.sort()).toEqual([...new Set([...GRID_TABLES, ...LEARNING_CATALOGUE_TABLES, ...LEARNING_FIGURES_TABLES, ...TRACK_RECORD_TABLES])].sort());
  });

  it('serves the cached grid until a vote cast by the service itself, outside any request', async () => {
    const first = await grid();
    expect((await grid(first.etag)).notModified).toBe(true);

    const pair = await pairIds(t, 'GBP/USD', 'H4');
    const lead = (await getUserByEmail(t.database.db, 'trader@demo.myeai.local'))!;
    const { windowId } = await openWindow(t.database.db, t.clock, { id: lead.id, email: lead.email, roles: ['trader'] }, pair);
    const second = (await getUserByEmail(t.database.db, 'trader2@demo.myeai.local'))!;
    await castVote(t.database.db, t.clock, second, windowId, { bias: 'short', confidence: 70, note: null });

    const after = await grid(first.etag);
    expect(after.notModified).toBe(false);
    expect(after.grid!.grid[pair.assetId]![pair.timeframeId]).toMatchObject({ window_open: true, open_votes: 1, open_pool_size: 13 });
  });

  it('drops the grid on an admin market change (its route calls no cache), and on plain SQL', async () => {
    const before = await grid();
    const { assetId } = await pairIds(t, 'TSLA', 'M5');
    expect(before.grid!.assets.map((asset) => asset.id)).toContain(assetId);
    const removed = await t.inject({ method: 'DELETE', url: `/api/trading/admin/assets/${assetId}`, cookie: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    const withoutAsset = await grid(before.etag);
    expect(withoutAsset.notModified).toBe(false);
    expect(withoutAsset.grid!.assets.map((asset) => asset.id)).not.toContain(assetId);

    // A script's SQL, with no service at all: the thresholds the grid shows follow.
    expect((await grid(withoutAsset.etag)).notModified).toBe(true);
    await setConfirmation(t, 61);
    const withThreshold = await grid(withoutAsset.etag);
    expect(withThreshold.notModified).toBe(false);
    expect(withThreshold.grid!.thresholds.confirmation_percentage).toBe(61);
  });

  it('keeps the grid through writes of tables it does not read, and through a rolled-back write of one it reads', async () => {
    const before = await grid();
    await t.database.db.update(traders).set({ kycVerified: true });
    expect((await grid(before.etag)).notModified).toBe(true);
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(tradingSettings).set({ confirmationThreshold: 62 }).where(eq(tradingSettings.id, 1));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await grid(before.etag)).notModified).toBe(true);
  });

  it('with read caches off (READ_CACHES=off) reads every grid from the database and never answers 304', async () => {
    const off = await createTestApp(kind, { readCaches: false }, { database: t.database });
    try {
      const cookie = await off.signIn('admin@demo.myeai.local');
      const read = (etag?: string) => off.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie, headers: etag ? { 'if-none-match': etag } : {} });
      const first = await read();
      expect(first.statusCode).toBe(200);
      expect((await read(first.headers.etag as string)).statusCode).toBe(200);
      await setConfirmation(off, 63);
      expect(SentimentGridSchema.parse((await read()).json()).thresholds.confirmation_percentage).toBe(63);
    } finally {
      await off.close();
    }
  });
});
