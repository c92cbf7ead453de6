import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BIASES, CALL_OUTCOMES } from '@myeai/domain';
import { timestamptz, uuidPrimaryKey, uuidRef } from './columns.ts';
import { oneOf } from './one-of.ts';
import { entryWindows, tradingAssets, tradingTimeframes, windowVotes } from './trading.ts';

/*
 * The track record against the market (issue 32, decision 062): stored candles, and the score of
 * every closed window and vote with the prices it used. Prices are integers in PRICE_SCALE units
 * (8 decimal places: 1.08345 is 108345000), never floats.
 */

/** One candle per asset and time. `time` is the instant the close applies (no look-ahead when read as "at or before T"). */
export const marketPrices = pgTable(
  'market_prices',
  {
    id: uuidPrimaryKey(),
    assetId: uuidRef('asset_id', () => tradingAssets.id, 'cascade'),
    time: timestamptz('time').notNull(),
    open: bigint('open', { mode: 'number' }).notNull(),
    high: bigint('high', { mode: 'number' }).notNull(),
    low: bigint('low', { mode: 'number' }).notNull(),
    close: bigint('close', { mode: 'number' }).notNull(),
    /** "import" or the provider's name. */
    source: text('source').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('market_prices_asset_time_key').on(t.assetId, t.time),
    check('market_prices_positive', sql`${t.low} > 0 and ${t.low} <= least(${t.open}, ${t.close}) and ${t.high} >= greatest(${t.open}, ${t.close})`),
  ],
);

/**
 * The market's verdict on one closed window with votes: the prices at close and at the horizon
 * (with the candle times they came from), the change, the band used, and the outcome of the
 * window's confirmed call (null when it confirmed none; its votes are scored all the same).
 */
export const windowScores = pgTable(
  'window_scores',
  {
    windowId: uuid('window_id').primaryKey().references(() => entryWindows.id, { onDelete: 'cascade' }),
    assetId: uuidRef('asset_id', () => tradingAssets.id, 'cascade'),
    timeframeId: uuidRef('timeframe_id', () => tradingTimeframes.id, 'cascade'),
    closedAt: timestamptz('closed_at').notNull(),
    horizonAt: timestamptz('horizon_at').notNull(),
    bandBps: integer('band_bps').notNull(),
    confirmedBias: text('confirmed_bias'),
    priceAtClose: bigint('price_at_close', { mode: 'number' }),
    priceAtCloseTime: timestamptz('price_at_close_time'),
    priceAtHorizon: bigint('price_at_horizon', { mode: 'number' }),
    priceAtHorizonTime: timestamptz('price_at_horizon_time'),
    /** Hundredths of a basis point; null while awaiting prices. */
    changeHundredthsBps: integer('change_hundredths_bps'),
    outcome: text('outcome'),
    scoredAt: timestamptz('scored_at').notNull(),
  },
  (t) => [
    index('window_scores_pair_closed_idx').on(t.assetId, t.timeframeId, t.closedAt.desc()),
    check('window_scores_bias_check', sql`${t.confirmedBias} is null or ${oneOf(t.confirmedBias, BIASES)}`),
    check('window_scores_outcome_check', sql`${t.outcome} is null or ${oneOf(t.outcome, CALL_OUTCOMES)}`),
  ],
);

/** One vote's outcome against the market and its Brier score (ten-thousandths; null while awaiting prices). */
export const voteScores = pgTable(
  'vote_scores',
  {
    voteId: uuid('vote_id').primaryKey().references(() => windowVotes.id, { onDelete: 'cascade' }),
    windowId: uuidRef('window_id', () => entryWindows.id, 'cascade'),
    outcome: text('outcome').notNull(),
    brierE4: integer('brier_e4'),
    scoredAt: timestamptz('scored_at').notNull(),
  },
  (t) => [
    index('vote_scores_window_idx').on(t.windowId),
    check('vote_scores_outcome_check', oneOf(t.outcome, CALL_OUTCOMES)),
    check('vote_scores_brier_check', sql`(${t.outcome} = 'awaiting_prices') = (${t.brierE4} is null) and (${t.brierE4} is null or ${t.brierE4} between 0 and 10000)`),
  ],
);
