import type { Database, DbOrTx } from '@myeai/db';
import {
  AppError,
  DEFAULT_NOTIFICATION_SETTINGS,
  FILTER_TYPES,
  isTypeEnabled,
  notificationAsOf,
  shouldEmail,
  type ListNotificationsQuery,
  type Notification,
  type NotificationPage,
  type NotificationSettings,
  type NotificationType,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { publishLiveEvent } from '../live/index.ts';
import { enqueueMail } from '../mail/index.ts';
import {
  countUnreadNotifications,
  deleteUserNotification,
  insertNotificationOnce,
  markNotificationRowRead,
  markUserNotificationsRead,
  selectNotificationPage,
  selectNotificationSettings,
  selectRecipient,
  selectUserNotification,
  upsertNotificationSettings,
  type NotificationRow,
} from './notifications.queries.ts';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    data: (row.data as Record<string, unknown> | null) ?? null,
    action_required: row.actionRequired,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getNotificationSettings(db: DbOrTx, userId: string): Promise<NotificationSettings> {
  const row = await selectNotificationSettings(db, userId);
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    commission_alerts: row.commissionAlerts,
    goal_milestones: row.goalMilestones,
    lead_activity: row.leadActivity,
    follow_up_reminders: row.followUpReminders,
    email_notifications: row.emailNotifications,
    trading_alerts: row.tradingAlerts,
    trading_alerts_email: row.tradingAlertsEmail,
  };
}

export async function saveNotificationSettings(db: DbOrTx, clock: Clock, userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
  const values = {
    commissionAlerts: settings.commission_alerts,
    goalMilestones: settings.goal_milestones,
    leadActivity: settings.lead_activity,
    followUpReminders: settings.follow_up_reminders,
    emailNotifications: settings.email_notifications,
    tradingAlerts: settings.trading_alerts,
    tradingAlertsEmail: settings.trading_alerts_email,
    updatedAt: clock.now(),
  };
  await upsertNotificationSettings(db, userId, values);
  return settings;
}

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown> | null;
  actionRequired?: boolean;
  /** Makes the call idempotent: a second call with the same key for the same user creates nothing. */
  sourceKey?: string;
};

/**
 * The one way any feature notifies a user: honours the user's settings, stores the row, pushes
 * it live and queues the e-mail, all in the caller's transaction. Returns null when the user
 * switched the type off or the source key was already delivered.
 */
export async function createNotification(db: DbOrTx, clock: Clock, input: NewNotification): Promise<Notification | null> {
  const settings = await getNotificationSettings(db, input.userId);
  if (!isTypeEnabled(input.type, settings)) return null;
  const row = await insertNotificationOnce(db, {
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    data: input.data ?? null,
    actionRequired: input.actionRequired ?? false,
    sourceKey: input.sourceKey ?? null,
    createdAt: clock.now(),
  });
  if (!row) return null;
  const notification = toNotification(row);
  await publishLiveEvent(db, clock, input.userId, 'notification.created', notification);
  if (shouldEmail(input.type, settings)) {
    const recipient = await selectRecipient(db, input.userId);
    if (recipient) {
      await enqueueMail(db, clock, {
        userId: input.userId,
        kind: `notification.${input.type}`,
        to: recipient.email,
        subject: input.title,
        text: `Hello ${recipient.name},\n\n${input.message}\n\nYou can change which notifications you receive by e-mail in the notification settings.\n`,
      });
    }
  }
  return notification;
}

function encodeCursor(row: NotificationRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError('VALIDATION', 'Invalid cursor.');
  return { createdAt, id };
}

/** A page of the user's notifications, each as it reads at `now` (a vote request of a closed window says so: notificationAsOf). */
export async function listNotifications(db: DbOrTx, userId: string, query: ListNotificationsQuery, now: Date): Promise<NotificationPage> {
  const [rows, unread] = await Promise.all([
    selectNotificationPage(db, userId, {
      unreadOnly: query.filter === 'unread',
      types: query.filter === 'unread' || query.filter === 'all' ? undefined : FILTER_TYPES[query.filter],
      before: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit + 1,
    }),
    countUnread(db, userId),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => notificationAsOf(toNotification(row), now)),
    unread_count: unread,
    next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  return countUnreadNotifications(db, userId);
}

export async function markNotificationRead(db: Database, clock: Clock, userId: string, id: string): Promise<Notification> {
  return db.transaction(async (tx) => {
    const existing = await selectUserNotification(tx, userId, id);
    if (!existing) throw new AppError('NOT_FOUND', 'Notification not found.');
    if (existing.readAt) return toNotification(existing);
    const row = await markNotificationRowRead(tx, id, clock.now());
    await publishLiveEvent(tx, clock, userId, 'notification.read', { ids: [id] });
    return toNotification(row!);
  });
}

export async function markAllNotificationsRead(db: Database, clock: Clock, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = await markUserNotificationsRead(tx, userId, clock.now());
    if (marked > 0) await publishLiveEvent(tx, clock, userId, 'notification.read', { ids: null });
    return marked;
  });
}

export async function deleteNotification(db: Database, clock: Clock, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteUserNotification(tx, userId, id))) throw new AppError('NOT_FOUND', 'Notification not found.');
    await publishLiveEvent(tx, clock, userId, 'notification.deleted', { id });
  });
}
