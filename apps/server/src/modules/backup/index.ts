export { backupRoutes } from './backup.routes.ts';
