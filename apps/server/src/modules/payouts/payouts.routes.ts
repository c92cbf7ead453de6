import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CancelPayoutBatchInputSchema,
  CommissionIdParamsSchema,
  commissionsPaths,
  PayoutBalanceSchema,
  PayoutPeriodStatementSchema,
  PayoutResultsInputSchema,
  PayoutResultsResponseSchema,
  payoutStatementCsv,
  PayoutStatementQuerySchema,
  PayoutBatchListSchema,
  PayoutBatchSchema,
  PayoutDetailsSchema,
  PayoutExportQuerySchema,
  PayoutIdParamsSchema,
  PayoutItemResponseSchema,
  PayoutMethodResponseSchema,
  payoutsPaths,
  PayoutSettingsSchema,
  PayoutStatementListSchema,
  PreparePayoutBatchInputSchema,
  SettlePayoutItemInputSchema,
} from '@myeai/domain';
import { zodRoutes } from '../../module-routes.ts';
import {
  applyPayoutResults,
  approvePayoutBatch,
  cancelPayoutBatch,
  getPeriodStatement,
  exportPayoutBatch,
  getPayoutBalance,
  getPayoutBatch,
  getPayoutMethod,
  getPayoutSettings,
  listPayoutBatches,
  listStatements,
  preparePayoutBatch,
  savePayoutMethod,
  savePayoutSettings,
  settlePayoutItem,
} from './payouts.service.ts';
import { payCommissionNow } from './payout-pay-now.ts';
import { stripeConnectRoutes } from './stripe-connect.routes.ts';

/**
 * Payouts (issue 30, decision 060). The payee's own method, balance and statements: every signed-in
 * user, own data only (whoever holds ledger lines can be paid: affiliates, and traders or members
 * through commission cells). Settings, batches, files and settlement: admins.
 */
export async function payoutsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['payouts'];

  // "Pay this one now" on the admin's /commissions: a one-item batch (decision 070). Its path is the
  // commission's, its work the payouts': registered here, so the ledger does not import payouts (decision 074).
  app.post(commissionsPaths.adminPayNow, {
    config: { access: 'admin' },
    schema: { tags, params: CommissionIdParamsSchema, response: { 200: PayoutBatchSchema } },
    handler: async (request) => payCommissionNow(deps, request.user!.id, request.params.id),
  });

  app.get(payoutsPaths.method, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: PayoutMethodResponseSchema } },
    handler: async (request) => getPayoutMethod(deps, request.user!.id),
  });

  app.put(payoutsPaths.method, {
    config: { access: 'signedIn' },
    schema: { tags, body: PayoutDetailsSchema, response: { 200: PayoutMethodResponseSchema } },
    handler: async (request) => savePayoutMethod(deps, request.user!, request.body),
  });

  app.get(payoutsPaths.balance, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: PayoutBalanceSchema } },
    handler: async (request) => getPayoutBalance(deps, request.user!.id),
  });

  app.get(payoutsPaths.statements, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: PayoutStatementListSchema } },
    handler: async (request) => listStatements(deps, request.user!.id),
  });

  // The statement of a period (decision 063): on screen (printable) and as CSV, own payouts only.
  app.get(payoutsPaths.statement, {
    config: { access: 'signedIn' },
    schema: { tags, querystring: PayoutStatementQuerySchema, response: { 200: PayoutPeriodStatementSchema } },
    handler: async (request) => getPeriodStatement(deps, request.user!, request.query),
  });

  app.get(payoutsPaths.statementCsv, {
    config: { access: 'signedIn' },
    schema: { tags, querystring: PayoutStatementQuerySchema, response: { 200: z.string() } },
    handler: async (request, reply) => {
      const statement = await getPeriodStatement(deps, request.user!, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payout-statement-${statement.from}-to-${statement.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(payoutStatementCsv(statement.items));
    },
  });

  app.get(payoutsPaths.adminSettings, {
    config: { access: 'admin' },
    schema: { tags, response: { 200: PayoutSettingsSchema } },
    handler: async () => getPayoutSettings(deps.db),
  });

  app.put(payoutsPaths.adminSettings, {
    config: { access: 'admin' },
    schema: { tags, body: PayoutSettingsSchema, response: { 200: PayoutSettingsSchema } },
    handler: async (request) => savePayoutSettings(deps, request.user!.id, request.body),
  });

  app.get(payoutsPaths.adminBatches, {
    config: { access: 'admin' },
    schema: { tags, response: { 200: PayoutBatchListSchema } },
    handler: async () => listPayoutBatches(deps.db),
  });

  app.post(payoutsPaths.adminBatches, {
    config: { access: 'admin' },
    schema: { tags, body: PreparePayoutBatchInputSchema.optional(), response: { 200: PayoutBatchSchema } },
    handler: async (request) => preparePayoutBatch(deps, request.user!.id, { dryRun: request.body?.dry_run ?? false }),
  });

  app.get(payoutsPaths.adminBatch, {
    config: { access: 'admin' },
    schema: { tags, params: PayoutIdParamsSchema, response: { 200: PayoutBatchSchema } },
    handler: async (request) => getPayoutBatch(deps.db, request.params.id),
  });

  app.post(payoutsPaths.adminApprove, {
    config: { access: 'admin' },
    schema: { tags, params: PayoutIdParamsSchema, response: { 200: PayoutBatchSchema } },
    handler: async (request) => approvePayoutBatch(deps, request.user!.id, request.params.id),
  });

  app.post(payoutsPaths.adminCancel, {
    config: { access: 'admin' },
    schema: { tags, params: PayoutIdParamsSchema, body: CancelPayoutBatchInputSchema.nullish(), response: { 200: PayoutBatchSchema } },
    handler: async (request) => cancelPayoutBatch(deps, request.user!.id, request.params.id, request.body ?? {}),
  });

  app.post(payoutsPaths.adminResults, {
    config: { access: 'admin' },
    schema: { tags, params: PayoutIdParamsSchema, body: PayoutResultsInputSchema, response: { 200: PayoutResultsResponseSchema } },
    handler: async (request) => applyPayoutResults(deps, request.user!.id, request.params.id, request.body),
  });

  app.get(payoutsPaths.adminExport, {
    config: { access: 'admin' },
    schema: { tags, params: PayoutIdParamsSchema, querystring: PayoutExportQuerySchema, response: { 200: z.string() } },
    handler: async (request, reply) => {
      const csv = await exportPayoutBatch(deps, request.user!.id, request.params.id, request.query.method);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts-${request.params.id.slice(0, 8)}-${request.query.method}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.patch(payoutsPaths.adminItem, {
    config: { access: 'admin' },
    schema: { tags, params: PayoutIdParamsSchema, body: SettlePayoutItemInputSchema, response: { 200: PayoutItemResponseSchema } },
    handler: async (request) => settlePayoutItem(deps, request.user!.id, request.params.id, request.body),
  });

  // Stripe Connect, the second provider (decision 069).
  await stripeConnectRoutes(root);
}
