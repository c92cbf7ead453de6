export { NewcomerPanels } from './components/newcomer-panels.tsx';
export { useTrackPageView } from './hooks/use-track-page-view.ts';
export { trackEvent } from './api/track-event.ts';
export { accessLevelQuery, trialKeys, trialStatusQuery, unlockedFeaturesQuery, upgradeRecommendationQuery, useAccessLevel } from './api/trial-api.ts';
