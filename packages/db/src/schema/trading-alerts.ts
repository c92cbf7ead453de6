import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { consensusEvents, tradingAssets, tradingTimeframes } from './trading.ts';
import { users } from './users.ts';

/*
 * Trading alerts (docs/decisions/020-trading-alerts.md): the compass cells a user follows, and
 * the events waiting for a daily-plan follower's digest. A row per event x follower makes a
 * replayed event add nothing.
 */

export const tradingAlertFollows = pgTable(
  'trading_alert_follows',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').notNull().references(() => tradingAssets.id, { onDelete: 'cascade' }),
    timeframeId: uuid('timeframe_id').notNull().references(() => tradingTimeframes.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assetId, t.timeframeId] }), index('trading_alert_follows_cell_idx').on(t.assetId, t.timeframeId)],
);

export const tradingAlertDigestItems = pgTable(
  'trading_alert_digest_items',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull().references(() => consensusEvents.id, { onDelete: 'cascade' }),
    /** The UTC date whose digest lists the event (digestDayOf). */
    digestDay: text('digest_day').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('trading_alert_digest_items_day_idx').on(t.userId, t.digestDay)],
);
