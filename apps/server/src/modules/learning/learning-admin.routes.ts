import type { FastifyInstance } from 'fastify';
import {
  AdminLearningListSchema,
  LEARNING_ADMIN_MESSAGES as M,
  LearningAdminModuleIdParamsSchema,
  LearningAnalyticsListSchema,
  LearningAnalyticsQuerySchema,
  LearningCategoryIdParamsSchema,
  LearningCategoryInputSchema,
  LearningCategoryResponseSchema,
  LearningDeleteResponseSchema,
  LearningModuleAnalyticsSchema,
  LearningModuleInputSchema,
  LearningModuleOrderInputSchema,
  LearningModuleOrderResponseSchema,
  learningPaths,
  LearningModuleResponseSchema,
} from '@myeai/domain';
import { zodRoutes } from '../../module-routes.ts';
import {
  createLearningCategory,
  createLearningModule,
  deleteLearningCategory,
  listAdminLearning,
  listLearningAnalytics,
  moduleAnalytics,
  reorderLearningModules,
  setLearningModuleActive,
  updateLearningCategory,
  updateLearningModule,
} from './learning-admin.service.ts';

/** The learning module admin (issue 20 item 4; spec 2 "Learning module admin", sections 5 and 8): admins only. */
export async function learningAdminRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['learning'];

  app.get(learningPaths.adminModules, {
    config: { access: 'admin' },
    schema: { tags, summary: 'Every module (inactive ones too) in order, the categories with counts, and the stat cards', response: { 200: AdminLearningListSchema } },
    handler: async () => listAdminLearning(deps.db),
  });

  app.post(learningPaths.adminModules, {
    config: { access: 'admin' },
    schema: { tags, body: LearningModuleInputSchema, response: { 201: LearningModuleResponseSchema } },
    handler: async (request, reply) => {
      const module = await createLearningModule(deps.db, deps.clock, request.user!.id, request.body);
      return reply.status(201).send({ status: 'success' as const, message: M.created, module });
    },
  });

  app.put(learningPaths.adminModule, {
    config: { access: 'admin' },
    schema: { tags, summary: 'Replace a module’s fields', params: LearningAdminModuleIdParamsSchema, body: LearningModuleInputSchema, response: { 200: LearningModuleResponseSchema } },
    handler: async (request) => ({
      status: 'success' as const,
      message: M.updated,
      module: await updateLearningModule(deps.db, deps.clock, request.user!.id, request.params.id, request.body),
    }),
  });

  app.delete(learningPaths.adminModule, {
    config: { access: 'admin' },
    schema: { tags, summary: 'Deactivate a module: hidden from learners, kept with its progress (reactivate to show it again)', params: LearningAdminModuleIdParamsSchema, response: { 200: LearningModuleResponseSchema } },
    handler: async (request) => ({
      status: 'success' as const,
      message: M.deactivated,
      module: await setLearningModuleActive(deps.db, deps.clock, request.user!.id, request.params.id, false),
    }),
  });

  app.post(learningPaths.adminModuleReactivate, {
    config: { access: 'admin' },
    schema: { tags, params: LearningAdminModuleIdParamsSchema, response: { 200: LearningModuleResponseSchema } },
    handler: async (request) => ({
      status: 'success' as const,
      message: M.reactivated,
      module: await setLearningModuleActive(deps.db, deps.clock, request.user!.id, request.params.id, true),
    }),
  });

  app.put(learningPaths.adminModuleOrder, {
    config: { access: 'admin' },
    schema: { tags, summary: 'The new order of every module, written in one transaction; a stale list (a module missing or added) is refused with 409', body: LearningModuleOrderInputSchema, response: { 200: LearningModuleOrderResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, modules: await reorderLearningModules(deps.db, deps.clock, request.user!.id, request.body.module_ids) }),
  });

  app.post(learningPaths.adminCategories, {
    config: { access: 'admin' },
    schema: { tags, body: LearningCategoryInputSchema, response: { 201: LearningCategoryResponseSchema } },
    handler: async (request, reply) => reply.status(201).send({ status: 'success' as const, category: await createLearningCategory(deps.db, deps.clock, request.user!.id, request.body) }),
  });

  app.put(learningPaths.adminCategory, {
    config: { access: 'admin' },
    schema: { tags, params: LearningCategoryIdParamsSchema, body: LearningCategoryInputSchema, response: { 200: LearningCategoryResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, category: await updateLearningCategory(deps.db, deps.clock, request.user!.id, request.params.id, request.body) }),
  });

  app.delete(learningPaths.adminCategory, {
    config: { access: 'admin' },
    schema: { tags, summary: 'Remove a category that holds no module', params: LearningCategoryIdParamsSchema, response: { 200: LearningDeleteResponseSchema } },
    handler: async (request) => {
      await deleteLearningCategory(deps.db, deps.clock, request.user!.id, request.params.id);
      return { status: 'success' as const };
    },
  });

  app.get(learningPaths.adminAnalytics, {
    config: { access: 'admin' },
    schema: { tags, summary: 'Per module: learners started, completed, completion rate, average watched percent', response: { 200: LearningAnalyticsListSchema } },
    handler: async () => ({ modules: await listLearningAnalytics(deps.db) }),
  });

  app.get(learningPaths.adminModuleAnalytics, {
    config: { access: 'admin' },
    schema: { tags, summary: 'One module’s figures and learners started and completed per UTC day', params: LearningAdminModuleIdParamsSchema, querystring: LearningAnalyticsQuerySchema, response: { 200: LearningModuleAnalyticsSchema } },
    handler: async (request) => moduleAnalytics(deps.db, deps.clock, request.params.id, request.query.days),
  });
}
