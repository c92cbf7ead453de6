import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { z } from 'zod';
import {
  AppError,
  billingPaths,
  CheckoutSessionParamsSchema,
  ConfirmLocalCheckoutInputSchema,
  LocalCheckoutRedirectSchema,
  PaymentConfigSchema,
} from '@myeai/domain';
import { applyBillingEvent } from './apply-billing-event.ts';
import { cancelLocalCheckout, confirmLocalCheckout } from './local-checkout.service.ts';
import { activePaymentProvider, stripePaymentProvider } from './providers.ts';

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
        // A Stripe outage while fetching the subscription answers 503, so Stripe delivers the event again.
        const billingEvent = await stripe.toBillingEvent(event);
        const outcome = await deps.db.transaction((tx) => applyBillingEvent(tx, { clock: deps.clock }, billingEvent));
        return { received: true as const, outcome };
      },
    });
  });
}
