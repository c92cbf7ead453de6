import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { billingPayments, supportRequests, users, type DbOrTx } from '@myeai/db';
import type { SupportStatus } from '@myeai/domain';

export type SupportRequestRow = typeof supportRequests.$inferSelect;

/** A position in the admin queue: the last row's priority flag, creation time and id. */
export type SupportQueueCursor = { priority: boolean; createdAt: string; id: string };

export async function insertSupportRequest(db: DbOrTx, row: typeof supportRequests.$inferInsert): Promise<SupportRequestRow> {
  const [inserted] = await db.insert(supportRequests).values(row).returning();
  return inserted!;
}

export async function selectActiveAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, eq(users.status, 'active')));
  return rows.map((row) => row.id);
}

/** The user's latest requests, newest first. */
export async function selectUserSupportRequests(db: DbOrTx, userId: string, limit: number): Promise<SupportRequestRow[]> {
  return db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(limit);
}

const answerer = alias(users, 'answerer');

/**
 * Up to `limit` requests of the queue after the cursor: priority requests first, then the
 * others, oldest first within each; with the requester and the admin who answered.
 */
export async function selectSupportQueuePage(db: DbOrTx, filter: { status?: SupportStatus; after?: SupportQueueCursor; limit: number }) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(supportRequests.status, filter.status));
  const after = filter.after;
  if (after) {
    conditions.push(
      after.priority
        ? sql`(${supportRequests.priority} = false or (${supportRequests.createdAt}, ${supportRequests.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid))`
        : sql`(${supportRequests.priority} = false and (${supportRequests.createdAt}, ${supportRequests.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid))`,
    );
  }
  return db
    .select({
      request: supportRequests,
      user: { id: users.id, name: users.name, email: users.email },
      answeredBy: { id: answerer.id, name: answerer.name },
      payment: { id: billingPayments.id, paidAt: billingPayments.paidAt, amountCents: billingPayments.amountCents, plan: billingPayments.plan },
    })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .leftJoin(answerer, eq(answerer.id, supportRequests.answeredBy))
    .leftJoin(billingPayments, eq(billingPayments.id, supportRequests.paymentId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(supportRequests.priority), asc(supportRequests.createdAt), asc(supportRequests.id))
    .limit(filter.limit);
}

export async function countOpenSupportRequests(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(supportRequests).where(eq(supportRequests.status, 'open'));
  return Number(row?.n ?? 0);
}

/** The request, locked until the transaction ends. */
export async function selectSupportRequestForUpdate(db: DbOrTx, id: string): Promise<SupportRequestRow | undefined> {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update');
  return row;
}

export async function updateSupportRequest(db: DbOrTx, id: string, changes: Partial<typeof supportRequests.$inferInsert>): Promise<SupportRequestRow | undefined> {
  const [row] = await db.update(supportRequests).set(changes).where(eq(supportRequests.id, id)).returning();
  return row;
}

/** The member's open refund request for this payment, if any: one at a time per payment. */
export async function selectOpenRefundRequest(db: DbOrTx, userId: string, paymentId: string): Promise<SupportRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(supportRequests)
    .where(and(eq(supportRequests.userId, userId), eq(supportRequests.paymentId, paymentId), eq(supportRequests.status, 'open')))
    .limit(1);
  return row;
}
