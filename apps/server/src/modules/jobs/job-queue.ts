import type { DbOrTx } from '@myeai/db';
import { AppError } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { insertJob, insertJobOnce, insertJobsOnce, markJobsClaimed, selectDueJobIdsForUpdate, selectJobIdByDedupeKey, updateHeldJob, type JobRow } from './jobs.queries.ts';

export type NewJob = { name: string; payload: unknown; runAt?: Date; maxAttempts?: number; dedupeKey?: string };

export const DEFAULT_MAX_ATTEMPTS = 5;
const FIRST_RETRY_DELAY_MS = 10_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2000;

/** Delay before the next try after `attempts` failed tries: 10 s, 20 s, 40 s... capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.min(exponent, 30));
}

/**
 * Adds a job. Pass the caller's transaction to enqueue atomically with the write that causes it
 * (a rollback drops the job too). A dedupeKey that already exists returns that job's id and adds
 * nothing. A null or missing payload is stored as {}.
 */
export async function enqueueJob(db: DbOrTx, clock: Clock, job: NewJob): Promise<{ id: number }> {
  if (!job.name.trim()) throw new AppError('VALIDATION', 'A job needs a name.');
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new AppError('VALIDATION', 'maxAttempts must be a whole number of at least 1.');
  const now = clock.now();
  const values = {
    name: job.name,
    payload: job.payload ?? {},
    runAt: job.runAt ?? now,
    maxAttempts,
    dedupeKey: job.dedupeKey ?? null,
    createdAt: now,
  };
  if (job.dedupeKey === undefined) return { id: await insertJob(db, values) };
  const inserted = await insertJobOnce(db, values);
  if (inserted !== undefined) return { id: inserted };
  const existing = await selectJobIdByDedupeKey(db, job.dedupeKey);
  if (existing === undefined) throw new Error(`job with dedupe key ${job.dedupeKey} vanished`);
  return { id: existing };
}

/**
 * Adds several jobs in one statement (each with a dedupe key, as a transactional outbox's rows
 * have), in the caller's transaction; keys that already exist add nothing.
 */
export async function enqueueJobs(db: DbOrTx, clock: Clock, jobs: ReadonlyArray<NewJob & { dedupeKey: string }>): Promise<void> {
  const now = clock.now();
  await insertJobsOnce(
    db,
    jobs.map((job) => {
      if (!job.name.trim()) throw new AppError('VALIDATION', 'A job needs a name.');
      return { name: job.name, payload: job.payload ?? {}, runAt: job.runAt ?? now, maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, dedupeKey: job.dedupeKey, createdAt: now };
    }),
  );
}

/**
 * Claims up to `limit` jobs due at `now` for `workerId`: queued jobs whose run_at has come, and
 * running jobs whose lock expired (their worker died). Rows another worker is claiming are
 * skipped (FOR UPDATE SKIP LOCKED), so concurrent workers never claim one job twice.
 * Each claim counts as an attempt, so a job that keeps killing its worker still runs out of tries.
 */
export async function claimDueJobs(db: DbOrTx, options: { now: Date; workerId: string; limit: number; lockMs: number }): Promise<JobRow[]> {
  const { now, workerId, limit, lockMs } = options;
  return db.transaction(async (tx) => {
    const due = await selectDueJobIdsForUpdate(tx, now, limit);
    if (due.length === 0) return [];
    const claimed = await markJobsClaimed(tx, due, workerId, new Date(now.getTime() + lockMs));
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  });
}

/** Only the worker holding this claim (same worker, same attempt) may settle the job. */
export async function markJobSucceeded(db: DbOrTx, job: JobRow, workerId: string, now: Date): Promise<void> {
  await updateHeldJob(db, job, workerId, { status: 'succeeded', finishedAt: now, lastError: null, lockedBy: null, lockedUntil: null });
}

/** Schedules the next try with backoff, or records the job as failed when no tries are left. */
export async function markJobFailed(db: DbOrTx, job: JobRow, workerId: string, now: Date, error: unknown): Promise<void> {
  const message = errorMessage(error);
  const givesUp = job.attempts >= job.maxAttempts;
  await updateHeldJob(
    db,
    job,
    workerId,
    givesUp
      ? { status: 'failed', finishedAt: now, lastError: message, lockedBy: null, lockedUntil: null }
      : { status: 'queued', runAt: new Date(now.getTime() + retryDelayMs(job.attempts)), lastError: message, lockedBy: null, lockedUntil: null },
  );
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
