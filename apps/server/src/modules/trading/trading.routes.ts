import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveWindowListSchema,
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
  TraderProfileSchema,
  TradingIdParamsSchema,
  VoteInputSchema,
  VoteResponseSchema,
  EntryWindowSchema,
} from '@myeai/domain';
import { accessLevelReaderFor } from '../trials/index.ts';
import { accessInfo, buildGridBody, compassAccessOf, getSentimentDetail, getSentimentHistory, gridResponseBody, listConsensusEvents } from './compass.service.ts';
import { gridCacheFor } from './grid-cache.ts';
import { planReaderFor } from './plan.ts';
import { getTraderProfile, listMyVotes } from './trader.service.ts';
import { listAssets, listTimeframes, toAssetRef, toTimeframeRef } from './trading.queries.ts';
import { castVote, getEntryWindow, listActiveWindows, openWindow } from './windows.service.ts';

/**
 * Trader desk (traderDesk: trader, admin) and Trading Compass (everyRole, gated by plan in the
 * service) endpoints. docs/decisions/008-trading-api.md describes each one.
 */
export async function tradingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;
  const grid = gridCacheFor(deps);
  const compassFacts = { hasPlan: planReaderFor(deps), accessLevel: accessLevelReaderFor(deps) };
  root.addHook('onReady', () => grid.start(deps));
  root.addHook('preClose', () => grid.stop());

  // ---------------------------------------------------------------- market (every role)

  app.get('/api/trading/assets', {
    config: { access: 'everyRole' },
    schema: { tags: ['trading'], summary: 'Active assets, in grid order', response: { 200: MarketAssetListSchema } },
    handler: async () => ({ assets: (await listAssets(deps.db, { includeInactive: false })).map(toAssetRef) }),
  });

  app.get('/api/trading/timeframes', {
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

  app.post('/api/trading/windows/open', {
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
      grid.invalidate();
      const window = await getEntryWindow(deps.db, opened.windowId, user.id);
      return reply.code(201).send({ window, notified_traders: opened.notifiedTraders });
    },
  });

  app.get('/api/trading/windows/active', {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'Open entry windows; bias counts only for windows the caller voted in', response: { 200: ActiveWindowListSchema } },
    handler: async (request) => ({ windows: await listActiveWindows(deps.db, request.user!.id), server_time: deps.clock.now().toISOString() }),
  });

  app.get('/api/trading/windows/:id', {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'One entry window (sealed until the caller voted)', params: TradingIdParamsSchema, response: { 200: EntryWindowSchema } },
    handler: async (request) => getEntryWindow(deps.db, request.params.id, request.user!.id),
  });

  app.post('/api/trading/windows/:id/vote', {
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
      grid.invalidate();
      return reply.code(201).send({ window: await getEntryWindow(deps.db, request.params.id, user.id), closed_window: result.closed });
    },
  });

  app.get('/api/trading/trader/profile', {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'The caller\'s trader profile and scores', response: { 200: TraderProfileSchema } },
    handler: async (request) => getTraderProfile(deps.db, request.user!.id),
  });

  app.get('/api/trading/trader/votes', {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'The caller\'s latest votes and their outcomes', querystring: MyVotesQuerySchema, response: { 200: MyVoteHistorySchema } },
    handler: async (request) => listMyVotes(deps.db, request.user!.id, request.query.limit),
  });

  // ---------------------------------------------------------------- compass (every role, plan-gated)

  app.get('/api/trading/access', {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'What the caller may see of the Trading Compass', response: { 200: CompassAccessSchema } },
    handler: async (request) => {
      const now = deps.clock.now();
      const access = await compassAccessOf(request.user!, now, compassFacts);
      return accessInfo(access, dataCutoff(access, now));
    },
  });

  app.get('/api/trading/sentiment/grid', {
    config: { access: 'everyRole' },
    schema: {
      tags: ['compass'],
      summary: 'The Market Sentiment Grid for the caller\'s access level (ETag; locked cells carry no figures)',
      response: { 200: SentimentGridSchema, 304: z.null().describe('Not modified (ETag matched)') },
    },
    handler: async (request, reply) => {
      const now = deps.clock.now();
      const access = await compassAccessOf(request.user!, now, compassFacts);
      // One entry per visibility key: a trial before and after the premium compass's day never share one.
      const key = gridVisibilityKey(access);
      const entry = await grid.get(key, now, () => buildGridBody(deps.db, access, now));
      const etag = `"grid-${key}-${entry.version}-${entry.builtAt.getTime()}-${access.hasPlan ? 1 : 0}-${access.premiumUnlocksOnTrialDay ?? 0}"`;
      // The body was validated against SentimentGridSchema when the cache entry was built and is
      // sent as those bytes (a JSON string is not serialised again), hence the untyped reply.
      const raw = reply as FastifyReply;
      raw.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      return raw.type('application/json; charset=utf-8').send(gridResponseBody(access, dataCutoff(access, entry.builtAt), entry));
    },
  });

  app.get('/api/trading/sentiment/detail', {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'The detail card of one asset x timeframe (403 on a premium timeframe before the trial day that unlocks it)', querystring: CellQuerySchema, response: { 200: SentimentDetailSchema } },
    handler: async (request) => {
      const now = deps.clock.now();
      const access = await compassAccessOf(request.user!, now, compassFacts);
      return getSentimentDetail(deps.db, access, request.query.asset_id, request.query.timeframe_id, now);
    },
  });

  app.get('/api/trading/events', {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'Recent consensus events (window_opened, consensus_confirmed, consensus_exit; 403 for a premium timeframe before the trial day that unlocks it)', querystring: EventsQuerySchema, response: { 200: EventListSchema } },
    handler: async (request) => {
      const now = deps.clock.now();
      const access = await compassAccessOf(request.user!, now, compassFacts);
      return { access: accessInfo(access, dataCutoff(access, now)), events: await listConsensusEvents(deps.db, access, request.query, now) };
    },
  });

  app.get('/api/trading/history', {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'Shares of the last closed windows of one asset x timeframe, oldest first (403 on a premium timeframe before the trial day that unlocks it)', querystring: HistoryQuerySchema, response: { 200: SentimentHistorySchema } },
    handler: async (request) => {
      const now = deps.clock.now();
      const access = await compassAccessOf(request.user!, now, compassFacts);
      return getSentimentHistory(deps.db, access, request.query, now);
    },
  });
}
