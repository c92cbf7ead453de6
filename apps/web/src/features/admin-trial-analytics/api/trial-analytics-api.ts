import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, ExpireTrialsResponseSchema, ExtendTrialResponseSchema, TrialAnalyticsSchema, trialPaths } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const analyticsKey = ['admin', 'trial-analytics'] as const;

export function useTrialAnalytics() {
  return useQuery({ queryKey: analyticsKey, queryFn: () => apiRequest(apiPath(trialPaths.adminAnalytics), { schema: TrialAnalyticsSchema }) });
}

export function useExtendTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, days }: { id: string; days: number }) =>
      apiRequest(apiPath(trialPaths.extendTrial, { id }), { method: 'POST', body: { days }, schema: ExtendTrialResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKey }),
  });
}

export function useExpireTrials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(trialPaths.expireTrials), { method: 'POST', schema: ExpireTrialsResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKey }),
  });
}
