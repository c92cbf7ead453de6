import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STORED_DATA_EXPORT_STATUSES } from '@myeai/domain';
import { oneOf } from './one-of.ts';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * "Download my data" (docs/decisions/059): one JSON document of everything the platform holds about
 * a person, prepared by a job and downloadable from a signed link until expires_at.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The person themself, or the admin who ran it from People Management. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('preparing'),
    document: jsonb('document'),
    requestedAt: timestamptz('requested_at').notNull(),
    readyAt: timestamptz('ready_at'),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    index('data_exports_user_requested_idx').on(t.userId, t.requestedAt.desc()),
    check('data_exports_status_known', oneOf(t.status, STORED_DATA_EXPORT_STATUSES)),
  ],
);

/**
 * "Delete my account": a request waits ACCOUNT_DELETION_GRACE_DAYS (signing in deletes the row,
 * which cancels it: the trigger sessions_cancel_account_deletion of migration 0035), then the erasure job anonymises the person and sets erased_at. The erased
 * row stays as the record that the erasure ran; it holds only dates.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamptz('requested_at').notNull(),
    eraseAfter: timestamptz('erase_after').notNull(),
    erasedAt: timestamptz('erased_at'),
  },
  (t) => [uniqueIndex('account_deletions_pending_key').on(t.userId).where(sql`${t.erasedAt} is null`)],
);
