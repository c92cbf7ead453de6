import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExpireTrialsResponseSchema, ExtendTrialResponseSchema, TrialAnalyticsSchema } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const analyticsKey = ['admin', 'trial-analytics'] as const;

export function useTrialAnalytics() {
  return useQuery({ queryKey: analyticsKey, queryFn: () => apiRequest('/api/rbac/admin/trial-analytics', { schema: TrialAnalyticsSchema }) });
}

export function useExtendTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, days }: { id: string; days: number }) =>
      apiRequest(`/api/rbac/admin/extend-trial/${id}`, { method: 'POST', body: { days }, schema: ExtendTrialResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKey }),
  });
}

export function useExpireTrials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/rbac/expire-trials', { method: 'POST', schema: ExpireTrialsResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKey }),
  });
}
