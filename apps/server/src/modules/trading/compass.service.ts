import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  compassAccessFor,
  compassTrialRefusal,
  dataCutoff,
  effectiveAssetPicks,
  featureUnlocksOnDayMessage,
  historyFloor,
  traderBreakdown,
  traderTier,
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
  type StoredAssetPick,
  type TraderBreakdown,
} from '@myeai/domain';
import type { z } from 'zod';
import type { HistoryQuerySchema, SentimentDetailSchema, SentimentHistorySchema } from '@myeai/domain';
import type { AccessLevelReader } from '../trials/index.ts';
import { aggregatesOf, closedWindowsAsOf, closedWindowsOfCell, listEvents, votesWithTraderWeights, type CellSource } from './compass.queries.ts';
import type { CachedGrid, GridParts } from './grid-cache.ts';
import type { PickReader, PlanReader } from './plan.ts';
import { getEngineSettings } from './settings.service.ts';
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
  type WindowRow,
} from './trading.queries.ts';
import { getWindow } from './windows.queries.ts';

export type CompassViewer = { id: string; activeRole: Role; roles: readonly Role[] };

/** What decides a viewer's access besides their roles; the routes read them from caches (planReaderFor, accessLevelReaderFor, pickReaderFor). */
export type CompassFactReaders = { planId: PlanReader; accessLevel: AccessLevelReader; pick: PickReader };

/** A viewer's access, and their stored asset pick when their plan has an asset limit (else null). */
export type CompassView = { access: CompassAccess; pick: StoredAssetPick | null };

/** The viewer's access at `now`: plan, access level and trial day are all taken at the request's time. */
export async function compassAccessOf(viewer: CompassViewer, now: Date, readers: CompassFactReaders): Promise<CompassView> {
  const [planId, { accessLevel, trialDay }] = await Promise.all([readers.planId(viewer.id, now), readers.accessLevel(viewer, now)]);
  const access = compassAccessFor({ activeRole: viewer.activeRole, roles: viewer.roles, hasPlan: planId !== null, planId, accessLevel, trialDay });
  return { access, pick: access.assetsPicked ? await readers.pick(viewer.id, now) : null };
}

/** `picked`: the viewer's effective pick when their plan has an asset limit. */
export function accessInfo(access: CompassAccess, asOf: Date, picked: readonly string[] | null = null): CompassAccessInfo {
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
    plan_id: access.planId,
    picked_asset_ids: access.assetsPicked ? [...(picked ?? [])] : null,
    trader_breakdown: access.traderBreakdown,
  };
}

/** The viewer's effective pick when their plan has an asset limit (null otherwise). */
export async function viewerPicks(db: DbOrTx, view: CompassView): Promise<string[] | null> {
  return view.access.assetsPicked ? (await visibleAssets(db, view)).map((asset) => asset.id) : null;
}

/**
 * Active assets of the viewer's grid before any pick (the trial: the first 3 in grid order;
 * none: nothing; a plan with an asset limit: every asset, the pick being a mask on top).
 */
async function gridAssets(db: DbOrTx, access: CompassAccess): Promise<AssetRow[]> {
  if (access.level === 'none') return [];
  const assets = await listAssets(db, { includeInactive: false });
  return access.assetLimit === null || access.assetsPicked ? assets : assets.slice(0, access.assetLimit);
}

/** The assets whose figures the viewer may see: the grid's, cut to their pick when their plan has an asset limit. */
async function visibleAssets(db: DbOrTx, view: CompassView): Promise<AssetRow[]> {
  const assets = await gridAssets(db, view.access);
  if (!view.access.assetsPicked) return assets;
  const picked = new Set(effectiveAssetPicks(view.pick, assets.map((asset) => asset.id), view.access.assetLimit ?? 0));
  return assets.filter((asset) => picked.has(asset.id));
}

type Shares = { long: number; short: number; neutral: number };

type UnlockedCell = Extract<GridCell, { locked: false }>;

/** An open window on the cell: its vote count and pool size, never its shares (decision 050). */
type OpenState = { votes: number; poolSize: number } | null;

function openFields(open: OpenState) {
  return { window_open: open !== null, open_votes: open?.votes ?? null, open_pool_size: open?.poolSize ?? null };
}

function emptyCell(confirmed: Bias | null, open: OpenState = null): UnlockedCell {
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
    result_confirmed_bias: null,
    ...openFields(open),
    confirmed_bias: confirmed,
    last_updated: null,
  };
}

/** The figures of a closed window (the only figures a cell shows), and the open window's count beside them. */
function sharesCell(params: { shares: Shares; top: Bias | null; votes: number; resultConfirmed: Bias | null; open: OpenState; confirmed: Bias | null; closedAt: Date | null }): UnlockedCell {
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
    result_confirmed_bias: params.resultConfirmed,
    ...openFields(params.open),
    confirmed_bias: params.confirmed,
    last_updated: params.closedAt?.toISOString() ?? null,
  };
}

/**
 * Live: the last closed window's figures, and while a window is open its vote count only. The
 * open window's live shares stay in the aggregate for the engine; no viewer gets them, since a
 * share before the close is not a consensus (and traders who have not voted must not see them).
 */
export function liveCell(row: CellSource | undefined): UnlockedCell {
  if (!row) return emptyCell(null);
  const confirmed = biasOf(row.confirmedBias);
  const open: OpenState = row.openWindowId && row.openPoolSize !== null ? { votes: row.openVoteCount, poolSize: row.openPoolSize } : null;
  if (!row.lastWindowId) return emptyCell(confirmed, open);
  return sharesCell({
    shares: { long: row.lastLongTenths, short: row.lastShortTenths, neutral: row.lastNeutralTenths },
    top: biasOf(row.lastTopBias),
    votes: row.lastVoteCount,
    resultConfirmed: biasOf(row.lastConfirmedBias),
    open,
    confirmed,
    closedAt: row.lastClosedAt,
  });
}

function closedWindowCell(row: WindowRow | undefined): GridCell {
  if (!row) return emptyCell(null);
  return sharesCell({
    shares: { long: row.longTenths ?? 0, short: row.shortTenths ?? 0, neutral: row.neutralTenths ?? 0 },
    top: biasOf(row.resultBias),
    votes: row.voteCount,
    resultConfirmed: biasOf(row.confirmedBias),
    open: null,
    confirmed: biasOf(row.standingBias),
    closedAt: row.closedAt,
  });
}

/** A cell as the viewer may see it: locked, empty (outside the trial's 24 hours) or with figures. */
function visibleCell(access: CompassAccess, timeframe: TimeframeRow, cell: GridCell, now: Date): GridCell {
  if (isTimeframeLocked(access, timeframe.code)) return { locked: true };
  const floor = historyFloor(access, now);
  if (cell.locked || !floor || !cell.last_updated || Date.parse(cell.last_updated) >= floor.getTime()) return cell;
  // Figures older than the viewer's history are withheld; an open window is news, not history.
  return emptyCell(null, cell.window_open && cell.open_votes !== null && cell.open_pool_size !== null ? { votes: cell.open_votes, poolSize: cell.open_pool_size } : null);
}

/**
 * The grid body of one visibility level (without `access`), serialized: every viewer of the
 * level gets these very bytes. Grid reads use the aggregate rows (live) or the windows table
 * (delayed), never votes.
 */
export async function buildGridBody(db: DbOrTx, access: CompassAccess, now: Date): Promise<GridParts> {
  const [assets, settings] = await Promise.all([gridAssets(db, access), getEngineSettings(db)]);
  const timeframes = access.level === 'none' ? [] : await listTimeframes(db, { includeInactive: false });
  const cutoff = dataCutoff(access, now);
  const assetIds = assets.map((asset) => asset.id);
  const delayed = access.delayMs > 0;
  const [aggregates, closed] = await Promise.all([delayed ? new Map<string, CellSource>() : aggregatesOf(db, assetIds), delayed ? closedWindowsAsOf(db, assetIds, cutoff) : new Map<string, WindowRow>()]);
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
  const head = {
    generated_at: now.toISOString(),
    assets: assets.map(toAssetRef),
    timeframes: timeframes.map((timeframe) => ({ ...toTimeframeRef(timeframe), premium: isPremium(timeframe), locked: isTimeframeLocked(access, timeframe.code) })),
    thresholds: { confirmation_percentage: settings.confirmationThreshold, exit_percentage: settings.exitThreshold },
  };
  const body = { ...head, grid };
  // The contract is checked once per build rather than on every request served from the cache.
  SentimentGridSchema.omit({ access: true }).parse(body);
  const lockedRow: Record<string, GridCell> = Object.fromEntries(timeframes.map((timeframe) => [timeframe.id, { locked: true }]));
  return {
    bodyJson: JSON.stringify(body).slice(1, -1),
    headJson: JSON.stringify(head).slice(1, -1),
    rows: assets.map((asset) => ({ assetId: asset.id, json: JSON.stringify(grid[asset.id]) })),
    lockedRowJson: JSON.stringify(lockedRow),
  };
}

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

/**
 * The grid response of a viewer whose plan has an asset limit: the cached grid of their key with
 * every asset outside their pick replaced by a row of locked cells, pieced together from the
 * pre-serialized rows (no cell is built or serialized per request). Kept per distinct `access`
 * member, which names the pick, so the viewer's next reads of this grid version copy nothing.
 */
export function maskedGridResponse(access: CompassAccess, asOf: Date, pick: StoredAssetPick | null, grid: Pick<CachedGrid, 'headJson' | 'rows' | 'lockedRowJson' | 'masked'>): Buffer {
  const picked = effectiveAssetPicks(pick, grid.rows.map((row) => row.assetId), access.assetLimit ?? 0);
  const accessJson = JSON.stringify(accessInfo(access, asOf, picked));
  let body = grid.masked.get(accessJson);
  if (!body) {
    const shown = new Set(picked);
    const rows = grid.rows.map((row) => `${JSON.stringify(row.assetId)}:${shown.has(row.assetId) ? row.json : grid.lockedRowJson}`).join(',');
    body = Buffer.from(`{"access":${accessJson},${grid.headJson},"grid":{${rows}}}`);
    // Bounded: when full, the oldest pick's response goes (a Map iterates in insertion order).
    if (grid.masked.size >= MAX_MASKED_RESPONSES_KEPT) grid.masked.delete(grid.masked.keys().next().value!);
    grid.masked.set(accessJson, body);
  }
  return body;
}

/**
 * Picks are per subscriber and a body is tens of kB: a few hundred keep the most recent readers
 * of a grid version (which lives until the next vote) without holding much memory; others are
 * pieced together again, still without building a cell.
 */
const MAX_MASKED_RESPONSES_KEPT = 256;

// ------------------------------------------------------------------ detail, events, history

/**
 * The pair, and whether the viewer may see its figures. A premium timeframe of a visible asset
 * that the viewer's trial has not unlocked yet is refused (403, the staged-unlock text), as the
 * feature guard refuses the premium compass before its day; other locks answer `locked: true`.
 */
export async function visiblePair(db: DbOrTx, view: CompassView, assetId: string, timeframeId: string) {
  const { access } = view;
  const [asset, timeframe] = await Promise.all([getAsset(db, assetId), getTimeframe(db, timeframeId)]);
  if (!asset || !asset.isActive) throw new AppError('NOT_FOUND', 'Unknown asset.');
  if (!timeframe || !timeframe.isActive) throw new AppError('NOT_FOUND', 'Unknown timeframe.');
  const visible = await visibleAssets(db, view);
  const assetVisible = visible.some((candidate) => candidate.id === asset.id);
  const refusal = assetVisible ? compassTrialRefusal(access, timeframe.code) : null;
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const locked = !assetVisible || isTimeframeLocked(access, timeframe.code);
  const picked = access.assetsPicked ? visible.map((candidate) => candidate.id) : null;
  return { asset, timeframe, locked, picked };
}

export async function getSentimentDetail(db: DbOrTx, view: CompassView, assetId: string, timeframeId: string, now: Date): Promise<z.infer<typeof SentimentDetailSchema>> {
  const { access } = view;
  const { asset, timeframe, locked, picked } = await visiblePair(db, view, assetId, timeframeId);
  const info = accessInfo(access, dataCutoff(access, now), picked);
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
      const window = await getWindow(db, aggregate.openWindowId);
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
  view: CompassView,
  query: { asset_id?: string | undefined; timeframe_id?: string | undefined; limit: number },
  now: Date,
): Promise<{ events: ConsensusEvent[]; picked: string[] | null }> {
  const { access } = view;
  const assets = await visibleAssets(db, view);
  const picked = access.assetsPicked ? assets.map((asset) => asset.id) : null;
  if (assets.length === 0) return { events: [], picked };
  if (query.timeframe_id && access.premiumUnlocksOnTrialDay !== null && (!query.asset_id || assets.some((asset) => asset.id === query.asset_id))) {
    const timeframe = await getTimeframe(db, query.timeframe_id);
    const refusal = timeframe?.isActive ? compassTrialRefusal(access, timeframe.code) : null;
    if (refusal) throw new AppError('FORBIDDEN', refusal);
  }
  const rows = await listEvents(db, {
    assetIds: assets.map((asset) => asset.id),
    assetId: query.asset_id,
    timeframeId: query.timeframe_id,
    excludedTimeframeCodes: access.premiumLocked ? PREMIUM_TIMEFRAME_CODES : [],
    until: access.delayMs > 0 ? dataCutoff(access, now) : null,
    since: historyFloor(access, now),
    limit: query.limit,
  });
  const events = rows.map(({ event, asset, timeframe }) => ({
    id: String(event.id),
    event_type: event.eventType as ConsensusEventType,
    asset: toAssetRef(asset),
    timeframe: toTimeframeRef(timeframe),
    window_id: event.windowId,
    confirmed_bias: biasOf(event.confirmedBias),
    consensus_percentage: event.consensusTenths === null ? null : tenthsToPercent(event.consensusTenths),
    timestamp: event.createdAt.toISOString(),
  }));
  return { events, picked };
}

/** The closed windows with votes of one cell that the viewer may see, newest first: up to their data cutoff, back to their history floor. */
function closedWindowsInView(db: DbOrTx, access: CompassAccess, cell: { assetId: string; timeframeId: string }, now: Date, limit: number): Promise<WindowRow[]> {
  return closedWindowsOfCell(db, { ...cell, until: dataCutoff(access, now), since: historyFloor(access, now) }, limit);
}

/** The shares of the pair's last closed windows (with votes), oldest first, for a chart. */
export async function getSentimentHistory(db: DbOrTx, view: CompassView, query: z.infer<typeof HistoryQuerySchema>, now: Date): Promise<z.infer<typeof SentimentHistorySchema>> {
  const { access } = view;
  const { asset, timeframe, locked, picked } = await visiblePair(db, view, query.asset_id, query.timeframe_id);
  const base = { access: accessInfo(access, dataCutoff(access, now), picked), asset: toAssetRef(asset), timeframe: { ...toTimeframeRef(timeframe), premium: isPremium(timeframe), locked }, locked };
  if (locked) return { ...base, points: [] };
  const rows = await closedWindowsInView(db, access, { assetId: asset.id, timeframeId: timeframe.id }, now, query.limit);
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

export const BREAKDOWN_NEEDS_PLAN_MESSAGE = 'The trader breakdown comes with the 4 Weeks plan and longer plans.';
export const BREAKDOWN_LOCKED_CELL_MESSAGE = 'This cell is locked for you, so its trader breakdown is not shown.';

/**
 * The trader breakdown of the pair's last closed window with votes that the viewer may see
 * (inside their history depth): the votes as weighted shares per tier, never who voted
 * (decision 36). Refused (403) without the feature, and for a cell locked to the viewer.
 */
export async function getTraderBreakdown(db: DbOrTx, view: CompassView, assetId: string, timeframeId: string, now: Date): Promise<TraderBreakdown> {
  const { access } = view;
  if (!access.traderBreakdown) {
    throw new AppError('FORBIDDEN', access.level === 'trial' ? featureUnlocksOnDayMessage('trader_breakdown') : BREAKDOWN_NEEDS_PLAN_MESSAGE);
  }
  const { asset, timeframe, locked } = await visiblePair(db, view, assetId, timeframeId);
  if (locked) throw new AppError('FORBIDDEN', BREAKDOWN_LOCKED_CELL_MESSAGE);
  const [window] = await closedWindowsInView(db, access, { assetId: asset.id, timeframeId: timeframe.id }, now, 1);
  const base = { asset: toAssetRef(asset), timeframe: toTimeframeRef(timeframe) };
  if (!window) return { ...base, window: null, groups: [] };
  const votes = await votesWithTraderWeights(db, window.id);
  const groups = traderBreakdown(
    votes.map((vote) => ({ tier: traderTier(vote.traderWeightTenths ?? vote.weightTenths), bias: vote.bias as Bias, weightTenths: vote.weightTenths })),
  );
  return { ...base, window: { id: window.id, closed_at: window.closedAt!.toISOString(), total_votes: window.voteCount }, groups };
}
