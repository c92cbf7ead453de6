import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, dashboardPaths, DashboardStatsSchema } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const dashboardKeys = { stats: ['dashboard', 'stats'] as const };

/** Every figure of the Business Hub, from GET /api/dashboard/stats. */
export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.stats, queryFn: () => apiRequest(apiPath(dashboardPaths.stats), { schema: DashboardStatsSchema }) });

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery());
}
