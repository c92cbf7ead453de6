import type { JobHandler } from '../jobs/index.ts';
import { CLOSE_WINDOW_JOB, runCloseWindowJob } from './windows.service.ts';

export { seedTradingDemo, DEMO_TRADER_POOL, DEMO_ASSETS, DEMO_TIMEFRAMES } from './trading.seed.ts';
export { userHasPlan } from './plan.ts';
export { CONSENSUS_ALERTS_JOB } from './consensus-alerts-queue.ts';
export { SCORE_WINDOW_JOB } from './track-record-queue.ts';
export { publishTradingEvent, publishTradingEvents } from './trading-events.ts';
export { getEngineSettings, saveEngineSettings, toSettingsResponse, type EngineSettings } from './settings.service.ts';
export { castVote, closeWindow, openWindow, CLOSE_WINDOW_JOB, WINDOW_MESSAGES, type TradingActor } from './windows.service.ts';
export * from './trading.queries.ts';

/** Closes an entry window at its closes_at; idempotent, so a retried or repeated job is harmless. */
const closeWindowJob: JobHandler = async (payload, { deps }) => {
  await runCloseWindowJob(deps.db, deps.clock, payload);
};

export const tradingJobHandlers: Record<string, JobHandler> = { [CLOSE_WINDOW_JOB]: closeWindowJob };
export { pickedAssetIds } from './asset-picks.service.ts';
export { compassAccessOf, listConsensusEvents, visiblePair, type CompassViewer, type CompassView } from './compass.service.ts';
export { planReaderFor, pickReaderFor } from './plan.ts';
export { listActiveWindows } from './windows.projections.ts';
export { getTraderProfile } from './trader.service.ts';
export { marketCountsByTrader, type TraderMarketCounts } from './market-standing.queries.ts';
export { getVerifiedTraders } from './market-standing.service.ts';
