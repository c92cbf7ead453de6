export { LearningHubPage } from './components/learning-hub-page.tsx';
export { MarketingResources } from './components/marketing-resources.tsx';
