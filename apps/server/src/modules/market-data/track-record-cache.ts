import type { TrackRecord } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { perApp } from '../../per-app.ts';
import { TableCache, userChangeFeedFor } from '../changes/index.ts';

/**
 * Every table a consensus track record is built from (the pair, its windows, their scores and the
 * votes' scores, the bands). Each announces its writes on the change feed (migrations 0019, 0048),
 * and any of them named drops every cached record (decision 077).
 */
export const TRACK_RECORD_TABLES: readonly string[] = ['trading_assets', 'trading_timeframes', 'entry_windows', 'window_scores', 'vote_scores', 'market_neutral_bands'];

/**
 * A record whose view moves with the clock (a history floor, a delay) is rebuilt at least this
 * often, as the compass grid's time-bound entries are; one that does not is kept until a change.
 */
export const TIME_BOUND_RECORD_TTL_MS = 60_000;
export const UNBOUNDED_RECORD_TTL_MS = 15 * 60_000;

/** One cache of consensus track records per app instance, on the instance's change feed. */
export const trackRecordCacheFor = perApp<AppDeps, TableCache<TrackRecord>>(
  (deps) => new TableCache<TrackRecord>(userChangeFeedFor(deps), { tables: TRACK_RECORD_TABLES, maxEntries: 2_000 }),
);
