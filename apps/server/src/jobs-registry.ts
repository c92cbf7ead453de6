import { accountJobHandlers } from './modules/account/index.ts';
import { accountDataJobHandlers } from './modules/account-data/index.ts';
import { billingJobHandlers } from './modules/billing/index.ts';
import type { JobHandler } from './modules/jobs/index.ts';
import { learningJobHandlers } from './modules/learning/index.ts';
import { mailJobHandlers } from './modules/mail/index.ts';
import { marketDataJobHandlers } from './modules/market-data/index.ts';
import { notificationJobHandlers } from './modules/notifications/index.ts';
import { payoutJobHandlers } from './modules/payouts/index.ts';
import { referralJobHandlers } from './modules/referrals/index.ts';
import { planChangeJobHandlers } from './modules/subscriptions/index.ts';
import { trialJobHandlers } from './modules/trials/index.ts';
import { tradingJobHandlers } from './modules/trading/index.ts';
import { tradingAlertJobHandlers } from './modules/trading-alerts/index.ts';
import { videoWidgetJobHandlers } from './modules/video-widgets/index.ts';

/** Every job handler of the app, one map per module; a name registered twice is a bug. */
export function buildJobHandlers(): Record<string, JobHandler> {
  const maps: Record<string, JobHandler>[] = [mailJobHandlers, notificationJobHandlers, billingJobHandlers, trialJobHandlers, tradingJobHandlers, tradingAlertJobHandlers, videoWidgetJobHandlers, referralJobHandlers, learningJobHandlers, accountJobHandlers, accountDataJobHandlers, marketDataJobHandlers, payoutJobHandlers, planChangeJobHandlers];
  const handlers: Record<string, JobHandler> = {};
  for (const map of maps) {
    for (const [name, handler] of Object.entries(map)) {
      if (Object.hasOwn(handlers, name)) throw new Error(`job handler "${name}" is registered twice`);
      handlers[name] = handler;
    }
  }
  return handlers;
}
