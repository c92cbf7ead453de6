import { useQuery } from '@tanstack/react-query';
import { apiPath, ExpireTrialsResponseSchema, ExtendTrialResponseSchema, TrialAnalyticsSchema, trialPaths } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

const analyticsKey = ['admin', 'trial-analytics'] as const;

export function useTrialAnalytics() {
  return useQuery({ queryKey: analyticsKey, queryFn: () => apiRequest(apiPath(trialPaths.adminAnalytics), { schema: TrialAnalyticsSchema }) });
}

export function useExtendTrial() {
  return useRefreshingMutation(analyticsKey, ({ id, days }: { id: string; days: number }) => apiRequest(apiPath(trialPaths.extendTrial, { id }), { method: 'POST', body: { days }, schema: ExtendTrialResponseSchema }));
}

export function useExpireTrials() {
  return useRefreshingMutation(analyticsKey, () => apiRequest(apiPath(trialPaths.expireTrials), { method: 'POST', schema: ExpireTrialsResponseSchema }));
}
