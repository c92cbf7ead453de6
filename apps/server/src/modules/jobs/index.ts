export { enqueueJob, enqueueJobs, retryDelayMs, DEFAULT_MAX_ATTEMPTS, type NewJob } from './job-queue.ts';
export { JobRunner, type JobHandler, type JobContext, type JobRunnerOptions } from './job-runner.ts';
export { listJobs, retryJob } from './jobs.service.ts';
export { countFinishedJobs, countJobs } from './jobs.queries.ts';
