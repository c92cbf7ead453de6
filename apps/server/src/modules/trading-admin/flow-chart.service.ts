import type { DbOrTx } from '@myeai/db';
import {
  emailLocalPart,
  FlowFeedItemSchema,
  selectCountedSubmissions,
  tallyVotes,
  tenthsToPercent,
  TRADER_ACTIVE_WITHIN_MS,
  traderScores,
  traderTier,
  weightedShares,
  type Bias,
  type FlowChart,
  type FlowFeedItem,
  type FlowRange,
} from '@myeai/domain';
import type { z } from 'zod';
import type { DetailedWindowSchema } from '@myeai/domain';
import { biasOf, countersOf, getUsersByIds, listTraderRoleHolders, rulesOf } from '../trading/index.ts';
import { activitySince, latestRoleEvents, latestWindows, listTraderProfiles, votesOfWindows } from './trading-admin.queries.ts';

const RANGE_MS: Record<FlowRange, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };
const BUCKET_MS: Record<FlowRange, number> = { '24h': 3_600_000, '7d': 86_400_000, '30d': 86_400_000 };

/** The admin flow chart: the pool by tier with active/idle status, and activity over the range. */
export async function getFlowChart(db: DbOrTx, range: FlowRange, now: Date): Promise<FlowChart> {
  const since = new Date(now.getTime() - RANGE_MS[range]);
  const bucketMs = BUCKET_MS[range];
  const bucketCount = Math.ceil(RANGE_MS[range] / bucketMs);
  const [holders, profiles, { votesPerTrader: votesInRange, windowsOpened, votesCast, eventCounts, windowBuckets, voteBuckets }] = await Promise.all([
    listTraderRoleHolders(db),
    listTraderProfiles(db, { activeOnly: true }),
    activitySince(db, since, bucketMs, bucketCount),
  ]);
  const holderById = new Map(holders.map((holder) => [holder.id, holder]));
  const votesBy = new Map(votesInRange.map((row) => [row.traderId, row.n]));
  const hierarchy: FlowChart['hierarchy'] = { lead: [], senior: [], regular: [] };
  for (const profile of profiles.sort((a, b) => b.weightTenths - a.weightTenths)) {
    const holder = holderById.get(profile.userId);
    if (!holder) continue;
    const tier = traderTier(profile.weightTenths);
    const lastSeen = holder.lastSeenAt;
    hierarchy[tier].push({
      user_id: holder.id,
      name: holder.name,
      email_local: emailLocalPart(holder.email),
      weight: tenthsToPercent(profile.weightTenths),
      tier,
      status: lastSeen !== null && now.getTime() - lastSeen.getTime() <= TRADER_ACTIVE_WITHIN_MS ? 'active' : 'idle',
      last_seen_at: lastSeen?.toISOString() ?? null,
      votes_in_range: votesBy.get(holder.id) ?? 0,
      accuracy: traderScores(countersOf(profile)).accuracy,
    });
  }
  return {
    range,
    since: since.toISOString(),
    generated_at: now.toISOString(),
    hierarchy,
    activity: {
      windows_opened: windowsOpened,
      votes_cast: votesCast,
      consensus_confirmed: eventCounts.find((row) => row.type === 'consensus_confirmed')?.n ?? 0,
      consensus_exits: eventCounts.find((row) => row.type === 'consensus_exit')?.n ?? 0,
      buckets: Array.from({ length: bucketCount }, (_, i) => ({
        start: new Date(since.getTime() + i * bucketMs).toISOString(),
        windows_opened: windowBuckets[i] ?? 0,
        votes_cast: voteBuckets[i] ?? 0,
      })),
    },
  };
}

type DetailedWindow = z.infer<typeof DetailedWindowSchema>;

/** The latest windows with who voted how (admins only: e-mail local part and weight). */
export async function listDetailedWindows(db: DbOrTx, limit: number): Promise<DetailedWindow[]> {
  const windows = await latestWindows(db, limit);
  if (windows.length === 0) return [];
  const votes = await votesOfWindows(db, windows.map(({ window }) => window.id));
  const people = await getUsersByIds(db, [...new Set([...votes.map((vote) => vote.traderId), ...windows.flatMap(({ window }) => (window.openedBy ? [window.openedBy] : []))])]);
  return windows.map(({ window, asset, timeframe }) => {
    const own = votes.filter((vote) => vote.windowId === window.id);
    const closed = window.status === 'closed';
    const shares = closed
      ? { long: window.longTenths ?? 0, short: window.shortTenths ?? 0, neutral: window.neutralTenths ?? 0 }
      : weightedShares(tallyVotes(selectCountedSubmissions(own, rulesOf(window)).map((vote) => ({ bias: vote.bias as Bias, weightTenths: vote.weightTenths }))));
    const opener = window.openedBy ? people.get(window.openedBy) : undefined;
    return {
      window_id: window.id,
      asset_symbol: asset.symbol,
      asset_name: asset.name,
      timeframe_name: timeframe.code,
      status: closed ? 'closed' : 'open',
      mode: window.mode as 'fixed' | 'open',
      total_votes: window.voteCount,
      pool_size: window.poolSize,
      missing_traders: Math.max(0, window.poolSize - window.voteCount),
      long_percentage: tenthsToPercent(shares.long),
      short_percentage: tenthsToPercent(shares.short),
      neutral_percentage: tenthsToPercent(shares.neutral),
      consensus_reached: closed && window.confirmedBias !== null,
      final_consensus: biasOf(window.confirmedBias),
      opened_at: window.openedAt.toISOString(),
      closes_at: window.closesAt.toISOString(),
      closed_at: window.closedAt?.toISOString() ?? null,
      opened_by_trader_id: window.openedBy,
      opened_by_email_local: opener ? emailLocalPart(opener.email) : null,
      voter_details: own.map((vote) => ({
        trader_id: vote.traderId,
        trader_email_local: emailLocalPart(people.get(vote.traderId)?.email ?? ''),
        weight: tenthsToPercent(vote.weightTenths),
        bias: vote.bias as Bias,
        confidence: vote.confidence,
        created_at: vote.createdAt.toISOString(),
      })),
    };
  });
}

const FEED_KINDS = ['position_initiated', 'vote_update_admin', 'consensus_final_admin'] as const;

/** The flow chart's live feed as stored (the same events the socket pushes), newest first. */
export async function listFlowFeed(db: DbOrTx, limit: number): Promise<FlowFeedItem[]> {
  const rows = await latestRoleEvents(db, FEED_KINDS, limit);
  return rows.map((row) => FlowFeedItemSchema.parse({ id: row.id, kind: row.kind, payload: row.payload, created_at: row.createdAt.toISOString() }));
}
