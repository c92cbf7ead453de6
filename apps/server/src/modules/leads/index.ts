/** What other modules may use of the leads feature. */
export { getLeadStats } from './leads.service.ts';
export type { LeadStageChange } from './leads.events.ts';
export { announceLeadStageChanges } from './leads.events.ts';
export { seedLeadsDemo } from './leads.seed.ts';
