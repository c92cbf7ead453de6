import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { auditLog, commissions, leads, productCategories, products, supportRequests, trials, users, type DbOrTx } from '@myeai/db';

export async function insertAuditEntries(db: DbOrTx, entries: Array<typeof auditLog.$inferInsert>): Promise<void> {
  if (entries.length > 0) await db.insert(auditLog).values(entries);
}

export async function insertAuditEntry(db: DbOrTx, entry: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/**
 * Each id's record in words ("user ada@x.io", "lead Ada Lovelace"...): one small read per kind
 * of record, only for these ids. An id whose record is gone gets no label.
 */
export async function selectTargetLabels(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const reads: Promise<{ id: string; label: string | null }[]>[] = [
    db.select({ id: users.id, label: sql<string>`'user ' || ${users.email}` }).from(users).where(inArray(users.id, ids)),
    db.select({ id: leads.id, label: sql<string>`'lead ' || ${leads.name}` }).from(leads).where(inArray(leads.id, ids)),
    db.select({ id: products.id, label: sql<string>`'product ' || ${products.name}` }).from(products).where(inArray(products.id, ids)),
    db.select({ id: productCategories.id, label: sql<string>`'product category ' || ${productCategories.name}` }).from(productCategories).where(inArray(productCategories.id, ids)),
    db.select({ id: trials.id, label: sql<string>`'trial of ' || ${users.email}` }).from(trials).innerJoin(users, eq(users.id, trials.userId)).where(inArray(trials.id, ids)),
    db.select({ id: commissions.id, label: sql<string>`'commission of ' || ${users.email}` }).from(commissions).innerJoin(users, eq(users.id, commissions.userId)).where(inArray(commissions.id, ids)),
    db.select({ id: supportRequests.id, label: sql<string>`'support request from ' || ${users.email}` }).from(supportRequests).innerJoin(users, eq(users.id, supportRequests.userId)).where(inArray(supportRequests.id, ids)),
  ];
  const labels = new Map<string, string>();
  for (const rows of await Promise.all(reads)) for (const row of rows) if (row.label) labels.set(row.id, row.label);
  return labels;
}

export type AuditRow = {
  id: string;
  action: string;
  target: string | null;
  details: unknown;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
};

/**
 * Up to `limit` entries with their actor, newest first: of one action or of actions starting with
 * `actionPrefix` (e.g. `commission.`), of one target, older than `before`, each if given.
 */
export async function selectAuditPage(
  db: DbOrTx,
  filter: { action?: string; actionPrefix?: string; target?: string; before?: { createdAt: string; id: string }; limit: number },
): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actionPrefix) conditions.push(like(auditLog.action, `${filter.actionPrefix.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.target) conditions.push(eq(auditLog.target, filter.target));
  if (filter.before) {
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${filter.before.createdAt}::timestamptz, ${filter.before.id}::uuid)`);
  }
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      target: auditLog.target,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorId: users.id,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
}
