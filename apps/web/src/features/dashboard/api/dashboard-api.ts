import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, dashboardPaths, DashboardStatsSchema } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLiveEvents } from '../../../lib/live-channel.tsx';

export const dashboardKeys = { stats: ['dashboard', 'stats'] as const };

/** Every figure of the Business Hub, from GET /api/dashboard/stats. */
export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.stats, queryFn: () => apiRequest(apiPath(dashboardPaths.stats), { schema: DashboardStatsSchema }) });

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery());
}

/**
 * A commission earned (the monthly target is fed by the ledger) or a goal reviewed or completed,
 * told on the live socket: the Business Hub's figures refetch, no reload by hand.
 */
export function useDashboardLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.kind === 'notification.created' && (event.payload.type === 'commission' || event.payload.type === 'achievement')) {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
    }
  });
}
