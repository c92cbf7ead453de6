import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A visit through a user's short link /r/CODE: one row per referrer, visitor and UTC day (a
 * repeat the same day changes nothing), so "clicks today" counts distinct visitors. The visitor
 * is a SHA-256 hash of the random id in a first-party cookie; no IP address is kept.
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
    /** Host of the Referer only. */
    referringSite: text('referring_site'),
  },
  (t) => [uniqueIndex('referral_clicks_referrer_day_visitor_key').on(t.referrerId, t.clickedOn, t.visitorHash)],
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
