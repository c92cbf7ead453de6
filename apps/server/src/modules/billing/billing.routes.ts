import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { z } from 'zod';
import {
  AdminUserPaymentsSchema,
  AppError,
  BillingIdParamsSchema,
  billingAdminPaths,
  billingPaths,
  MyPaymentsSchema,
  PaymentMethodSessionSchema,
  paymentsPaths,
  ReceiptSchema,
  RefundInputSchema,
  RefundResultSchema,
  CheckoutSessionParamsSchema,
  ConfirmLocalCheckoutInputSchema,
  LocalCheckoutRedirectSchema,
  PaymentConfigSchema,
} from '@myeai/domain';
import { applyBillingEvent } from './apply-billing-event.ts';
import { cancelLocalCheckout, confirmLocalCheckout } from './local-checkout.service.ts';
import type { AppDeps } from '../../app-deps.ts';
import { DEFAULT_SELLER, getReceipt, listMyPayments, paymentMethodSession } from './payments.service.ts';
import { activePaymentProvider, stripePaymentProvider } from './providers.ts';
import { applyStripePayoutEvent, isStripePayoutEvent } from '../payouts/index.ts';
import { listPaymentsForAdmin, refundPayment } from './refunds.service.ts';

/** Where the provider's page sends the member back: PUBLIC_URL, else the origin the request came to. */
function returnUrlOf(deps: AppDeps, request: FastifyRequest): string {
  const base = deps.config.publicUrl ? deps.config.publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
  return `${base}/trading-subscription`;
}

const WebhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'stale', 'ignored', 'duplicate']) });

export async function billingRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  app.get(billingPaths.config, {
    config: { access: 'everyRole' },
    schema: { tags: ['billing'], response: { 200: PaymentConfigSchema } },
    handler: async () => activePaymentProvider(deps).publicConfig(),
  });

  app.post(billingPaths.localConfirm, {
    config: { access: 'everyRole' },
    schema: { tags: ['billing'], params: CheckoutSessionParamsSchema, body: ConfirmLocalCheckoutInputSchema, response: { 200: LocalCheckoutRedirectSchema } },
    handler: async (request) => confirmLocalCheckout(deps, request.user!.id, request.params.sessionId, request.body.card),
  });

  app.post(billingPaths.localCancel, {
    config: { access: 'everyRole' },
    schema: { tags: ['billing'], params: CheckoutSessionParamsSchema, response: { 200: LocalCheckoutRedirectSchema } },
    handler: async (request) => cancelLocalCheckout(deps, request.user!.id, request.params.sessionId),
  });

  // Refunds (decision 065): People Management's billing section.
  app.get(billingAdminPaths.userPayments, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], params: BillingIdParamsSchema, response: { 200: AdminUserPaymentsSchema } },
    handler: async (request) => listPaymentsForAdmin(deps.db, request.params.id),
  });

  app.post(billingAdminPaths.refund, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], params: BillingIdParamsSchema, body: RefundInputSchema, response: { 200: RefundResultSchema } },
    handler: async (request) => refundPayment(deps, request.user!.id, request.params.id, request.body),
  });

  // The member's payments and receipts on /trading-subscription.
  app.get(paymentsPaths.mine, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], response: { 200: MyPaymentsSchema } },
    handler: async (request) => listMyPayments(deps.db, request.user!.id),
  });

  app.get(paymentsPaths.receipt, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], params: BillingIdParamsSchema, response: { 200: ReceiptSchema } },
    handler: async (request) => getReceipt(deps.db, deps.config.seller ?? DEFAULT_SELLER, request.user!.id, request.params.id),
  });

  app.post(paymentsPaths.paymentMethod, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], response: { 200: PaymentMethodSessionSchema } },
    handler: async (request) => paymentMethodSession(deps, request.user!.id, returnUrlOf(deps, request)),
  });

  // Stripe signs the raw body: this scope keeps JSON bodies as bytes.
  await root.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    zodRoutes(scope).app.post(billingPaths.stripeWebhook, {
      config: { access: 'public' },
      schema: { tags: ['billing'], response: { 200: WebhookAnswerSchema } },
      handler: async (request) => {
        const stripe = stripePaymentProvider(deps);
        if (!stripe) throw new AppError('NOT_FOUND', 'Stripe is not configured on this server.');
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          if (!Buffer.isBuffer(request.body)) throw new Error('the body is not JSON');
          event = stripe.verifyWebhook(request.body, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          request.log.warn({ err: error }, 'stripe webhook signature check failed');
          throw new AppError('VALIDATION', 'Invalid webhook signature.');
        }
        // Stripe Connect payouts (decision 069): accounts, transfers and bank payouts go to the payouts module.
        if (isStripePayoutEvent(event.type) && deps.config.stripeConnect) return { received: true as const, outcome: await applyStripePayoutEvent(deps, event) };
        // A Stripe outage while fetching the subscription answers 503, so Stripe delivers the event again.
        const billingEvent = await stripe.toBillingEvent(event);
        const outcome = await deps.db.transaction((tx) => applyBillingEvent(tx, { clock: deps.clock }, billingEvent));
        return { received: true as const, outcome };
      },
    });
  });
}
