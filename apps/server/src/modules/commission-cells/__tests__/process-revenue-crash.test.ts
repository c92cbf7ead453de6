import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionCellMembers, commissionCells, commissionRevenueRuns, commissions, openDatabase, users, type DatabaseHandle } from '@myeai/db';
import { createTestDatabase, testDatabaseKinds } from '../../../testing/test-database.ts';
import { signInOn, startServerProcess, type ServerProcess } from '../../../testing/server-process.ts';

/**
 * Issue 19: the server process is killed (SIGKILL) in the middle of a batch of revenue lines,
 * restarted, and the batch resubmitted: every line is paid exactly once and each run's ledger lines
 * plus its unallocated remainder equal its revenue to the cent.
 */
const LINES = 5;
/**
 * A full cell and a parent LEAD: 14 ledger lines per revenue line. The batch is written set-based
 * (decision 039): one chunk of up to 500 lines per transaction, its runs in one INSERT and all its
 * ledger lines in one INSERT, so the kill lands on that INSERT (70 ledger lines, the 5 runs already
 * inserted in the same transaction) and nothing of the chunk is committed.
 */
const KILL = { match: 'insert into "commissions"', nth: 1 };

describe.each(testDatabaseKinds())('SIGKILL in a batch of revenue lines, on %s', { timeout: 180_000 }, (kind) => {
  const root = mkdtempSync(join(tmpdir(), 'myeai-cells-crash-'));
  let database: { dataDir: string } | { url: string };
  let postgres: DatabaseHandle | undefined;
  let server: ServerProcess | undefined;
  let cellId: string;

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
    // A first start migrates and seeds the demo accounts; the cells are then written beside it.
    const first = await startServerProcess({ database });
    await first.stop();
    cellId = await withDb(async (db) => {
      const now = new Date();
      const [parent] = await db.insert(commissionCells).values({ name: 'Crash parent', createdAt: now, updatedAt: now }).returning();
      const [cell] = await db.insert(commissionCells).values({ name: 'Crash cell', parentCellId: parent!.id, createdAt: now, updatedAt: now }).returning();
      const people = await db
        .insert(users)
        .values(Array.from({ length: 14 }, (_, i) => ({ email: `crash-seat-${i}@cells.test`, name: `Seat ${i}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `CR${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: now })))
        .returning({ id: users.id });
      await db.insert(commissionCellMembers).values({ cellId: parent!.id, position: 0, userId: people[13]!.id, assignedAt: now });
      await db.insert(commissionCellMembers).values(people.slice(0, 13).map((person, position) => ({ cellId: cell!.id, position, userId: person.id, assignedAt: now })));
      return cell!.id;
    });
    // A first start of a real server process migrates and seeds the whole demo: more than the default minute on a busy machine.
  }, 150_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    await postgres?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the resubmitted batch pays every line exactly once, to the cent', async () => {
    const csv = ['cell,amount,reference', ...Array.from({ length: LINES }, (_, i) => `${cellId},${1000 + i}.0${i},crash-line-${i + 1}`)].join('\n');
    const submit = async (s: ServerProcess) =>
      fetch(`${s.url}/api/admin/commission/process-revenue/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: await signInOn(s, 'admin@demo.myeai.local') },
        body: JSON.stringify({ csv, dry_run: false }),
      });

    server = await startServerProcess({ database, killAfter: KILL });
    const answered = await submit(server).then(
      async (response) => `${response.status} ${await response.text()}`,
      () => undefined,
    );
    expect(answered).toBeUndefined();
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // The five runs were inserted in the chunk's transaction, which the kill rolled back (the demo seed's own runs are on its cells).
    const runsOfCell = (db: DatabaseHandle['db']) => db.select().from(commissionRevenueRuns).where(eq(commissionRevenueRuns.cellId, cellId));
    expect(await withDb(runsOfCell)).toHaveLength(0);

    server = await startServerProcess({ database });
    const response = await submit(server);
    expect(response.status).toBe(200);
    const report = (await response.json()) as { lines: { row: number; status: string }[] };
    expect(report.lines.map((line) => line.status)).toEqual(['processed', 'processed', 'processed', 'processed', 'processed']);
    await server.stop();

    await withDb(async (db) => {
      const runs = await runsOfCell(db);
      expect(runs).toHaveLength(LINES);
      for (const run of runs) {
        const lines = await db.select().from(commissions).where(eq(commissions.cellRunId, run.id));
        expect(lines).toHaveLength(run.result.payouts_count);
        expect(lines.reduce((sum, line) => sum + line.amountCents, 0) + run.unallocatedCents).toBe(run.amountCents);
      }
      const ledger = await db.select().from(commissions).where(inArray(commissions.cellRunId, runs.map((run) => run.id)));
      const revenue = runs.reduce((sum, run) => sum + run.amountCents, 0);
      const unallocated = runs.reduce((sum, run) => sum + run.unallocatedCents, 0);
      expect(ledger.reduce((sum, line) => sum + line.amountCents, 0)).toBe(revenue - unallocated);
      expect(revenue).toBe(Array.from({ length: LINES }, (_, i) => (1000 + i) * 100 + i).reduce((a, b) => a + b, 0));
    });
  });
});
