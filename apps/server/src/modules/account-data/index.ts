/** What other modules may use of "Your data" (docs/decisions/059). */
import type { JobHandler } from '../jobs/index.ts';
import { deletionJobHandlers } from './deletion.service.ts';
import { dataExportJobHandlers } from './export.service.ts';

export const accountDataJobHandlers: Record<string, JobHandler> = { ...dataExportJobHandlers, ...deletionJobHandlers };
