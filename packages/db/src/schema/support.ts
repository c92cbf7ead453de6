import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { SUPPORT_STATUSES } from '@myeai/domain';
import { billingPayments } from './billing.ts';
import { oneOf } from './one-of.ts';
import { users } from './users.ts';

/**
 * "Contact support" requests from /profile (DESIGN.md decision 27: priority support of the 12-
 * and 52-week plans). `priority` is the requester's entitlement when they sent it, so the admin
 * list sorts by a stored fact and pages in SQL. One answer per request, written by an admin.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    priority: boolean('priority').notNull(),
    status: text('status').notNull().default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamptz('answered_at'),
    createdAt: timestamptz('created_at').notNull(),
    /** "Request a refund" of this payment (decision 065); null for other requests. */
    paymentId: uuid('payment_id').references(() => billingPayments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('support_requests_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('support_requests_queue_idx').on(t.status, t.priority.desc(), t.createdAt, t.id),
    index('support_requests_payment_idx').on(t.paymentId),
    check('support_requests_status_known', oneOf(t.status, SUPPORT_STATUSES)),
    check('support_requests_answer_matches_status', sql`(${t.status} = 'answered') = (${t.answer} is not null)`),
  ],
);
