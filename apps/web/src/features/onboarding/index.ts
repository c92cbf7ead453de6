export { OnboardingPage } from './components/onboarding-page.tsx';
// The goal form is one form: the Purpose Alignment Center's Setup Goals Blueprint reuses it (spec 2).
export { GoalsStep, useGoalsForm } from './components/goals-step.tsx';
export { useSetupGoals } from './api/onboarding-api.ts';
