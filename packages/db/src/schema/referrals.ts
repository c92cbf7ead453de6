import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A visit through a user's short link /r/CODE: every click is a row (decision 036), so the
 * analytics count clicks and, from the hashed visitor id, unique visitors. The visitor is a
 * SHA-256 hash of the random id in a first-party cookie; no IP address is kept.
 */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    clickedOn: date('clicked_on', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
    userAgent: text('user_agent'),
    deviceClass: text('device_class').notNull(),
    /** Host of the Referer only, without "www.". */
    referringSite: text('referring_site'),
    /** The link's utm_source, normalised (normaliseUtmSource). */
    utmSource: text('utm_source'),
  },
  (t) => [
    /** The analytics of one referrer over a period. */
    index('referral_clicks_referrer_clicked_idx').on(t.referrerId, t.clickedAt),
    /** Attribution: the codes one visitor followed. */
    index('referral_clicks_visitor_clicked_idx').on(t.visitorHash, t.clickedAt),
  ],
);

/**
 * Clicks per referrer, UTC day, traffic source (coalesce(utm_source, referring_site, 'direct')) and
 * device class, kept by a trigger on referral_clicks (migration 0024): the analytics read at most
 * a few thousand of these instead of every click (decision 036).
 */
export const referralClickDays = pgTable(
  'referral_click_days',
  {
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    deviceClass: text('device_class').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.referrerId, t.day, t.source, t.deviceClass] })],
);

/**
 * Each visitor's latest click per referrer, kept by the same trigger: the unique visitors of a
 * period are those whose latest click is in it (clicks are never in the future).
 */
export const referralVisitorLastClicks = pgTable(
  'referral_visitor_last_clicks',
  {
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    lastClickedAt: timestamp('last_clicked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.referrerId, t.visitorHash] }), index('referral_visitor_last_clicks_recent_idx').on(t.referrerId, t.lastClickedAt)],
);

/** What the referral landing page reports: time on the page when the visitor leaves, and call-to-action clicks. */
export const referralLandingEvents = pgTable(
  'referral_landing_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    /** 'page_time' or 'cta_click' */
    kind: text('kind').notNull(),
    /** Whole seconds, 0-86,400; only for page_time. */
    timeOnPageSeconds: integer('time_on_page_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('referral_landing_events_referrer_created_idx').on(t.referrerId, t.createdAt)],
);

/**
 * Server-side secrets made on first use (random, never leave the server), e.g. the key that signs
 * the landing page's visitor ids. In the database, so every app instance signs with the same key.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * How each referred sign-up was attributed (DESIGN.md decision 29): the code owner the rules chose,
 * the hashed evidence, and an admin's review. A row with reasons is a flag: the sign-up is not
 * credited (users.referred_by stays empty) until an admin clears it; confirming keeps it uncredited.
 */
export const referralAttributions = pgTable(
  'referral_attributions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .unique('referral_attributions_user_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'credited' (no reasons), or a flag: 'open', 'cleared' (credited by an admin), 'confirmed' (credit removed). */
    status: text('status').notNull(),
    reasons: text('reasons').array().notNull(),
    visitorHash: text('visitor_hash'),
    /** Keyed hash (server secret) of the client address as TRUST_PROXY reads it; never the address. */
    networkHash: text('network_hash'),
    signupsFromNetworkInWindow: integer('signups_from_network_in_window'),
    relatedUserIds: uuid('related_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('referral_attributions_status_created_idx').on(t.status, t.createdAt),
    index('referral_attributions_referrer_network_idx').on(t.referrerId, t.networkHash, t.createdAt),
  ],
);

/** Hashed visitor ids a signed-in user was seen with (self-referral evidence). */
export const userVisitors = pgTable(
  'user_visitors',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.visitorHash] }), index('user_visitors_visitor_idx').on(t.visitorHash)],
);

/** Old links kept resolving after the referral migration (DESIGN.md decision 42): a replaced code, or a user id. */
export const referralCodeAliases = pgTable('referral_code_aliases', {
  alias: text('alias').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** One run of the referral link migration, its progress, result and per-user log (spec 3 section 3). */
export const referralMigrations = pgTable(
  'referral_migrations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    status: text('status').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    frontendUrl: text('frontend_url').notNull(),
    totalUsers: integer('total_users').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    log: jsonb('log').notNull().default(sql`'[]'::jsonb`),
    errorDetail: text('error_detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('referral_migrations_created_idx').on(t.createdAt)],
);
