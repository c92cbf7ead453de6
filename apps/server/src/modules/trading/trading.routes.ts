import type { FastifyInstance, FastifyReply } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { z } from 'zod';
import {
  ActiveWindowListSchema,
  AssetPicksInputSchema,
  AssetPicksSchema,
  compassPaths,
  TraderBreakdownSchema,
  CellQuerySchema,
  CompassAccessSchema,
  dataCutoff,
  gridVisibilityKey,
  EventListSchema,
  EventsQuerySchema,
  HistoryQuerySchema,
  isPremiumTimeframe,
  MarketAssetListSchema,
  MarketTimeframeListSchema,
  MyVoteHistorySchema,
  MyVotesQuerySchema,
  OpenWindowInputSchema,
  OpenWindowResponseSchema,
  SentimentDetailSchema,
  SentimentGridSchema,
  SentimentHistorySchema,
  traderDeskPaths,
  TraderGridSchema,
  TraderProfileSchema,
  TradingIdParamsSchema,
  tradingMarketPaths,
  VoteInputSchema,
  VoteResponseSchema,
  EntryWindowSchema,
} from '@myeai/domain';
import { accessLevelReaderFor } from '../trials/index.ts';
import { getAssetPicks, saveAssetPicks } from './asset-picks.service.ts';
import {
  accessInfo,
  buildGridBody,
  compassAccessOf,
  type CompassViewer,
  getSentimentDetail,
  getSentimentHistory,
  getTraderBreakdown,
  gridResponseBody,
  listConsensusEvents,
  maskedGridResponse,
  viewerPicks,
} from './compass.service.ts';
import { gridCacheFor } from './grid-cache.ts';
import { pickReaderFor, planReaderFor } from './plan.ts';
import { getTraderGrid, getTraderProfile, listMyVotes } from './trader.service.ts';
import { listAssets, listTimeframes, toAssetRef, toTimeframeRef } from './trading.queries.ts';
import { getEntryWindow, listActiveWindows } from './windows.projections.ts';
import { castVote, openWindow } from './windows.service.ts';

/**
 * Trader desk (traderDesk: trader, admin) and Trading Compass (everyRole, gated by plan in the
 * service) endpoints. docs/decisions/008-trading-api.md describes each one.
 */
export async function tradingRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const grid = gridCacheFor(deps);
  const planOf = planReaderFor(deps);
  const compassFacts = { planId: planOf, accessLevel: accessLevelReaderFor(deps), pick: pickReaderFor(deps) };
  /** Every compass read is answered as of one instant: the clock's now and what the caller may see then. */
  const compassViewAt = async (viewer: CompassViewer) => {
    const now = deps.clock.now();
    return { now, view: await compassAccessOf(viewer, now, compassFacts) };
  };

  // ---------------------------------------------------------------- market (every role)

  app.get(tradingMarketPaths.assets, {
    config: { access: 'everyRole' },
    schema: { tags: ['trading'], summary: 'Active assets, in grid order', response: { 200: MarketAssetListSchema } },
    handler: async () => ({ assets: (await listAssets(deps.db, { includeInactive: false })).map(toAssetRef) }),
  });

  app.get(tradingMarketPaths.timeframes, {
    config: { access: 'everyRole' },
    schema: { tags: ['trading'], summary: 'Active timeframes, shortest first', response: { 200: MarketTimeframeListSchema } },
    handler: async () => ({
      timeframes: (await listTimeframes(deps.db, { includeInactive: false })).map((row) => ({
        ...toTimeframeRef(row),
        voting_window_minutes: row.votingWindowMinutes,
        premium: isPremiumTimeframe(row.code),
      })),
    }),
  });

  // ---------------------------------------------------------------- trader desk

  app.post(traderDeskPaths.openWindow, {
    config: { access: 'traderDesk' },
    schema: {
      tags: ['trading'],
      summary: 'Open an entry window on an asset x timeframe (409 when one is open; details[0].message is its id)',
      body: OpenWindowInputSchema,
      response: { 201: OpenWindowResponseSchema },
    },
    handler: async (request, reply) => {
      const user = request.user!;
      const opened = await openWindow(deps.db, deps.clock, user, { assetId: request.body.asset_id, timeframeId: request.body.timeframe_id });
      const window = await getEntryWindow(deps.db, opened.windowId, user.id);
      return reply.code(201).send({ window, notified_traders: opened.notifiedTraders });
    },
  });

  app.get(traderDeskPaths.activeWindows, {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'Open entry windows; bias counts only for windows the caller voted in', response: { 200: ActiveWindowListSchema } },
    handler: async (request) => ({ windows: await listActiveWindows(deps.db, request.user!.id), server_time: deps.clock.now().toISOString() }),
  });

  app.get(traderDeskPaths.window, {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'One entry window (sealed until the caller voted)', params: TradingIdParamsSchema, response: { 200: EntryWindowSchema } },
    handler: async (request) => getEntryWindow(deps.db, request.params.id, request.user!.id),
  });

  app.post(traderDeskPaths.vote, {
    config: { access: 'traderDesk' },
    schema: {
      tags: ['trading'],
      summary: 'Cast the caller\'s one vote (409: second vote, closed, full or outside the open-mode window)',
      params: TradingIdParamsSchema,
      body: VoteInputSchema,
      response: { 201: VoteResponseSchema },
    },
    handler: async (request, reply) => {
      const user = request.user!;
      const result = await castVote(deps.db, deps.clock, user, request.params.id, request.body);
      return reply.code(201).send({ window: await getEntryWindow(deps.db, request.params.id, user.id), closed_window: result.closed });
    },
  });

  app.get(traderDeskPaths.profile, {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'The caller\'s trader profile and scores', response: { 200: TraderProfileSchema } },
    handler: async (request) => getTraderProfile(deps.db, request.user!.id),
  });

  app.get(traderDeskPaths.votes, {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'The caller\'s latest votes and their outcomes', querystring: MyVotesQuerySchema, response: { 200: MyVoteHistorySchema } },
    handler: async (request) => listMyVotes(deps.db, request.user!.id, request.query.limit),
  });

  app.get(traderDeskPaths.grid, {
    config: { access: 'traderDesk' },
    schema: {
      tags: ['trading'],
      summary: 'The market grid of the trader desk: per cell the last closed result and its age, the standing consensus, the open window\'s vote count (never its shares) and whether the caller voted',
      response: { 200: TraderGridSchema },
    },
    handler: async (request) => getTraderGrid(deps.db, request.user!.id, deps.clock.now()),
  });

  // ---------------------------------------------------------------- compass (every role, plan-gated)

  app.get(compassPaths.access, {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'What the caller may see of the Trading Compass', response: { 200: CompassAccessSchema } },
    handler: async (request) => {
      const { now, view } = await compassViewAt(request.user!);
      return accessInfo(view.access, dataCutoff(view.access, now), await viewerPicks(deps.db, view));
    },
  });

  app.get(compassPaths.grid, {
    config: { access: 'everyRole' },
    schema: {
      tags: ['compass'],
      summary: 'The Market Sentiment Grid for the caller\'s access level (ETag; locked cells carry no figures)',
      response: { 200: SentimentGridSchema, 304: z.null().describe('Not modified (ETag matched)') },
    },
    handler: async (request, reply) => {
      const { now, view } = await compassViewAt(request.user!);
      const { access, pick } = view;
      // One entry per visibility key: a trial before and after the premium compass's day never share one.
      const key = gridVisibilityKey(access);
      const entry = await grid.get(key, now, () => buildGridBody(deps.db, access, now));
      const asOf = dataCutoff(access, entry.builtAt);
      const body = access.assetsPicked ? maskedGridResponse(access, asOf, pick, entry) : gridResponseBody(access, asOf, entry);
      const viewerTag = `${access.planId ?? (access.hasPlan ? 'plan' : 'none')}-${access.premiumUnlocksOnTrialDay ?? 0}-${access.traderBreakdown ? 1 : 0}-${access.assetsPicked ? pickTag(pick) : 'all'}`;
      const etag = `"grid-${key}-${entry.version}-${entry.builtAt.getTime()}-${viewerTag}"`;
      // The body was validated against SentimentGridSchema when the cache entry was built and is
      // sent as those bytes (a JSON string is not serialised again), hence the untyped reply.
      const raw = reply as FastifyReply;
      raw.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      return raw.type('application/json; charset=utf-8').send(body);
    },
  });

  app.get(compassPaths.detail, {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'The detail card of one asset x timeframe (403 on a premium timeframe before the trial day that unlocks it)', querystring: CellQuerySchema, response: { 200: SentimentDetailSchema } },
    handler: async (request) => {
      const { now, view } = await compassViewAt(request.user!);
      return getSentimentDetail(deps.db, view, request.query.asset_id, request.query.timeframe_id, now);
    },
  });

  app.get(compassPaths.events, {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'Recent consensus events (window_opened, consensus_confirmed, consensus_exit; 403 for a premium timeframe before the trial day that unlocks it)', querystring: EventsQuerySchema, response: { 200: EventListSchema } },
    handler: async (request) => {
      const { now, view } = await compassViewAt(request.user!);
      const { events, picked } = await listConsensusEvents(deps.db, view, request.query, now);
      return { access: accessInfo(view.access, dataCutoff(view.access, now), picked), events };
    },
  });

  app.get(compassPaths.history, {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'Shares of the last closed windows of one asset x timeframe, oldest first (403 on a premium timeframe before the trial day that unlocks it)', querystring: HistoryQuerySchema, response: { 200: SentimentHistorySchema } },
    handler: async (request) => {
      const { now, view } = await compassViewAt(request.user!);
      return getSentimentHistory(deps.db, view, request.query, now);
    },
  });

  app.get(compassPaths.breakdown, {
    config: { access: 'everyRole' },
    schema: {
      tags: ['compass'],
      summary: 'The last closed window of one asset x timeframe as weighted vote shares per trader tier, never names (403 without the plan feature or on a locked cell)',
      querystring: CellQuerySchema,
      response: { 200: TraderBreakdownSchema },
    },
    handler: async (request) => {
      const { now, view } = await compassViewAt(request.user!);
      return getTraderBreakdown(deps.db, view, request.query.asset_id, request.query.timeframe_id, now);
    },
  });

  // ---------------------------------------------------------------- asset picks (plans with an asset limit)

  app.get(compassPaths.assetPicks, {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'The assets the caller\'s plan shows, and when the pick may change next (403 without a plan)', response: { 200: AssetPicksSchema } },
    handler: async (request) => {
      const now = deps.clock.now();
      return getAssetPicks(deps.db, request.user!.id, await planOf(request.user!.id, now), now);
    },
  });

  app.put(compassPaths.assetPicks, {
    config: { access: 'everyRole' },
    schema: {
      tags: ['compass'],
      summary: 'Pick the assets of the caller\'s plan (400 over the limit; 409 when replacing one sooner than 24 hours after the last change, with the time it is allowed)',
      body: AssetPicksInputSchema,
      response: { 200: AssetPicksSchema },
    },
    handler: async (request) => {
      const now = deps.clock.now();
      return saveAssetPicks(deps.db, request.user!.id, await planOf(request.user!.id, now), request.body.asset_ids, now);
    },
  });
}

/** A short tag of a pick for the grid's ETag (FNV-1a of the ids): another pick is another body. */
function pickTag(pick: { assetIds: readonly string[]; changedAt: Date } | null): string {
  if (!pick) return 'default';
  let hash = 0x811c9dc5;
  for (const char of pick.assetIds.join(',')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
