/** What other modules may use of the admin overview. */
export { countGoalsAndPending } from './admin-overview.queries.ts';
