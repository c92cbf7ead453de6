import { gte, sql } from 'drizzle-orm';
import { jobs, type DbOrTx } from '@myeai/db';

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
