import type { DbOrTx } from '@myeai/db';
import type { AuditLogPage, ListAuditLogQuery } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../paging.ts';
import { insertAuditEntries, insertAuditEntry, selectAuditPage, selectTargetLabels } from './audit.queries.ts';

export type AuditEntryInput = { actorId: string | null; action: string; target?: string | null; details?: unknown };

/**
 * Writes one audit row. Pass the transaction of the write being audited, so the change and its
 * audit row commit (or roll back) together.
 */
export async function recordAudit(db: DbOrTx, clock: Clock, entry: AuditEntryInput): Promise<void> {
  await insertAuditEntry(db, {
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    createdAt: clock.now(),
  });
}

/** Several audit rows in one INSERT (a batch of revenue runs), in the caller's transaction. */
export async function recordAudits(db: DbOrTx, clock: Clock, entries: readonly AuditEntryInput[]): Promise<void> {
  const now = clock.now();
  await insertAuditEntries(db, entries.map((entry) => ({ actorId: entry.actorId, action: entry.action, target: entry.target ?? null, details: entry.details ?? null, createdAt: now })));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The record id a target is; other targets ("asset EUR/USD", "job:42") already say what they are. */
function targetId(target: string | null): string | null {
  return target && UUID.test(target) ? target.toLowerCase() : null;
}

/** The audit log, newest first, with each actor's name and e-mail and each target in words. */
export async function listAuditLog(db: DbOrTx, query: ListAuditLogQuery): Promise<AuditLogPage> {
  const rows = await selectAuditPage(db, {
    action: query.action,
    before: query.cursor ? decodeTimeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // Only the ids on the page are labelled; an id whose record is gone keeps no label (the page then shows the id).
  const ids = [...new Set(page.map((row) => targetId(row.target)).filter((id) => id !== null))];
  const labels = ids.length === 0 ? new Map<string, string>() : await selectTargetLabels(db, ids);
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
