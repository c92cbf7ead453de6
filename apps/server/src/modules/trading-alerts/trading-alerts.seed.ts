import type { Database } from '@myeai/db';
import { followRefusal } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { pickedAssetIds } from '../trading/index.ts';
import { alertCellsByActivity, followsOf } from './trading-alerts.queries.ts';
import { entitlementsAt, followCell, runConsensusAlerts } from './trading-alerts.service.ts';

const DAY_MS = 86_400_000;

/** A demo user who followed the busiest cell they may follow `followedDaysAgo` days ago. */
export type DemoFollower = { userId: string; followedDaysAgo: number };

/**
 * The demo's trading alerts (issue 26 item 7): each follower follows the cell of the trading
 * history with the most consensus events among those their plan and asset picks allow then,
 * through followCell (entitlements checked at the time), then every consensus event of that cell
 * since the follow goes through the alert job itself at the event's time (runConsensusAlerts:
 * immediate alert or the daily digest, as the plan gives). A user who already follows a cell is left alone. Runs after the trading
 * history and the subscriptions are seeded.
 */
export async function seedTradingAlertsDemo(db: Database, clock: Clock, followers: readonly DemoFollower[]): Promise<void> {
  const cells = await alertCellsByActivity(db);
  const base = clock.now().getTime();
  for (const { userId, followedDaysAgo } of followers) {
    if ((await followsOf(db, userId)).length > 0) continue;
    const followedAt = base - followedDaysAgo * DAY_MS;
    const [entitlements, picks] = await Promise.all([entitlementsAt(db, userId, new Date(followedAt)), pickedAssetIds(db, userId)]);
    const busiest = cells.find(({ cell }) => followRefusal({ entitlements, pickedAssetIds: picks, asset: { id: cell.assetId, symbol: '' } }) === null);
    if (!busiest) continue;
    await followCell(db, { now: () => new Date(followedAt) }, userId, busiest.cell);
    for (const event of busiest.events) {
      const at = event.createdAt.getTime();
      if (at > followedAt && at <= base) await runConsensusAlerts(db, { now: () => event.createdAt }, { eventId: event.id });
    }
  }
}
