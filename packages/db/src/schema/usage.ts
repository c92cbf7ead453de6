import { bigint, date, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Tracked usage (POST /api/rbac/analytics/track-event): append-only, no secondary index, so a
 * write is one insert. Readers use usage_daily, kept up to date by the same statement.
 */
export const usageEvents = pgTable('usage_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  eventType: text('event_type').notNull(),
  component: text('component').notNull(),
  actionName: text('action_name'),
  featureName: text('feature_name'),
  targetRoute: text('target_route'),
  timeSpentMs: integer('time_spent_ms'),
  details: jsonb('details'),
  createdAt: timestamptz('created_at').notNull(),
});

/** Per user and UTC day: counts of tracked events; engagement and analytics read only these rows. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sessions: integer('sessions').notNull().default(0),
    pageViews: integer('page_views').notNull().default(0),
    actions: integer('actions').notNull().default(0),
    featureAccesses: integer('feature_accesses').notNull().default(0),
    timeSpentMs: bigint('time_spent_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'usage_daily_pkey', columns: [t.userId, t.day] })],
);
