import type { DbOrTx } from '@myeai/db';
import {
  DEFAULT_WEIGHT_TENTHS,
  TIER_LABELS,
  traderScoreFields,
  traderTier,
  type Bias,
  type TraderProfile,
} from '@myeai/domain';
import type { z } from 'zod';
import type { MyVoteHistorySchema } from '@myeai/domain';
import { biasOf, countersOf, getTrader, latestVotesOf, specializationOf, toAssetRef, toTimeframeRef } from './trading.queries.ts';
import { assetsByIds, timeframesByIds, windowsByIds } from './windows.queries.ts';

/** The caller's own profile and scores; a trader without a saved profile gets the defaults. */
export async function getTraderProfile(db: DbOrTx, userId: string): Promise<TraderProfile> {
  const row = await getTrader(db, userId);
  const counters = countersOf(row);
  const weightTenths = row?.weightTenths ?? DEFAULT_WEIGHT_TENTHS;
  const tier = traderTier(weightTenths);
  const isActive = row?.isActive ?? false;
  return {
    user_id: userId,
    has_profile: row !== undefined,
    is_active: isActive,
    status_label: isActive ? 'Active Trader' : 'Inactive Trader',
    specialization: specializationOf(row?.specialization ?? null),
    kyc_verified: row?.kycVerified ?? false,
    tier,
    tier_label: TIER_LABELS[tier],
    windows_seen: counters.windowsSeen,
    agreed_votes: counters.agreedVotes,
    ...traderScoreFields(counters),
  };
}

/** The caller's own latest votes with their windows' outcomes. */
export async function listMyVotes(db: DbOrTx, userId: string, limit: number): Promise<z.infer<typeof MyVoteHistorySchema>> {
  const votes = await latestVotesOf(db, userId, limit);
  if (votes.length === 0) return { votes: [] };
  const windows = await windowsByIds(db, votes.map((vote) => vote.windowId));
  const windowById = new Map(windows.map((window) => [window.id, window]));
  const [assets, timeframes] = await Promise.all([assetsByIds(db, windows.map((w) => w.assetId)), timeframesByIds(db, windows.map((w) => w.timeframeId))]);
  const assetById = new Map(assets.map((row) => [row.id, row]));
  const timeframeById = new Map(timeframes.map((row) => [row.id, row]));
  return {
    votes: votes.map((vote) => {
      const window = windowById.get(vote.windowId)!;
      const closed = window.status === 'closed';
      const confirmed = closed ? biasOf(window.confirmedBias) : null;
      return {
        window_id: window.id,
        asset: toAssetRef(assetById.get(window.assetId)!),
        timeframe: toTimeframeRef(timeframeById.get(window.timeframeId)!),
        bias: vote.bias as Bias,
        confidence: vote.confidence,
        note: vote.note,
        created_at: vote.createdAt.toISOString(),
        window_status: closed ? 'closed' : 'open',
        confirmed_bias: confirmed,
        agreed: confirmed === null ? null : vote.bias === confirmed,
      };
    }),
  };
}
