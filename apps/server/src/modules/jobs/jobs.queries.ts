import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { jobs, type DbOrTx } from '@myeai/db';
import type { JobStatus } from '@myeai/domain';

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

export async function insertJob(db: DbOrTx, row: NewJobRow): Promise<number> {
  const [inserted] = await db.insert(jobs).values(row).returning({ id: jobs.id });
  return inserted!.id;
}

/** Inserts the jobs in one statement, skipping those whose dedupe key exists; the new ids. */
export async function insertJobsOnce(db: DbOrTx, rows: NewJobRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(jobs).values(rows).onConflictDoNothing({ target: jobs.dedupeKey }).returning({ id: jobs.id });
  return inserted.map((row) => row.id);
}

/** Inserts the job unless one with its dedupe key exists; the new id, or undefined. */
export async function insertJobOnce(db: DbOrTx, row: NewJobRow): Promise<number | undefined> {
  const [inserted] = await db.insert(jobs).values(row).onConflictDoNothing({ target: jobs.dedupeKey }).returning({ id: jobs.id });
  return inserted?.id;
}

export async function selectJobIdByDedupeKey(db: DbOrTx, dedupeKey: string): Promise<number | undefined> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).limit(1);
  return row?.id;
}

/**
 * Up to `limit` ids of jobs due at `now` (queued with run_at come, or running with the lock
 * expired), locked for the transaction; rows another worker is claiming are skipped (FOR UPDATE
 * SKIP LOCKED), so concurrent workers never claim one job twice.
 */
export async function selectDueJobIdsForUpdate(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now))))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/** Marks the jobs running for the worker until `lockedUntil`, counting one more attempt each. */
export async function markJobsClaimed(db: DbOrTx, ids: number[], workerId: string, lockedUntil: Date): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({ status: 'running', lockedBy: workerId, lockedUntil, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, ids))
    .returning();
}

/** Updates the job only while this worker holds this claim (same worker, same attempt). */
export async function updateHeldJob(db: DbOrTx, job: JobRow, workerId: string, changes: Partial<NewJobRow>): Promise<void> {
  await db
    .update(jobs)
    .set(changes)
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts)));
}

/** Up to `limit` jobs newest first, of one status if given, with ids below `beforeId` if given. */
export async function selectJobPage(db: DbOrTx, filter: { status?: JobStatus; beforeId?: number; limit: number }): Promise<JobRow[]> {
  const conditions: (SQL | undefined)[] = [filter.status ? eq(jobs.status, filter.status) : undefined];
  if (filter.beforeId !== undefined) conditions.push(lt(jobs.id, filter.beforeId));
  return db
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.id))
    .limit(filter.limit);
}

export async function countJobs(db: DbOrTx, status: JobStatus | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(jobs).where(status ? eq(jobs.status, status) : undefined);
  return row?.value ?? 0;
}

/** The job, locked until the transaction ends. */
export async function selectJobForUpdate(db: DbOrTx, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1).for('update');
  return row;
}

export async function updateJob(db: DbOrTx, id: number, changes: Partial<NewJobRow>): Promise<JobRow | undefined> {
  const [row] = await db.update(jobs).set(changes).where(eq(jobs.id, id)).returning();
  return row;
}

/** Jobs of any kind that finished (succeeded or failed for good) since `since`. */
export async function countFinishedJobs(db: DbOrTx, since: Date): Promise<{ succeeded: number; failed: number }> {
  const [row] = await db
    .select({
      succeeded: sql<number>`count(*) filter (where ${jobs.status} = 'succeeded')::int`,
      failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')::int`,
    })
    .from(jobs)
    .where(gte(jobs.finishedAt, since));
  return { succeeded: Number(row?.succeeded ?? 0), failed: Number(row?.failed ?? 0) };
}
