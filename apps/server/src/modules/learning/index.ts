export { countCompletedModules } from './learning-hub.service.ts';
