import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { JobIdParamsSchema, JobPageSchema, JobSchema, jobsPaths, ListJobsQuerySchema } from '@myeai/domain';
import { listJobs, retryJob } from './jobs.service.ts';

export async function jobsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  app.get(jobsPaths.list, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], querystring: ListJobsQuerySchema, response: { 200: JobPageSchema } },
    handler: async (request) => listJobs(deps.db, request.query),
  });

  app.post(jobsPaths.retry, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], params: JobIdParamsSchema, response: { 200: JobSchema } },
    handler: async (request) => retryJob(deps.db, deps.clock, request.user!.id, request.params.id),
  });
}
