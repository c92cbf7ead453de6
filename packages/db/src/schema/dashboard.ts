import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { uuidRef } from './columns.ts';
import { users } from './users.ts';

/**
 * Leads added and leads closed per owner and UTC day, kept by statement-level triggers on
 * `leads` (migration dashboard_lead_activity): creating or importing a lead counts on its
 * created_at day, moving one to closed (or creating it closed) on its updated_at / created_at day.
 * The Business Hub reads its "vs last month" figures and closed-lead milestones from a few rows
 * here, however many leads a user has. Deleting a lead takes it off its added day (migration
 * lead_activity_follows_deletes), so "new this month" never exceeds the leads there are; a
 * closed deal stays counted.
 */
export const leadDailyActivity = pgTable(
  'lead_daily_activity',
  {
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    day: date('day', { mode: 'string' }).notNull(),
    leadsAdded: integer('leads_added').notNull().default(0),
    leadsClosed: integer('leads_closed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
