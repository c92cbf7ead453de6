import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPath, earningsPaths, EarningsResponseSchema, type EarningsPeriodDays } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const earningsKeys = {
  current: (days: EarningsPeriodDays) => ['earnings', 'current_user', days] as const,
};

/** Spec 2 section 9: personal figures refresh every minute. */
const REFRESH_MS = 60_000;

export function useMyEarnings(days: EarningsPeriodDays) {
  return useQuery({
    queryKey: earningsKeys.current(days),
    queryFn: async () => (await apiRequest(`${apiPath(earningsPaths.currentUser)}?period_days=${days}`, { schema: EarningsResponseSchema })).data,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
