import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPath,
  ReferralAnalyticsResponseSchema,
  ReferralDashboardResponseSchema,
  ReferralFlagListResponseSchema,
  ReferralFlagResponseSchema,
  ReferralMigrationResponseSchema,
  referralProgrammePaths as paths,
  ReferralLandingContentResponseSchema,
  referralsPaths,
  ReferralSettingsResponseSchema,
  type ReferralLandingContent,
  type ReferralPeriodDays,
  type ReferralSettings,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const referralProgrammeKeys = {
  dashboard: ['referrals', 'dashboard'] as const,
  analytics: (days: number) => ['referrals', 'analytics', days] as const,
  flags: (status: string) => ['referrals', 'flags', status] as const,
  allFlags: ['referrals', 'flags'] as const,
  settings: ['referrals', 'settings'] as const,
  migration: ['referrals', 'migration'] as const,
};

/** Spec 2 section 9: referral stats refresh every minute, analytics and team every 5 minutes. */
const DASHBOARD_REFRESH_MS = 60_000;
const ANALYTICS_REFRESH_MS = 5 * 60_000;
/** While a migration runs its progress is read every 2 seconds. */
const MIGRATION_POLL_MS = 2_000;

export function useReferralDashboard() {
  return useQuery({
    queryKey: referralProgrammeKeys.dashboard,
    queryFn: async () => (await apiRequest(paths.dashboard, { schema: ReferralDashboardResponseSchema })).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useReferralAnalytics(days: ReferralPeriodDays) {
  return useQuery({
    queryKey: referralProgrammeKeys.analytics(days),
    queryFn: async () => (await apiRequest(`${paths.analytics}?period_days=${days}`, { schema: ReferralAnalyticsResponseSchema })).data,
    refetchInterval: ANALYTICS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useReferralFlags(status: 'open' | 'cleared' | 'confirmed' | 'all') {
  return useQuery({
    queryKey: referralProgrammeKeys.flags(status),
    queryFn: async () => (await apiRequest(`${paths.flags}?status=${status}`, { schema: ReferralFlagListResponseSchema })).data,
  });
}

export function useReviewReferralFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, verdict }: { id: string; verdict: 'clear' | 'confirm' }) =>
      (await apiRequest(apiPath(verdict === 'clear' ? paths.clearFlag : paths.confirmFlag, { id }), { method: 'POST', schema: ReferralFlagResponseSchema })).data,
    onSettled: () => client.invalidateQueries({ queryKey: referralProgrammeKeys.allFlags }),
  });
}

export function useReferralSettings() {
  return useQuery({
    queryKey: referralProgrammeKeys.settings,
    queryFn: async () => (await apiRequest(paths.settings, { schema: ReferralSettingsResponseSchema })).data,
  });
}

export function useSaveReferralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReferralSettings) => (await apiRequest(paths.settings, { method: 'PUT', body: settings, schema: ReferralSettingsResponseSchema })).data,
    onSuccess: (data) => client.setQueryData(referralProgrammeKeys.settings, data),
  });
}

export function useReferralMigration() {
  return useQuery({
    queryKey: referralProgrammeKeys.migration,
    queryFn: async () => (await apiRequest(paths.migration, { schema: ReferralMigrationResponseSchema })).data,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? MIGRATION_POLL_MS : false;
    },
    retry: false,
  });
}

export function useStartReferralMigration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest(paths.migration, { method: 'POST', schema: ReferralMigrationResponseSchema })).data,
    onSuccess: (data) => client.setQueryData(referralProgrammeKeys.migration, data),
  });
}

export const referralLandingKey = ['referrals', 'landing-content'] as const;

/** The universal referral landing content as saved (with the {referrer_name} placeholder). */
export function useReferralLandingContent() {
  return useQuery({
    queryKey: referralLandingKey,
    queryFn: () => apiRequest(referralsPaths.adminLanding, { schema: ReferralLandingContentResponseSchema }),
  });
}

export function useSaveReferralLandingContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: ReferralLandingContent) => apiRequest(referralsPaths.adminLanding, { method: 'PUT', body: content, schema: ReferralLandingContentResponseSchema }),
    onSuccess: (data) => client.setQueryData(referralLandingKey, data),
  });
}
