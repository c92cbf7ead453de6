export { OnboardingPage } from './components/onboarding-page.tsx';
