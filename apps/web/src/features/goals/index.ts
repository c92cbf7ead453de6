export { GoalsPage } from './components/goals-page.tsx';
export { GoalEditPage } from './components/goal-edit-page.tsx';
export { GoalProgressPage } from './components/goal-progress-page.tsx';
export { GoalQuickSetupButton, GoalQuickSetupPrompt, QUICK_SETUP_TEXTS } from './components/goal-quick-setup.tsx';
