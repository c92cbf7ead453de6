import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  AdminTraderListSchema,
  AdminTraderSchema,
  AssetListSchema,
  AssetSchema,
  ConsensusStatusSchema,
  CreateAssetInputSchema,
  CreateTimeframeInputSchema,
  DetailedWindowListSchema,
  DetailedWindowsQuerySchema,
  FlowChartSchema,
  FlowFeedQuerySchema,
  FlowFeedSchema,
  FlowQuerySchema,
  IncludeInactiveQuerySchema,
  LeaderboardSchema,
  PerformanceWeightsBacktestSchema,
  performanceWeightsPaths,
  TimeframeListSchema,
  TimeframeSchema,
  TraderIdParamsSchema,
  tradingAdminStatsPaths,
  TradingAdminStatsSchema,
  tradingFlowPaths,
  TradingIdParamsSchema,
  tradingMarketPaths,
  tradingSettingsPaths,
  TradingSettingsSchema,
  tradingTradersPaths,
  UpdateAssetInputSchema,
  UpdateTimeframeInputSchema,
  UpdateTraderInputSchema,
  UpdateTradingSettingsInputSchema,
} from '@myeai/domain';
import { getFlowChart, listDetailedWindows, listFlowFeed } from './flow-chart.service.ts';
import { createAsset, createTimeframe, deactivateAsset, deactivateTimeframe, listAdminAssets, listAdminTimeframes, updateAsset, updateTimeframe } from './market-admin.service.ts';
import { getPerformanceWeightsBacktest } from './performance-weights.service.ts';
import { getAdminSettings, getAdminStats, getConsensusStatus, getLeaderboard, listAdminTraders, updateAdminSettings, updateTrader } from './pool-admin.service.ts';

/** The System Command Center and the Flow Chart (admin only; every write audited). */
export async function tradingAdminRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const admin = { access: 'admin' as const };
  const tags = ['trading-admin'];

  // ---------------------------------------------------------------- assets
  app.get(tradingMarketPaths.adminAssets, {
    config: admin,
    schema: { tags, summary: 'Assets (active only unless include_inactive=true)', querystring: IncludeInactiveQuerySchema, response: { 200: AssetListSchema } },
    handler: async (request) => ({ assets: await listAdminAssets(deps.db, request.query.include_inactive) }),
  });
  app.post(tradingMarketPaths.adminAssets, {
    config: admin,
    schema: { tags, summary: 'Add an asset (409: symbol taken)', body: CreateAssetInputSchema, response: { 201: AssetSchema } },
    handler: async (request, reply) => {
      const asset = await createAsset(deps.db, deps.clock, request.user!.id, request.body);
      return reply.code(201).send(asset);
    },
  });
  app.put(tradingMarketPaths.adminAsset, {
    config: admin,
    schema: { tags, summary: 'Edit an asset; is_active: true reactivates it', params: TradingIdParamsSchema, body: UpdateAssetInputSchema, response: { 200: AssetSchema } },
    handler: async (request) => {
      const asset = await updateAsset(deps.db, deps.clock, request.user!.id, request.params.id, request.body);
      return asset;
    },
  });
  app.delete(tradingMarketPaths.adminAsset, {
    config: admin,
    schema: { tags, summary: 'Deactivate an asset (history is kept)', params: TradingIdParamsSchema, response: { 200: AssetSchema } },
    handler: async (request) => {
      const asset = await deactivateAsset(deps.db, deps.clock, request.user!.id, request.params.id);
      return asset;
    },
  });

  // ---------------------------------------------------------------- timeframes
  app.get(tradingMarketPaths.adminTimeframes, {
    config: admin,
    schema: { tags, summary: 'Timeframes (active only unless include_inactive=true)', querystring: IncludeInactiveQuerySchema, response: { 200: TimeframeListSchema } },
    handler: async (request) => ({ timeframes: await listAdminTimeframes(deps.db, request.query.include_inactive) }),
  });
  app.post(tradingMarketPaths.adminTimeframes, {
    config: admin,
    schema: { tags, summary: 'Add a timeframe (409: code taken)', body: CreateTimeframeInputSchema, response: { 201: TimeframeSchema } },
    handler: async (request, reply) => {
      const timeframe = await createTimeframe(deps.db, deps.clock, request.user!.id, request.body);
      return reply.code(201).send(timeframe);
    },
  });
  app.put(tradingMarketPaths.adminTimeframe, {
    config: admin,
    schema: { tags, summary: 'Edit a timeframe; is_active: true reactivates it', params: TradingIdParamsSchema, body: UpdateTimeframeInputSchema, response: { 200: TimeframeSchema } },
    handler: async (request) => {
      const timeframe = await updateTimeframe(deps.db, deps.clock, request.user!.id, request.params.id, request.body);
      return timeframe;
    },
  });
  app.delete(tradingMarketPaths.adminTimeframe, {
    config: admin,
    schema: { tags, summary: 'Deactivate a timeframe (history is kept)', params: TradingIdParamsSchema, response: { 200: TimeframeSchema } },
    handler: async (request) => {
      const timeframe = await deactivateTimeframe(deps.db, deps.clock, request.user!.id, request.params.id);
      return timeframe;
    },
  });

  // ---------------------------------------------------------------- traders and settings
  app.get(tradingTradersPaths.list, {
    config: admin,
    schema: { tags, summary: 'Holders of the trader role with profile, tier and scores, and the Elite Pool check', response: { 200: AdminTraderListSchema } },
    handler: async () => listAdminTraders(deps.db, deps.clock.now()),
  });
  app.put(tradingTradersPaths.one, {
    config: admin,
    schema: { tags, summary: 'Save weight (0-100, step 0.1), specialization, KYC and pool membership (409: pool full)', params: TraderIdParamsSchema, body: UpdateTraderInputSchema, response: { 200: AdminTraderSchema } },
    handler: async (request) => updateTrader(deps.db, deps.clock, request.user!.id, request.params.userId, request.body),
  });
  app.get(tradingSettingsPaths.settings, {
    config: admin,
    schema: { tags, summary: 'Consensus settings with their ranges', response: { 200: TradingSettingsSchema } },
    handler: async () => getAdminSettings(deps.db, deps.clock.now()),
  });
  app.put(tradingSettingsPaths.settings, {
    config: admin,
    schema: { tags, summary: 'Change any consensus settings (confirmation 45-70, exit 35-50 and not above it, size 1-20)', body: UpdateTradingSettingsInputSchema, response: { 200: TradingSettingsSchema } },
    handler: async (request) => {
      return updateAdminSettings(deps.db, deps.clock, request.user!.id, request.body);
    },
  });

  // ---------------------------------------------------------------- figures
  app.get(tradingAdminStatsPaths.stats, {
    config: admin,
    schema: { tags, summary: 'Stat cards: Total Traders, Active Traders, Active Assets, Avg Accuracy', response: { 200: TradingAdminStatsSchema } },
    handler: async () => getAdminStats(deps.db),
  });
  app.get(tradingAdminStatsPaths.consensusStatus, {
    config: admin,
    schema: { tags, summary: 'Today (New York): submission stats and the consensus per asset', response: { 200: ConsensusStatusSchema } },
    handler: async () => getConsensusStatus(deps.db, deps.clock.now()),
  });
  app.get(performanceWeightsPaths.backtest, {
    config: admin,
    schema: {
      tags,
      summary: 'Backtest of performance weights: per timeframe, the consensus hit rate with the weights as cast vs with the shrunk market hit rate (Wilson intervals)',
      response: { 200: PerformanceWeightsBacktestSchema },
    },
    handler: async () => getPerformanceWeightsBacktest(deps.db, deps.clock),
  });
  app.get(tradingAdminStatsPaths.leaderboard, {
    config: admin,
    schema: { tags, summary: 'Top 10 traders by accuracy (agreement with confirmed consensus)', response: { 200: LeaderboardSchema } },
    handler: async () => getLeaderboard(deps.db),
  });

  // ---------------------------------------------------------------- flow chart
  app.get(tradingFlowPaths.flow, {
    config: admin,
    schema: { tags, summary: 'Flow chart: hierarchy with active/idle status and activity over 24h, 7d or 30d', querystring: FlowQuerySchema, response: { 200: FlowChartSchema } },
    handler: async (request) => getFlowChart(deps.db, request.query.range, deps.clock.now()),
  });
  app.get(tradingFlowPaths.detailedWindows, {
    config: admin,
    schema: { tags, summary: 'Latest entry windows with per-voter detail (e-mail local part, weight)', querystring: DetailedWindowsQuerySchema, response: { 200: DetailedWindowListSchema } },
    handler: async (request) => ({ windows: await listDetailedWindows(deps.db, request.query.limit) }),
  });
  app.get(tradingFlowPaths.feed, {
    config: admin,
    schema: { tags, summary: 'The flow chart feed as stored: position_initiated, vote_update_admin, consensus_final_admin, newest first', querystring: FlowFeedQuerySchema, response: { 200: FlowFeedSchema } },
    handler: async (request) => ({ events: await listFlowFeed(deps.db, request.query.limit) }),
  });
}
