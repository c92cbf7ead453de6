import type { Database, DbOrTx } from '@myeai/db';
import { AppError, type Job, type JobPage, type JobStatus, type ListJobsQuery } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../audit/index.ts';
import { countJobs, selectJobForUpdate, selectJobPage, updateJob, type JobRow } from './jobs.queries.ts';

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    name: row.name,
    status: row.status as JobStatus,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    run_at: row.runAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

function decodeJobCursor(cursor: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(cursor)) throw new AppError('VALIDATION', 'Invalid cursor.');
  return Number(cursor);
}

/** Jobs newest first, optionally of one status, with the total of that status. */
export async function listJobs(db: DbOrTx, query: ListJobsQuery): Promise<JobPage> {
  const rows = await selectJobPage(db, {
    status: query.status,
    beforeId: query.cursor ? decodeJobCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const total = await countJobs(db, query.status);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toJob),
    total,
    next_cursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}

/** Puts a failed job back in the queue, due now, with a fresh set of attempts; audited. */
export async function retryJob(db: Database, clock: Clock, actorId: string, id: number): Promise<Job> {
  return db.transaction(async (tx) => {
    const job = await selectJobForUpdate(tx, id);
    if (!job) throw new AppError('NOT_FOUND', 'Unknown job.');
    if (job.status !== 'failed') throw new AppError('CONFLICT', 'Only a failed job can be retried.');
    const updated = await updateJob(tx, id, { status: 'queued', attempts: 0, runAt: clock.now(), finishedAt: null, lockedBy: null, lockedUntil: null });
    await recordAudit(tx, clock, {
      actorId,
      action: 'job.retry',
      target: `job:${id}`,
      details: { name: job.name, attempts: job.attempts, last_error: job.lastError },
    });
    return toJob(updated!);
  });
}
