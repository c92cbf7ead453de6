import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GoalSetupInputSchema, GoalSetupResponseSchema, goalsPaths } from '@myeai/domain';
import { setupGoals } from './goals.service.ts';

export async function goalsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;

  /** Onboarding step 3 (and goal setup): the complete tiers become goals pending approval. */
  app.post(goalsPaths.setup, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], body: GoalSetupInputSchema, response: { 201: GoalSetupResponseSchema } },
    handler: async (request, reply) => {
      const created = await setupGoals(deps.db, deps.clock, request.user!.id, request.body);
      return reply.status(201).send({ status: 'success' as const, goals_created: created.length, goals: created });
    },
  });
}
