import type { JobHandler } from '../jobs/index.ts';
import { SCORE_WINDOW_JOB } from '../trading/index.ts';
import { MARKET_DATA_POLL_JOB, runMarketDataPollJob } from './provider/provider-poll.service.ts';
import { runScoreWindowJob } from './scoring.service.ts';

export { scoreWindows } from './scoring.service.ts';
export { seedMarketDataDemo } from './market-data.seed.ts';
export { ensureMarketDataPoll, MARKET_DATA_POLL_JOB } from './provider/provider-poll.service.ts';

export const marketDataJobHandlers: Record<string, JobHandler> = {
  [SCORE_WINDOW_JOB]: (payload, { deps }) => runScoreWindowJob(deps.db, deps.clock, payload),
  [MARKET_DATA_POLL_JOB]: async (payload, { deps }) => {
    await runMarketDataPollJob(deps.db, deps.clock, deps.config, payload);
  },
};
export { TRACK_RECORD_TABLES } from './track-record-cache.ts';
