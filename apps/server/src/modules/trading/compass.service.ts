import { and, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { consensusEvents, entryWindows, sentimentAggregates, tradingAssets, tradingTimeframes, type DbOrTx } from '@myeai/db';
import {
  AppError,
  compassAccessFor,
  compassTrialRefusal,
  dataCutoff,
  historyFloor,
  isTimeframeLocked,
  PREMIUM_TIMEFRAME_CODES,
  SentimentGridSchema,
  tenthsToPercent,
  trafficLightOf,
  type Bias,
  type CompassAccess,
  type CompassAccessInfo,
  type ConsensusEvent,
  type ConsensusEventType,
  type GridCell,
  type Role,
  type SentimentGrid,
} from '@myeai/domain';
import type { z } from 'zod';
import type { HistoryQuerySchema, SentimentDetailSchema, SentimentHistorySchema } from '@myeai/domain';
import type { AccessLevelReader } from '../trials/index.ts';
import type { CachedGrid } from './grid-cache.ts';
import type { PlanReader } from './plan.ts';
import {
  biasOf,
  getAsset,
  getTimeframe,
  isPremium,
  listAssets,
  listTimeframes,
  toAssetRef,
  toTimeframeRef,
  type AssetRow,
  type TimeframeRow,
} from './trading.queries.ts';

export type CompassViewer = { id: string; activeRole: Role; roles: readonly Role[] };

/** What decides a viewer's access besides their roles; the routes read both from caches (planReaderFor, accessLevelReaderFor). */
export type CompassFactReaders = { hasPlan: PlanReader; accessLevel: AccessLevelReader };

/** The viewer's access at `now`: plan, access level and trial day are all taken at the request's time. */
export async function compassAccessOf(viewer: CompassViewer, now: Date, readers: CompassFactReaders): Promise<CompassAccess> {
  const [hasPlan, { accessLevel, trialDay }] = await Promise.all([readers.hasPlan(viewer.id, now), readers.accessLevel(viewer, now)]);
  return compassAccessFor({ activeRole: viewer.activeRole, roles: viewer.roles, hasPlan, accessLevel, trialDay });
}

export function accessInfo(access: CompassAccess, asOf: Date): CompassAccessInfo {
  return {
    level: access.level,
    has_plan: access.hasPlan,
    premium_locked: access.premiumLocked,
    premium_unlocks_on_trial_day: access.premiumUnlocksOnTrialDay,
    locked_timeframe_codes: access.premiumLocked && access.level !== 'none' ? [...PREMIUM_TIMEFRAME_CODES] : [],
    delay_minutes: Math.round(access.delayMs / 60_000),
    asset_limit: access.assetLimit,
    history_hours: access.historyMs === null ? null : Math.round(access.historyMs / 3_600_000),
    data_as_of: asOf.toISOString(),
  };
}

/** Active assets the viewer may see (the trial: the first 3 in grid order; none: nothing). */
async function visibleAssets(db: DbOrTx, access: CompassAccess): Promise<AssetRow[]> {
  if (access.level === 'none') return [];
  const assets = await listAssets(db, { includeInactive: false });
  return access.assetLimit === null ? assets : assets.slice(0, access.assetLimit);
}

type Shares = { long: number; short: number; neutral: number };

function emptyCell(confirmed: Bias | null): GridCell {
  return {
    locked: false,
    has_data: false,
    traffic_light: 'grey',
    current_bias: null,
    top_percentage: null,
    long_percentage: 0,
    short_percentage: 0,
    neutral_percentage: 0,
    total_votes: 0,
    window_open: false,
    confirmed_bias: confirmed,
    last_updated: null,
  };
}

function sharesCell(params: { shares: Shares; top: Bias | null; votes: number; windowOpen: boolean; confirmed: Bias | null; lastUpdated: Date | null }): GridCell {
  const max = Math.max(params.shares.long, params.shares.short, params.shares.neutral);
  return {
    locked: false,
    has_data: true,
    traffic_light: trafficLightOf(params.top),
    current_bias: params.top,
    top_percentage: Math.round(max / 10),
    long_percentage: tenthsToPercent(params.shares.long),
    short_percentage: tenthsToPercent(params.shares.short),
    neutral_percentage: tenthsToPercent(params.shares.neutral),
    total_votes: params.votes,
    window_open: params.windowOpen,
    confirmed_bias: params.confirmed,
    last_updated: params.lastUpdated?.toISOString() ?? null,
  };
}

type AggregateRow = typeof sentimentAggregates.$inferSelect;

/** Live: the open window's shares once it has a vote, else the last closed window's. */
function liveCell(row: AggregateRow | undefined): GridCell {
  if (!row) return emptyCell(null);
  const confirmed = biasOf(row.confirmedBias);
  if (row.openWindowId && row.openVoteCount > 0) {
    return sharesCell({
      shares: { long: row.openLongTenths, short: row.openShortTenths, neutral: row.openNeutralTenths },
      top: biasOf(row.openTopBias),
      votes: row.openVoteCount,
      windowOpen: true,
      confirmed,
      lastUpdated: row.openUpdatedAt,
    });
  }
  if (row.lastWindowId) {
    return sharesCell({
      shares: { long: row.lastLongTenths, short: row.lastShortTenths, neutral: row.lastNeutralTenths },
      top: biasOf(row.lastTopBias),
      votes: row.lastVoteCount,
      windowOpen: false,
      confirmed,
      lastUpdated: row.lastClosedAt,
    });
  }
  return emptyCell(confirmed);
}

type WindowRow = typeof entryWindows.$inferSelect;

function closedWindowCell(row: WindowRow | undefined): GridCell {
  if (!row) return emptyCell(null);
  return sharesCell({
    shares: { long: row.longTenths ?? 0, short: row.shortTenths ?? 0, neutral: row.neutralTenths ?? 0 },
    top: biasOf(row.resultBias),
    votes: row.voteCount,
    windowOpen: false,
    confirmed: biasOf(row.standingBias),
    lastUpdated: row.closedAt,
  });
}

/** Per pair, the latest closed window with votes at or before `cutoff` (the delayed view). */
async function closedWindowsAsOf(db: DbOrTx, assetIds: string[], cutoff: Date): Promise<Map<string, WindowRow>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([entryWindows.assetId, entryWindows.timeframeId])
    .from(entryWindows)
    .where(and(inArray(entryWindows.assetId, assetIds), eq(entryWindows.status, 'closed'), lte(entryWindows.closedAt, cutoff), sql`${entryWindows.voteCount} > 0`))
    .orderBy(entryWindows.assetId, entryWindows.timeframeId, desc(entryWindows.closedAt));
  return new Map(rows.map((row) => [`${row.assetId}|${row.timeframeId}`, row]));
}

async function aggregatesOf(db: DbOrTx, assetIds: string[]): Promise<Map<string, AggregateRow>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db.select().from(sentimentAggregates).where(inArray(sentimentAggregates.assetId, assetIds));
  return new Map(rows.map((row) => [`${row.assetId}|${row.timeframeId}`, row]));
}

/** A cell as the viewer may see it: locked, empty (outside the trial's 24 hours) or with figures. */
function visibleCell(access: CompassAccess, timeframe: TimeframeRow, cell: GridCell, now: Date): GridCell {
  if (isTimeframeLocked(access, timeframe.code)) return { locked: true };
  const floor = historyFloor(access, now);
  if (cell.locked || !floor || !cell.last_updated || Date.parse(cell.last_updated) >= floor.getTime()) return cell;
  return emptyCell(null);
}

/**
 * The grid body of one visibility level (without `access`), serialized: every viewer of the
 * level gets these very bytes. Grid reads use the aggregate rows (live) or the windows table
 * (delayed), never votes.
 */
export async function buildGridBody(db: DbOrTx, access: CompassAccess, now: Date): Promise<string> {
  const assets = await visibleAssets(db, access);
  const timeframes = access.level === 'none' ? [] : await listTimeframes(db, { includeInactive: false });
  const cutoff = dataCutoff(access, now);
  const assetIds = assets.map((asset) => asset.id);
  const delayed = access.delayMs > 0;
  const [aggregates, closed] = await Promise.all([delayed ? new Map<string, AggregateRow>() : aggregatesOf(db, assetIds), delayed ? closedWindowsAsOf(db, assetIds, cutoff) : new Map<string, WindowRow>()]);
  const grid: SentimentGrid['grid'] = {};
  for (const asset of assets) {
    const row: Record<string, GridCell> = {};
    for (const timeframe of timeframes) {
      const key = `${asset.id}|${timeframe.id}`;
      const cell = delayed ? closedWindowCell(closed.get(key)) : liveCell(aggregates.get(key));
      row[timeframe.id] = visibleCell(access, timeframe, cell, now);
    }
    grid[asset.id] = row;
  }
  const body = {
    generated_at: now.toISOString(),
    assets: assets.map(toAssetRef),
    timeframes: timeframes.map((timeframe) => ({ ...toTimeframeRef(timeframe), premium: isPremium(timeframe), locked: isTimeframeLocked(access, timeframe.code) })),
    grid,
  };
  // The contract is checked once per build rather than on every request served from the cache.
  SentimentGridSchema.omit({ access: true }).parse(body);
  return JSON.stringify(body).slice(1, -1);
}

/** The response: this viewer's access, then the cached body. */
/** The grid response for this viewer from a cached grid, made once per distinct `access` member. */
export function gridResponseBody(access: CompassAccess, asOf: Date, grid: Pick<CachedGrid, 'bodyJson' | 'responses'>): Buffer {
  const accessJson = JSON.stringify(accessInfo(access, asOf));
  let body = grid.responses.get(accessJson);
  if (!body) {
    body = Buffer.from(`{"access":${accessJson},${grid.bodyJson}}`);
    if (grid.responses.size < MAX_GRID_RESPONSES_KEPT) grid.responses.set(accessJson, body);
  }
  return body;
}

/** Distinct `access` members are few (levels x plan x trial stage); the bound only guards against surprises. */
const MAX_GRID_RESPONSES_KEPT = 32;

// ------------------------------------------------------------------ detail, events, history

/**
 * The pair, and whether the viewer may see its figures. A premium timeframe of a visible asset
 * that the viewer's trial has not unlocked yet is refused (403, the staged-unlock text), as the
 * feature guard refuses the premium compass before its day; other locks answer `locked: true`.
 */
async function visiblePair(db: DbOrTx, access: CompassAccess, assetId: string, timeframeId: string) {
  const [asset, timeframe] = await Promise.all([getAsset(db, assetId), getTimeframe(db, timeframeId)]);
  if (!asset || !asset.isActive) throw new AppError('NOT_FOUND', 'Unknown asset.');
  if (!timeframe || !timeframe.isActive) throw new AppError('NOT_FOUND', 'Unknown timeframe.');
  const assetVisible = (await visibleAssets(db, access)).some((visible) => visible.id === asset.id);
  const refusal = assetVisible ? compassTrialRefusal(access, timeframe.code) : null;
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const locked = !assetVisible || isTimeframeLocked(access, timeframe.code);
  return { asset, timeframe, locked };
}

export async function getSentimentDetail(db: DbOrTx, access: CompassAccess, assetId: string, timeframeId: string, now: Date): Promise<z.infer<typeof SentimentDetailSchema>> {
  const { asset, timeframe, locked } = await visiblePair(db, access, assetId, timeframeId);
  const info = accessInfo(access, dataCutoff(access, now));
  const timeframeView = { ...toTimeframeRef(timeframe), premium: isPremium(timeframe), locked };
  if (locked) return { access: info, asset: toAssetRef(asset), timeframe: timeframeView, cell: { locked: true }, open_window: null };
  let cell: GridCell;
  let openWindow: z.infer<typeof SentimentDetailSchema>['open_window'] = null;
  if (access.delayMs > 0) {
    cell = closedWindowCell((await closedWindowsAsOf(db, [asset.id], dataCutoff(access, now))).get(`${asset.id}|${timeframe.id}`));
  } else {
    const aggregate = (await aggregatesOf(db, [asset.id])).get(`${asset.id}|${timeframe.id}`);
    cell = liveCell(aggregate);
    if (aggregate?.openWindowId) {
      const [window] = await db.select().from(entryWindows).where(eq(entryWindows.id, aggregate.openWindowId)).limit(1);
      if (window && window.status === 'open') {
        openWindow = { id: window.id, opened_at: window.openedAt.toISOString(), closes_at: window.closesAt.toISOString(), total_votes: window.voteCount };
      }
    }
  }
  return { access: info, asset: toAssetRef(asset), timeframe: timeframeView, cell: visibleCell(access, timeframe, cell, now), open_window: openWindow };
}

/**
 * Recent consensus events the viewer may see, newest first. Asked for a premium timeframe the
 * viewer's trial has not unlocked yet, refused like its detail (403); without a timeframe, the
 * locked timeframes' events are left out.
 */
export async function listConsensusEvents(
  db: DbOrTx,
  access: CompassAccess,
  query: { asset_id?: string | undefined; timeframe_id?: string | undefined; limit: number },
  now: Date,
): Promise<ConsensusEvent[]> {
  const assets = await visibleAssets(db, access);
  if (assets.length === 0) return [];
  if (query.timeframe_id && access.premiumUnlocksOnTrialDay !== null && (!query.asset_id || assets.some((asset) => asset.id === query.asset_id))) {
    const timeframe = await getTimeframe(db, query.timeframe_id);
    const refusal = timeframe?.isActive ? compassTrialRefusal(access, timeframe.code) : null;
    if (refusal) throw new AppError('FORBIDDEN', refusal);
  }
  const conditions: SQL[] = [eq(tradingTimeframes.isActive, true), inArray(consensusEvents.assetId, assets.map((asset) => asset.id))];
  if (query.asset_id) conditions.push(eq(consensusEvents.assetId, query.asset_id));
  if (query.timeframe_id) conditions.push(eq(consensusEvents.timeframeId, query.timeframe_id));
  if (access.premiumLocked) conditions.push(notInArray(tradingTimeframes.code, [...PREMIUM_TIMEFRAME_CODES]));
  if (access.delayMs > 0) conditions.push(lte(consensusEvents.createdAt, dataCutoff(access, now)));
  const floor = historyFloor(access, now);
  if (floor) conditions.push(gte(consensusEvents.createdAt, floor));
  const rows = await db
    .select({ event: consensusEvents, asset: tradingAssets, timeframe: tradingTimeframes })
    .from(consensusEvents)
    .innerJoin(tradingAssets, eq(tradingAssets.id, consensusEvents.assetId))
    .innerJoin(tradingTimeframes, eq(tradingTimeframes.id, consensusEvents.timeframeId))
    .where(and(...conditions))
    .orderBy(desc(consensusEvents.createdAt), desc(consensusEvents.id))
    .limit(query.limit);
  return rows.map(({ event, asset, timeframe }) => ({
    id: String(event.id),
    event_type: event.eventType as ConsensusEventType,
    asset: toAssetRef(asset),
    timeframe: toTimeframeRef(timeframe),
    window_id: event.windowId,
    confirmed_bias: biasOf(event.confirmedBias),
    consensus_percentage: event.consensusTenths === null ? null : tenthsToPercent(event.consensusTenths),
    timestamp: event.createdAt.toISOString(),
  }));
}

/** The shares of the pair's last closed windows (with votes), oldest first, for a chart. */
export async function getSentimentHistory(db: DbOrTx, access: CompassAccess, query: z.infer<typeof HistoryQuerySchema>, now: Date): Promise<z.infer<typeof SentimentHistorySchema>> {
  const { asset, timeframe, locked } = await visiblePair(db, access, query.asset_id, query.timeframe_id);
  const base = { access: accessInfo(access, dataCutoff(access, now)), asset: toAssetRef(asset), timeframe: { ...toTimeframeRef(timeframe), premium: isPremium(timeframe), locked }, locked };
  if (locked) return { ...base, points: [] };
  const conditions: SQL[] = [
    eq(entryWindows.assetId, asset.id),
    eq(entryWindows.timeframeId, timeframe.id),
    eq(entryWindows.status, 'closed'),
    sql`${entryWindows.voteCount} > 0`,
    lte(entryWindows.closedAt, dataCutoff(access, now)),
  ];
  const floor = historyFloor(access, now);
  if (floor) conditions.push(gte(entryWindows.closedAt, floor));
  const rows = await db
    .select()
    .from(entryWindows)
    .where(and(...conditions))
    .orderBy(desc(entryWindows.closedAt))
    .limit(query.limit);
  return {
    ...base,
    points: rows.reverse().map((row) => ({
      window_id: row.id,
      opened_at: row.openedAt.toISOString(),
      closed_at: row.closedAt!.toISOString(),
      long_percentage: tenthsToPercent(row.longTenths ?? 0),
      short_percentage: tenthsToPercent(row.shortTenths ?? 0),
      neutral_percentage: tenthsToPercent(row.neutralTenths ?? 0),
      total_votes: row.voteCount,
      top_bias: biasOf(row.resultBias),
      confirmed_bias: biasOf(row.confirmedBias),
    })),
  };
}
