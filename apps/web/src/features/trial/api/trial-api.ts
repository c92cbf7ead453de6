import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AccessLevelSchema,
  ActivateTrialResponseSchema,
  apiPath,
  trialPaths,
  TrialStatusSchema,
  UnlockedFeaturesSchema,
  UpgradeRecommendationSchema,
} from '@myeai/domain';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

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
  queryOptions({ queryKey: trialKeys.accessLevel, queryFn: () => apiRequest(apiPath(trialPaths.accessLevel), { schema: AccessLevelSchema }) });

export function useAccessLevel() {
  return useQuery(accessLevelQuery());
}

export const trialStatusQuery = () =>
  queryOptions({ queryKey: trialKeys.status, queryFn: () => apiRequest(apiPath(trialPaths.status), { schema: TrialStatusSchema }) });

export function useTrialStatus(enabled: boolean) {
  return useQuery({ ...trialStatusQuery(), refetchInterval: TRIAL_STATUS_POLL_MS, refetchIntervalInBackground: false, enabled });
}

export const unlockedFeaturesQuery = () =>
  queryOptions({ queryKey: trialKeys.unlocked, queryFn: () => apiRequest(apiPath(trialPaths.unlockedFeatures), { schema: UnlockedFeaturesSchema }) });

export function useUnlockedFeatures(enabled: boolean) {
  return useQuery({ ...unlockedFeaturesQuery(), enabled });
}

export const upgradeRecommendationQuery = () =>
  queryOptions({
    queryKey: trialKeys.recommendation,
    queryFn: () => apiRequest(apiPath(trialPaths.upgradeRecommendation), { schema: UpgradeRecommendationSchema }),
  });

export function useUpgradeRecommendation(enabled: boolean) {
  return useQuery({ ...upgradeRecommendationQuery(), enabled });
}

/**
 * Starts the free trial. The outcome is told here, not in the button: once the trial runs, the
 * button is gone (the banner changes), and a component's own mutate callbacks would not fire.
 * Failures use the spec's texts: a 400 shows the server's reason, anything else a generic one.
 */
export function useActivateTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPath(trialPaths.activate), { method: 'POST', schema: ActivateTrialResponseSchema }),
    onSuccess: (answer) => notifications.show({ color: 'teal', title: 'Trial activated', message: answer.message }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Trial activation failed',
        message: error instanceof ApiError && error.status === 400 ? error.message || 'Trial activation failed' : 'An error occurred while activating your trial',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trialKeys.all }),
  });
}
