export { selectSiteContent, upsertSiteContent } from './landing.queries.ts';
export { saveLandingContent } from './landing.service.ts';
