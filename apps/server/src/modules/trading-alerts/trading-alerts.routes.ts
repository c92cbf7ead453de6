import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { AlertCellParamsSchema, tradingAlertsPaths, TradingAlertsSchema } from '@myeai/domain';
import { followCell, getTradingAlerts, unfollowCell } from './trading-alerts.service.ts';

const tags = ['trading alerts'];

/**
 * Trading alerts (docs/decisions/020-trading-alerts.md): every role may ask; whether a user may
 * follow is their entitlements' question (403 with the reason), answered in the service.
 */
export async function tradingAlertsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  app.get(tradingAlertsPaths.list, {
    config: { access: 'everyRole' },
    schema: { tags, summary: 'The alert frequency of the user, why they may not follow (if so), their picks and followed cells', response: { 200: TradingAlertsSchema } },
    handler: async (request) => getTradingAlerts(deps.db, deps.clock, request.user!.id),
  });

  app.put(tradingAlertsPaths.follow, {
    config: { access: 'everyRole' },
    schema: {
      tags,
      summary: 'Follow an asset x timeframe cell (idempotent); 403 without alerts in the plan or for an asset not picked',
      params: AlertCellParamsSchema,
      response: { 200: TradingAlertsSchema },
    },
    handler: async (request) => followCell(deps.db, deps.clock, request.user!.id, { assetId: request.params.asset_id, timeframeId: request.params.timeframe_id }),
  });

  app.delete(tradingAlertsPaths.follow, {
    config: { access: 'everyRole' },
    schema: { tags, summary: 'Stop following a cell (idempotent)', params: AlertCellParamsSchema, response: { 200: TradingAlertsSchema } },
    handler: async (request) => unfollowCell(deps.db, deps.clock, request.user!.id, { assetId: request.params.asset_id, timeframeId: request.params.timeframe_id }),
  });
}
