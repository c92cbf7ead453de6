export { LearningHubPage } from './components/learning-hub-page.tsx';
