import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * The newcomer's 7-day platform trial (issue 6). One row per user at most (the free-trial
 * allowance is also recorded in users.free_trial_used_at, shared with paid-plan trials).
 * status: active until the expiry job (or an admin) ends it, expired, or converted on subscribing.
 */
export const trials = pgTable(
  'trials',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    startedAt: timestamptz('started_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    extendedDays: integer('extended_days').notNull().default(0),
    expiredAt: timestamptz('expired_at'),
    convertedAt: timestamptz('converted_at'),
    createdAt: timestamptz('created_at').notNull(),
    /**
     * The trial's engagement inputs: active days and summed usage_daily counters of its user within
     * its days. Kept by triggers (migration 0047, decision 075) on every usage_daily write and
     * recomputed when the trial starts or its days change; never written by the app.
     */
    engagementActiveDays: integer('engagement_active_days').notNull().default(0),
    engagementPageViews: integer('engagement_page_views').notNull().default(0),
    engagementActions: integer('engagement_actions').notNull().default(0),
    engagementFeatureAccesses: integer('engagement_feature_accesses').notNull().default(0),
    engagementTimeSpentMs: bigint('engagement_time_spent_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('trials_user_key').on(t.userId),
    index('trials_status_ends_idx').on(t.status, t.endsAt),
    index('trials_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('trials_converted_idx').on(t.convertedAt).where(sql`${t.convertedAt} is not null`),
  ],
);
