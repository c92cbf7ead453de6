import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/** Every admin action writes a row here. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuidPrimaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
