import type { JobHandler } from '../jobs/index.ts';
import { ALERT_DIGEST_JOB, CONSENSUS_ALERTS_JOB } from './alert-queue.ts';
import { runAlertDigest, runConsensusAlerts } from './trading-alerts.service.ts';

export { tradingAlertsRoutes } from './trading-alerts.routes.ts';
export { enqueueConsensusAlerts } from './alert-queue.ts';

export const tradingAlertJobHandlers: Record<string, JobHandler> = {
  [CONSENSUS_ALERTS_JOB]: (payload, { deps }) => runConsensusAlerts(deps.db, deps.clock, payload),
  [ALERT_DIGEST_JOB]: (payload, { deps }) => runAlertDigest(deps.db, deps.clock, payload),
};
