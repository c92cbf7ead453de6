import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { payoutsPaths, StripeConnectLinkSchema, StripeConnectRefreshSchema } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { zodRoutes } from '../../module-routes.ts';
import { refreshStripeAccount, startStripeOnboarding } from './stripe-connect.service.ts';

const ConnectInputSchema = z.object({ page: z.enum(['commissions', 'earnings']).default('commissions') });

/** Where Stripe sends the payee back: PUBLIC_URL, else the origin the request came to (as checkout does). */
function baseUrlOf(deps: AppDeps, request: FastifyRequest): string {
  return deps.config.publicUrl ? deps.config.publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
}

/**
 * Stripe Connect for the payee (decision 069): "Connect with Stripe" answers the onboarding link
 * (the Express account is created on the first call), and the page reads the account back when
 * Stripe returns the payee to it. Signed in, own account only; 404 without Connect configured.
 */
export async function stripeConnectRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['payouts'];

  app.post(payoutsPaths.stripeConnect, {
    config: { access: 'signedIn' },
    schema: { tags, body: ConnectInputSchema.nullish(), response: { 200: StripeConnectLinkSchema } },
    handler: async (request) => startStripeOnboarding(deps, request.user!, request.body?.page ?? 'commissions', baseUrlOf(deps, request)),
  });

  app.post(payoutsPaths.stripeRefresh, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: StripeConnectRefreshSchema } },
    handler: async (request) => refreshStripeAccount(deps, request.user!.id),
  });
}
