import { z } from 'zod';
import { cursorListQuerySchema, cursorPageSchema } from './paging.ts';

/** Background jobs API paths (admin). */
export const jobsPaths = {
  list: '/api/admin/jobs',
  retry: '/api/admin/jobs/:id/retry',
} as const;

/** The job queue's states: queued (waiting for run_at), running, succeeded, failed (gave up). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: JobStatusSchema,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  run_at: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const ListJobsQuerySchema = cursorListQuerySchema({ status: JobStatusSchema.optional() });
export type ListJobsQuery = z.infer<typeof ListJobsQuerySchema>;

export const JobPageSchema = cursorPageSchema(JobSchema, {
  /** How many jobs match the filter in all (the Failed Operations badge). */
  total: z.number().int(),
});
export type JobPage = z.infer<typeof JobPageSchema>;

export const JobIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Unknown job.' }).int('Unknown job.').positive('Unknown job.') });
