import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChangePlanInputSchema, ChangePlanResponseSchema, planChangePaths, ScheduledChangeResponseSchema } from '@myeai/domain';
import { zodRoutes } from '../../module-routes.ts';
import { cancelScheduledChangeOf, changePlan, getScheduledChange } from './plan-change.service.ts';

/** Plan changes call the payment provider: 20 a minute per signed-in user (previews included). */
const PLAN_CHANGE_RATE_LIMIT = {
  max: 20,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
};

/** Plan changes (issue 31 item 4, decision 064): the signed-in user's own subscription, any role. */
export async function planChangeRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  app.post(planChangePaths.changePlan, {
    config: { access: 'everyRole', rateLimit: PLAN_CHANGE_RATE_LIMIT },
    schema: { tags: ['subscriptions'], body: ChangePlanInputSchema, response: { 200: ChangePlanResponseSchema } },
    handler: async (request) => changePlan(deps, request.user!.id, request.body),
  });

  app.get(planChangePaths.scheduledChange, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], response: { 200: ScheduledChangeResponseSchema } },
    handler: async (request) => getScheduledChange(deps.db, deps.clock, request.user!.id),
  });

  app.delete(planChangePaths.scheduledChange, {
    config: { access: 'everyRole' },
    schema: { tags: ['subscriptions'], response: { 200: ScheduledChangeResponseSchema } },
    handler: async (request) => cancelScheduledChangeOf(deps, request.user!.id),
  });
}
