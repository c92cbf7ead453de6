export { LandingPage } from './landing-page.tsx';
export { useLandingContent } from './landing-api.ts';
