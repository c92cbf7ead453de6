import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ASSET_CLASSES } from '@myeai/domain';
import { timestamptz, uuidRef } from './columns.ts';
import { oneOf } from './one-of.ts';
import { tradingTimeframes } from './trading.ts';

/*
 * The market data provider's poll state and the admin's neutral bands (issue 32 items 1b and 2,
 * decision 071). Neither names a person: who changed a band is in the audit log.
 */

/** An admin's neutral band for an asset class and timeframe; without a row the default of decision 062 applies. */
export const marketNeutralBands = pgTable(
  'market_neutral_bands',
  {
    assetClass: text('asset_class').notNull(),
    timeframeId: uuidRef('timeframe_id', () => tradingTimeframes.id, 'cascade'),
    bandBps: integer('band_bps').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'market_neutral_bands_pkey', columns: [t.assetClass, t.timeframeId] }),
    check('market_neutral_bands_class_check', oneOf(t.assetClass, ASSET_CLASSES)),
    check('market_neutral_bands_band_check', sql`${t.bandBps} between 1 and 5000`),
  ],
);

/** One row per provider: its last poll, last success, failures in a row, and when it polls next. */
export const marketProviderState = pgTable('market_provider_state', {
  provider: text('provider').primaryKey(),
  lastPollAt: timestamptz('last_poll_at'),
  lastSuccessAt: timestamptz('last_success_at'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  lastError: text('last_error'),
  nextPollAt: timestamptz('next_poll_at'),
  /** When admins were alerted of the current run of failures (null: not alerted, or recovered). */
  alertedAt: timestamptz('alerted_at'),
});
