import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  apiPath,
  GoalSetupResponseSchema,
  goalsPaths,
  onboardingPaths,
  OnboardingProfileSchema,
  ReferralLookupSchema,
  SaveProfileResponseSchema,
  type GoalSetupInput,
  type ProfileQuestionnaireInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export function useOnboardingProfile() {
  return useQuery({ queryKey: ['onboarding', 'profile'], queryFn: () => apiRequest(apiPath(onboardingPaths.profile), { schema: OnboardingProfileSchema }) });
}

export function lookupReferralCode(code: string) {
  return apiRequest(`${apiPath(onboardingPaths.referralLookup)}?code=${encodeURIComponent(code)}`, { schema: ReferralLookupSchema });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileQuestionnaireInput) => apiRequest(apiPath(onboardingPaths.profile), { method: 'POST', body: input, schema: SaveProfileResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['onboarding'] }),
  });
}

/**
 * What stored goals change for the screens that follow onboarding: the access level (the trial
 * can now be activated) and the Business Hub's figures (its monthly target). The confirmation
 * leads to the dashboard within seconds, well inside the figures' 30-second freshness.
 */
export const QUERIES_CHANGED_BY_GOALS = [['trial'], ['dashboard'], ['goals']] as const;

export function invalidateAfterGoalSetup(queryClient: QueryClient): Promise<void[]> {
  return Promise.all(QUERIES_CHANGED_BY_GOALS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSetupGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GoalSetupInput) => apiRequest(apiPath(goalsPaths.setup), { method: 'POST', body: input, schema: GoalSetupResponseSchema }),
    onSuccess: () => invalidateAfterGoalSetup(queryClient),
  });
}
