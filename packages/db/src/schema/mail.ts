import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/** Outbox of e-mails: written in the same transaction as the change that causes them, sent by a job. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers the mail left with (List-Unsubscribe of an optional mail), recorded when sent. */
    headers: jsonb('headers'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_status_idx').on(t.status)],
);
