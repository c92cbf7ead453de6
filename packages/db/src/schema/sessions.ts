import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { users } from './users.ts';

/** Server-side sessions: the cookie holds a random token, the row holds its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidPrimaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    userAgent: text('user_agent'),
    /** The client address masked (203.0.113.x), never the raw address (DESIGN.md decision 29). */
    address: text('address'),
    /** "City, Country" from the GeoIP database at sign-in, when one is configured. */
    place: text('place'),
    createdAt: timestamptz('created_at').notNull(),
    /** The session's last request, written at most once a minute (see touchLastSeen). */
    lastSeenAt: timestamptz('last_seen_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  // sessions_created_idx: the admin Overview's sign-ins today.
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId), index('sessions_created_idx').on(t.createdAt)],
);

/** One pending OpenID Connect sign-in: state, PKCE verifier and nonce live here, not in the browser. */
export const oidcLoginAttempts = pgTable('oidc_login_attempts', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  referralCode: text('referral_code'),
  createdAt: timestamptz('created_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});
