import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The job queue: scheduled and retried work (e-mail, notification fan-out, expiring trials...).
 * Workers claim due rows with FOR UPDATE SKIP LOCKED, so several instances share the queue.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('queued'),
    runAt: timestamptz('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamptz('locked_until'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_dedupe_key_key').on(t.dedupeKey),
    /** The admin Overview's jobs finished in the last 24 hours. */
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
  ],
);
