export { usageRoutes } from './usage.routes.ts';
export { engagementInputs, recordUsageEvent } from './usage.service.ts';
export { usageWriterFor } from './usage-writer.ts';
