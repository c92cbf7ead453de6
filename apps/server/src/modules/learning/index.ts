export { countCompletedModules } from './learning-hub.service.ts';
export { learningJobHandlers } from './learning-uploads.jobs.ts';
export { LEARNING_CATALOGUE_TABLES, LEARNING_FIGURES_TABLES } from './learning-catalogue-cache.ts';
export { restoreLearningDemoFiles, seedLearningDemo, type LearningDemoAssets } from './learning.seed.ts';
