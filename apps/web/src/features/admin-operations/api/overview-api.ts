import { useQuery } from '@tanstack/react-query';
import { AdminAnalyticsSchema, AdminOverviewSchema, type AnalyticsRange } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { operationsKeys } from './operations-api.ts';

export const overviewKeys = {
  overview: [...operationsKeys.all, 'overview'] as const,
  analytics: (days: AnalyticsRange) => [...operationsKeys.all, 'analytics', days] as const,
};

export function useAdminOverview() {
  return useQuery({ queryKey: overviewKeys.overview, queryFn: () => apiRequest('/api/admin/overview', { schema: AdminOverviewSchema }) });
}

export function useAdminAnalytics(days: AnalyticsRange) {
  return useQuery({
    queryKey: overviewKeys.analytics(days),
    queryFn: () => apiRequest(`/api/admin/analytics?days=${days}`, { schema: AdminAnalyticsSchema }),
    placeholderData: (previous) => previous,
  });
}
