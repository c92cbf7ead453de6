export { selectSiteContent, upsertSiteContent } from './landing.queries.ts';
