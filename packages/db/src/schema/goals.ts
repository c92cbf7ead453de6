import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Goals (spec 2 section 3, Goal). Created by onboarding and goal setup with status
 * pending_approval; reviewed by admins or the user's referrer (DESIGN.md item 23, later issue).
 * Values are integer hundredths of the goal's unit (cents of a USD goal, 700 for 7 clients; decision 061),
 * never floats; progress and days left are computed, not stored.
 */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    goalType: text('goal_type').notNull(),
    targetHundredths: bigint('target_hundredths', { mode: 'number' }).notNull(),
    currentHundredths: bigint('current_hundredths', { mode: 'number' }).notNull().default(0),
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

/**
 * Check-ins of a goal not fed by the ledger (docs/decisions/037): each records the goal's value at that
 * time (a cumulative reading, not an increment) with an optional note; the latest is the goal's
 * current_hundredths. Kept as the goal's history (its chart and velocity).
 */
export const goalCheckIns = pgTable(
  'goal_check_ins',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    valueHundredths: bigint('value_hundredths', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('goal_check_ins_goal_recorded_idx').on(t.goalId, t.recordedAt)],
);

/** A habit ticked for one period (the UTC day of a daily habit, the ISO week's Monday of a weekly one): once per period. */
export const goalHabitTicks = pgTable(
  'goal_habit_ticks',
  {
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    cadence: text('cadence').notNull(),
    habit: text('habit').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    tickedAt: timestamp('ticked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('goal_habit_ticks_key').on(t.goalId, t.cadence, t.habit, t.period)],
);

/**
 * Goal messages written by the OpenAI-compatible writer, per admin and UTC day (catalogue T-87: a
 * per-admin daily quota, since each message is a paid model call). Reserved before the call.
 */
export const aiMessageUsage = pgTable(
  'ai_message_usage',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ai_message_usage_pkey', columns: [t.adminId, t.day] })],
);
