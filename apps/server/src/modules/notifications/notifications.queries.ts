import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { notifications, notificationSettings, users, type DbOrTx } from '@myeai/db';
import type { NotificationType } from '@myeai/domain';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type NotificationSettingsValues = Omit<typeof notificationSettings.$inferInsert, 'userId'>;

export async function selectNotificationSettings(db: DbOrTx, userId: string): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
  return row;
}

/** The stored settings of these users (a user without a row has the defaults). */
export async function selectNotificationSettingsOf(db: DbOrTx, userIds: readonly string[]): Promise<NotificationSettingsRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(notificationSettings).where(inArray(notificationSettings.userId, [...userIds]));
}

export async function upsertNotificationSettings(db: DbOrTx, userId: string, values: NotificationSettingsValues): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

/** Inserts the notification unless the user already has one with its source key; the row inserted, if any. */
export async function insertNotificationOnce(db: DbOrTx, row: typeof notifications.$inferInsert): Promise<NotificationRow | undefined> {
  const [inserted] = await db.insert(notifications).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Inserts the notifications in one statement, skipping each whose (user, source key) was delivered; the rows inserted. */
export async function insertNotificationsOnce(db: DbOrTx, rows: Array<typeof notifications.$inferInsert>): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).onConflictDoNothing().returning();
}

export async function selectRecipients(db: DbOrTx, userIds: readonly string[]): Promise<Array<{ id: string; email: string; name: string }>> {
  if (userIds.length === 0) return [];
  return db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, [...userIds]));
}

export async function selectRecipient(db: DbOrTx, userId: string): Promise<{ email: string; name: string } | undefined> {
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Up to `limit` of the user's notifications, newest first, after the cursor: unread only, or of
 * these types, when asked.
 */
export async function selectNotificationPage(
  db: DbOrTx,
  userId: string,
  filter: { unreadOnly: boolean; types?: readonly NotificationType[]; before?: { createdAt: Date; id: string }; limit: number },
): Promise<NotificationRow[]> {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (filter.unreadOnly) conditions.push(isNull(notifications.readAt));
  if (filter.types) conditions.push(inArray(notifications.type, [...filter.types]));
  if (filter.before) {
    conditions.push(sql`(${notifications.createdAt}, ${notifications.id}) < (${filter.before.createdAt.toISOString()}::timestamptz, ${filter.before.id}::uuid)`);
  }
  return (
    db
      .select()
      .from(notifications)
      .where(and(...conditions))
      // NULLS LAST as in notifications_user_created_idx, so the page is read from the index.
      .orderBy(sql`${notifications.createdAt} desc nulls last`, sql`${notifications.id} desc nulls last`)
      .limit(filter.limit)
  );
}

export async function countUnreadNotifications(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function selectUserNotification(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row;
}

export async function markNotificationRowRead(db: DbOrTx, id: string, at: Date): Promise<NotificationRow | undefined> {
  const [row] = await db.update(notifications).set({ readAt: at }).where(eq(notifications.id, id)).returning();
  return row;
}

/** Marks every unread notification of the user read; how many were. */
export async function markUserNotificationsRead(db: DbOrTx, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes the user's notification; true when there was one. */
export async function deleteUserNotification(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Up to `limit` ids of active users after `afterId` in id order: everyone, or the holders of `role`. */
export async function selectActiveUserIdsAfter(db: DbOrTx, role: string | null, afterId: string, limit: number): Promise<string[]> {
  const audience: SQL = role === null ? sql`true` : sql`${role} = any(${users.roles})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), audience, gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
