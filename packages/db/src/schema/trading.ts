import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { ASSET_CLASSES, BIASES, CONSENSUS_EVENT_TYPES, CONSENSUS_MODES, ENTRY_WINDOW_STATUSES, SPECIALIZATIONS } from '@myeai/domain';
import { oneOf } from './one-of.ts';
import { users } from './users.ts';

/*
 * Trading (issue 7): the market (assets x timeframes), the trader pool, entry windows and their
 * votes, consensus events, and one aggregate row per asset x timeframe that the compass grid
 * reads, so reading the grid never scans votes. Percentages and weights are integer tenths.
 */

export const tradingAssets = pgTable(
  'trading_assets',
  {
    id: uuidPrimaryKey(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    assetClass: text('asset_class').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('trading_assets_symbol_key').on(t.symbol),
    check('trading_assets_class_check', oneOf(t.assetClass, ASSET_CLASSES)),
  ],
);

export const tradingTimeframes = pgTable(
  'trading_timeframes',
  {
    id: uuidPrimaryKey(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    minutes: integer('minutes').notNull(),
    votingWindowMinutes: integer('voting_window_minutes').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('trading_timeframes_code_key').on(t.code),
    check('trading_timeframes_minutes_check', sql`${t.minutes} >= 1 and ${t.votingWindowMinutes} >= 1`),
  ],
);

/**
 * A trader's profile in the pool. The scores are kept as counters updated when a window closes
 * (see traderScores in @myeai/domain), so no screen scans votes for them.
 */
export const traders = pgTable(
  'traders',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    /** Tenths of a percent, 0-1000 (46.0 % = 460). */
    weightTenths: integer('weight_tenths').notNull(),
    specialization: text('specialization'),
    kycVerified: boolean('kyc_verified').notNull().default(false),
    /** Member of the active pool (the Elite Pool of fixed mode). */
    isActive: boolean('is_active').notNull().default(true),
    votesCast: integer('votes_cast').notNull().default(0),
    windowsSeen: integer('windows_seen').notNull().default(0),
    scoredVotes: integer('scored_votes').notNull().default(0),
    agreedVotes: integer('agreed_votes').notNull().default(0),
    calibrationSum: integer('calibration_sum').notNull().default(0),
    confidenceSum: integer('confidence_sum').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('traders_weight_check', sql`${t.weightTenths} between 0 and 1000`),
    check('traders_specialization_check', sql`${t.specialization} is null or ${oneOf(t.specialization, SPECIALIZATIONS)}`),
  ],
);

/** The one row (id 1) of consensus settings; a missing row means the defaults. */
export const tradingSettings = pgTable(
  'trading_settings',
  {
    id: integer('id').primaryKey(),
    consensusMode: text('consensus_mode').notNull(),
    confirmationThreshold: integer('confirmation_threshold').notNull(),
    exitThreshold: integer('exit_threshold').notNull(),
    /** Wall-clock HH:MM in submission_time_zone; compared against UTC instants by the engine. */
    submissionWindowStart: text('submission_window_start').notNull(),
    submissionWindowEnd: text('submission_window_end').notNull(),
    submissionTimeZone: text('submission_time_zone').notNull(),
    maxConsensusSize: integer('max_consensus_size').notNull(),
    performanceWeightEnabled: boolean('performance_weight_enabled').notNull(),
    assetSpecializationEnabled: boolean('asset_specialization_enabled').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('trading_settings_singleton', sql`${t.id} = 1`),
    check('trading_settings_mode_check', oneOf(t.consensusMode, CONSENSUS_MODES)),
    check('trading_settings_thresholds_check', sql`${t.confirmationThreshold} between 45 and 70 and ${t.exitThreshold} between 35 and 50 and ${t.exitThreshold} <= ${t.confirmationThreshold}`),
    check('trading_settings_size_check', sql`${t.maxConsensusSize} between 1 and 20`),
  ],
);

/**
 * An entry window on one asset x timeframe. At most one is open per pair (partial unique index).
 * `rules` holds what the window was opened under (mode, pool size, submission window, weighting);
 * the result columns are written once, when it closes.
 */
export const entryWindows = pgTable(
  'entry_windows',
  {
    id: uuidPrimaryKey(),
    assetId: uuid('asset_id').notNull().references(() => tradingAssets.id, { onDelete: 'cascade' }),
    timeframeId: uuid('timeframe_id').notNull().references(() => tradingTimeframes.id, { onDelete: 'cascade' }),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamptz('opened_at').notNull(),
    closesAt: timestamptz('closes_at').notNull(),
    status: text('status').notNull().default('open'),
    mode: text('mode').notNull(),
    poolSize: integer('pool_size').notNull(),
    rules: jsonb('rules').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
    closedAt: timestamptz('closed_at'),
    closeReason: text('close_reason'),
    longTenths: integer('long_tenths'),
    shortTenths: integer('short_tenths'),
    neutralTenths: integer('neutral_tenths'),
    /** Strict top of the shares (null: no votes or a tie). */
    resultBias: text('result_bias'),
    /** The bias this window confirmed (null: no consensus reached). */
    confirmedBias: text('confirmed_bias'),
    consensusTenths: integer('consensus_tenths'),
    /** The standing consensus after this window (hysteresis state), for the delayed grid. */
    standingBias: text('standing_bias'),
    confirmationThreshold: integer('confirmation_threshold'),
    exitThreshold: integer('exit_threshold'),
  },
  (t) => [
    uniqueIndex('entry_windows_one_open_per_pair').on(t.assetId, t.timeframeId).where(sql`${t.status} = 'open'`),
    index('entry_windows_pair_closed_idx').on(t.assetId, t.timeframeId, t.closedAt.desc()),
    index('entry_windows_open_idx').on(t.closesAt).where(sql`${t.status} = 'open'`),
    index('entry_windows_opened_idx').on(t.openedAt.desc()),
    index('entry_windows_closed_idx').on(t.closedAt.desc()),
    check('entry_windows_status_check', oneOf(t.status, ENTRY_WINDOW_STATUSES)),
  ],
);

export const windowVotes = pgTable(
  'window_votes',
  {
    id: uuidPrimaryKey(),
    windowId: uuid('window_id').notNull().references(() => entryWindows.id, { onDelete: 'cascade' }),
    traderId: uuid('trader_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    bias: text('bias').notNull(),
    confidence: integer('confidence').notNull(),
    note: text('note'),
    /** The weight the vote counts with, fixed when it was cast (tenths). */
    weightTenths: integer('weight_tenths').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('window_votes_window_trader_key').on(t.windowId, t.traderId),
    index('window_votes_trader_created_idx').on(t.traderId, t.createdAt.desc()),
    index('window_votes_created_idx').on(t.createdAt),
    check('window_votes_bias_check', oneOf(t.bias, BIASES)),
    check('window_votes_confidence_check', sql`${t.confidence} between 0 and 100`),
  ],
);

export const consensusEvents = pgTable(
  'consensus_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    windowId: uuid('window_id').notNull().references(() => entryWindows.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').notNull().references(() => tradingAssets.id, { onDelete: 'cascade' }),
    timeframeId: uuid('timeframe_id').notNull().references(() => tradingTimeframes.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    confirmedBias: text('confirmed_bias'),
    consensusTenths: integer('consensus_tenths'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    // A window records each type at most once: a repeated close writes nothing twice.
    uniqueIndex('consensus_events_window_type_key').on(t.windowId, t.eventType),
    index('consensus_events_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('consensus_events_asset_created_idx').on(t.assetId, t.createdAt.desc(), t.id.desc()),
    check('consensus_events_type_check', oneOf(t.eventType, CONSENSUS_EVENT_TYPES)),
  ],
);

/**
 * What the compass grid shows per asset x timeframe, kept up to date by votes and closes:
 * the open window's live shares, the last closed window's shares, and the standing consensus.
 */
export const sentimentAggregates = pgTable(
  'sentiment_aggregates',
  {
    assetId: uuid('asset_id').notNull().references(() => tradingAssets.id, { onDelete: 'cascade' }),
    timeframeId: uuid('timeframe_id').notNull().references(() => tradingTimeframes.id, { onDelete: 'cascade' }),
    openWindowId: uuid('open_window_id'),
    openVoteCount: integer('open_vote_count').notNull().default(0),
    openLongTenths: integer('open_long_tenths').notNull().default(0),
    openShortTenths: integer('open_short_tenths').notNull().default(0),
    openNeutralTenths: integer('open_neutral_tenths').notNull().default(0),
    /** Strict top of the live shares, decided on exact weights (rounded shares can tie-break wrongly). */
    openTopBias: text('open_top_bias'),
    openUpdatedAt: timestamptz('open_updated_at'),
    lastWindowId: uuid('last_window_id'),
    lastClosedAt: timestamptz('last_closed_at'),
    lastVoteCount: integer('last_vote_count').notNull().default(0),
    lastLongTenths: integer('last_long_tenths').notNull().default(0),
    lastShortTenths: integer('last_short_tenths').notNull().default(0),
    lastNeutralTenths: integer('last_neutral_tenths').notNull().default(0),
    lastTopBias: text('last_top_bias'),
    confirmedBias: text('confirmed_bias'),
    confirmedTenths: integer('confirmed_tenths'),
    confirmedAt: timestamptz('confirmed_at'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.timeframeId] })],
);
