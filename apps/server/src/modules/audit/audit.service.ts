import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { auditLog, users, type DbOrTx } from '@myeai/db';
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

/** The audit log, newest first, with each actor's name and e-mail. */
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
  return {
    items: page.map((row) => ({
      id: row.id,
      action: row.action,
      target: row.target,
      details: row.details ?? null,
      actor: row.actorId && row.actorName !== null && row.actorEmail !== null ? { id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}
