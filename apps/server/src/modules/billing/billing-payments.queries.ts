import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { billingPayments, billingRefunds, localBillingRefunds, users, type DbOrTx } from '@myeai/db';

export type PaymentRow = typeof billingPayments.$inferSelect;
export type RefundRow = typeof billingRefunds.$inferSelect;
export type LocalRefundRow = typeof localBillingRefunds.$inferSelect;
export type RefundWithAdmin = RefundRow & { requestedByName: string | null };

// Payments.

/** The person a payment list is for. */
export async function selectMember(db: DbOrTx, userId: string): Promise<{ id: string; name: string; email: string } | undefined> {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Records a paid invoice once: a redelivered invoice.paid finds its row. */
export async function insertPaymentOnce(db: DbOrTx, row: typeof billingPayments.$inferInsert): Promise<void> {
  await db.insert(billingPayments).values(row).onConflictDoNothing();
}

export async function selectPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(billingPayments).where(eq(billingPayments.id, id)).limit(1);
  return row;
}

/** The payment, locked until the transaction ends: refunds of one payment are decided one at a time. */
export async function selectPaymentForUpdate(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(billingPayments).where(eq(billingPayments.id, id)).for('update').limit(1);
  return row;
}

/** The payment a provider reference (payment intent or charge) names. */
export async function selectPaymentByRef(db: DbOrTx, provider: string, refs: readonly string[]): Promise<PaymentRow | undefined> {
  if (refs.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(billingPayments)
    .where(and(eq(billingPayments.provider, provider), inArray(billingPayments.providerPaymentRef, [...refs])))
    .orderBy(asc(billingPayments.paidAt))
    .limit(1);
  return row;
}

/** The user's payments, newest first. */
export async function selectUserPayments(db: DbOrTx, userId: string, limit: number): Promise<PaymentRow[]> {
  return db.select().from(billingPayments).where(eq(billingPayments.userId, userId)).orderBy(desc(billingPayments.paidAt), desc(billingPayments.id)).limit(limit);
}

// Refunds.

const refundColumns = { refund: billingRefunds, requestedByName: users.name };

/** Every refund of these payments, oldest first, with the name of the admin who asked for it. */
export async function selectRefundsOfPayments(db: DbOrTx, paymentIds: readonly string[]): Promise<RefundWithAdmin[]> {
  if (paymentIds.length === 0) return [];
  const rows = await db
    .select(refundColumns)
    .from(billingRefunds)
    .leftJoin(users, eq(users.id, billingRefunds.requestedBy))
    .where(inArray(billingRefunds.paymentId, [...paymentIds]))
    .orderBy(asc(billingRefunds.requestedAt), asc(billingRefunds.id));
  return rows.map((row) => ({ ...row.refund, requestedByName: row.requestedByName }));
}

export async function selectRefundWithAdmin(db: DbOrTx, id: string): Promise<RefundWithAdmin | undefined> {
  const [row] = await db.select(refundColumns).from(billingRefunds).leftJoin(users, eq(users.id, billingRefunds.requestedBy)).where(eq(billingRefunds.id, id)).limit(1);
  return row ? { ...row.refund, requestedByName: row.requestedByName } : undefined;
}

export async function selectRefundForUpdate(db: DbOrTx, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(billingRefunds).where(eq(billingRefunds.id, id)).for('update').limit(1);
  return row;
}

export async function selectRefundByProviderIdForUpdate(db: DbOrTx, provider: string, providerRefundId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(billingRefunds)
    .where(and(eq(billingRefunds.provider, provider), eq(billingRefunds.providerRefundId, providerRefundId)))
    .for('update')
    .limit(1);
  return row;
}

export async function selectRefundByRequest(db: DbOrTx, paymentId: string, requestId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(billingRefunds)
    .where(and(eq(billingRefunds.paymentId, paymentId), eq(billingRefunds.requestId, requestId)))
    .limit(1);
  return row;
}

export async function insertRefund(db: DbOrTx, row: typeof billingRefunds.$inferInsert): Promise<RefundRow> {
  const [inserted] = await db.insert(billingRefunds).values(row).returning();
  return inserted!;
}

export async function updateRefund(db: DbOrTx, id: string, changes: Partial<typeof billingRefunds.$inferInsert>): Promise<RefundRow> {
  const [row] = await db.update(billingRefunds).set(changes).where(eq(billingRefunds.id, id)).returning();
  return row!;
}

/** Admin refunds the provider has not answered yet, or whose access choice is not applied yet. */
export async function selectRefundsToFinish(db: DbOrTx, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(billingRefunds)
    .where(
      sql`${billingRefunds.requestedBy} is not null and ((${billingRefunds.status} = 'pending' and ${billingRefunds.providerRefundId} is null) or (${billingRefunds.status} in ('pending', 'succeeded') and ${billingRefunds.accessAppliedAt} is null))`,
    )
    .orderBy(asc(billingRefunds.requestedAt))
    .limit(limit);
}

// The embedded provider's refund books.

export async function selectLocalRefundByKey(db: DbOrTx, idempotencyKey: string): Promise<LocalRefundRow | undefined> {
  const [row] = await db.select().from(localBillingRefunds).where(eq(localBillingRefunds.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

export async function selectLocalRefund(db: DbOrTx, id: string): Promise<LocalRefundRow | undefined> {
  const [row] = await db.select().from(localBillingRefunds).where(eq(localBillingRefunds.id, id)).limit(1);
  return row;
}

export async function sumLocalRefunds(db: DbOrTx, paymentRef: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${localBillingRefunds.amountCents}), 0)::int` })
    .from(localBillingRefunds)
    .where(and(eq(localBillingRefunds.paymentRef, paymentRef), eq(localBillingRefunds.status, 'succeeded')));
  return Number(row?.total ?? 0);
}

export async function insertLocalRefund(db: DbOrTx, row: typeof localBillingRefunds.$inferInsert): Promise<LocalRefundRow> {
  const [inserted] = await db.insert(localBillingRefunds).values(row).returning();
  return inserted!;
}
