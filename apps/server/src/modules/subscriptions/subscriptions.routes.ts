import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  AdminSubscriptionHistorySchema,
  CancelSubscriptionResponseSchema,
  CHECKOUT_SIGN_IN_MESSAGE,
  CheckoutSessionParamsSchema,
  CheckoutSessionViewSchema,
  CreateCheckoutInputSchema,
  CreateCheckoutResponseSchema,
  subscriptionsPaths,
  SubscriptionStatusSchema,
  SubscriptionUserParamsSchema,
  TradingSubscriptionSchema,
} from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { cancelSubscription, createCheckout, getCheckoutSessionView, getSubscriptionHistory, getSubscriptionStatus, getTradingPlan } from './subscriptions.service.ts';
import { planChangeRoutes } from './plan-change.routes.ts';

/** Checkout creation per signed-in user (or client address): 10 a minute. */
const CHECKOUT_RATE_LIMIT = {
  max: 10,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
};

/** Where the provider sends the browser back: PUBLIC_URL, else the origin the request came to. */
function baseUrlOf(deps: AppDeps, request: FastifyRequest): string {
  if (deps.config.publicUrl) return deps.config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

export async function subscriptionsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  await planChangeRoutes(root);

  app.get(subscriptionsPaths.status, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], response: { 200: SubscriptionStatusSchema } },
    handler: async (request) => getSubscriptionStatus(deps.db, deps.clock, request.user!.id),
  });

  app.get(subscriptionsPaths.tradingPlan, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], response: { 200: TradingSubscriptionSchema } },
    handler: async (request) => getTradingPlan(deps.db, deps.clock, request.user!.id),
  });

  app.post(subscriptionsPaths.checkout, {
    config: { access: 'everyRole', signInMessage: CHECKOUT_SIGN_IN_MESSAGE, rateLimit: CHECKOUT_RATE_LIMIT },
    schema: { tags: ['subscriptions'], body: CreateCheckoutInputSchema, response: { 200: CreateCheckoutResponseSchema } },
    handler: async (request) => createCheckout(deps, request.user!.id, request.body, { ip: request.ip ?? null, baseUrl: baseUrlOf(deps, request) }),
  });

  app.get(subscriptionsPaths.checkoutSession, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], params: CheckoutSessionParamsSchema, response: { 200: CheckoutSessionViewSchema } },
    handler: async (request) => getCheckoutSessionView(deps, request.user!.id, request.params.sessionId),
  });

  app.post(subscriptionsPaths.cancel, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], response: { 200: CancelSubscriptionResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, subscription: await cancelSubscription(deps, request.user!.id) }),
  });

  app.get(subscriptionsPaths.adminUserSubscription, {
    config: { access: 'admin' },
    schema: { tags: ['subscriptions'], params: SubscriptionUserParamsSchema, response: { 200: AdminSubscriptionHistorySchema } },
    handler: async (request) => getSubscriptionHistory(deps.db, deps.clock, request.params.userId),
  });
}
