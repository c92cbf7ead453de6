import type { JobHandler } from '../jobs/index.ts';
import { SCORE_WINDOW_JOB } from '../trading/index.ts';
import { runScoreWindowJob } from './scoring.service.ts';

export { scoreWindows } from './scoring.service.ts';
export { seedMarketDataDemo } from './market-data.seed.ts';

export const marketDataJobHandlers: Record<string, JobHandler> = {
  [SCORE_WINDOW_JOB]: (payload, { deps }) => runScoreWindowJob(deps.db, deps.clock, payload),
};
