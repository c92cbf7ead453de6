import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCOUNT_TOKEN_PURPOSES } from '@myeai/domain';
import { oneOf } from './one-of.ts';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/**
 * Single-use links sent by e-mail (decision 057): password reset, e-mail verification and e-mail
 * change. The link carries a random token; the row holds only its SHA-256 hash, so a read of the
 * database cannot be turned into a working link.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
        purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link confirms: the account's own (verification) or the one it moves to (e-mail change). */
    email: text('email').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set when the link is followed, or when a newer link or a password change makes it void. */
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    check('account_tokens_purpose_known', oneOf(t.purpose, ACCOUNT_TOKEN_PURPOSES)),
    uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash), index('account_tokens_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);
