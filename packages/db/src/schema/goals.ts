import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Goals (spec 2 section 3, Goal). Created by onboarding and goal setup with status
 * pending_approval; reviewed by admins or the user's referrer (DESIGN.md item 23, later issue).
 * Values are exact decimals (numeric), never floats; progress and days left are computed, not stored.
 */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    goalType: text('goal_type').notNull(),
    targetValue: numeric('target_value', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    currentValue: numeric('current_value', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    unit: text('unit').notNull(),
    whyImportant: text('why_important').notNull(),
    dailyHabits: text('daily_habits').array().notNull().default(sql`'{}'::text[]`),
    weeklyHabits: text('weekly_habits').array().notNull().default(sql`'{}'::text[]`),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('pending_approval'),
    timeframe: text('timeframe').notNull(),
    /** Free-form period label of the spec's Goal (e.g. "13 weeks"); null when not given. */
    period: text('period'),
    goalQualityScore: integer('goal_quality_score'),
    /** The client's id of the setup submission that created the goal (idempotent re-send). */
    submissionId: uuid('submission_id'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewFeedback: text('review_feedback'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('goals_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('goals_status_submitted_idx').on(t.status, t.submittedAt),
    uniqueIndex('goals_submission_key').on(t.userId, t.submissionId, t.timeframe),
  ],
);
