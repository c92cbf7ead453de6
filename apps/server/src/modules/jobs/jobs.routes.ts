import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JobIdParamsSchema, JobPageSchema, JobSchema, ListJobsQuerySchema } from '@myeai/domain';
import { listJobs, retryJob } from './jobs.service.ts';

export async function jobsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = root;

  app.get('/api/admin/jobs', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], querystring: ListJobsQuerySchema, response: { 200: JobPageSchema } },
    handler: async (request) => listJobs(deps.db, request.query),
  });

  app.post('/api/admin/jobs/:id/retry', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], params: JobIdParamsSchema, response: { 200: JobSchema } },
    handler: async (request) => retryJob(deps.db, deps.clock, request.user!.id, request.params.id),
  });
}
