/** What other modules may use of the support feature. */
export { countOpenSupportRequests } from './support.queries.ts';
