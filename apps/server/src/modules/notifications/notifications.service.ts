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
import { publishLiveEvent, publishLiveEvents } from '../live/index.ts';
import { enqueueMails } from '../mail/index.ts';
import {
  countUnreadNotifications,
  deleteUserNotification,
  insertNotificationsOnce,
  markNotificationRowRead,
  markUserNotificationsRead,
  selectNotificationPage,
  selectNotificationSettings,
  selectNotificationSettingsOf,
  selectRecipients,
  selectUserNotification,
  upsertNotificationSettings,
  type NotificationRow,
  type NotificationSettingsRow,
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
  return toSettings(await selectNotificationSettings(db, userId));
}

function toSettings(row: NotificationSettingsRow | undefined): NotificationSettings {
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
  /** false: no notification e-mail, the caller sends its own essential one (an export is ready). */
  email?: boolean;
};

/**
 * The one way any feature notifies a user: honours the user's settings, stores the row, pushes
 * it live and queues the e-mail, all in the caller's transaction. Returns null when the user
 * switched the type off or the source key was already delivered.
 */
export async function createNotification(db: DbOrTx, clock: Clock, input: NewNotification): Promise<Notification | null> {
  const [notification] = await createNotifications(db, clock, [input]);
  return notification ?? null;
}

/**
 * createNotification for many at once (the owners of one commission run), set-based: one read of
 * the owners' settings, one INSERT of the notifications, one of their live events (announced when
 * the caller's transaction commits), one read of the e-mail recipients and one INSERT of the
 * mails with their jobs. Answers, per input in order, the notification or null as createNotification does.
 */
export async function createNotifications(db: DbOrTx, clock: Clock, inputs: readonly NewNotification[]): Promise<Array<Notification | null>> {
  if (inputs.length === 0) return [];
  const userIds = [...new Set(inputs.map((input) => input.userId))];
  const stored = new Map((await selectNotificationSettingsOf(db, userIds)).map((row) => [row.userId, row]));
  const settingsOf = (userId: string) => toSettings(stored.get(userId));
  const enabled = inputs.filter((input) => isTypeEnabled(input.type, settingsOf(input.userId)));
  const now = clock.now();
  const rows = await insertNotificationsOnce(
    db,
    enabled.map((input) => ({
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      data: input.data ?? null,
      actionRequired: input.actionRequired ?? false,
      sourceKey: input.sourceKey ?? null,
      createdAt: now,
    })),
  );
  // Inserted rows back to their inputs: by (user, source key); an input without a key always inserts, in VALUES order.
  const keyed = new Map<string, NotificationRow>();
  const unkeyed: NotificationRow[] = [];
  for (const row of rows) {
    if (row.sourceKey === null) unkeyed.push(row);
    else keyed.set(`${row.userId}|${row.sourceKey}`, row);
  }
  const answers = inputs.map((input): { input: NewNotification; row: NotificationRow | undefined } => {
    if (!enabled.includes(input)) return { input, row: undefined };
    if (input.sourceKey === undefined) return { input, row: unkeyed.shift() };
    const key = `${input.userId}|${input.sourceKey}`;
    const row = keyed.get(key);
    keyed.delete(key);
    return { input, row };
  });
  const created = answers.filter((answer): answer is { input: NewNotification; row: NotificationRow } => answer.row !== undefined);
  await publishLiveEvents(db, clock, created.map(({ input, row }) => ({ userId: input.userId, kind: 'notification.created' as const, payload: toNotification(row) })));
  const mailed = created.filter(({ input }) => input.email !== false && shouldEmail(input.type, settingsOf(input.userId)));
  if (mailed.length > 0) {
    const recipients = new Map((await selectRecipients(db, [...new Set(mailed.map(({ input }) => input.userId))])).map((recipient) => [recipient.id, recipient]));
    await enqueueMails(
      db,
      clock,
      mailed.flatMap(({ input }) => {
        const recipient = recipients.get(input.userId);
        if (!recipient) return [];
        return [
          {
            userId: input.userId,
            kind: `notification.${input.type}`,
            to: recipient.email,
            subject: input.title,
            text: `Hello ${recipient.name},\n\n${input.message}\n\nYou can change which notifications you receive by e-mail in the notification settings.\n`,
          },
        ];
      }),
    );
  }
  return answers.map(({ row }) => (row ? toNotification(row) : null));
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

/** The user's latest notifications of these types, newest first, as they read at `now` (a home's "recent alerts"). */
export async function listRecentNotifications(db: DbOrTx, userId: string, types: readonly NotificationType[], limit: number, now: Date): Promise<Notification[]> {
  const rows = await selectNotificationPage(db, userId, { unreadOnly: false, types, limit });
  return rows.map((row) => notificationAsOf(toNotification(row), now));
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
