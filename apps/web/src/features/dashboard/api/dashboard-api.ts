import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, dashboardPaths, DashboardStatsSchema, RoleHomeDataSchema } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLiveEvents } from '../../../lib/live-channel.tsx';

export const dashboardKeys = { stats: ['dashboard', 'stats'] as const, home: ['dashboard', 'home'] as const };

/** Every figure of the Business Hub, from GET /api/dashboard/stats. */
export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.stats, queryFn: () => apiRequest(apiPath(dashboardPaths.stats), { schema: DashboardStatsSchema }) });

/** The affiliate's cockpit figures; other homes do not ask for them (`enabled` false). */
export function useDashboardStats(enabled = true) {
  return useQuery({ ...dashboardStatsQuery(), enabled });
}

/**
 * A commission earned (the monthly target is fed by the ledger) or a goal reviewed or completed,
 * told on the live socket: the Business Hub's figures refetch, no reload by hand; any notification
 * (an alert, a vote request) refetches the role's home.
 */
export function useDashboardLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.kind === 'notification.created' && (event.payload.type === 'commission' || event.payload.type === 'achievement')) {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
    }
    if (event.kind === 'notification.created') void queryClient.invalidateQueries({ queryKey: dashboardKeys.home });
  });
}

/** The home of the active role (GET /api/dashboard/home); a role switch refetches it with every other query. */
export const roleHomeQuery = () =>
  queryOptions({ queryKey: dashboardKeys.home, queryFn: () => apiRequest(apiPath(dashboardPaths.home), { schema: RoleHomeDataSchema }) });

export function useRoleHome() {
  return useQuery(roleHomeQuery());
}
