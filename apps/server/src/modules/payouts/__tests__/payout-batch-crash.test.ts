import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, openDatabase, payoutBatches, payoutItemLines, payoutItems, payoutMethods, users, type DatabaseHandle } from '@myeai/db';
import { PayoutDetailsSchema, type PayoutBatchResponse } from '@myeai/domain';
import { createTestDatabase, testDatabaseKinds } from '../../../testing/test-database.ts';
import { signInOn, startServerProcess, type ServerProcess } from '../../../testing/server-process.ts';
import { sealDetails } from '../payout-details-seal.ts';

const DAY_MS = 86_400_000;
const PAYEES = 4;

/**
 * Issue 30 (decision 063): the server process is killed (SIGKILL) while it prepares a payout batch,
 * once between writing the batch (its row, items and item lines) and the ledger write (the lines
 * moved to processing), once right after the ledger write, before the commit. On restart nothing of
 * either attempt is there (one transaction): no batch, no item, every line still pending and
 * available; a new preparation then pays each payee once, every line in exactly one item, each
 * item the sum of its lines, and the buckets of every payee add up to what they earned.
 */
describe.each(testDatabaseKinds())('SIGKILL while a payout batch is prepared, on %s', { timeout: 240_000 }, (kind) => {
  const root = mkdtempSync(join(tmpdir(), 'myeai-payout-crash-'));
  let database: { dataDir: string } | { url: string };
  let postgres: DatabaseHandle | undefined;
  let server: ServerProcess | undefined;
  let payees: string[] = [];

  /** The database the server writes (PGlite: only while no server holds it). */
  const withDb = async <T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> => {
    if (postgres) return work(postgres.db);
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(root, 'data') });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    if (kind === 'postgres') {
      postgres = await createTestDatabase('postgres');
      if (postgres.kind !== 'postgres') throw new Error('expected PostgreSQL');
      database = { url: postgres.connectionString };
    } else {
      database = { dataDir: join(root, 'data') };
    }
    // A first start migrates and seeds the demo; the payees are then written beside it.
    const first = await startServerProcess({ database });
    await first.stop();
    payees = await withDb(async (db) => {
      const now = Date.now();
      const people = await db
        .insert(users)
        .values(Array.from({ length: PAYEES }, (_, i) => ({ email: `crash-payee-${i}@payouts.test`, name: `Crash payee ${i}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `CP${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: new Date(now - 90 * DAY_MS), emailVerifiedAt: new Date(now - 90 * DAY_MS) })))
        .returning({ id: users.id, email: users.email });
      for (const [i, person] of people.entries()) {
        // Three lines each, out of the 14-day holding period: 60.00 + 25.00 + (10.00 + i cents).
        await db.insert(commissions).values(
          [6000, 2500, 1000 + i].map((amountCents, n) => ({
            userId: person.id,
            productId: null,
            source: 'conversion',
            sourceReference: `payout-crash-${i}-${n}-${randomUUID()}`,
            productName: 'Crash test product',
            amountCents,
            rateBp: null,
            status: 'pending',
            earnedAt: new Date(now - (30 + n) * DAY_MS),
          })),
        );
        const details = PayoutDetailsSchema.parse({ method: 'paypal', email: person.email });
        await db.insert(payoutMethods).values({ userId: person.id, method: 'paypal', details: sealDetails(details, undefined), summary: 'PayPal c•••@payouts.test', createdAt: new Date(now - 60 * DAY_MS), updatedAt: new Date(now - 60 * DAY_MS), holdUntil: new Date(now - 58 * DAY_MS) });
      }
      return people.map((person) => person.id);
    });
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    await postgres?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const prepare = async (s: ServerProcess) =>
    fetch(`${s.url}/api/admin/payout-batches`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: await signInOn(s, 'admin@demo.myeai.local') }, body: JSON.stringify({ dry_run: false }) });

  const state = (db: DatabaseHandle['db']) =>
    Promise.all([
      db.select({ id: commissions.id, userId: commissions.userId, status: commissions.status, amountCents: commissions.amountCents }).from(commissions).where(inArray(commissions.userId, payees)),
      db.select().from(payoutItems).where(inArray(payoutItems.userId, payees)),
    ]);

  it.each([
    ['between the batch and the ledger write', { match: 'insert into "payout_item_lines"', nth: 1 }],
    ['after the ledger write, before the commit', { match: "set status = 'processing', processing_at", nth: 1 }],
  ])('killed %s: nothing of the batch is there on restart', async (_when, kill) => {
    const batchesBefore = await withDb(async (db) => (await db.select({ n: sql<number>`count(*)::int` }).from(payoutBatches))[0]!.n);
    server = await startServerProcess({ database, killAfter: kill });
    const answered = await prepare(server).then(
      async (response) => `${response.status} ${await response.text()}`,
      () => undefined,
    );
    expect(answered).toBeUndefined();
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

    await withDb(async (db) => {
      expect((await db.select({ n: sql<number>`count(*)::int` }).from(payoutBatches))[0]!.n).toBe(batchesBefore);
      const [lines, items] = await state(db);
      expect(items).toHaveLength(0);
      expect(lines).toHaveLength(PAYEES * 3);
      expect(lines.every((line) => line.status === 'pending')).toBe(true);
    });
  });

  it('after the restart a new batch pays each payee once, every line in exactly one item, to the cent', async () => {
    server = await startServerProcess({ database });
    const response = await prepare(server);
    expect(response.status).toBe(200);
    const { batch } = (await response.json()) as PayoutBatchResponse;
    // A second preparation right after finds nothing of theirs left to pay.
    const again = (await (await prepare(server)).json()) as PayoutBatchResponse;
    await server.stop();
    expect(again.batch.items.filter((item) => payees.includes(item.user_id))).toHaveLength(0);

    const mine = batch.items.filter((item) => payees.includes(item.user_id));
    expect(mine.map((item) => item.amount_cents).sort()).toEqual(Array.from({ length: PAYEES }, (_, i) => 9500 + i).sort());
    await withDb(async (db) => {
      const [lines, items] = await state(db);
      expect(items.map((item) => item.status)).toEqual(Array.from({ length: PAYEES }, () => 'processing'));
      expect(lines.every((line) => line.status === 'processing')).toBe(true);
      const links = await db.select().from(payoutItemLines).where(inArray(payoutItemLines.itemId, items.map((item) => item.id)));
      // Each line in exactly one item, with its amount; each item the sum of its lines.
      expect(new Set(links.map((link) => link.commissionId)).size).toBe(links.length);
      expect(links.map((link) => link.commissionId).sort()).toEqual(lines.map((line) => line.id).sort());
      for (const item of items) expect(links.filter((link) => link.itemId === item.id).reduce((sum, link) => sum + link.amountCents, 0)).toBe(item.amountCents);
      for (const link of links) expect(link.amountCents).toBe(lines.find((line) => line.id === link.commissionId)!.amountCents);
      // No ledger line anywhere is in two open items.
      const twice = await db.execute(sql`select l.commission_id from payout_item_lines l join payout_items i on i.id = l.item_id where i.status in ('processing', 'paid') group by l.commission_id having count(*) > 1`);
      expect((twice as unknown as { rows?: unknown[] }).rows ?? twice).toHaveLength(0);
      // The batch row of this preparation is the only new one with these payees.
      expect(await db.select().from(payoutBatches).where(eq(payoutBatches.id, batch.id!))).toHaveLength(1);
    });
  });
});
