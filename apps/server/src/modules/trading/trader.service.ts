import type { DbOrTx } from '@myeai/db';
import {
  DEFAULT_WEIGHT_TENTHS,
  TIER_LABELS,
  traderScoreFields,
  traderTier,
  type Bias,
  type TraderGrid,
  type TraderProfile,
} from '@myeai/domain';
import type { z } from 'zod';
import type { MyVoteHistorySchema } from '@myeai/domain';
import { aggregatesOf } from './compass.queries.ts';
import { liveCell } from './compass.service.ts';
import { biasOf, countersOf, getTrader, latestVotesOf, listAssets, listTimeframes, specializationOf, toAssetRef, toTimeframeRef } from './trading.queries.ts';
import { assetsByIds, timeframesByIds, viewerVotesIn, windowsByIds } from './windows.queries.ts';

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

/**
 * The trader desk's market grid, live and whole (traders make the consensus, so every closed
 * result is theirs to see; an open window shows its vote count only, sealed like the cards).
 * Not cached: its readers are the pool and the admins, and it carries the caller's own votes.
 */
export async function getTraderGrid(db: DbOrTx, userId: string, now: Date): Promise<TraderGrid> {
  const [assets, timeframes] = await Promise.all([listAssets(db, { includeInactive: false }), listTimeframes(db, { includeInactive: false })]);
  const sources = await aggregatesOf(db, assets.map((asset) => asset.id));
  const openIds = [...sources.values()].flatMap((row) => (row.openWindowId && row.openPoolSize !== null ? [row.openWindowId] : []));
  const voted = new Set((await viewerVotesIn(db, openIds, userId)).map((vote) => vote.windowId));
  const cells: TraderGrid['cells'] = {};
  for (const asset of assets) {
    const row: TraderGrid['cells'][string] = {};
    for (const timeframe of timeframes) {
      const source = sources.get(`${asset.id}|${timeframe.id}`);
      const cell = liveCell(source);
      const openWindowId = cell.window_open ? (source?.openWindowId ?? null) : null;
      row[timeframe.id] = { ...cell, open_window_id: openWindowId, user_voted: openWindowId !== null && voted.has(openWindowId) };
    }
    cells[asset.id] = row;
  }
  return {
    generated_at: now.toISOString(),
    assets: assets.map(toAssetRef),
    timeframes: timeframes.map((timeframe) => ({ ...toTimeframeRef(timeframe), voting_window_minutes: timeframe.votingWindowMinutes })),
    cells,
  };
}
