import type { JobHandler } from '../jobs/index.ts';
import { CONSENSUS_ALERTS_JOB } from '../trading/index.ts';
import { ALERT_DIGEST_JOB, runAlertDigest, runConsensusAlerts } from './trading-alerts.service.ts';

export const tradingAlertJobHandlers: Record<string, JobHandler> = {
  [CONSENSUS_ALERTS_JOB]: (payload, { deps }) => runConsensusAlerts(deps.db, deps.clock, payload),
  [ALERT_DIGEST_JOB]: (payload, { deps }) => runAlertDigest(deps.db, deps.clock, payload),
};
export { getTradingAlerts } from './trading-alerts.service.ts';
export { seedTradingAlertsDemo, type DemoFollower } from './trading-alerts.seed.ts';
