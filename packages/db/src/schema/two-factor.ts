import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey, uuidRef } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's authenticator-app secret (TOTP, RFC 6238; decision record 058). enabled_at is null
 * while the user has scanned the code but not yet confirmed it. last_used_step is the time step of
 * the last accepted code, so a code cannot be used twice. failed_* count wrong codes per account.
 */
export const twoFactorCredentials = pgTable('two_factor_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `enc:v1:<iv>:<tag>:<ciphertext>` under TWO_FACTOR_ENCRYPTION_KEY, or `plain:<base32>` without one. */
  secret: text('secret').notNull(),
  enabledAt: timestamptz('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  failedSince: timestamptz('failed_since'),
  createdAt: timestamptz('created_at').notNull(),
});

/** Single-use recovery codes, stored as SHA-256 hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuidPrimaryKey(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** A password sign-in waiting for its second factor: the pending cookie holds the token, this row its hash. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);
