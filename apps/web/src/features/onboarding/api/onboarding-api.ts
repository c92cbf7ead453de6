import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GoalSetupResponseSchema,
  OnboardingProfileSchema,
  ReferralLookupSchema,
  SaveProfileResponseSchema,
  type GoalSetupInput,
  type ProfileQuestionnaireInput,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export function useOnboardingProfile() {
  return useQuery({ queryKey: ['onboarding', 'profile'], queryFn: () => apiRequest('/api/referrals/profile', { schema: OnboardingProfileSchema }) });
}

export function lookupReferralCode(code: string) {
  return apiRequest(`/api/referrals/lookup?code=${encodeURIComponent(code)}`, { schema: ReferralLookupSchema });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileQuestionnaireInput) => apiRequest('/api/referrals/profile', { method: 'POST', body: input, schema: SaveProfileResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['onboarding'] }),
  });
}

export function useSetupGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GoalSetupInput) => apiRequest('/api/goals/setup', { method: 'POST', body: input, schema: GoalSetupResponseSchema }),
    // Goals change the access level (the trial can now be activated).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trial'] }),
  });
}
