import { z } from 'zod';
import { cursorPageSchema, PageCursorSchema, PageLimitSchema } from './paging.ts';

/** The audit log's API path (admin). */
export const auditPaths = {
  log: '/api/admin/audit-log',
} as const;

export const AuditActorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const AuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  /** The target in words when it is a record's id ("user ada@x.io", "lead Ada Lovelace"); null when the target already reads as words or the record is gone. */
  target_label: z.string().nullable(),
  details: z.unknown(),
  /** Null for system actions and for an actor whose account was deleted. */
  actor: AuditActorSchema.nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const ListAuditLogQuerySchema = z.object({
  limit: PageLimitSchema,
  cursor: PageCursorSchema,
  action: z.string().trim().min(1).max(100).optional(),
});
export type ListAuditLogQuery = z.infer<typeof ListAuditLogQuerySchema>;

export const AuditLogPageSchema = cursorPageSchema(AuditEntrySchema, {});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
