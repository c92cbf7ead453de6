export { AdminPassionContentPage } from './components/admin-passion-content-page.tsx';
/** The admin-only Analytics view, also mounted by the learning hub's Analytics tab for admins. */
export { LearningAnalyticsPanel } from './components/learning-analytics-panel.tsx';
