export { countCompletedModules } from './learning-hub.service.ts';
export { learningJobHandlers } from './learning-uploads.jobs.ts';
