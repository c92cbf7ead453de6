import { useQuery } from '@tanstack/react-query';
import { adminOverviewPaths, apiPath, LandingContentResponseSchema, landingPaths, UserCountSchema } from '@myeai/domain';
import { apiRequest } from '../../lib/api-client.ts';

export function useLandingContent() {
  return useQuery({ queryKey: ['landing'], queryFn: () => apiRequest(apiPath(landingPaths.content), { schema: LandingContentResponseSchema }) });
}

/** "People earning today": users credited a commission since 00:00 UTC, a live count (not landing content). */
export function usePeopleEarningToday() {
  return useQuery({ queryKey: ['stats', 'user-count'], queryFn: () => apiRequest(apiPath(adminOverviewPaths.userCount), { schema: UserCountSchema }), refetchInterval: 60_000 });
}
