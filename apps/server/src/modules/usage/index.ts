export { engagementInputs, recordUsageEvent } from './usage.service.ts';
export { usageWriterFor } from './usage-writer.ts';
