import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AccessLevelSchema,
  ActivateTrialResponseSchema,
  TrialStatusSchema,
  UnlockedFeaturesSchema,
  UpgradeRecommendationSchema,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const trialKeys = {
  all: ['trial'] as const,
  accessLevel: ['trial', 'access-level'] as const,
  status: ['trial', 'status'] as const,
  unlocked: ['trial', 'unlocked-features'] as const,
  recommendation: ['trial', 'upgrade-recommendation'] as const,
};

/** Trial status polling interval (spec 1 section 9). */
const TRIAL_STATUS_POLL_MS = 60_000;

export const accessLevelQuery = () =>
  queryOptions({ queryKey: trialKeys.accessLevel, queryFn: () => apiRequest('/api/user/access-level', { schema: AccessLevelSchema }) });

export function useAccessLevel() {
  return useQuery(accessLevelQuery());
}

export function useTrialStatus(enabled: boolean) {
  return useQuery({
    queryKey: trialKeys.status,
    queryFn: () => apiRequest('/api/rbac/trial-status', { schema: TrialStatusSchema }),
    refetchInterval: TRIAL_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    enabled,
  });
}

export function useUnlockedFeatures(enabled: boolean) {
  return useQuery({
    queryKey: trialKeys.unlocked,
    queryFn: () => apiRequest('/api/rbac/analytics/unlocked-features', { schema: UnlockedFeaturesSchema }),
    enabled,
  });
}

export function useUpgradeRecommendation(enabled: boolean) {
  return useQuery({
    queryKey: trialKeys.recommendation,
    queryFn: () => apiRequest('/api/rbac/analytics/upgrade-recommendation', { schema: UpgradeRecommendationSchema }),
    enabled,
  });
}

export function useActivateTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/activate-trial', { method: 'POST', schema: ActivateTrialResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trialKeys.all }),
  });
}
