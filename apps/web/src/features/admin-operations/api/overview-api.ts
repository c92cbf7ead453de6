import { useQuery } from '@tanstack/react-query';
import { AdminAnalyticsSchema, adminOverviewPaths, AdminOverviewSchema, type AnalyticsRange, apiPath } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { operationsKeys } from './operations-api.ts';

export const overviewKeys = {
  overview: [...operationsKeys.all, 'overview'] as const,
  analytics: (days: AnalyticsRange) => [...operationsKeys.all, 'analytics', days] as const,
};

export function useAdminOverview() {
  return useQuery({ queryKey: overviewKeys.overview, queryFn: () => apiRequest(apiPath(adminOverviewPaths.overview), { schema: AdminOverviewSchema }) });
}

export function useAdminAnalytics(days: AnalyticsRange) {
  return useQuery({
    queryKey: overviewKeys.analytics(days),
    queryFn: () => apiRequest(`${apiPath(adminOverviewPaths.analytics)}?days=${days}`, { schema: AdminAnalyticsSchema }),
    placeholderData: (previous) => previous,
  });
}
