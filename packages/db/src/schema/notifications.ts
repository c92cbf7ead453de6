import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    actionRequired: boolean('action_required').notNull().default(false),
    readAt: timestamptz('read_at'),
    /** Set by fan-out jobs so that a retried job never notifies a user twice. */
    sourceKey: text('source_key'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('notifications_user_source_key').on(t.userId, t.sourceKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** The toggles of the notifications settings modal; a missing row means all on. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  commissionAlerts: boolean('commission_alerts').notNull().default(true),
  goalMilestones: boolean('goal_milestones').notNull().default(true),
  leadActivity: boolean('lead_activity').notNull().default(true),
  followUpReminders: boolean('follow_up_reminders').notNull().default(true),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  tradingAlerts: boolean('trading_alerts').notNull().default(true),
  tradingAlertsEmail: boolean('trading_alerts_email').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * Every event pushed to a user's sockets, numbered, so a client that reconnects with the last
 * id it saw receives what it missed.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The one recipient; null for a role event. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A role event (publishRoleEvent): every holder of one of these roles receives it. */
    roles: text('roles').array(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('live_events_user_id_idx').on(t.userId, t.id),
    index('live_events_role_id_idx').on(t.id).where(sql`${t.userId} is null`),
    check('live_events_recipient_check', sql`(${t.userId} is null) <> (${t.roles} is null)`),
  ],
);
