import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/*
 * The assets a subscriber of a plan with an asset limit picked for the compass (DESIGN.md
 * decision 37): one row per user, its ids in the order picked. `changed_at` is the last change,
 * which the 24-hour rule counts from. An id of an asset deactivated later stays here and is
 * simply not shown; the pick is never silently rewritten.
 */
export const tradingAssetPicks = pgTable('trading_asset_picks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  assetIds: uuid('asset_ids').array().notNull(),
  changedAt: timestamptz('changed_at').notNull(),
});
