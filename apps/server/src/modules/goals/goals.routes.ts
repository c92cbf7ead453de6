import type { FastifyInstance } from 'fastify';
import {
  dashboardFiguresValidUntil,
  GoalCheckInInputSchema,
  GoalIdParamsSchema,
  GoalProfileStatusSchema,
  GoalProgressResponseSchema,
  GoalSetupInputSchema,
  GoalSetupResponseSchema,
  GoalViewSchema,
  goalsPaths,
  HabitTickInputSchema,
  MyGoalsResponseSchema,
  QuickSetupInputSchema,
  ReviewGoalInputSchema,
  ReviewGoalResponseSchema,
  ReviewListResponseSchema,
  UpdateGoalInputSchema,
} from '@myeai/domain';
import { ReadCache, sendJsonBody, userChangeFeedFor, validatedJsonBody } from '../changes/index.ts';
import { listReviewQueue, getOwnGoal, moveOwnGoal, recordCheckIn, tickHabit, updateGoal } from './goal-owner.service.ts';
import { reviewGoal } from './goal-review.service.ts';
import { getGoalProgress, getMyGoals } from './goal-views.service.ts';
import { goalProfileStatus, setupGoals, skipGoalSetup } from './goals.service.ts';
import { zodRoutes } from '../../module-routes.ts';

export async function goalsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  // Each user's goal views as sent, until their goals (check-ins and habit ticks touch the goal row),
  // commissions or profile change (the change feed), or the UTC day ends (days left, streaks).
  const views = new ReadCache<Buffer>(userChangeFeedFor(deps), { maxEntries: 20_000, ttlMs: 60_000 });

  /** Onboarding step 3 (and goal setup): the complete tiers become goals pending approval. */
  app.post(goalsPaths.setup, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], body: GoalSetupInputSchema, response: { 201: GoalSetupResponseSchema } },
    handler: async (request, reply) => {
      const created = await setupGoals(deps.db, deps.clock, request.user!.id, request.body);
      return reply.status(201).send({ status: 'success' as const, goals_created: created.length, goals: created });
    },
  });

  /** The quick-setup modal opens while the user has no goal at all (any status). */
  app.get(goalsPaths.profileStatus, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], response: { 200: GoalProfileStatusSchema } },
    handler: async (request) => goalProfileStatus(deps.db, deps.clock, request.user!),
  });

  /** The quick-setup modal's "Skip for now", remembered on the server (GOAL_SETUP_SKIP_DAYS). */
  app.post(goalsPaths.quickSetupSkip, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], response: { 200: GoalProfileStatusSchema } },
    handler: async (request) => skipGoalSetup(deps.db, deps.clock, request.user!),
  });

  /** The quick-setup modal's "Save Goals": the same rules, messages and idempotency as goal setup. */
  app.post(goalsPaths.quickSetup, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], body: QuickSetupInputSchema, response: { 201: GoalSetupResponseSchema } },
    handler: async (request, reply) => {
      const { goals, submission_id } = request.body;
      const created = await setupGoals(deps.db, deps.clock, request.user!.id, { ...goals, ...(submission_id ? { submission_id } : {}) });
      return reply.status(201).send({ status: 'success' as const, goals_created: created.length, goals: created });
    },
  });

  // A user's own goals are theirs whatever the role (the newcomer's onboarding goals show on /goal-progress).
  app.get(goalsPaths.mine, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], response: { 200: MyGoalsResponseSchema } },
    handler: async (request, reply) => {
      const userId = request.user!.id;
      const now = deps.clock.now();
      const body = await views.readForUser(userId, 'my goals', now, async () => validatedJsonBody(MyGoalsResponseSchema, await getMyGoals(deps.db, deps.clock, userId)), dashboardFiguresValidUntil(now));
      reply.header('cache-control', 'no-store');
      return sendJsonBody(reply, body);
    },
  });

  app.get(goalsPaths.progress, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], response: { 200: GoalProgressResponseSchema } },
    handler: async (request, reply) => {
      const userId = request.user!.id;
      const now = deps.clock.now();
      const body = await views.readForUser(userId, 'goal progress', now, async () => validatedJsonBody(GoalProgressResponseSchema, await getGoalProgress(deps.db, deps.clock, userId)), dashboardFiguresValidUntil(now));
      reply.header('cache-control', 'no-store');
      return sendJsonBody(reply, body);
    },
  });

  app.get(goalsPaths.review, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['goals'], response: { 200: ReviewListResponseSchema } },
    handler: async (request) => listReviewQueue(deps, request.user!.id),
  });

  app.get(goalsPaths.one, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], params: GoalIdParamsSchema, response: { 200: GoalViewSchema } },
    handler: async (request) => getOwnGoal(deps, request.user!.id, request.params.id),
  });

  app.put(goalsPaths.one, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], params: GoalIdParamsSchema, body: UpdateGoalInputSchema, response: { 200: GoalViewSchema } },
    handler: async (request) => updateGoal(deps, request.user!.id, request.params.id, request.body),
  });

  app.post(goalsPaths.withdraw, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], params: GoalIdParamsSchema, response: { 200: GoalViewSchema } },
    handler: async (request) => moveOwnGoal(deps, request.user!.id, request.params.id, 'withdraw'),
  });

  app.post(goalsPaths.resubmit, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], params: GoalIdParamsSchema, response: { 200: GoalViewSchema } },
    handler: async (request) => moveOwnGoal(deps, request.user!.id, request.params.id, 'resubmit'),
  });

  app.post(goalsPaths.checkIns, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], params: GoalIdParamsSchema, body: GoalCheckInInputSchema, response: { 201: GoalViewSchema } },
    handler: async (request, reply) => reply.status(201).send(await recordCheckIn(deps, request.user!.id, request.params.id, request.body)),
  });

  app.post(goalsPaths.habits, {
    config: { access: 'signedIn' },
    schema: { tags: ['goals'], params: GoalIdParamsSchema, body: HabitTickInputSchema, response: { 200: GoalViewSchema } },
    handler: async (request) => tickHabit(deps, request.user!.id, request.params.id, request.body),
  });

  app.post(goalsPaths.reviewOne, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['goals'], params: GoalIdParamsSchema, body: ReviewGoalInputSchema, response: { 200: ReviewGoalResponseSchema } },
    handler: async (request) => reviewGoal(deps, { goalId: request.params.id, reviewerId: request.user!.id, action: request.body.action, feedback: request.body.feedback }),
  });
}
