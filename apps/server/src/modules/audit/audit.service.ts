import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { auditLog, commissions, leads, productCategories, products, supportRequests, trials, users, type DbOrTx } from '@myeai/db';
import type { AuditLogPage, ListAuditLogQuery } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../paging.ts';

export type AuditEntryInput = { actorId: string | null; action: string; target?: string | null; details?: unknown };

/**
 * Writes one audit row. Pass the transaction of the write being audited, so the change and its
 * audit row commit (or roll back) together.
 */
export async function recordAudit(db: DbOrTx, clock: Clock, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    createdAt: clock.now(),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The record id a target is; other targets ("asset EUR/USD", "job:42") already say what they are. */
function targetId(target: string | null): string | null {
  return target && UUID.test(target) ? target.toLowerCase() : null;
}

/**
 * What the ids of a page's targets are, in words: "user ada@x.io", "lead Ada Lovelace", "product
 * Starter Kit"... One small read per kind of record, only for the ids on the page. An id whose
 * record is gone keeps no label (the page then shows the id).
 */
async function targetLabels(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
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

/** The audit log, newest first, with each actor's name and e-mail and each target in words. */
export async function listAuditLog(db: DbOrTx, query: ListAuditLogQuery): Promise<AuditLogPage> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.cursor) {
    const after = decodeTimeCursor(query.cursor);
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
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
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const labels = await targetLabels(db, [...new Set(page.map((row) => targetId(row.target)).filter((id) => id !== null))]);
  return {
    items: page.map((row) => ({
      id: row.id,
      action: row.action,
      target: row.target,
      target_label: labels.get(targetId(row.target) ?? '') ?? null,
      details: row.details ?? null,
      actor: row.actorId && row.actorName !== null && row.actorEmail !== null ? { id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}
