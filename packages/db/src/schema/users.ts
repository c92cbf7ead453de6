import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuidPrimaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    picture: text('picture'),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull(),
    activeRole: text('active_role').notNull(),
    status: text('status').notNull().default('active'),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The code the user joined with (the referrer's code then; codes can change later). */
    referralCodeUsed: text('referral_code_used'),
    /** When the referral was recorded (sign-up, or an admin's referral edit with its join date). */
    referredAt: timestamptz('referred_at'),
    isDemo: boolean('is_demo').notNull().default(false),
    /** When the user used their one free trial (platform trial or a paid plan's trial; DESIGN.md section 3, item 18). */
    freeTrialUsedAt: timestamptz('free_trial_used_at'),
    /** Last request of any session, written at most once a minute (the flow chart's active/idle). */
    lastSeenAt: timestamptz('last_seen_at'),
    /** "Skip for now" on the goal quick-setup modal: it stays closed for GOAL_SETUP_SKIP_DAYS after this (docs/decisions/045). */
    goalSetupSkippedAt: timestamptz('goal_setup_skipped_at'),
    /** When the owner proved the address is theirs (link, identity provider, operator); null: not yet (decision 057). */
    emailVerifiedAt: timestamptz('email_verified_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_referred_by_idx').on(t.referredBy),
    /** The admin Overview's growth and the Analytics' users per day. */
    index('users_created_idx').on(t.createdAt),
    /** People Management: sorted by name, and searched by word prefixes of name, e-mail and code (docs/decisions/035). */
    index('users_name_idx').on(t.name, t.id),
    // fastupdate off: sign-ups go straight into the index. With it on, a burst of sign-ups waits in
    // the pending list, which every search then reads in full until a vacuum merges it.
    index('users_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.name} || ' ' || ${t.email} || ' ' || ${t.referralCode})`)
      .with({ fastupdate: false }),
  ],
);

/** An external identity (OpenID Connect issuer + subject) linked to a user. */
export const identities = pgTable(
  'identities',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [uniqueIndex('identities_issuer_subject_key').on(t.issuer, t.subject), index('identities_user_idx').on(t.userId)],
);
