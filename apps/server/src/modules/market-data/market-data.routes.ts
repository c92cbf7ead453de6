import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { marketDataPaths, marketProviderPaths, MarketProviderStateSchema, NeutralBandsInputSchema, NeutralBandsSchema, PRICE_IMPORT_MAX_CHARS, PriceCoverageSchema, PriceImportInputSchema, PriceImportResponseSchema, TraderTrackRecordSchema, TrackRecordQuerySchema, TrackRecordSchema, trackRecordPaths } from '@myeai/domain';
import { zodRoutes } from '../../module-routes.ts';
import { accessLevelReaderFor } from '../trials/index.ts';
import { compassAccessOf, pickReaderFor, planReaderFor } from '../trading/index.ts';
import { getNeutralBands, saveNeutralBands } from './bands.service.ts';
import { getProviderState } from './provider/provider-poll.service.ts';
import { getConsensusTrackRecord, getPriceCoverage, getTraderTrackRecord, importPrices } from './market-data.service.ts';
import { trackRecordCacheFor } from './track-record-cache.ts';

/** The JSON body: the CSV text (ASCII candles; each line break escaped as two bytes) and the other fields. */
const IMPORT_BODY_LIMIT = PRICE_IMPORT_MAX_CHARS + 1024 * 1024;

/**
 * Market prices and the track record against them (issue 32, decision 062): the admin's candle
 * import; the consensus's record per asset and timeframe for every role (gated like the compass's
 * history); a trader's record for the trader themself and admins (the trader desk's access).
 */
export async function marketDataRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const compassFacts = { planId: planReaderFor(deps), accessLevel: accessLevelReaderFor(deps), pick: pickReaderFor(deps) };
  const trackRecords = trackRecordCacheFor(deps);

  app.post(marketDataPaths.importPrices, {
    config: { access: 'admin' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      tags: ['market-data'],
      summary: 'Import a CSV of candles (asset,time,open,high,low,close): preview, or commit and re-score the calls the prices touch',
      body: PriceImportInputSchema,
      response: { 200: PriceImportResponseSchema },
    },
    handler: async (request) => importPrices(deps.db, deps.clock, request.user!.id, request.body),
  });

  app.get(marketDataPaths.coverage, {
    config: { access: 'admin' },
    schema: { tags: ['market-data'], summary: 'Per catalogue asset: the stored candles (count, first and last time, sources) and its calls scored or awaiting prices', response: { 200: PriceCoverageSchema } },
    handler: async () => getPriceCoverage(deps.db),
  });

  app.get(marketProviderPaths.provider, {
    config: { access: 'admin' },
    schema: { tags: ['market-data'], summary: 'The market data provider: configured provider, last poll, last success, failures in a row, and the assets it prices or skips', response: { 200: MarketProviderStateSchema } },
    handler: async () => getProviderState(deps.db, deps.config),
  });

  app.get(marketProviderPaths.bands, {
    config: { access: 'admin' },
    schema: { tags: ['market-data'], summary: 'The neutral band of every asset class and timeframe: in force, default, set by an admin or not', response: { 200: NeutralBandsSchema } },
    handler: async () => getNeutralBands(deps.db),
  });

  app.put(marketProviderPaths.bands, {
    config: { access: 'admin' },
    schema: {
      tags: ['market-data'],
      summary: 'Set neutral bands (a band equal to the default clears it); re-scores exactly the calls and votes scored with the old band, audited',
      body: NeutralBandsInputSchema,
      response: { 200: NeutralBandsSchema },
    },
    handler: async (request) => saveNeutralBands(deps.db, deps.clock, request.user!.id, request.body),
  });

  app.get(trackRecordPaths.consensus, {
    config: { access: 'everyRole' },
    schema: { tags: ['compass'], summary: 'The consensus\'s hit rate against the market on one asset x timeframe, with its 95% interval and the last calls', querystring: TrackRecordQuerySchema, response: { 200: TrackRecordSchema } },
    handler: async (request) => {
      const now = deps.clock.now();
      const view = await compassAccessOf(request.user!, now, compassFacts);
      return getConsensusTrackRecord(deps.db, view, request.query, now, trackRecords);
    },
  });

  app.get(trackRecordPaths.trader, {
    config: { access: 'traderDesk' },
    schema: { tags: ['trading'], summary: 'A trader\'s votes against the market: hit rate, interval, Brier score, shrunk estimate, calibration (own record; admins any)', params: z.object({ id: z.uuid() }), response: { 200: TraderTrackRecordSchema } },
    handler: async (request) => getTraderTrackRecord(deps.db, request.user!, request.params.id),
  });
}
