export { supportRoutes } from './support.routes.ts';
