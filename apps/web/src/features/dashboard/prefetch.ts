import type { QueryClient } from '@tanstack/react-query';
import { decideAccess, homeOf, type UserProfile } from '@myeai/domain';
import { accessLevelQuery, trialStatusQuery, unlockedFeaturesQuery, upgradeRecommendationQuery } from '../trial/index.ts';
import { videoWidgetsQuery } from '../video-widgets/index.ts';
import { dashboardStatsQuery, roleHomeQuery } from './api/dashboard-api.ts';

/**
 * The Business Hub's first requests, started by the router as soon as the profile is known
 * (app/screens.tsx), while the page's chunk downloads: the page then renders with its data
 * instead of skeletons that the data resizes. The same query options as the page's hooks, so
 * the page reads these results from the cache. Failures are left to the page's own queries.
 */
export function prefetchPageData(queryClient: QueryClient, user: UserProfile): void {
  const isAdmin = decideAccess('admin', { activeRole: user.active_role }) === 'allowed';
  if (homeOf(user.active_role).kind === 'cockpit') void queryClient.prefetchQuery(dashboardStatsQuery());
  else void queryClient.prefetchQuery(roleHomeQuery());
  void queryClient.prefetchQuery(videoWidgetsQuery(isAdmin));
  if (user.active_role !== 'newcomer') return;
  void queryClient.prefetchQuery(unlockedFeaturesQuery());
  void queryClient.prefetchQuery(upgradeRecommendationQuery());
  // The banner asks for the trial's clock only while a trial runs.
  void queryClient
    .fetchQuery(accessLevelQuery())
    .then((access) => (access.access_level === 'trial' ? queryClient.prefetchQuery(trialStatusQuery()) : undefined))
    .catch(() => undefined);
}
