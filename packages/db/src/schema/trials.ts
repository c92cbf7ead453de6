import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The newcomer's 7-day platform trial (issue 6). One row per user at most (the free-trial
 * allowance is also recorded in users.free_trial_used_at, shared with paid-plan trials).
 * status: active until the expiry job (or an admin) ends it, expired, or converted on subscribing.
 */
export const trials = pgTable(
  'trials',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    extendedDays: integer('extended_days').notNull().default(0),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trials_user_key').on(t.userId),
    index('trials_status_ends_idx').on(t.status, t.endsAt),
    index('trials_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('trials_converted_idx').on(t.convertedAt).where(sql`${t.convertedAt} is not null`),
  ],
);
